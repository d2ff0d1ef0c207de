"""A listing whose conditions use definitions kept by what their values read (issue #40, round 14, helper social),
against the same file's engine generated without it, in one process: a newcomer's Social deduction, whose speech
and vote are offered `only if alive(t)` (`out of t = 0`), so their rows were listed again at each of the twelve
decisions of a round though they change only when a player is voted out; and other files whose listings' conditions
use definitions that read only counters and zones' sizes (universal poker, bridge, cribbage, the gallery's Leduc
poker: every file it changes) (codegen/listing_plans.py, LISTINGS_THROUGH_DEFINITIONS;
listing_reads: such a listing's rows are kept by the zones and counters it reads, StepInfo.rows_kept).

The same seeded games, thread CPU time, nothing but play inside the clock, rounds interleaved with the order
rotated, medians with their min-max spread (benchmarks/ab.py).

    python benchmarks/bench_listing_definitions.py --rounds 5

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ab import ROOT, compare_levers  # noqa: E402
from rulespec.codegen import listing_plans  # noqa: E402

WITHOUT = ((listing_plans, "LISTINGS_THROUGH_DEFINITIONS", False),)
GALLERY = ("leduc-poker",)
FILES = ("social-deduction", "universal-poker", "bridge", "cribbage", "leduc-poker")
PLAYERS = {"social-deduction": 6, "bridge": 4}

# lever -> (its file, the generator's switch turned off)
LEVERS = {f"a listing kept through its definitions: {name}": (name, WITHOUT) for name in FILES}
SEEDS = {name: range(40 if name in ("bridge", "cribbage") else 300) for name in FILES}


def _path(name: str) -> Path:
    return ROOT / ("rulebooks" if name in GALLERY else "tests/newcomer/games") / f"{name}.rules"


def main() -> None:
    compare_levers("bench_listing_definitions.py", LEVERS, SEEDS, _path, players=PLAYERS)


if __name__ == "__main__":
    main()
