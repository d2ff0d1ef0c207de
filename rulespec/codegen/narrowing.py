"""A walk over a board's spaces whose condition says which spaces it wants is written as a look-up, not a
search: `for v_t in spaces_among(...)` over the spaces the condition fixes, in board order, each once, the
whole condition still tested on each. What a condition fixes is worked out in the model
(rulespec/model/narrowing.py), which the cost of a listing reads too; this part writes its code.
"""

from __future__ import annotations

from typing import Optional

from ..model import ir, reads
from ..model.narrowing import Fixed, conjuncts, fixed_by, fixed_walk, occupied_only, unguarded
from .quoting import comment, ident, lit


class Narrowing:
    """Walks of a board narrowed to what their condition fixes (CodeGenerator's part)."""

    def narrowed_domain(self, var: str, domain: ir.E, where: Optional[ir.E],
                        changing: frozenset = frozenset()) -> Optional[str]:
        """The code of the spaces of ``domain`` (a board) that ``where`` may hold for, in board order, each
        once; None when the condition fixes none (the walk stays a walk of the board). A walk of a ray where
        the condition needs its space occupied is of the space it stops at alone (the others are empty)."""
        if self.ray_stops(var, domain, where):
            self.ray_stop_used = True
            return (f"ray_stop(st, {self.boards[domain.board]}, {self.on_board(domain.space, 'a ray from')}, "
                    f"{self.expr(domain.direction)})")
        if not isinstance(domain, ir.BoardRef) or where is None:
            return None
        b = self.boards[domain.board]
        fixed = fixed_walk(var, self.m.boards[b], where, self.definitions, changing, self.may_be_none)
        if fixed is None:
            return None
        spaces, groups = self.fixed_parts(fixed, self.board_const(domain.board), b)
        if not spaces and len(groups) == 1 and not fixed.guarded and self.every_space_in_use(b):
            return groups[0]
        if len(groups) == 1 and self.places_alone(fixed):
            return groups[0]  # (a run of the spaces in use, or the one at a place: in board order already)
        line = self.line_in_use(fixed, spaces, groups, b)
        if line is not None:
            return line
        chosen = self.one_group_chosen(fixed, self.board_const(domain.board), b)  # (steps_in_order.py)
        if chosen is not None:
            return chosen
        self.narrowing_used = True
        return f"spaces_among(st._t.in_use[{b}], (" + "".join(f"{code}, " for code in spaces) + ")" \
            + "".join(", " + code for code in groups) + ")"

    def line_in_use(self, fixed: Fixed, spaces: list, groups: list, b: int) -> Optional[str]:
        """A walk narrowed to one row or column of a board with spaces not in use (a `-` on the map, an
        option): those in use, in board order, read from the set-up's table of each row's (runtime/related.py
        InUseOf), not gathered and sorted at each walk (spaces_among). None for any other walk."""
        if spaces or len(groups) != 1 or fixed != Fixed(rows=fixed.rows, columns=fixed.columns):
            return None
        code = groups[0]  # (fixed_parts' code of the row or column)
        return f"st._t.in_use_of[{b}, {code}]"

    def places_alone(self, fixed: Fixed) -> bool:
        """Whether ``fixed`` names spaces by their places alone (among the spaces in use, in board order)."""
        return fixed == Fixed(indices=fixed.indices, index_ranges=fixed.index_ranges)

    def places_from_to(self, b: int, lo: Optional[ir.E], hi: Optional[ir.E]) -> str:
        """The code of the spaces in use of board ``b`` from place lo up to hi, not hi (none: no bound)."""
        return f"st._t.cells_in_use[{b}][{self.place_bound(lo)}:{self.place_bound(hi)}]"

    def place_bound(self, bound: Optional[ir.E]) -> str:
        """The code of a bound of a run of places: nothing for none, a written number as it is, else the value,
        0 for one below 0 (a negative slice bound would count from the end)."""
        if bound is None:
            return ""
        if isinstance(bound, ir.Const) and type(bound.value) is int and bound.value >= 0:
            return lit(bound.value)
        return f"max(0, {self.expr(bound)})"

    def ray_stops(self, var: str, domain: ir.E, where: Optional[ir.E]) -> bool:
        """Whether ``domain`` is a ray whose condition needs its space occupied: only the space it stops at is walked."""
        return isinstance(domain, ir.Ray) and occupied_only(var, where, self.definitions)

    def fixed_parts(self, fixed: Fixed, const: str, b: int) -> tuple[list[str], list[str]]:
        """The code of what ``fixed`` fixes on board ``b``: the spaces (each may be none, past an edge) and the
        groups of spaces (a row's, a place's, a jump's landings, the space of a number); a part fixed under a
        test, only where it holds."""
        groups = []
        for values, table in ((fixed.rows, "ROW"), (fixed.columns, "COLUMN")):
            for value in values:
                self.cells_by_used.add((const, table))
                groups.append(f"{const}_CELLS_BY_{table}.get({self.expr(value)}, ())")
        for row, column in fixed.places:  # (the spaces at a row and column: one on a grid)
            shifted = self.shifted_place(const, row, column)  # (steps from a space: read from a table, shifted_places.py)
            if shifted is not None:
                groups.append(shifted)
                continue
            self.cells_by_used.add((const, "PLACE"))
            groups.append(f"{const}_CELLS_BY_PLACE.get(({self.expr(row)}, {self.expr(column)}), ())")
        groups += [self.expr(jumps) for jumps in fixed.jumps]  # spaces in use already, in board order
        for index in fixed.indices:  # (the space at that place among those in use: none, or one)
            self.space_numbered_used = True
            groups.append(f"space_numbered(st._t.cells_in_use[{b}], {self.expr(index)})")
        groups += [self.places_from_to(b, lo, hi) for lo, hi in fixed.index_ranges]
        spaces = [self.expr(s) for s in fixed.spaces] + [f"*{self.space_over_directions(*over)}"
                                                          for over in fixed.spaces_over]
        by_test: dict = {}  # (the parts under one test joined, by its code: a seat's own directions written once)
        for test, part in fixed.guarded:
            code = self.expr(test)
            by_test[code] = by_test[code] | part if code in by_test else part
        for test_code, part in by_test.items():
            inner_spaces, inner_groups = self.fixed_parts(part, const, b)
            if inner_spaces:
                spaces.append("*((" + "".join(f"{code}, " for code in inner_spaces) + f") if {test_code} else ())")
            groups += [f"({code} if {test_code} else ())" for code in inner_groups]
        return spaces, groups

    def implied_by_walk(self, var: str, domain: ir.BoardRef, part: ir.E, where: ir.E) -> bool:
        """Whether ``part``, one of the conjuncts of ``where``, holds of every space a walk of ``var`` narrowed
        by ``where`` visits, so need not be tested on them: it is exactly `var = X` or `count(d in D where
        var = X) > 0`, or `R of var = X` for the board's row or column name R, and the walk is narrowed to its
        spaces alone (those of no other part), or to the one place at that row (or column) and another part's
        column (row). A ray's walk (narrowed to where it stops) implies none."""
        if not isinstance(domain, ir.BoardRef):
            return False
        board = self.m.boards[self.boards[domain.board]]
        if self.bound_of_run(var, board, part, where):
            return True
        some = reads.exists_form(part)
        equality = some.where if some is not None else part
        if not (isinstance(equality, ir.Compare) and equality.op == "=" and not equality.order
                and any(_names_space(side, var) for side in (equality.left, equality.right))):
            return False
        fixed = fixed_by(var, board, part, self.definitions)
        walked = unguarded(fixed_by(var, board, where, self.definitions))
        return fixed is not None and (fixed == walked or _part_of_place(fixed, walked))

    def bound_of_run(self, var: str, board: ir.Board, part: ir.E, where: ir.E) -> bool:
        """Whether ``part`` is a bound on the walked space's place (`index of s >= lo`) that the run of places the
        walk is narrowed to starts (or ends) at: every space of the run passes it, and no other is visited."""
        fixed = fixed_by(var, board, part, self.definitions)
        walked = unguarded(fixed_by(var, board, where, self.definitions))
        if fixed is None or walked is None or not _one_run(fixed) or not _one_run(walked):
            return False
        (lo, hi), (walked_lo, walked_hi) = fixed.index_ranges[0], walked.index_ranges[0]
        return lo is not None and lo == walked_lo or hi is not None and hi == walked_hi

    def space_over_directions(self, direction: str, directions: ir.E, space: ir.E) -> str:
        """The code of ``space`` for each ``direction`` of ``directions``: `(toward[...] for v_d in ...)`."""
        outer = self.var_code
        self.var_code = {name: code for name, code in outer.items() if name != direction}
        try:
            return f"({self.expr(space)} for v_{ident(direction)} in {self.expr(directions)})"
        finally:
            self.var_code = outer

    def conjuncts(self, c: ir.E) -> list[ir.E]:
        """An option's condition as the conjuncts it is made of (model/narrowing.py: conjuncts)."""
        return conjuncts(c, self.definitions, self.m.min_players)

    def every_space_in_use(self, b: int) -> bool:
        """Whether every space of board b is in use in every setup: no `-` on a face, no rows or columns
        left out by an option or by the player count."""
        board = self.m.boards[b]
        return board.lattice == "grid" and not board.row_option and not board.column_option \
            and all("-" not in face.cells for face in board.faces) \
            and not any(lo.attribute in (board.row_attribute, board.column_attribute) for lo in self.m.leave_outs)

    def cells_by_lines(self) -> list[str]:
        """The module-level tables of a board's spaces by row or column value that narrowed walks read."""
        lines = []
        for const, table in sorted(self.cells_by_used):
            code = f"tuple(zip({const}_ROW, {const}_COLUMN))" if table == "PLACE" else f"{const}_{table}"
            lines.append(f"{const}_CELLS_BY_{table} = cells_by_value({code})  "
                         + comment(f"its spaces by {_TABLE_SAYS[table]}, in order"))
        return lines


def _one_run(fixed: Fixed) -> bool:
    """Whether ``fixed`` is one run of places and nothing else."""
    return len(fixed.index_ranges) == 1 and fixed == Fixed(index_ranges=fixed.index_ranges)


def _part_of_place(part: Fixed, walked: Optional[Fixed]) -> bool:
    """Whether ``part`` fixes the row (or the column) of the one place the walk is narrowed to."""
    if walked is None or walked != Fixed(places=walked.places) or len(walked.places) != 1:
        return False
    row, column = walked.places[0]
    return part in (Fixed(rows=(row,)), Fixed(columns=(column,)))


def _names_space(side: ir.E, var: str) -> bool:
    """Whether ``side`` is the walked space ``var`` itself, its row or column (`position of s`) or its index."""
    return isinstance(side, ir.Var) and side.name == var or (
        isinstance(side, (ir.SpaceAttr, ir.SpaceIndex)) and isinstance(side.space, ir.Var) and side.space.name == var)


_TABLE_SAYS = {"ROW": "row", "COLUMN": "column", "PLACE": "row and column"}  # what a table groups by, in words
