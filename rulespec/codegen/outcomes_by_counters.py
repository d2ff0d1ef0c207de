"""A pick's outcomes kept by the values of the counters they read (issue #40).

A chance step that picks (`outcome "roll {a} {b}" for a, b picked from 0..6 where ...`) lists its outcomes
anew at every chance node: every candidate tested, every text made, every probability worked out. When what it
reads of the state (its collection, its `where`, its weight and the values its text shows, definitions
followed) is counters alone, beside its arguments, the set-up and what never changes (a board's geometry, the
seats' values, the options), the same values of those counters list the same outcomes: Yacht's roll of the dice
marked `rolling` is one of 31 listings, whatever the dice showed. The engine then keeps the listing by those
values (StepInfo.outcomes_key, runtime/kept_outcomes.py: a shuffle's orders are kept so by its zone's
components) and a state that reads the same values shares it. Anything else read (a zone, what a space holds,
the turn, an attribute that can change, ...) leaves the step listed as it was.
"""

from __future__ import annotations

from typing import Optional

from ..model import ir
from .quoting import lit

# Zones read too (helper social, round 14): a pick from a zone, or whose `where` or weight reads a zone's items or
# size (a newcomer's Social deduction: `picked from signals where alive_numbered(target of s) weighted by
# signal_weight(s)`, the weight asking `size of role of p`), is kept by those zones' items as well (each seat's zone of
# a zone one per player). Off: such a pick is listed at every chance node, as before
# (benchmarks/bench_listing_definitions.py, tests/codegen/test_listing_definitions.py).
ZONES_IN_OUTCOME_KEYS = True

# What an outcome may read and still be kept by its counters: every part read of these reads nothing a state
# decides (their own parts are followed; a definition is followed into its value).
_FIXED = (ir.Const, ir.Var, ir.SeatConst, ir.OptionRef, ir.PlayersSet, ir.BoardRef, ir.SpaceAttr, ir.SpaceIndex,
          ir.SeatAttr, ir.SeatStep, ir.Others, ir.Neighbour, ir.LineOf, ir.Directions, ir.GraphDirection,
          ir.NeighboursOf, ir.Count, ir.ThereIs, ir.First, ir.Total, ir.Extreme, ir.Compare, ir.Conditional,
          ir.Arith, ir.Negate, ir.Not, ir.BoolOp, ir.Span, ir.Builtin, ir.Member, ir.Size, ir.DefinedValue)
# (with zones: `number of p`, a seat's or a value's place, reads only its operand)
_FIXED_WITH_ZONES = _FIXED + (ir.NumberOf,)


class OutcomesByCounters:
    """Chance steps whose picked outcomes are kept by the counters they read (CodeGenerator's part)."""

    def outcome_counters(self, step: ir.Step) -> Optional[tuple[str, ...]]:
        """The counters a pick's outcomes read, when they read nothing else a state decides, and at least one
        (a pick that reads none is listed once already, Chance.outcomes_listed_once); None otherwise."""
        outcome = step.outcome
        if (outcome is None or outcome.pick_from is None or outcome.draw_from is not None
                or outcome.shuffle is not None or self.outcomes_listed_once(step)):
            return None
        parts = [outcome.pick_from, outcome.pick_where, outcome.weight] + [e for _, e in outcome.shown]
        counters: dict[str, None] = {}
        if not all(e is None or self._reads_counters_only(e, counters, set()) for e in parts):
            return None
        return tuple(counters) or None

    def _reads_counters_only(self, e: ir.E, counters: dict, followed: set) -> bool:
        """Whether ``e`` reads of the state only counters (gathered into ``counters``), definitions followed."""
        if isinstance(e, ir.CounterRef):
            counters[e.name] = None
            return e.seat is None or self._reads_counters_only(e.seat, counters, followed)
        if isinstance(e, ir.ZoneRef) and ZONES_IN_OUTCOME_KEYS:  # its items (every seat's, one per player)
            counters[("zone", e.zone)] = None
            return e.seat is None or self._reads_counters_only(e.seat, counters, followed)
        if isinstance(e, ir.ItemAttr):  # a component's value, unless it can change
            return not e.changes and self._reads_counters_only(e.item, counters, followed)
        if not isinstance(e, _FIXED_WITH_ZONES if ZONES_IN_OUTCOME_KEYS else _FIXED):
            return False
        if isinstance(e, ir.DefinedValue) and e.name not in followed:
            definition = self.definitions.get(e.name)
            if definition is None:
                return False
            followed.add(e.name)
            if not self._reads_counters_only(definition.value, counters, followed):
                return False
        return all(self._reads_counters_only(item, counters, followed)
                   for part in vars(e).values() for item in (part if isinstance(part, tuple) else (part,))
                   if isinstance(item, ir.E))

    def counters_key_function(self, step: ir.Step, name: str, counters: tuple[str, ...]) -> None:
        """outcomes_key_<name>: the values of the counters the outcomes read (a counter per player or per
        space as the tuple of its values)."""
        w = self.w
        declared = {c.name: c for c in self.m.counters}
        zones = {z.name: z for z in self.m.zones}

        def value(c) -> str:
            if isinstance(c, tuple):  # a zone's items (a zone one per player: every seat's, in seat order)
                base = f"st._t.zone_base[{lit(c[1])}]"
                return (f"tuple(map(tuple, st._zones[{base}:{base} + st.players]))" if zones[c[1]].per_player
                        else f"tuple(st._zones[{base}])")
            return (f"st._counters[{c!r}]" if not (declared[c].per_player or declared[c].board)
                    else f"tuple(st._counters[{c!r}])")
        counter_values = ", ".join(map(value, counters))
        w.line(f"def outcomes_key_{name}(st{self.params(step.params)}):")
        w.indent()
        named = ", ".join("the zone " + c[1] if isinstance(c, tuple) else "the counter " + c for c in counters)
        self.doc(step, f"What the outcomes of `{step.name}` read: {named} (kept by those).")
        w.line(f"return ({counter_values},)")
        w.dedent()
        w.line("")
