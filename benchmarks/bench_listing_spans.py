"""A listing that binds a name over a range of numbers kept by what it reads (issue #40, round 14, helper bargaining),
against the same file's engine generated without it, in one process: a newcomer's Bargaining, whose 120 offers
(`for b in 0..7, h in 0..7, k in 0..7`, tested against the pool's counters) were listed afresh at every turn, and
the other newcomer files where the lever fires (Yacht, Oh Hell, Spades, Tarok, Dou Dizhu)
(codegen/listing_plans.py, LISTINGS_OVER_SPANS).

The same seeded games, thread CPU time, nothing but play inside the clock, rounds interleaved with the order
rotated, medians with their min-max spread (benchmarks/ab.py).

    python benchmarks/bench_listing_spans.py --rounds 5

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ab import ROOT, compare_levers  # noqa: E402
from rulespec.codegen import listing_plans  # noqa: E402

WITHOUT = ((listing_plans, "LISTINGS_OVER_SPANS", False),)
NAMES = ("bargaining", "yacht", "oh-hell", "spades", "tarok", "dou-dizhu")
# lever -> (its file, the generator's switch turned off)
LEVERS = {f"a listing over a range kept by what it reads: {name}": (name, WITHOUT) for name in NAMES}
SEEDS = {"bargaining": range(300), "yacht": range(10), "oh-hell": range(40),
         "spades": range(20), "tarok": range(20), "dou-dizhu": range(10)}
PLAYERS = {"oh-hell": 3, "spades": 4, "tarok": 3, "dou-dizhu": 3}


def _path(name: str) -> Path:
    return ROOT / "tests/newcomer/games" / f"{name}.rules"


def main() -> None:
    compare_levers("bench_listing_spans.py", LEVERS, SEEDS, _path, players=PLAYERS)


if __name__ == "__main__":
    main()
