"""Chance listings kept by what their outcomes read (StepInfo.outcomes_key).

A chance step whose outcomes are worked out from a few things of the state, and from nothing else but its
step, arguments and set-up, lists the same outcomes wherever those things are the same: a shuffle lists
every order of the components its zone holds, whatever else the state holds. Listing a shuffle of six
different components makes 720 texts and orders; every new game of a file that shuffles the same
components at its set-up would make them again. The engine keeps the listing (its Pending, the Actions made
for it included) by what the outcomes read, and every state that reads the same shares it, as states
share a listing made once (StepInfo.listed_once). A Pending never changes once listed but to fill in what
it derives, so sharing it changes nothing a caller sees.
"""

from __future__ import annotations

from typing import Callable, Optional

# The most outcomes kept at once, over every listing: a shuffle lists up to 40,320 orders (the language's
# limit), so a few of the largest fit; past it, what is kept is let go and kept anew.
OUTCOMES_KEPT = 100_000


class KeptOutcomes:
    """One engine's kept chance listings: (step, arguments, set-up, what its outcomes read) -> Pending."""

    __slots__ = ("_kept", "_outcomes")

    def __init__(self) -> None:
        self._kept: dict[tuple, object] = {}
        self._outcomes = 0  # how many outcomes the kept listings hold together

    def listing(self, st, step: str, args: tuple, outcomes_key: Callable, list_now: Callable):
        """The Pending of chance step ``step`` at ``st``: the one kept for what its outcomes read (the value of
        ``outcomes_key``), or ``list_now(st)``, kept when the key says what it reads (not None)."""
        reads: Optional[tuple] = outcomes_key(st, *args)
        if reads is None:
            return list_now(st)
        key = (step, args, st._t, reads)
        pending = self._kept.get(key)
        if pending is None:
            pending = list_now(st)
            if pending.count:
                if self._outcomes + pending.count > OUTCOMES_KEPT:
                    self._kept.clear()
                    self._outcomes = 0
                self._kept[key] = pending
                self._outcomes += pending.count
        return pending
