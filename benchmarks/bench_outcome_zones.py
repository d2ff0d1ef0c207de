"""A pick's outcomes kept by the zones they read as well as the counters (issue #40, round 14, helper social),
against the same file's engine generated without it, in one process: a newcomer's Social deduction observes a
living player each round (`picked from signals where alive_numbered(target of s) weighted by signal_weight(s)`,
the weight asking `size of role of p`), listed again at every round though it changes only when a player is voted
out; and Tiny bridge's deal, the other file it changes (codegen/outcomes_by_counters.py, ZONES_IN_OUTCOME_KEYS; the
engine keeps the listing by what it reads, runtime/kept_outcomes.py).

The same seeded games, thread CPU time, nothing but play inside the clock, rounds interleaved with the order
rotated, medians with their min-max spread (benchmarks/ab.py).

    python benchmarks/bench_outcome_zones.py --rounds 5

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ab import ROOT, compare_levers  # noqa: E402
from rulespec.codegen import outcomes_by_counters  # noqa: E402

WITHOUT = ((outcomes_by_counters, "ZONES_IN_OUTCOME_KEYS", False),)
GALLERY = ()
FILES = ("social-deduction", "tiny-bridge-2p")
PLAYERS = {"social-deduction": 6}

# lever -> (its file, the generator's switch turned off)
LEVERS = {f"a pick kept by the zones it reads: {name}": (name, WITHOUT) for name in FILES}
SEEDS = {name: range(40 if name in ("bridge", "cribbage") else 300) for name in FILES}


def _path(name: str) -> Path:
    return ROOT / ("rulebooks" if name in GALLERY else "tests/newcomer/games") / f"{name}.rules"


def main() -> None:
    compare_levers("bench_outcome_zones.py", LEVERS, SEEDS, _path, players=PLAYERS)


if __name__ == "__main__":
    main()
