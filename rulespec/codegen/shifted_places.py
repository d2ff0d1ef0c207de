"""A place named by a space's row and column plus steps known to a few values, read from a table (issue #40).

A walk narrowed to the place `row of s + forward of p, column of s + c` (codegen/narrowing.py) looked that place
up by its row and column at every walk: two table reads, two sums, a pair made and hashed. When the steps read
only numbers known when generated, each to a few values (a seat's number, a constant, a name walked over a range
of constants), the spaces at each pair of steps from each space are worked out once, with the module's tables
(runtime/helpers.py places_shifted): the walk reads them by its steps and its space. The table answers what the
look-up answered (the spaces at that row and column, in board order; none past the edge), so nothing else changes.
"""

from __future__ import annotations

from itertools import product
from typing import Optional

from ..model import ir
from .expressions import constant_number
from .quoting import comment

SHIFTS_TABULATED = 64  # the most pairs of steps a board's table holds (each a tuple of the board's spaces)


class ShiftedPlaces:
    """Places a few steps from a space, read from a table made once (CodeGenerator's part)."""

    def shifted_place(self, const: str, row: ir.E, column: ir.E) -> Optional[str]:
        """The code of the spaces at ``row`` and ``column`` when they are one space's row and column plus steps
        of a few values known now (`B_GRID_PLACE_SHIFTED[(1, -1)[v_player], v_c][v_s]`); None otherwise."""
        row_part, column_part = self._step_from(row, "row"), self._step_from(column, "column")
        if row_part is None or column_part is None:
            return None
        (row_space, row_step, row_values), (column_space, column_step, column_values) = row_part, column_part
        # (the same space: its code the same, read where both are)
        if self.expr(row_space.space) != self.expr(column_space.space) or row_space.board != column_space.board \
                or self.board_const(row_space.board) != const:
            return None
        offsets = self.shifts_used.setdefault(const, set())
        if len(offsets | set(product(row_values, column_values))) > SHIFTS_TABULATED:
            return None
        offsets.update(product(row_values, column_values))
        return f"{const}_PLACE_SHIFTED[{row_step}, {column_step}][{self.on_board(row_space.space, 'row of')}]"

    def _step_from(self, e: ir.E, which: str) -> Optional[tuple[ir.SpaceAttr, str, frozenset]]:
        """``e`` as (a space's ``which`` (row or column), the code of the step added to it, the step's values),
        when the step's values are known now; None otherwise."""
        if self._board_line(e, which):
            return e, "0", frozenset({0})
        if not (isinstance(e, ir.Arith) and e.op in ("+", "-")):
            return None
        if self._board_line(e.left, which):
            space, step = e.left, e.right
        elif e.op == "+" and self._board_line(e.right, which):
            space, step = e.right, e.left
        else:
            return None
        values = self.values_known(step)
        if values is None:
            return None
        if e.op == "-":
            return space, f"(-{self.expr(step)})", frozenset(-v for v in values)
        return space, self.expr(step), values

    def _board_line(self, e: ir.E, which: str) -> bool:
        """Whether ``e`` is a space's row (or column) on a grid."""
        if not isinstance(e, ir.SpaceAttr):
            return False
        board = self.m.boards[self.boards[e.board]]
        return board.lattice == "grid" and e.attr == (board.row_attribute if which == "row" else board.column_attribute)

    def values_known(self, e: ir.E) -> Optional[frozenset]:
        """The whole numbers ``e`` may be, known now (each a few), or None: constants, a seat's number, a name
        walked over a range of constants, and their sums, differences, products and negations."""
        number = constant_number(e)
        if number is not None:
            return frozenset({number})
        if isinstance(e, ir.SeatAttr) and e.type == ir.INT:
            return frozenset(int(v) for v in e.values)
        if isinstance(e, ir.Var):
            return self.walked_numbers.get(e.name)
        if isinstance(e, ir.Negate):
            inner = self.values_known(e.operand)
            return None if inner is None else frozenset(-v for v in inner)
        if isinstance(e, ir.Arith) and e.op in _ARITH:
            left, right = self.values_known(e.left), self.values_known(e.right)
            if left is None or right is None or len(left) * len(right) > SHIFTS_TABULATED:
                return None
            return frozenset(_ARITH[e.op](a, b) for a in left for b in right)
        return None

    def walking_numbers(self, bindings) -> dict[str, frozenset]:
        """The option's names walked over a range of constants (`c in -1..1`), with their values."""
        found = {}
        for b in bindings:
            low, high = (constant_number(b.domain.low), constant_number(b.domain.high)) \
                if isinstance(b.domain, ir.Span) else (None, None)
            if low is not None and high is not None and 0 <= high - low < SHIFTS_TABULATED:
                found[b.var] = frozenset(range(low, high + 1))
        return found

    def shifted_places_lines(self) -> list[str]:
        """The module-level tables of the spaces each pair of steps from each space that walks read."""
        return [f"{const}_PLACE_SHIFTED = places_shifted({const}_ROW, {const}_COLUMN, {tuple(sorted(offsets))!r})  "
                + comment("the spaces at each (row, column) step from each space")
                for const, offsets in sorted(self.shifts_used.items()) if offsets]


_ARITH = {"+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b}
