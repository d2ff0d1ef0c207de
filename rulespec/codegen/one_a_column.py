"""A walk of a grid's spaces whose condition fixes the row by the column: one space a column (issue #40).

Klondike solitaire as a newcomer wrote it asks of a pile's top card `on_top(t)`: `face_up(t) and height of t =
pile_size(pile of t)`, pile_size counting the pile's cards. Every walk of the tableau (19 x 7) for a top tested its
133 spaces, counting a pile for each occupied one; yet the condition holds only at the one space of each column
whose row is that column's count. A conjunct `R of t = E` (R the board's row, or column, name; through the
definitions the condition uses) whose E reads t only through its other coordinate (`pile of t`), and cannot fail
(numbers, names, counts of a board whose tests cannot fail: see _cannot_fail), fixes one space per column: the
walk visits those, E worked out once a column (t standing for the column's space of the first row), in board
order (sorted), and the whole condition is still tested on each. E reads the state only where nothing is written
while the walk goes on: an option's listing and a count, `any` or `there is` (not a statement's loop, whose body
may move pieces; nor a name bound in the listing beside t, so that a walk filtered once stays right:
filtered_walks.py).

Only on a grid whose every space is in use in every set-up (the first row then holds one space of each column).
"""

from __future__ import annotations

from typing import Optional

from ..model import ir, reads
from ..model.tree import walk
from .quoting import ident

_DEPTH = 8  # definitions looked through, one inside another


class OneAColumn:
    """Walks of a grid narrowed to one space a column, its row worked out from the column (CodeGenerator's part)."""

    def one_a_column_walk(self, var: str, domain: ir.E, parts: list, bound: frozenset = frozenset()) -> Optional[str]:
        """The code of the spaces of ``domain`` (a whole grid) that a conjunct of ``parts`` fixing the row by the
        column (or the column by the row) lets through, in board order; None when no conjunct does, it reads a
        name of ``bound`` (names the listing binds beside ``var``) or may fail."""
        if not isinstance(domain, ir.BoardRef):
            return None
        b = self.boards[domain.board]
        board = self.m.boards[b]
        if board.lattice != "grid" or not self.every_space_in_use(b):
            return None
        for part in (p for c in parts for p in self.conjuncts(c)):
            found = self._row_by_column(var, board, part, bound)
            if found is None:
                continue
            attr, value = found
            const = self.board_const(domain.board)
            first = board.row_values[0] if attr == board.row_attribute else board.column_values[0]
            table, name = ("ROW", "COLUMN") if attr == board.row_attribute else ("COLUMN", "ROW")
            local = f"line_{ident(var)}"
            saved = self.var_code.get(var)
            self.var_code[var] = local
            try:
                code = self.expr(value)
            finally:
                if saved is None:
                    del self.var_code[var]
                else:
                    self.var_code[var] = saved
            self.cells_by_used.add((const, "PLACE"))
            self.cells_by_used.add((const, table))
            lines = f"{const}_CELLS_BY_{table}.get({first!r}, ())"  # (a first line: one space of each column)
            key = f"({code}, {const}_{name}[{local}])" if table == "ROW" else f"({const}_{name}[{local}], {code})"
            return f"sorted(s for {local} in {lines} for s in {const}_CELLS_BY_PLACE.get({key}, ()))"
        return None

    def _row_by_column(self, var: str, board: ir.Board, part: ir.E, bound: frozenset) -> Optional[tuple[str, ir.E]]:
        """(the coordinate fixed, the value fixing it) of a conjunct `R of var = E`, E reading var only through
        its other coordinate, no name of ``bound``, and unable to fail; else None."""
        if not (isinstance(part, ir.Compare) and part.op == "=" and not part.order):
            return None
        for this, value in ((part.left, part.right), (part.right, part.left)):
            if not (isinstance(this, ir.SpaceAttr) and this.board == board.name and isinstance(this.space, ir.Var)
                    and this.space.name == var and this.attr in (board.row_attribute, board.column_attribute)):
                continue
            other = board.column_attribute if this.attr == board.row_attribute else board.row_attribute
            if reads.free_vars(value) & (bound - {var}) or not _through(var, value, board.name, other) \
                    or var not in reads.free_vars(value) or not self._cannot_fail(value, 0):
                continue
            return this.attr, value
        return None

    def _cannot_fail(self, e: ir.E, depth: int) -> bool:
        """Whether ``e`` cannot fail and costs no walk but a count of a board: numbers, names, a space's row or
        column, sums, comparisons, `and`/`or`/`not`, a space occupied or empty, a count of a board's spaces
        whose test is of these, and definitions made of them."""
        if isinstance(e, (ir.Const, ir.Var, ir.SeatConst)):
            return True
        if isinstance(e, ir.SpaceAttr):
            return isinstance(e.space, ir.Var)
        if isinstance(e, ir.Arith):
            return e.op in ("+", "-", "*") and self._cannot_fail(e.left, depth) and self._cannot_fail(e.right, depth)
        if isinstance(e, ir.Compare):
            return self._cannot_fail(e.left, depth) and self._cannot_fail(e.right, depth)
        if isinstance(e, ir.BoolOp):
            return all(self._cannot_fail(o, depth) for o in e.operands)
        if isinstance(e, ir.Not):
            return self._cannot_fail(e.operand, depth)
        if isinstance(e, ir.Check):
            return e.test in ("occupied", "empty") and isinstance(e.subject, ir.Var)
        if isinstance(e, ir.Count):
            return isinstance(e.domain, ir.BoardRef) and (e.where is None or self._cannot_fail(e.where, depth))
        if isinstance(e, ir.DefinedValue) and depth < _DEPTH:
            definition = self.definitions.get(e.name)
            return definition is not None and all(self._cannot_fail(a, depth) for a in e.args) \
                and self._cannot_fail(definition.value, depth + 1)
        return False


def _through(var: str, e: ir.E, board: str, attr: str) -> bool:
    """Whether ``e`` reads ``var`` only as `attr of var` on ``board`` (a definition's body sees its parameters only)."""
    allowed = {id(node.space) for node in walk(e)
               if isinstance(node, ir.SpaceAttr) and node.board == board and node.attr == attr
               and isinstance(node.space, ir.Var) and node.space.name == var}
    return all(id(node) in allowed for node in walk(e) if isinstance(node, ir.Var) and node.name == var)
