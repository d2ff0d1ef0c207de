"""A definition that is a test, written as statements: its leading conjuncts as guards that return at the first
that fails, its last as a loop that returns at the first value found (`count(x in D where C) > 0`, see
Declarations.first_found_loop), and inside that loop the conjuncts of C (a definition given plain arguments
written out) as guards that go on to the next value. A conjunct that asks only whether a walk takes its first
step (`size of walk(t from s towards d while C) > 0`) is the space after s looked up once into a local and
tested there, with no call and no function made for the test: Othello's flank test, in each of eight
directions of each empty square. The same tests in the same order, stopping where the expression stops.
"""

from __future__ import annotations

from typing import Optional

from ..model import ir, reads
from .quoting import ident


class Guards:
    """Tests written as statements (CodeGenerator's part)."""

    def guarded_value(self, value: ir.E) -> Optional[tuple[list[ir.E], ir.E]]:
        """A definition's value `A1 and ... and L` written as guards (the A's) and its last test L, when that pays:
        L asks whether some x of a walk passes (any_test: a loop that stops at the first) or an A asks whether
        a walk takes its first step (first_step). None for any other value."""
        if not (isinstance(value, ir.BoolOp) and value.op == "and" and len(value.operands) > 1):
            return None
        *tests, last = value.operands
        loop = self.any_test(last) and self.item_test(last.left) is None
        if not (loop or any(self.first_step(test) is not None for test in tests)):
            return None
        return list(tests), last

    def loop_guards(self, where: Optional[ir.E]) -> tuple[list[ir.E], Optional[ir.E]]:
        """The conjuncts of a loop's test (definitions given plain arguments written out) written as guards
        before its last, when one of them asks whether a walk takes its first step; else none, and the test."""
        if where is None:
            return [], where
        *tests, last = self.conjuncts(where)
        if not any(self.first_step(test) is not None for test in tests):
            return [], where
        return tests, last

    def first_step(self, e: ir.E) -> Optional[ir.Walk]:
        """The walk of ``e`` when ``e`` asks only whether it takes its first step (`size of walk(...) > 0` or
        `!= 0`, or a definition's size of a walk given plain arguments, see Counts._size_defined) and its first
        space can be tested in a local: its name bound nowhere inside its test, and on a graph (where a step
        can lead back) its start a name. None otherwise."""
        if not (isinstance(e, ir.Compare) and not e.order and e.op in (">", "!=") and isinstance(e.right, ir.Const)
                and e.right.value.__class__ is int and e.right.value == 0):
            return None
        size = self._size_defined(e.left)
        if not (isinstance(size, ir.Size) and isinstance(size.collection, ir.Walk)):
            return None
        walk = size.collection
        if walk.var in reads.bound_names(walk.condition) or walk.var in self.var_code:
            return None
        if self.m.boards[self.boards[walk.board]].lattice != "grid" and not isinstance(walk.space, ir.Var):
            return None
        return walk

    def guard(self, test: ir.E, fail: str) -> None:
        """``fail`` (`return False`, `continue`) where ``test`` does not hold: a walk's first step looked up into
        a local `next_<name>` and tested there (what State._walk_begins asks), any other test as it is."""
        w, walk = self.w, self.first_step(test)
        if walk is None:
            w.line(f"if not ({self.expr(test)}):", note=test.text)
            w.indent()
            w.line(fail)
            w.dedent()
            return
        b, local = self.boards[walk.board], f"next_{ident(walk.var)}"
        start = self.on_board(walk.space, "a walk from")
        w.line(f"{local} = st._t.toward[{b}][{self.expr(walk.direction)}][{start}]", note=test.text)
        self.var_code[walk.var] = local
        self.depth += 1
        passes = self.expr(walk.condition)
        self.depth -= 1
        del self.var_code[walk.var]
        cond = f"({passes})" if walk.until else f"not ({passes})"
        if self.m.boards[b].lattice != "grid":  # (on a graph a step can lead back to the start: a walk stops there)
            cond = f"{local} == {start} or {cond}"
        w.line(f"if {local} is None or {cond}:")
        w.indent()
        w.line(fail)
        w.dedent()
