"""Boards declared as graphs: named spaces, the links between them, named directions and sets of lines, and
where the drawing puts each space; and the values rules read of them (`neighbours of s`, `towards next`,
a set of lines by its name)."""

from __future__ import annotations

import dataclasses
import math
from typing import Optional

from ..language import ast
from ..language.errors import did_you_mean
from ..lib.limits import LIMIT, refusal
from . import ir
from .value_types import board_of, describe_type, graph_direction_type, is_space, lines_type, spaces_type


class Graphs:
    """Reads ``boards`` (the declarations by name); reports through ``error`` and ``cites_of``."""

    def graph_board(self, d: ast.BoardDecl) -> ir.Board:
        self.cites_of(d, f"board `{d.name}`")
        number = self._graph_spaces(d)
        links = self._graph_links(d, number)
        directions: dict[str, list[tuple[int, int]]] = {}
        for link in d.links:
            if link.direction and link.first in number and link.second in number:
                directions.setdefault(link.direction, []).append((number[link.first], number[link.second]))
        for name in directions:
            self._one_way_each(d, name)
        return ir.Board(d.name, d.loc, d.cites, d.rulings, "", tuple(number), "", (0,), "graph", (),
                        (ir.Face("graph", d.loc, (), (), None, tuple("." * len(number))),),
                        lattice="graph", links=links, marks=self._graph_space_sets(d, number),
                        directions=tuple((name, tuple(pairs)) for name, pairs in directions.items()),
                        line_sets=self._graph_lines(d, number), drawn_at=self._graph_drawing(d, number))

    def _graph_spaces(self, d: ast.BoardDecl) -> dict[str, int]:
        """Each space's number, in the order declared; a space named twice is reported at its second name."""
        number: dict[str, int] = {}
        plain: set[str] = set()
        for space in d.spaces:
            if space.set_name:  # a named set may name a space declared before, or declare it
                number.setdefault(space.name, len(number))
            elif space.name in number:
                self.error(space.loc, f"board `{d.name}` declares the space `{space.name}` twice",
                           width=len(space.name))
            else:
                number[space.name] = len(number)
                plain.add(space.name)
        if not number:
            self.error(d.loc, f"board `{d.name}` has no space", hint="add `spaces a1, b1, ...` to the board")
            number["?"] = 0  # (one space, so that the rest of the file is still checked)
        if len(number) > LIMIT.board_cells:
            self.error(d.loc, refusal("board_cells", len(number)) + f" (board `{d.name}`)")
        return number

    def _graph_space_sets(self, d: ast.BoardDecl, number: dict[str, int]) -> tuple[tuple[str, str], ...]:
        """(space, set name) for each space of a named set (`spaces south: A, B`); a space is in one set at most."""
        set_of: dict[str, ast.GraphSpace] = {}
        for space in d.spaces:
            if not space.set_name:
                continue
            first = set_of.setdefault(space.name, space)
            if first is not space:
                self.error(space.loc, f"the space `{space.name}` is in the set `{first.set_name}` already (line "
                                      f"{first.loc.line}): a space is in one named set at most", width=len(space.name))
        for name in dict.fromkeys(space.set_name for space in set_of.values()):
            clash = "a board" if name in self.boards else "a zone" if name in self.zones else \
                "a counter" if name in self.counters else "an option" if name in self.options else None
            if clash:
                self.error(d.loc, f"the spaces `{name}` of board `{d.name}` have the name of {clash}",
                           hint="give the set of spaces a name of its own (`south`)")
        return tuple((space.name, space.set_name) for space in set_of.values())

    def _known_space(self, d: ast.BoardDecl, name: str, loc: ast.Loc, number: dict[str, int]) -> bool:
        if name in number:
            return True
        self.error(loc, f"board `{d.name}` has no space `{name}`", width=len(name), hint=did_you_mean(name, list(number))
                   or f"declare it among the board's spaces: `spaces {name}, ...`")
        return False

    def _graph_links(self, d: ast.BoardDecl, number: dict[str, int]) -> tuple[tuple[int, int], ...]:
        """Every link as (lower, higher) space number, once: the two spaces are each other's neighbours."""
        links: dict[tuple[int, int], ast.GraphLink] = {}
        for link in d.links:
            second = dataclasses.replace(link.loc, column=link.loc.column + len(link.first) + 1)
            known = [self._known_space(d, name, loc, number)
                     for name, loc in ((link.first, link.loc), (link.second, second))]
            if not all(known):
                continue
            if link.first == link.second:
                self.error(link.loc, f"the link `{link.first}-{link.second}` joins a space to itself",
                           hint="a link joins two different spaces")
                continue
            pair = tuple(sorted((number[link.first], number[link.second])))
            first = links.get(pair)
            if first is not None and first.direction == link.direction:
                self.error(link.loc, f"the link `{link.first}-{link.second}` is written twice "
                                     f"(first at line {first.loc.line})")
            links.setdefault(pair, link)
        return tuple(sorted(links))

    def _one_way_each(self, d: ast.BoardDecl, name: str) -> None:
        """A named direction leads from a space to one space at most (`neighbour of s towards next`)."""
        if name in ir.COMPASS:
            self.error(d.loc, f"`{name}` is a compass direction; a graph's directions are its own words",
                       hint="name the links' direction otherwise (`links next: a-b`)")
        leads: dict[str, str] = {}
        for link in d.links:
            if link.direction != name:
                continue
            if leads.setdefault(link.first, link.second) != link.second:
                self.error(link.loc, f"two links `{name}` lead from `{link.first}`: a named direction leads one "
                                     f"way from each space", hint=f"the first leads to `{leads[link.first]}`")
                return

    def _graph_lines(self, d: ast.BoardDecl, number: dict[str, int]) -> tuple:
        """Each named set of lines, in the order declared: its lines as tuples of space numbers."""
        sets: dict[str, list[tuple[int, ...]]] = {}
        for line in d.lines:
            spaces = [space for space in line.spaces if self._known_space(d, space.name, space.loc, number)]
            names = [space.name for space in spaces]
            for n, space in enumerate(spaces):
                if space.name in names[:n]:
                    self.error(space.loc, f"a line of `{line.set_name}` holds `{space.name}` twice",
                               width=len(space.name))
                    break
            sets.setdefault(line.set_name, []).append(tuple(number[n] for n in names))
        for name in sets:
            clash = "a board" if name in self.boards else "a zone" if name in self.zones else \
                "a counter" if name in self.counters else "an option" if name in self.options else None
            if clash:
                self.error(d.loc, f"the lines `{name}` of board `{d.name}` have the name of {clash}",
                           hint="give the set of lines a name of its own (`mills`)")
        return tuple((name, tuple(lines)) for name, lines in sets.items())

    def _graph_drawing(self, d: ast.BoardDecl, number: dict[str, int]) -> tuple[tuple[int, int], ...]:
        """Each space's place in the drawing: as written (`at a1 (0, 0)`), or on a circle when none is."""
        if not d.positions:  # on a circle of radius 100, clockwise from the top, in the order declared
            n = len(number)
            return tuple((round(100 * math.sin(2 * math.pi * i / n)), round(-100 * math.cos(2 * math.pi * i / n)))
                         for i in range(n))
        placed: dict[str, ast.GraphPosition] = {}
        for at in d.positions:
            if not self._known_space(d, at.name, at.loc, number):
                continue
            if at.name in placed:
                self.error(at.loc, f"the space `{at.name}` is placed twice (first at line {placed[at.name].loc.line})",
                           width=len(at.name))
            placed.setdefault(at.name, at)
        for space in d.spaces:
            if space.name not in placed and space.name in number:
                self.error(space.loc, f"the space `{space.name}` has no place in the drawing, while others have",
                           width=len(space.name),
                           hint=f"add `{space.name} (x, y)` to the board's `at` line, or leave out every `at` to "
                                f"draw the spaces on a circle")
                placed[space.name] = ast.GraphPosition(loc=space.loc, name=space.name, x=0, y=0)
        return tuple((placed[name].x, placed[name].y) for name in number if name in placed)

    # ------------------------------------------------------------------ values rules read

    def neighbours_of(self, node: ast.Of, target: ir.E) -> ir.E:
        """`neighbours of s`: the spaces linked to s (on a grid, its neighbours by the board's adjacency)."""
        if not is_space(target.type):
            self.error(node.target.loc, f"`neighbours of` needs a space, not {describe_type(target.type)}")
            return self._bad(node)
        board = board_of(target.type)
        return ir.NeighboursOf(spaces_type(board), node.loc, self.text(node), board, target)

    def graph_direction_names(self, board: str) -> list[str]:
        """A graph's named directions, in the order their first link is declared (their numbers)."""
        return list(dict.fromkeys(link.direction for link in self.boards[board].links if link.direction))

    def graph_direction(self, board: str, node, scope: dict[str, str]) -> Optional[ir.E]:
        """`towards next` on a graph: the named direction, or a value that is one of that graph's directions
        (`d` of `for d in directions of ring`); else None (reported)."""
        names = self.graph_direction_names(board)
        word = getattr(node, "id", None) if getattr(node, "kind", "") == "name" else None
        if word in names:
            return ir.GraphDirection(graph_direction_type(board), node.loc, self.text(node), board, word,
                                     names.index(word))
        if word is None or word in scope:
            direction = self.expr(node, scope)
            if direction.type in (graph_direction_type(board), "?"):
                return direction if direction.type != "?" else None
        self.error(node.loc, f"board `{board}` is a graph: it runs towards its named directions only, "
                             f"not `{self.text(node)}`",
                   hint=(f"its directions are {', '.join(names)}" if names else
                         "name the direction of its links: `links next: a-b, b-c`"))
        return None

    def graph_directions(self, node: ast.Of, board: str) -> ir.E:
        """`directions of ring`: a graph's named directions, in the order declared; a graph without any is
        reported (its links lead both ways, in no direction)."""
        names = self.graph_direction_names(board)
        if not names:
            self.error(node.loc, f"board `{board}` is a graph whose links have no named direction, so "
                                 f"`directions of {board}` has nothing to list",
                       hint="name a direction of its links (`links around: a-b, b-c`), or go to `neighbours of s`")
            return self._bad(node)
        return ir.Directions("directions:" + board, node.loc, self.text(node), board, tuple(range(len(names))),
                             names=tuple(names))

    def line_set(self, name: str, loc: ast.Loc, text: str) -> Optional[ir.E]:
        """A set of lines by its name (`mills`), when one board declares it."""
        for board in self.boards.values():
            if board.lattice != "graph":
                continue
            spaces = list(dict.fromkeys(space.name for space in board.spaces))
            lines = tuple(tuple(spaces.index(s.name) for s in line.spaces if s.name in spaces)
                          for line in board.lines if line.set_name == name)
            if lines:
                return ir.LineSet(lines_type(board.name), loc, text, board.name, name, lines)
        return None
