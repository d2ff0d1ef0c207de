"""What a look-ahead's statements can write, so that it keeps and puts back only that (runtime/imagining.py).

`only if C after it` carries the option out on the state itself, then puts every write back. Most options only
move and place things, set counters and attributes, loop and run `then`s: their statements, the automatic steps
those set going and the triggers any placement may fire (but those a look-ahead passes over, model/unread_ahead.py)
write the boards, zones and attributes (journalled by the State primitives), the counters, the fired counts and
the slots the primitives and loops keep, never the turn, phase, stack, queues or the positions seen. Such an
option's look-ahead is *plain*: it keeps what those write (the counters kept per player or per space copied only
where written), not the whole state. Any other statement anywhere on the way (`next turn goes to`, a die lost,
or whatever a later construct adds) keeps the full save.
"""

from __future__ import annotations

from typing import Optional, Sequence

from . import ir
from .lookahead import set_going, statements_within
from .unread_ahead import triggers_unread_ahead

# What a plain look-ahead may run: statements whose writes the plain save puts back (a new kind of statement is
# not plain until it is named here).
_PLAIN_STATEMENTS = (ir.Move, ir.Place, ir.Then, ir.SetCounter, ir.SetAttribute, ir.If, ir.ForEach, ir.Repeat,
                     ir.Let, ir.Nothing)


def plain_writes(option: ir.ChoiceOption, model: ir.Model,
                 passed_over: Optional[frozenset[str]] = None) -> Optional[tuple[str, ...]]:
    """For an option whose look-ahead is plain, the counters kept as a list (per player or per space) that its
    statements, the steps they set going or any trigger can set, in the model's order; None when it is not.
    ``passed_over``: the triggers the engine runs in no look-ahead (by default triggers_unread_ahead's)."""
    going = set_going(option.body, model.steps, model.triggers, model.insteads)
    if going.blocked is not None:
        return None
    steps = {step.name: step for step in model.steps}
    bodies: list[Sequence[ir.S]] = [option.body, *(steps[name].body for name in going.steps)]
    if passed_over is None:  # (a look-ahead runs none of those: runtime/state.py _placed)
        passed_over = triggers_unread_ahead(model)
    bodies += [trigger.body for trigger in model.triggers if trigger.name not in passed_over]  # (any placement's)
    written: set[str] = set()
    for body in bodies:
        for s in statements_within(body):
            if not isinstance(s, _PLAIN_STATEMENTS):
                return None
            if isinstance(s, ir.SetCounter):
                written.add(s.counter)
    return tuple(c.name for c in model.counters if c.name in written and (c.per_player or c.board is not None))
