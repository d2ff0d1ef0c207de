"""`only if C after it` decided by the paths a witnessed `connected` kept (issue #40): an option whose statements
only place items on spaces worked out from its names and the board's geometry (`place w on neighbour of s towards
west`) and set counters, setting nothing going (no `then`, no trigger), with C asking `connected` over that board
only positively (under `and`, `or`, `there is`, an even number of `not`s, definitions) and reading nothing else
of the position but counters the option does not set, seats, options and values. Each such `connected` is one
answered by the paths it last found (reads.connected_witnessed, runtime/witnessed.py): a kept path whose spaces
hold what they held and that passes through none of the spaces the option places on is still a path once the
option is carried out (its spaces hold the same), so the `connected` holds after it, and so does C. The generator
(codegen/options.py after_function) asks C so first, each `connected` true only where such a path answers, and
carries the option out only when that does not show C holds (runtime/witnessed.py holds_uncut).
A candidate so decided is not carried out: a rule error its statements would meet (an item not there to place)
is met when it is chosen, not when it is listed, as with model/placed_fill.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from . import ir, reads
from .lookahead import going_after


@dataclass(frozen=True)
class UncutAhead:
    """The board the option places on and the spaces it places on, as written (in the order placed)."""

    board: str
    spaces: tuple[ir.E, ...]


def uncut_ahead(option: ir.ChoiceOption, condition: ir.E, model: ir.Model) -> Optional[UncutAhead]:
    """The placements of ``option`` whose `only if C after it` (``condition``: C) the kept paths of its
    witnessed `connected` may decide (see the module); None for any other option or condition."""
    places = [s for s in option.body if isinstance(s, ir.Place)]
    if not places or len({p.board for p in places}) != 1:
        return None
    board = places[0].board
    if not all(isinstance(s, ir.SetCounter) or (isinstance(s, ir.Place) and _geometric(s.space, board))
               for s in option.body):
        return None
    going = going_after(option, model)
    if going is None or going.steps or going.triggers or going.blocked is not None:
        return None  # (automatic steps or triggers it sets going may write anything)
    walker = _Positive(model, board, frozenset(s.counter for s in option.body if isinstance(s, ir.SetCounter)))
    if not walker.fine(condition, True) or not walker.asked:
        return None
    return UncutAhead(board, tuple(p.space for p in places))


def _geometric(space: ir.E, board: str) -> bool:
    """Whether ``space`` is a name or a neighbour of one towards a name or a written direction: where it is
    depends on the names alone (none past the edge: runtime/witnessed.py holds_uncut then carries it out)."""
    if isinstance(space, ir.Var):
        return True
    return (isinstance(space, ir.Neighbour) and space.board == board and isinstance(space.direction, (ir.Var, ir.Const))
            and _geometric(space.space, board))


class _Positive:
    """Whether a condition reads the position only through witnessed `connected` over one board, asked
    positively, and through counters not written, seats, options and values (see the module)."""

    _VALUES = (ir.Const, ir.Var, ir.SeatConst, ir.OptionRef, ir.PlayersSet, ir.Directions, ir.AttributeValues)

    def __init__(self, model: ir.Model, board: str, written: frozenset):
        self.model, self.board, self.written = model, board, written
        self.definitions = {d.name: d for d in model.definitions}
        self.asked = False  # (a `connected` was found: without one there is nothing to decide)
        self.depth = 0

    def fine(self, e: ir.E, positive: Optional[bool]) -> bool:
        """``positive``: True where a `connected` may be asked (it counts for C), None where none may be."""
        if isinstance(e, self._VALUES):
            return True
        if isinstance(e, ir.CounterRef):
            return e.name not in self.written and (e.seat is None or self.fine(e.seat, None))
        if isinstance(e, (ir.SeatAttr, ir.SeatStep, ir.Others)):
            return self.fine(e.seat, None)
        if isinstance(e, (ir.Compare, ir.Arith)):
            return self.fine(e.left, None) and self.fine(e.right, None)
        if isinstance(e, ir.Negate):
            return self.fine(e.operand, None)
        if isinstance(e, ir.Builtin):
            return all(self.fine(a, None) for a in e.args)
        if isinstance(e, ir.BoolOp):
            return all(self.fine(o, positive) for o in e.operands)
        if isinstance(e, ir.Not):
            return self.fine(e.operand, None if positive is None else not positive)
        if isinstance(e, ir.ThereIs):
            inner = None if positive is None else positive != e.negated
            return (self.fine(e.count.domain, None)
                    and (e.count.where is None or self.fine(e.count.where, inner)))
        if isinstance(e, ir.Conditional):
            return (self.fine(e.condition, None) and self.fine(e.then, positive)
                    and self.fine(e.otherwise, positive))
        if isinstance(e, ir.DefinedValue):
            definition = self.definitions.get(e.name)
            if definition is None or self.depth > 32 or not all(self.fine(a, None) for a in e.args):
                return False
            self.depth += 1
            try:
                return self.fine(definition.value, positive)
            finally:
                self.depth -= 1
        if isinstance(e, ir.Connected):
            if positive is not True or e.board != self.board or reads.connected_witnessed(e, self.model) is None:
                return False
            self.asked = True
            return True
        return False
