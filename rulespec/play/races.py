"""Reaction times: who is fastest in a claim window (a choice ``by any player``), for simulate and play.

A seat's reaction time is a distribution of seconds (``0.8s..1.5s``, ``lognormal(0.9, 0.3)``, ...),
a parameter of the player, not of the game: the rule file says only that a window is a race. Each
claim's time is drawn from the run's seeded rng (randomness on the players' side, like a random
seat's choice), so the same seed replays the same races. The claims of one round of a window are
ordered by time; the fastest is applied and the others come too late ("player 2 was faster"). When
the window is still open after it (a wrong call was penalised), the seats left race again with
fresh times. Nothing here knows a game.
"""

from __future__ import annotations

import math
import random
import re
from dataclasses import dataclass
from typing import Optional, Sequence

# A reaction time is at most this many seconds (a draw past it is cut to it): `rulespec play` waits
# in wall-clock time for a bot's claim, so a distribution may never make it wait for long.
MAX_REACTION_SECONDS = 60.0
# A seat with no reaction time of its own in a run where some seat has one: a person's reaction to
# a card turned over (seeing it, then reaching the lemon), from a half to one and a half seconds.
DEFAULT_REACTION = "0.5s..1.5s"
# The bots of `rulespec play` when not told otherwise: a person at the keyboard reads the board and
# types, which takes seconds, so the bots give the person a fair race.
PLAY_REACTION = "3s..8s"

SYNTAX = ("a reaction time is SECONDS (0.8s, 800ms), LOW..HIGH (0.8s..1.5s: uniform), "
          "uniform(LOW, HIGH) or lognormal(MEDIAN, SIGMA) (seconds; SIGMA: the spread of log time)")

_NUMBER = r"(\d+(?:\.\d*)?|\.\d+)"
_SECONDS = re.compile(rf"^{_NUMBER}\s*(s|ms)?$")
_CALL = re.compile(rf"^(uniform|lognormal)\(\s*([^,()]*)\s*,\s*([^,()]*)\s*\)$")


@dataclass(frozen=True)
class ReactionTime:
    """A distribution of reaction times in seconds: ``fixed`` (a), ``uniform`` (a..b) or
    ``lognormal`` (median a, sigma b)."""
    kind: str
    a: float
    b: float = 0.0

    def draw(self, rng: random.Random) -> float:
        if self.kind == "fixed":
            return self.a
        if self.kind == "uniform":
            return rng.uniform(self.a, self.b)
        return min(rng.lognormvariate(math.log(self.a), self.b), MAX_REACTION_SECONDS)

    def __str__(self) -> str:
        if self.kind == "fixed":
            return f"{self.a:g}s"
        if self.kind == "uniform":
            return f"{self.a:g}s..{self.b:g}s"
        return f"lognormal({self.a:g}, {self.b:g})"


def _seconds(text: str) -> float:
    found = _SECONDS.match(text.strip())
    if not found:
        raise ValueError(f"{text.strip()!r} is not a time: {SYNTAX}")
    value = float(found.group(1)) / (1000 if found.group(2) == "ms" else 1)
    if value > MAX_REACTION_SECONDS:
        raise ValueError(f"{text.strip()!r}: a reaction time is at most {MAX_REACTION_SECONDS:g} s")
    return value


def parse_reaction(text: str) -> ReactionTime:
    """A reaction time from its text (see SYNTAX); ValueError says what is wrong."""
    text = text.strip().lower()
    call = _CALL.match(text)
    if call:
        kind, first, second = call.groups()
        if kind == "uniform":
            low, high = _seconds(first), _seconds(second)
        else:
            low, high = _seconds(first), _plain(second)
            if low <= 0:
                raise ValueError(f"{text!r}: the median of a lognormal reaction time is more than 0")
            return ReactionTime("lognormal", low, high)
    elif ".." in text:
        first, _, second = text.partition("..")
        low, high = _seconds(first), _seconds(second)
    else:
        return ReactionTime("fixed", _seconds(text))
    if low > high:
        raise ValueError(f"{text!r}: the low end {low:g} s is above the high end {high:g} s")
    return ReactionTime("uniform", low, high) if low < high else ReactionTime("fixed", low)


def _plain(text: str) -> float:
    found = re.match(rf"^{_NUMBER}$", text.strip())
    if not found or float(found.group(1)) > 10:
        raise ValueError(f"{text.strip()!r} is not a sigma (a number from 0 to 10): {SYNTAX}")
    return float(found.group(1))


@dataclass
class Claim:
    """One seat's claim in a round of a window, and when it arrives (seconds after the window opened)."""
    seat: int
    action: object  # an Action, or the text a person typed
    time: float


def fastest(claims: Sequence[Claim], rng: random.Random) -> Optional[Claim]:
    """The claim that arrives first; equally fast claims (the same fixed time) are drawn by lot from
    ``rng`` (consumed only then, so that a run without ties draws nothing here)."""
    if not claims:
        return None
    first = min(claim.time for claim in claims)
    tied = [claim for claim in claims if claim.time == first]
    return tied[0] if len(tied) == 1 else tied[rng.randrange(len(tied))]


def too_late(loser: int, winner: int, winner_time: float, loser_time: Optional[float] = None) -> str:
    """What a claim that came too late is told: the runtime's refusal in a person's words."""
    times = f" ({winner_time:.2f} s" + (f", player {loser + 1} {loser_time:.2f} s)" if loser_time is not None else ")")
    return f"too late for player {loser + 1}: player {winner + 1} was faster{times}"
