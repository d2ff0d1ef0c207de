"""The after-step ends' mark cleared only by a write of what those ends read (#40, round 14, helper social).

Once every end checked after a step has held false, the generated check marks the state clean
(``State._ends_clean``) and the runtime skips that check until generated code clears the mark, before a write
(codegen/ends.py, ``ends_clean``). The mark was kept only where every such end reads counters alone, and every
counter written cleared it. With WATCHED_WRITES:

- an end that reads counters, zones and changing attributes alone (model/end_inputs.py; what never changes
  aside) is marked too, and then a move or a placement (what is placed leaves its zone) clears the mark where
  those ends read a zone, an attribute set where they read an attribute;
- a counter written clears it only where one of those ends reads that counter;
- where no mark is ever set (an end that reads anything else: the turn, a board's spaces, a score, a legal
  move), nothing clears it.

Every change of a zone, a board or an attribute during play is a generated statement's (``stmt_Move``,
``stmt_Place``, ``stmt_SetAttribute``: the runtime moves nothing of its own), and what changes a state outside a
step (a position read back, an example's `given`, an undone step) clears the mark or restores it as it was.
A newcomer's Social deduction checks its three ends (the imposter voted out, at parity, surviving ten rounds:
`out`, `rounds` and the imposter's hidden `role` zone) after each of the six speeches and votes of a round, each
of which writes only `votes` or nothing: now only after the count. Measured: benchmarks/bench_ends_watch.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from ..model import end_inputs, reads

# The lever's switch (off: the mark as before it, counters-only ends, cleared by every counter written).
WATCHED_WRITES = True


@dataclass(frozen=True)
class Watched:
    """What the ends checked after every step read, where a mark is kept for them: the counters, and whether a
    zone (any) or a changing attribute (any) is among it. ``beyond``: the mark is kept for ends reading zones or
    attributes (else for counters alone, with its record of their values)."""

    counters: frozenset
    zones: bool = False
    attributes: bool = False
    beyond: bool = False


NOTHING = Watched(frozenset())


class EndsWatch:
    """Which writes clear the after-step ends' mark (CodeGenerator's part)."""

    def watched(self) -> Optional[Watched]:
        """What a write must touch to clear the mark; None without the lever (every counter written clears it)."""
        if not WATCHED_WRITES:
            return None
        kept = getattr(self, "_watched", None)
        if kept is None:
            kept = self._watched = self._watched_now()
        return kept

    def _watched_now(self) -> Watched:
        ends = [(k, end) for k, end in enumerate(self.m.ends) if end.timing == "after_step"]
        if not ends or not self.ends_clean("after_step", ()):
            return NOTHING
        indexed = {end.name: True for _, end in ends if reads.board_index(end, self.m) is not None}
        counters = self.counters_read(ends, indexed)
        if counters is not None:  # (the counter-only mark, with its record: codegen/ends.py)
            return Watched(frozenset(counters))
        if indexed:
            return NOTHING
        found = [end_inputs.end_inputs(end, self.m) for _, end in ends]
        if any(inputs is None for inputs in found):
            return NOTHING  # (no mark is ever set)
        return Watched(frozenset(c for inputs in found for c in inputs.counters),
                       zones=any(inputs.zones for inputs in found),
                       attributes=any(inputs.attributes for inputs in found), beyond=True)

    def marks_beyond_counters(self) -> bool:
        """Whether the after-step check marks the state clean for ends that read zones or attributes too."""
        watched = self.watched()
        return watched is not None and watched.beyond

    def clears_mark(self, counter: Optional[str] = None, zones: bool = False, attributes: bool = False) -> bool:
        """Whether a write of ``counter`` (or of a zone, of an attribute) clears the after-step ends' mark."""
        watched = self.watched()
        if watched is None:
            return counter is not None
        return (counter is not None and counter in watched.counters or zones and watched.zones
                or attributes and watched.attributes)

    def mark_cleared_here(self, zones: bool = False, attributes: bool = False) -> None:
        """Before a move, a placement or an attribute set: the mark cleared, where the ends read such a write
        and the block has not cleared it already."""
        if not self.counters_marked and self.clears_mark(zones=zones, attributes=attributes):
            self.w.line("st._ends_clean = False  # what the after-step ends read changes: they are checked again")
