"""A listing's test of what one space holds, with values the listing does not change, read from a table by the
space's content (issue #40).

Banqi's `mine(s, p)`, `s holds red and plays_red of p = 1 or s holds black and plays_black of p = 1`, asks the
space's colour twice and two counters at every space of every listing, though for one listing the counters are
fixed and the answer depends only on what the space holds. Such a test (`and`, `or`, `not` of `s holds X`, `s holds
VALUE` of an attribute that cannot change, `s is empty` / `occupied`, with parts that read no space and cannot
fail: counters, options, seats and their values, constants, comparisons of these) is worked out for every content a
space can have (each item, and empty) once per value of those parts (runtime/helpers.py ContentTests: a tuple of
one bool per content, the empty space last, so the board's -1 reads it), and the listing reads
`TABLE[values][board[s]]`: one look-up a space. The values are read once a listing, when first needed (a local, as
Counts.once keeps a count that reads none of the listing's names): a listing only reads, so they are the values
every use would read. Decided from the checked model, for a test with two reads of the space or more, or one and
a value read besides (else the test is one look-up already); anywhere else the test is written as before.
"""

from __future__ import annotations

from typing import Optional

from ..model import ir
from ..model.checker import board_of, is_space
from .quoting import comment, operator

CONTENT, KEY = "content", "key"


class ContentTables:
    """Tests of one space's content read from tables by that content (CodeGenerator's part)."""

    def content_table(self, e: ir.E) -> Optional[str]:
        """The code of the `and` / `or` ``e`` read from a table by its space's content, or None (see the module)."""
        if self.bound is None or self.depth or not isinstance(e, (ir.BoolOp, ir.Not)):
            return None
        found: dict = {"space": None, "reads": 0, "keys": []}
        if self._content_kind(e, found) != CONTENT:
            return None
        board, var = found["space"]
        if self.m.boards[self.boards[board]].lattice == "triangles" or self.may_be_none(var) \
                or var.name in self.var_code:
            return None
        keys = [k for k in found["keys"] if not isinstance(k, ir.Const)]
        if found["reads"] < 2 and not keys:
            return None
        params = {}
        body = self._content_code(e, params)
        names = "".join(f", {k}" for k in params.values())
        table = self.content_tests.setdefault(body, (f"CONTENT_TEST_{len(self.content_tests)}", names, bool(params),
                                                     e.text))[0]
        if params:
            key = "(" + "".join(f"{self.expr(k)}, " for k in params) + ")"
            local = self.counted.setdefault(f"{table}[{key}]", f"_n{len(self.counted)}")
            table = f"({local} if {local} is not None else ({local} := {table}[{key}]))"
        b = self.boards[board]
        return f"{table}[{self.cells(b)}[{self.expr(var)}]]"

    def _content_kind(self, e: ir.E, found: dict) -> Optional[str]:
        """CONTENT when ``e`` reads one space's content (the same space throughout) and otherwise only values
        that cannot fail and read no name the listing binds; KEY when it reads no content at all and is such a
        value; None otherwise. Counts the content's reads and gathers the key parts in ``found``."""
        if isinstance(e, (ir.Holds, ir.HoldsValue, ir.Check)):
            space = e.subject if isinstance(e, ir.Check) else e.space
            if not isinstance(space, ir.Var) or not is_space(space.type):
                return None
            if isinstance(e, ir.Check):
                if e.test not in ("empty", "occupied"):
                    return None
                board = board_of(space.type)
                if board not in self.boards:
                    return None
            else:
                board = e.board
                if isinstance(e, ir.HoldsValue):
                    if e.attribute is None or e.attribute in self.changing:
                        return None
                    if self._content_kind(e.value, found) != KEY:
                        return None
            if found["space"] not in (None, (board, space)):
                return None
            found["space"] = (board, space)
            found["reads"] += 1
            return CONTENT
        if isinstance(e, (ir.BoolOp, ir.Not)):
            operands = e.operands if isinstance(e, ir.BoolOp) else (e.operand,)
            kinds = [self._key_or_content(o, found) for o in operands]
            if None in kinds:
                return None
            return CONTENT if CONTENT in kinds else KEY
        return KEY if self._key(e) else None

    def _key_or_content(self, e: ir.E, found: dict) -> Optional[str]:
        """_content_kind of an operand; a value (KEY) is one of the table's keys."""
        kind = self._content_kind(e, found)
        if kind == KEY:
            found["keys"].append(e)
        return kind

    def _key(self, e: ir.E) -> bool:
        """Whether ``e`` reads no space and no name the listing binds, and cannot fail: a value fixed for the
        whole listing."""
        if isinstance(e, (ir.Const, ir.SeatConst, ir.OptionRef)):
            return True
        if isinstance(e, ir.Var):
            return not is_space(e.type) and e.name not in self.bound and e.name not in self.var_code
        if isinstance(e, ir.CounterRef):
            return e.seat is None or (not is_space(e.seat.type) and self._key(e.seat))
        if isinstance(e, ir.SeatStep):
            return self._key(e.seat)
        if isinstance(e, ir.SeatAttr):
            return not e.directions and self._key(e.seat)
        if isinstance(e, ir.Compare):
            return self._key(e.left) and self._key(e.right)
        if isinstance(e, (ir.BoolOp, ir.Not)):
            return all(self._key(o) for o in (e.operands if isinstance(e, ir.BoolOp) else (e.operand,)))
        return False

    def _content_code(self, e: ir.E, params: dict) -> str:
        """The table's test of the content ``c``, each key part a parameter (``params``: part -> its name)."""
        if isinstance(e, ir.Holds):
            return f"(c >= 0 and ITEM_KIND[c] == {e.component!r})"
        if isinstance(e, ir.HoldsValue):
            return f"(CELL_ATTRS[{e.attribute!r}][c] == {self._content_code(e.value, params)})"
        if isinstance(e, ir.Check):
            return "(c < 0)" if e.test == "empty" else "(c >= 0)"
        if isinstance(e, ir.Const):
            return self.expr(e)
        if isinstance(e, (ir.BoolOp, ir.Not)) and not self._key(e):
            if isinstance(e, ir.Not):
                return f"(not {self._content_code(e.operand, params)})"
            return "(" + f" {operator(e.op)} ".join(self._content_code(o, params) for o in e.operands) + ")"
        return params.setdefault(e, f"k{len(params)}")

    def content_test_lines(self) -> list[str]:
        """The module-level ContentTests tables (see content_table)."""
        return [f"{name} = ContentTests(lambda c{names}: {code}, len(ITEM_KIND))" + ("" if keyed else "[()]")
                + "  " + comment(text) for code, (name, names, keyed, text) in self.content_tests.items()]
