"""The numbers of a range whose ends read the state (`for n in 0..purse of player`, `0..own_value(player) - 1`),
bounded by what the model says they can be, so that the adapters number them by value (`bid 7` is action 7, as
OpenSpiel numbers a bid by its amount). Tried only where a range's ends are not fixed (core.py's ``listed``).

A counter of numbers is bounded by its start and every value written to it: each `set` to a bounded value, and
no `add` that can raise it (lower it, for its least); a name by its binding's range or its `let`'s value (the
writes' scopes, rulespec/model/written_values.py); a definition by its value; a total of a component's number
attribute (none negative) over a zone by the most items the zone holds (its `at most N`, or the largest count of
the rolls that alone fill a die's holder), each at the attribute's largest value.
Anything else has no bound here: the range is then refused, with what to write.
"""

from __future__ import annotations

from typing import Optional

from ..model import ir
from ..model.written_values import counter_writes, rolled_into

_BUSY = object()  # a counter whose bound is being worked out (a write reads the counter itself: no bound)


class StateBounds:
    def __init__(self, texts):
        self.texts = texts  # the _Expansion: the fixed bounds, the options in play, the components in the game
        self.model: ir.Model = texts.engine.model
        self.writes = counter_writes(self.model)
        self.counters = {c.name: c for c in self.model.counters}
        self.found: dict = {}

    def listed(self, domain) -> Optional[tuple]:
        if not isinstance(domain, ir.Span):
            return None
        low, high = self.bound(domain.low, False, {}), self.bound(domain.high, True, {})
        return None if low is None or high is None else tuple(range(low, high + 1))

    def bound(self, e, most: bool, scope: dict) -> Optional[int]:
        fixed = self.texts.bound(e, most)
        if fixed is not None:
            return fixed
        if isinstance(e, ir.Negate):
            inner = self.bound(e.operand, not most, scope)
            return None if inner is None else -inner
        if isinstance(e, ir.Arith) and e.op in ("+", "-"):
            left = self.bound(e.left, most, scope)
            right = self.bound(e.right, most if e.op == "+" else not most, scope)
            return None if left is None or right is None else left + right if e.op == "+" else left - right
        if isinstance(e, ir.Builtin) and e.func in ("min", "max"):
            found = [self.bound(arg, most, scope) for arg in e.args]
            known = [b for b in found if b is not None]
            if (e.func == "min") == most:
                return (min if most else max)(known) if known else None
            return None if None in found else (max if most else min)(found)
        if isinstance(e, ir.DefinedValue) and e.name in self.texts.definitions:
            return self.bound(self.texts.definitions[e.name].value, most, {})  # (its parameters: unknown)
        if isinstance(e, ir.Var):
            source = scope.get(e.name)
            if isinstance(source, ir.Span):
                return self.bound(source.high if most else source.low, most, {})
            return None if source is None or isinstance(source, ir.Span) else self.bound(source, most, {})
        if isinstance(e, ir.CounterRef):
            return self.counter(e.name, most)
        if isinstance(e, ir.Total) and isinstance(e.value, ir.ItemAttr) and isinstance(e.value.item, ir.Var) \
                and e.value.item.name == e.var and isinstance(e.domain, ir.ZoneRef):
            return self.total(e.value.attr, e.domain.zone, most)
        return None

    def counter(self, name: str, most: bool) -> Optional[int]:
        key = (name, most)
        if key not in self.found:
            self.found[key] = _BUSY
            self.found[key] = self._counter(name, most)
        found = self.found[key]
        return None if found is _BUSY else found

    def _counter(self, name: str, most: bool) -> Optional[int]:
        counter = self.counters.get(name)
        if counter is None or counter.holds != ir.INT:
            return None
        values = [counter.start]
        for write in self.writes.get(name, ()):
            value = self.bound(write.value, most, dict(write.scope))
            if value is None:
                return None
            if write.add and (value > 0 if most else value < 0):  # an add that can raise it (lower it): no bound
                return None
            if not write.add:
                values.append(value)
        return (max if most else min)(values)

    def total(self, attr: str, zone: str, most: bool) -> Optional[int]:
        """A total of ``attr`` over the items of ``zone``: 0 at least (a zone may be empty), at most the most items
        the zone holds at the attribute's largest value, when no value is negative."""
        engine = self.texts.engine
        faces = [v for d in self.model.dice if d.attribute == attr for v in d.values]
        if attr in self.model.changing_attributes and not faces:
            return None
        have = engine.ITEM_ATTRS.get(attr, {})
        values = faces + [have[item] for item in self.texts.in_game if item in have]
        if not values or not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in values):
            return None
        if not most:
            return 0
        decl = next(z for z in self.model.zones if z.name == zone)
        held = decl.at_most
        if held is None:
            counts = rolled_into(self.model, zone)
            found = [self.texts.bound(count, True) for count in counts or ()]
            held = None if counts is None or None in found else max(found, default=0)
        return None if held is None else held * max(values)
