"""A definition that is a test, written as statements: its leading conjuncts as guards that return at the first
that fails, its last as a loop that returns at the first value found (`count(x in D where C) > 0`, see
Declarations.first_found_loop), and inside that loop the conjuncts of C (a definition given plain arguments
written out) as guards that go on to the next value. A conjunct that asks only whether a walk takes its first
step (`size of walk(t from s towards d while C) > 0`) is the space after s looked up once into a local and
tested there, with no call and no function made for the test: Othello's flank test, in each of eight
directions of each empty square. A walk's size that such a test (or a definition's value) takes whatever holds
(`size of walk(...) > run_length(s, d, p)`, the length of a line from it) is counted by a loop over the ray's
spaces (Tables.rays: the spaces a walk can pass, in order) that stops at the first that fails, into a local:
no tuple of the spaces made, no function called for each. The same tests in the same order, stopping where
the expression stops; the walks of one test counted first, in the order the test reads them.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Optional

from ..model import ir, reads
from .quoting import ident


class Guards:
    """Tests written as statements (CodeGenerator's part)."""

    def as_count_tests(self, value: ir.E) -> ir.E:
        """A definition's value with `there is x in D where C` (at its top, or an operand of its top `and` or
        `or`) read as the comparison it means, `count(x in D where C) > 0` (`there is no`: `= 0`), so that the
        statements below take it as they take the count written out: the newcomer's Xiangqi asks `(there is d in
        ... where ...) or (there is h in horse jumps from s where ...) or ...`, which stayed any() over a
        generator made at each call while `count(...) > 0` became a loop returning at the first found."""
        if isinstance(value, ir.ThereIs):
            zero = ir.Const(ir.INT, value.loc, "0", 0)
            return ir.Compare(ir.BOOL, value.loc, value.text, "=" if value.negated else ">", value.count, zero)
        if isinstance(value, ir.BoolOp) and value.op in ("and", "or") and any(
                isinstance(operand, ir.ThereIs) for operand in value.operands):
            return replace(value, operands=tuple(self.as_count_tests(operand) if isinstance(operand, ir.ThereIs)
                                                 else operand for operand in value.operands))
        return value

    def guarded_value(self, value: ir.E) -> Optional[tuple[list[ir.E], ir.E]]:
        """A definition's value `A1 and ... and L` written as guards (the A's) and its last test L, when that pays:
        L asks whether some x of a walk passes (any_test: a loop that stops at the first) or an A asks whether
        a walk takes its first step (first_step). None for any other value."""
        if not (isinstance(value, ir.BoolOp) and value.op == "and" and len(value.operands) > 1):
            return None
        *tests, last = self.cheapest_first(value.operands)  # (cheap_first.py: only operands that cannot fail move)
        loop = self.any_test(last) and self.item_test(last.left) is None
        if not (loop or any(self.first_step(test) is not None for test in tests)):
            return None
        return list(tests), last

    def either_value(self, value: ir.E) -> Optional[tuple[ir.E, ...]]:
        """A definition's value `A1 or ... or L` written as statements (Declarations.either_statements), when one
        of its tests asks whether some x of a walk passes (any_test: a loop that stops at the first, not any()
        over a generator made at each call: chess's knight's leaps in `attacks`): its tests. None otherwise."""
        if not (isinstance(value, ir.BoolOp) and value.op == "or" and len(value.operands) > 1):
            return None
        if not any(self.found_loop(test) for test in value.operands):
            return None
        return value.operands

    def found_loop(self, test: ir.E) -> bool:
        """Whether ``test`` is `count(x in D where C) > 0` (or != 0), written as a loop returning at the first x."""
        return self.any_test(test) and test.op != "=" and self.item_test(test.left) is None

    def loop_guards(self, where: Optional[ir.E]) -> tuple[list[ir.E], Optional[ir.E]]:
        """The conjuncts of a loop's test (definitions given plain arguments written out) written as guards
        before its last, when one of them asks whether a walk takes its first step; else none, and the test."""
        if where is None:
            return [], where
        *tests, last = self.cheapest_first(self.conjuncts(where))
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
            w.line(f"if not ({self.expr(self.scanned(test))}):", note=test.text)
            self.end_scans()
            w.indent()
            w.line(fail)
            w.dedent()
            return
        b, local = self.boards[walk.board], f"next_{ident(walk.var)}"
        start = self.on_board(walk.space, "a walk from")
        table = f"st._t.toward[{b}]"
        if self.board_code:  # (where boards are read through locals, so are their tables of steps: read_first)
            table = self.toward_tables.setdefault(b, f"toward_{b}")
        w.line(f"{local} = {table}[{self.expr(walk.direction)}][{start}]", note=test.text)
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

    def scanned(self, e: ir.E) -> ir.E:
        """``e`` with each walk's size it takes whatever holds (see _unconditional) counted first, by a loop into
        a local (scan), and read from there; ``e`` itself when it takes none. Call end_scans once ``e`` is
        written."""
        if isinstance(e, (ir.Size, ir.DefinedValue)):
            size = self._size_defined(e)
            if isinstance(size, ir.Size) and isinstance(size.collection, ir.Walk) and self.scannable(size.collection):
                return ir.Var(e.type, e.loc, e.text, self.scan(size.collection))
            return e
        if isinstance(e, ir.Compare) and not e.order:
            if self._walk_begins_test(e) is not None:  # (only the first step asked: see Counts._walk_begins_test)
                return e
            return replace(e, left=self.scanned(e.left), right=self.scanned(e.right))
        if isinstance(e, ir.Arith):
            return replace(e, left=self.scanned(e.left), right=self.scanned(e.right))
        if isinstance(e, ir.Not):
            return replace(e, operand=self.scanned(e.operand))
        if isinstance(e, ir.BoolOp):  # (only the first is asked whatever holds)
            return replace(e, operands=(self.scanned(e.operands[0]),) + e.operands[1:])
        if isinstance(e, ir.Count):
            return replace(e, domain=self.scanned(e.domain))
        if isinstance(e, ir.LineOf):
            return replace(e, length=self.scanned(e.length))
        return e

    def scannable(self, walk: ir.Walk) -> bool:
        """Whether a walk's spaces can be named by a local of the scan: its name bound nowhere inside its test."""
        return walk.var not in reads.bound_names(walk.condition) and walk.var not in self.var_code

    def scan(self, walk: ir.Walk) -> str:
        """Writes the loop that counts ``walk``'s spaces into a local `walked_<k>` (its spaces `at_<k>`); returns
        the name the scanned expression reads it by (not a name of the rule file: it holds spaces)."""
        w = self.w
        k = len(self.scans) + 1
        local, at = f"walked_{k}", f"at_{k}"
        start = self.on_board(walk.space, "a walk from")
        w.line(f"{local} = 0", note=f"size of {walk.text}")
        w.line(f"for {at} in st._t.rays[{self.boards[walk.board]}, {self.expr(walk.direction)}][{start}]:")
        w.indent()
        self.var_code[walk.var] = at
        self.depth += 1
        passes = self.expr(walk.condition)
        self.depth -= 1
        del self.var_code[walk.var]
        w.line(f"if {passes}:" if walk.until else f"if not ({passes}):")
        w.indent()
        w.line("break")
        w.dedent()
        w.line(f"{local} += 1")
        w.dedent()
        name = f"size of walk {k}"
        self.scans.append(name)
        self.var_code[name] = local
        return name

    def end_scans(self) -> None:
        """The scans' names read no more (the test that read them is written); the next function numbers anew."""
        for name in self.scans:
            del self.var_code[name]
        self.scans = []

    def start_reading_first(self, definition: ir.Definition) -> None:
        """In a definition written as statements (it only reads): its boards, the attributes of what they hold, the
        boards' tables of steps and its seat parameters' values (`colour of left of p`) are read through locals,
        looked up once at its top (read_first) and not in each turn of its loops."""
        self.board_code = {b: f"board_{b}" for b in range(len(self.m.boards))}
        rebound = reads.bound_names(definition.value)
        seats = frozenset(p.name for p in definition.params if p.type == ir.SEAT and p.name not in rebound)
        self.seat_values = (seats, {}) if seats else None

    def read_first(self, at: int, level: int) -> None:
        """The locals start_reading_first began, at line ``at`` (after the docstring); stop reading through them.
        (A seat's value, a board and an attribute's table are look-ups that cannot fail.)"""
        seat_values, self.seat_values = self.seat_values, None
        self.w.lines[at:at] = ["    " * level + f"{local} = {code}" for code, local in
                               (seat_values[1] if seat_values else {}).items()]
        self.w.lines[at:at] = ["    " * level + f"{local} = st._t.toward[{b}]" for b, local in self.toward_tables.items()]
        self.toward_tables = {}
        self.read_boards_first(at, level)
