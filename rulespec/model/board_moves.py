"""A board's named sets of directions, its jumps, and the rays and jumps read from a space.

`directions forward: northwest, northeast` and `jump knight: (1, 2), (2, 1), ...` on a board; in the rules
`forward directions of grid` (or a built-in set: `orthogonal`, `diagonal`, `all`), `ray from s towards d`
and `knight jumps from s`. A set is a tuple of the board's directions (indices of COMPASS on a grid), so
a board of another kind can name its own directions the same way.
"""

from __future__ import annotations

from typing import Optional

from ..language import ast
from ..language.errors import did_you_mean
from . import ir
from .value_types import board_of, describe_type, is_space, spaces_type


def lattice_of(d: ast.BoardDecl) -> str:
    """What a board's directions are: "triangles", "hexagonal", or a grid of squares' adjacency."""
    return "triangles" if d.lattice == "triangles" else d.adjacency


def directions_named(words, lattice: str) -> tuple[Optional[str], tuple[int, ...]]:
    """The directions ``words`` name on a board of ``lattice``, or the first problem found (a message)."""
    have = ir.lattice_directions(lattice)
    found: list[int] = []
    for word in words:
        if word not in ir.COMPASS:
            hint = did_you_mean(word, ir.COMPASS) or f"a direction is a compass word: {', '.join(ir.COMPASS)}"
            return f"`{word}` is not a direction ({hint})", ()
        if ir.COMPASS.index(word) not in have:
            return (f"a board of hexagons has no {word}: its directions are "
                    f"{', '.join(ir.COMPASS[d] for d in have)}"), ()
        found.append(ir.COMPASS.index(word))
    return None, tuple(found)


def jump_offset(step, lattice: str) -> tuple[Optional[str], tuple[int, int]]:
    """A leap as (rows down the map, columns east): written so, or as compass steps added up."""
    if isinstance(step[0], int):
        return None, step
    problem, directions = directions_named(step, lattice)
    if problem:
        return problem, (0, 0)
    steps = ir.direction_steps(lattice)
    return None, (sum(steps[d][0] for d in directions), sum(steps[d][1] for d in directions))


class BoardMoves:
    """The checker's part for direction sets, jumps and rays: reads ``boards`` (the declarations)."""

    def board_directions(self, d: ast.BoardDecl) -> tuple[tuple[ir.DirectionSet, ...], tuple[ir.Jump, ...]]:
        """A board's own named sets of directions and its jumps, checked."""
        lattice = lattice_of(d)
        built_in = ir.built_in_sets(d.lattice, d.adjacency)
        sets: list[ir.DirectionSet] = []
        for decl in d.direction_sets:
            self.cites_of(decl, f"directions `{decl.name}`", required=False)
            problem, directions = directions_named(decl.directions, lattice)
            if problem:
                self.error(decl.loc, problem)
            elif len(set(directions)) != len(directions):
                self.error(decl.loc, f"directions `{decl.name}` names a direction twice")
            if decl.name in ir.COMPASS:
                self.error(decl.loc, f"`{decl.name}` is a direction", hint="give the set of directions another name")
                continue
            if decl.name in built_in or decl.name in (s.name for s in sets):
                what = "a set every such board has" if decl.name in built_in else "declared twice on this board"
                self.error(decl.loc, f"`{decl.name}` is {what}", hint="give the set another name")
                continue
            sets.append(ir.DirectionSet(decl.name, decl.loc, decl.cites, decl.rulings, directions))
        jumps: list[ir.Jump] = []
        for decl in d.jumps:
            self.cites_of(decl, f"jump `{decl.name}`", required=False)
            if lattice == "triangles":
                self.error(decl.loc, "a board of triangles has no jumps: a step from a triangle depends on which "
                                     "way it points", hint="declare jumps on a grid of squares or hexagons")
                continue
            offsets = []
            for step in decl.offsets:
                problem, offset = jump_offset(step, lattice)
                if problem:
                    self.error(decl.loc, problem)
                elif offset == (0, 0):
                    self.error(decl.loc, f"a leap of jump `{decl.name}` ends where it starts",
                               hint="(rows, columns): (1, 2) is one row down the map and two columns east")
                elif offset in offsets:
                    self.error(decl.loc, f"jump `{decl.name}` lists the leap {offset} twice")
                else:
                    offsets.append(offset)
            if any(j.name == decl.name for j in jumps):
                self.error(decl.loc, f"jump `{decl.name}` is declared twice on this board")
                continue
            jumps.append(ir.Jump(decl.name, decl.loc, decl.cites, decl.rulings, tuple(offsets)))
        return tuple(sets), tuple(jumps)

    def seat_direction_sets(self, values) -> Optional[tuple[tuple[int, ...], ...]]:
        """Each seat's set of directions, where every value of a seat attribute names a set one board declares
        (`each player has a forward: white_forward, black_forward`); else None. (Not the built-in names: a
        seat's `all` or `diagonal` may be a word of the file's own.)"""
        for d in self.boards.values():
            own = {s.name: s.directions for s in d.direction_sets}
            if values and all(v in own for v in values):
                return tuple(directions_named(own[v], lattice_of(d))[1] for v in values)
        return None

    def _named_directions(self, node: ast.NamedDirections, scope: dict[str, str]) -> ir.E:
        """`diagonal directions of grid`: a set built in, or one the board declares."""
        target = self.expr(node.board, scope)
        if target.type == "?":
            return self._bad(node)
        if not isinstance(target, ir.BoardRef):
            self.error(node.board.loc, f"`{target.text}` is {describe_type(target.type)}; `{node.name} directions "
                                       f"of` names a board", hint=f"write `{node.name} directions of BOARD`")
            return self._bad(node)
        d = self.boards[target.board]
        own = {s.name: s.directions for s in d.direction_sets}
        built_in = ir.built_in_sets(d.lattice, d.adjacency)
        if node.name in own:
            _, directions = directions_named(own[node.name], lattice_of(d))
        elif node.name in built_in:
            directions = built_in[node.name]
        else:
            self.error(node.loc, f"board `{target.board}` has no directions called `{node.name}`",
                       hint=did_you_mean(node.name, [*own, *built_in])
                       or f"declare them on the board: `directions {node.name}: north, east`; every "
                          f"{'grid of squares' if 'orthogonal' in built_in else 'such board'} has "
                          f"{', '.join(f'`{n}`' for n in built_in)}")
            return self._bad(node)
        return ir.Directions(ir.DIRECTIONS, node.loc, self.text(node), target.board, directions, node.name)

    def _jumps(self, node: ast.Jumps, scope: dict[str, str]) -> ir.E:
        """`knight jumps from s`: s a space of a board that declares the jump."""
        space = self.expr(node.space, scope)
        if space.type == "?":
            return self._bad(node)
        if not is_space(space.type):
            self.error(node.space.loc, f"`{space.text}` is {describe_type(space.type)}, but a space of a board "
                                       f"is needed here")
            return self._bad(node)
        board = board_of(space.type)
        jumps = [j.name for j in self.boards[board].jumps]
        if node.jump not in jumps:
            elsewhere = [b for b, d in self.boards.items() if any(j.name == node.jump for j in d.jumps)]
            self.error(node.loc, f"board `{board}` has no jump `{node.jump}`"
                                 + (f" (board `{elsewhere[0]}` has)" if elsewhere else ""),
                       hint=did_you_mean(node.jump, jumps)
                       or f"declare it on the board: `jump {node.jump}: (1, 2), (2, 1)` (rows down the map, "
                          f"columns east)")
            return self._bad(node)
        return ir.Jumps(spaces_type(board), node.loc, self.text(node), board, node.jump, space)
