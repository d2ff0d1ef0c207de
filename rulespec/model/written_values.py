"""Every write to a counter, with what the names in scope at the write stand for, and the rolls that alone fill a
die's holder (#40): what the adapters read to bound a range whose ends read the state (`for n in 0..purse of
player`, purse set to `coins` and only ever lowered; `0..own_value(player) - 1`, a total over a cup of one die),
so that its numbers have a finite domain (rulespec/adapters/state_bounds.py).

A name bound by a choice's binding or a `for each` stands for its domain, one bound by `let` for its value; a
name bound any other way (a step's or an instead's parameter, an outcome's name) is in scope as None: unknown.
Examples are not play and are not read.
"""

from __future__ import annotations

import dataclasses
from typing import Iterator, Optional

from . import ir


@dataclasses.dataclass(frozen=True)
class Write:
    """`set C to value` (add False) or `add value to C` (add True); ``scope``: name -> its domain or value, or None."""
    value: ir.E
    add: bool
    scope: tuple[tuple[str, Optional[ir.E]], ...]


def counter_writes(model: ir.Model) -> dict[str, list[Write]]:
    """Each counter's writes anywhere in the model's play (set-up, steps, options, outcomes, triggers, insteads)."""
    found: dict[str, list[Write]] = {}
    for field in dataclasses.fields(model):
        if field.name not in ("examples", "definitions"):
            for counter, write in _walk(getattr(model, field.name), {}):
                found.setdefault(counter, []).append(write)
    return found


def _walk(x, scope: dict) -> Iterator[tuple[str, Write]]:
    if isinstance(x, ir.E) or x is None or isinstance(x, (str, int, float, bool)):
        return
    if isinstance(x, (tuple, list)):
        scope = dict(scope)
        for part in x:
            yield from _walk(part, scope)
            if isinstance(part, ir.Let):  # in scope for the statements after it
                scope[part.name] = part.value
        return
    if isinstance(x, ir.SetCounter):
        yield x.counter, Write(x.value, x.add, tuple(scope.items()))
    inner = dict(scope)
    if isinstance(x, ir.ChoiceOption):
        inner.update((b.var, b.domain) for b in x.bindings)
    elif isinstance(x, ir.ForEach):
        inner[x.var] = x.domain
    elif isinstance(x, ir.Step) and x.outcome is not None:  # an outcome's names, read by the step's body
        inner.update(dict.fromkeys((x.outcome.var,) + tuple(x.outcome.more_vars)))
    for name in (p.name for p in getattr(x, "params", ()) if isinstance(p, ir.Param)):
        inner[name] = None
    if dataclasses.is_dataclass(x) and not isinstance(x, type):
        for field in dataclasses.fields(x):
            yield from _walk(getattr(x, field.name), inner)


def rolled_into(model: ir.Model, zone: str) -> Optional[list[ir.E]]:
    """The counts of the rolls that fill ``zone`` (`roll cup of p`), when nothing else brings an item into it: the
    holder of one die, starting empty, whose items come only through that die's roll step, and that step set going
    only by a roll (which first puts the holder's dice back). A zone so filled holds at most the largest count. None
    where anything else may bring an item into it."""
    holders = [d for d in model.dice if d.holder == zone]
    decl = next((z for z in model.zones if z.name == zone), None)
    if len(holders) != 1 or decl is None or decl.start is not None or decl.start_copies:
        return None
    die = holders[0]
    counts: list[ir.E] = []
    for field in dataclasses.fields(model):
        if field.name not in ("examples", "definitions"):
            if not _fills(getattr(model, field.name), die, None, False, counts):
                return None
    return counts


def _fills(x, die, step: Optional[str], in_roll: bool, counts: list) -> bool:
    """Whether ``x`` brings items into the die's holder only as its roll does (its rolls' counts into ``counts``)."""
    if isinstance(x, ir.E) or x is None or isinstance(x, (str, int, float, bool)):
        return True
    if isinstance(x, (tuple, list)):
        return all(_fills(part, die, step, in_roll, counts) for part in x)
    if isinstance(x, ir.Move) and (not isinstance(x.to, ir.ZoneRef) or x.to.zone == die.holder) and step != die.step:
        return False
    if isinstance(x, (ir.Then, ir.Enqueue)) and x.step == die.step and not in_roll:
        return False
    if isinstance(x, ir.Roll) and x.holder == die.holder:
        counts.append(x.count)
        in_roll = True
    if isinstance(x, ir.Step):
        step = x.name
    if dataclasses.is_dataclass(x) and not isinstance(x, type):
        return all(_fills(getattr(x, f.name), die, step, in_roll, counts) for f in dataclasses.fields(x))
    return True
