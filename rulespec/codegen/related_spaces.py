"""A walk of a board narrowed to the spaces a geometric condition lets through, read from a table (issue #40).

`for s in grid, t in grid only if ... and adjacent(s, t)`, where `adjacent` is arithmetic on rows and columns
(`abs(row of s - row of t) + abs(col of s - col of t) = 1`), tested every space of the board for t, from
every s, at every listing. The part of a walk's condition that the board's fixed geometry alone decides
(model/geometric.py) is worked out once per space and game set-up instead: a function of the module answers
it for every space in use from one space (`related_1(st, v_s)`), and the walk reads its answer from the
set-up's tables (`st._t.related[related_1, v_s]`, runtime/related.py), made the first time it is asked. The
same spaces are visited, in board order; the other parts are tested on each as before, the geometric ones
are not tested again.
"""

from __future__ import annotations

import re
from typing import Optional

from ..model import ir
from ..model.geometric import geometric_parts
from ..model.narrowing import all_of, fixed_walk
from .quoting import docstring, ident


# What a geometric condition's code may read of its `st` when its table is made: the set-up's view
# (runtime/related.py Geometry), never a position.
SET_UP_VIEW = frozenset({"_t", "_options", "players", "_neighbour", "_line"})
READS_OF_ST = re.compile(r"\bst\.(\w+)")


class RelatedSpaces:
    """Walks narrowed by a geometric condition, read from a table (CodeGenerator's part)."""

    def related_walk(self, var: str, domain: ir.E, parts: list, outer: tuple) -> Optional[tuple[str, list]]:
        """(the code of the spaces of ``domain`` that the geometric ones of ``parts`` let through, the other
        parts) for a walk of ``var`` over a whole board, the names ``outer`` bound before it; None when no
        part is geometric, or when the condition already fixes the spaces (a neighbour, a place, a jump's
        landings: looked up without a walk, narrowing.py)."""
        found = self.related_parts(var, domain, parts, outer)
        if found is None:
            return None
        chosen, read = found
        b = self.boards[domain.board]
        # Written for a function of the module: its own names (v_s, v_t), nothing read through a listing's locals.
        test = " and ".join(f"({self.module_code(part)})" for part in chosen)
        if not set(READS_OF_ST.findall(test)) <= SET_UP_VIEW:
            return None  # (it would read a position: a walk as before)
        params = "".join(f", v_{ident(name)}" for name in read)
        key = (b, params, test)
        if key not in self.related_made:
            name = f"related_{len(self.related_made) + 1}"
            says = " and ".join(part.text for part in chosen)
            self.related_made[key] = (name, [
                "", "", f"def {name}(st{params}):",
                "    " + docstring(f"The spaces {var} of {domain.board} where `{says}`, in board order: the board's "
                                   "geometry alone decides it (model/geometric.py), so it is asked once a set-up."),
                f"    return tuple(v_{ident(var)} for v_{ident(var)} in st._t.cells_in_use[{b}] if {test})"])
        name = self.related_made[key][0]
        args = "".join(", " + (self.var_code.get(bound) or f"v_{ident(bound)}") for bound in read)
        walk = f"st._t.related[{name}{args}]"
        self.related_reads[walk] = (b, f"{name}{args}")
        return walk, [part for part in parts if part not in chosen]

    def related_parts(self, var: str, domain: ir.E, parts: list, outer: tuple) -> Optional[tuple[list, tuple]]:
        """(the geometric parts, the outer names they read) when a walk is read from a table (see
        related_walk), else None; nothing is written."""
        if not isinstance(domain, ir.BoardRef) or not parts:
            return None
        found = geometric_parts(var, parts, tuple(name for name in outer if name not in self.none_names),
                                self.definitions)  # (a name that may be past the edge: its rule error where it is read)
        if found is None or not found[1] or self.fixes_spaces(var, domain, parts):
            return None  # (a condition of the walked space alone: a listing kept with the board may take it)
        return found

    def related_first(self, var: str, domain: ir.E, parts: list, outer: tuple) -> bool:
        """Whether the walk is read from a table before anything else narrows it: the condition fixes its
        space only to several rows and columns put together, or to a neighbour in some directions, each
        walk (narrowing.py), which the table answers at once. Elsewhere a walk the seats decide
        (seat_walks.py) or a look-up comes first, and the table only where nothing narrows the walk."""
        if self.related_parts(var, domain, parts, outer) is None:
            return False
        return fixed_walk(var, self.m.boards[self.boards[domain.board]], all_of(parts), self.definitions,
                          frozenset(), self.may_be_none) is not None

    def fixes_spaces(self, var: str, domain: ir.BoardRef, parts: list) -> bool:
        """Whether ``parts`` fix the walked space to a few looked up without a walk, or to one row or column
        read as it is (narrowing.py), not to several rows and columns put together at each walk."""
        fixed = fixed_walk(var, self.m.boards[self.boards[domain.board]], all_of(parts), self.definitions,
                           frozenset(), self.may_be_none)
        return fixed is not None and bool(fixed.spaces or fixed.places or fixed.jumps or fixed.guarded
                                          or not fixed.spaces_over and len(fixed.rows) + len(fixed.columns) == 1)

    def related_lines(self) -> list[str]:
        """The module-level functions the tables of geometric conditions are made by."""
        lines = [line for _, made in self.related_made.values() for line in made]
        lines += [line for _, *made in self.lines_made.values() for line in made]  # (whole_lines.py's)
        return lines + [""] if lines else lines

