"""An `and`'s operands tested cheapest first where that cannot change what it answers (#40).

`count(d in directions of grid where size of walk(...) >= 4) > 0 and mine(s, p)` walks eight directions
before the one-space test that fails at most spaces. Two operands of an `and` may trade places only when
neither can fail (raise a rule error or crash) nor has an effect: then the `and` of the two is the same
value either way. So an operand that may fail stays where it is written, and no operand crosses it: between
two such, the operands that look at a fixed few things (no count, no walk) come first in their written order,
then those that loop, by their estimated work (model/cost.py), the written order kept among equals. The English, the notes and the clause IDs keep the written order: only the code changes.

`cannot_fail` is conservative: a constant, a name, a seat's value, a comparison of those, what a space
holds (the generator writes it none-safe where the space may be past the edge), a walk or a count over a
board's own spaces or directions with such tests, a definition of those; anything else may fail.
"""

from __future__ import annotations

from functools import cached_property
from typing import Sequence

from ..model import ir
from ..model.cost import Cost

# Space tests written none-safe where the space may be past the board's edge (Expressions.visit_Check)
SPACE_CHECKS = ("empty", "not_empty", "occupied")
SAFE_ARITH = ("+", "-", "*")  # (no division: `/` and `mod` by zero fail)


class CheapFirst:
    """An `and`'s total operands ordered cheapest first (CodeGenerator's part)."""

    @cached_property
    def work_estimate(self) -> Cost:
        return Cost(self.m)

    def cheapest_first(self, operands: Sequence[ir.E]) -> list[ir.E]:
        """``operands`` of an `and` with each run of operands that cannot fail sorted by estimated work."""
        ordered: list[ir.E] = []
        run: list[ir.E] = []
        for o in operands:
            if self.cannot_fail(o, self.none_names, frozenset()):
                run.append(o)
                continue
            ordered += sorted(run, key=self.loop_work)
            ordered.append(o)
            run = []
        return ordered + sorted(run, key=self.loop_work)

    def loop_work(self, e: ir.E) -> int:
        """0 for an operand that looks at a fixed few things, else its estimated work: a look-up is never
        moved past another for a difference of a few evaluations, a walk goes after it."""
        return self.work_estimate.expr(e) if self._loops(e, frozenset()) else 0

    def _loops(self, e: ir.E, defining: frozenset[str]) -> bool:
        """Whether ``e`` (one that cannot fail) counts or walks, itself or in a definition it uses."""
        if isinstance(e, (ir.Count, ir.Size)):
            return True
        if isinstance(e, ir.DefinedValue) and e.name not in defining:
            if self._loops(self.definitions[e.name].value, defining | {e.name}):
                return True
        return any(self._loops(child, defining) for child in _children(e))

    def cannot_fail(self, e: ir.E, none_names: frozenset[str], defining: frozenset[str], wider: bool = False) -> bool:
        """Whether working out ``e`` can neither raise nor change anything, where ``none_names`` are the
        names that may be a space past the board's edge (off_board.py). Conservative: False when unsure.
        ``wider`` also takes a neighbour (none past the edge, and none's neighbour none) and a direction's
        membership of a set of directions (later_answers.py; the operands ordered here do not use it)."""
        def total(x: ir.E) -> bool:
            return self.cannot_fail(x, none_names, defining, wider)

        if isinstance(e, (ir.Const, ir.Var, ir.SeatConst, ir.OptionRef)):
            return True
        if wider and isinstance(e, ir.Neighbour):
            return isinstance(e.direction, (ir.Var, ir.Const)) and total(e.space)
        if wider and isinstance(e, ir.Member):
            collection = e.collection
            if isinstance(collection, ir.SeatAttr) and collection.directions:
                return isinstance(collection.seat, (ir.Var, ir.SeatConst)) and total(e.element)
            return isinstance(collection, ir.Directions) and total(e.element)
        if isinstance(e, ir.SpaceAttr):  # (`column of s`: of a space never past the edge)
            return isinstance(e.space, ir.Var) and e.space.name not in none_names
        if isinstance(e, ir.SeatAttr):
            return not e.directions and isinstance(e.seat, (ir.Var, ir.SeatConst)) and total(e.seat)
        if isinstance(e, ir.Compare):
            ordered = e.op in ("=", "!=") or (not e.order and e.left.type == e.right.type == ir.INT)
            return ordered and total(e.left) and total(e.right)
        if isinstance(e, ir.Arith):
            return e.op in SAFE_ARITH and total(e.left) and total(e.right)
        if isinstance(e, (ir.BoolOp, ir.Not)):
            return all(total(o) for o in (e.operands if isinstance(e, ir.BoolOp) else (e.operand,)))
        if isinstance(e, ir.Check):
            return e.test in SPACE_CHECKS and e.board is not None and total(e.subject)
        if isinstance(e, ir.Holds):
            return total(e.space)
        if isinstance(e, ir.HoldsValue):
            return total(e.space) and total(e.value)
        if isinstance(e, ir.Size):
            return isinstance(e.collection, ir.Walk) and self._walk_total(e.collection, none_names, defining, wider)
        if isinstance(e, ir.Count):  # over a board's own spaces or directions: each on the board
            return isinstance(e.domain, (ir.BoardRef, ir.Directions)) and \
                (e.where is None or self.cannot_fail(e.where, none_names - {e.var}, defining, wider))
        if isinstance(e, ir.DefinedValue):
            return self._definition_total(e, none_names, defining, wider)
        return False

    def _walk_total(self, walk: ir.Walk, none_names: frozenset[str], defining: frozenset[str],
                    wider: bool = False) -> bool:
        """A walk from a space on the board (never past its edge) in a named direction, with a total test."""
        on_board = isinstance(walk.space, ir.Var) and walk.space.name not in none_names
        return on_board and isinstance(walk.direction, (ir.Var, ir.Const)) and \
            self.cannot_fail(walk.condition, none_names - {walk.var}, defining, wider)

    def _definition_total(self, e: ir.DefinedValue, none_names: frozenset[str], defining: frozenset[str],
                          wider: bool = False) -> bool:
        definition = self.definitions.get(e.name)
        if definition is None or e.name in defining or \
                not all(self.cannot_fail(a, none_names, defining, wider) for a in e.args):
            return False
        inside = self.off_board.params_of(e.name)  # (its parameters some use passes past the edge)
        return self.cannot_fail(definition.value, inside, defining | {e.name}, wider)



def _children(e: ir.E) -> list[ir.E]:
    """The expressions directly inside ``e``."""
    found = []
    for value in vars(e).values():
        found += [v for v in (value if isinstance(value, tuple) else (value,)) if isinstance(v, ir.E)]
    return found
