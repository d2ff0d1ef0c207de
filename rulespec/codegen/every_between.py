"""A run of numbers all passing a test, asked in a listing by its two ends, answered from a tally (issue #40).

`count(r in L..H where T) = H - L + 1` asks whether every number from L to H passes T (Dou dizhu's
`holds_run(p, low, high, n)`: the player holds n cards of every rank from low to high). A listing that chooses
L and H (`for low in 3..10, high in 7..14`) asks it for every pair, each time from the start: 225 times a
listing in Dou dizhu, each a count over the run. Where T reads none of the listing's chosen names (only the
count's own number and what is the same for every candidate: the seat choosing, numbers), T of a number is
the same for every candidate, so the listing keeps, once, how many numbers pass T up to each number
(runtime/helpers.py EveryBetween, built as far as asked), and each pair is answered by two look-ups. A test
that fails while the tally is built (a number the candidates would not have reached) gives the tally up:
every pair is then asked as written, so the same rules fail at the same place. Written as a call of a
definition (its parameters the run's ends and T's) or in the condition itself. Switch: EVERY_BETWEEN.
"""

from __future__ import annotations

import dataclasses
from typing import Optional

from ..model import ir, reads
from .quoting import ident

EVERY_BETWEEN = True
RUN_STOPS = True  # a walk of the run's upper end, upwards, stops at the first run that fails (run_stop)


def _same(a, b) -> bool:
    """Whether two expressions are the same but for where they were written."""
    if type(a) is not type(b):
        return False
    if isinstance(a, ir.E):
        return all(_same(getattr(a, f.name), getattr(b, f.name)) for f in dataclasses.fields(a)
                   if f.name not in ("loc", "text"))
    if isinstance(a, (tuple, list)):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    return a == b


def run_test(e: ir.E) -> Optional[tuple[ir.Count, ir.E, ir.E]]:
    """(the count, L, H) of `count(r in L..H where T) = H - L + 1` (or `H + 1 - L`... as written: H - L + 1), else None."""
    if not (isinstance(e, ir.Compare) and e.op == "=" and not e.order and isinstance(e.left, ir.Count)
            and e.left.where is not None and isinstance(e.left.domain, ir.Span)):
        return None
    low, high = e.left.domain.low, e.left.domain.high
    right = e.right
    if not (isinstance(right, ir.Arith) and right.op == "+" and isinstance(right.right, ir.Const)
            and right.right.value == 1 and not isinstance(right.right.value, bool)
            and isinstance(right.left, ir.Arith) and right.left.op == "-"
            and _same(right.left.left, high) and _same(right.left.right, low)):
        return None
    return e.left, low, high


class EveryBetween:
    """CodeGenerator's part: a run's every-test in a listing answered from a tally kept once a listing."""

    def every_between(self, e: ir.E, written: str) -> str:
        """The code of ``e`` (a call of a definition whose value is a run's every-test, or the test itself)
        in a listing's condition, answered from its tally, ``written`` (its code as written) where the tally
        was given up; ``written`` itself where it is not of that form there."""
        found = self._every_between_parts(e)
        if found is None:
            return written
        name, tally, low, high = found
        kept = f"({name} if {name} is not None else ({name} := {tally}))"
        return f"(_every if (_every := {kept}.holds({low}, {high})) is not None else {written})"

    def run_stop(self, c: ir.E, code: str) -> Optional[str]:
        """Where ``c``, a listing's condition tested in the walk of ``self.stoppable`` (a name walked upwards
        over a range, by one option alone), is a run's every-test answered from its tally whose upper end is
        that name: the test under which the walk may stop once ``c`` fails (a run that fails has a number that
        fails T, and every longer run from the same start has it too), else None. Only when the tally answered
        (`_every` not None: a pair asked as written may fail further on) and the run was not empty."""
        var = getattr(self, "stoppable", None)
        if not (RUN_STOPS and var is not None and code.startswith("(_every if (_every := ")):
            return None
        body = c
        if isinstance(c, ir.DefinedValue):
            definition = self.definitions.get(c.name)
            if definition is None:
                return None
            body = reads.substitute(definition.value, {p.name: a for p, a in zip(definition.params, c.args)}, set())
        found = run_test(body)
        if found is None:
            return None
        _, low, high = found
        if not (isinstance(high, ir.Var) and high.name == var) or var in self.free_vars(low, {var}):
            return None
        return f"_every is not None and v_{ident(var)} >= {self.expr(low)}"

    def _simple_argument(self, a: ir.E) -> bool:
        """An argument that can be written where its parameter is read: plain (model/narrowing.py), or
        +, - of such (`low + 1`), which can neither fail nor cost."""
        if isinstance(a, ir.Arith) and a.op in ("+", "-"):
            return self._simple_argument(a.left) and self._simple_argument(a.right)
        return self.plain_argument(a)

    def _every_between_parts(self, e: ir.E) -> Optional[tuple[str, str, str, str]]:
        if not EVERY_BETWEEN or self.bound is None or self.depth:
            return None
        body = e
        if isinstance(e, ir.DefinedValue):
            definition = self.definitions.get(e.name)
            if definition is None or len(definition.params) != len(e.args):
                return None
            if not all(self._simple_argument(a) for a in e.args):
                return None
            body = reads.substitute(definition.value, {p.name: a for p, a in zip(definition.params, e.args)}, set())
        found = run_test(body)
        if found is None:
            return None
        count, low, high = found
        if self.free_vars(count.where, set(self.bound) - {count.var}):
            return None  # (T reads a chosen name: not the same for every candidate; its own number shadows one)
        if not (self.free_vars(low, self.bound) or self.free_vars(high, self.bound)):
            return None  # (the same run for every candidate: worked out once already, see once())
        var = f"v_{ident(count.var)}"
        self.depth += 1
        try:
            test = self.expr(count.where)
        finally:
            self.depth -= 1
        tally = f"EveryBetween(lambda {var}: {test})"
        name = self.counted.setdefault(tally, f"_n{len(self.counted)}")
        self.every_between_used = True
        return name, tally, self.expr(low), self.expr(high)
