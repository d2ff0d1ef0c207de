"""A listing fixed by its arguments and the set-up listed once though its chooser is no parameter or its options
bind fixed ranges (issue #40, round 13, helper sheriff), against the same file's engine generated without it, in
one process: `choice offer() by smuggler` with `for b in 0..3` (Sheriff as a newcomer wrote it), a choice by each
player over fixed splits (Blotto), Tiny Hanabi's signals (codegen/listing_plans.py listed_once, FIXED_LISTINGS; the
runtime's Engine._listed_once keeps the Pending, and the adapters its numbers, per arguments and set-up).

The same seeded games, thread CPU time, nothing but play inside the clock, rounds interleaved with the order
rotated, medians with their min-max spread (benchmarks/ab.py).

    python benchmarks/bench_fixed_listings.py --rounds 5

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ab import ROOT, compare_levers  # noqa: E402
from rulespec.codegen import listing_plans  # noqa: E402

WITHOUT = ((listing_plans, "FIXED_LISTINGS", False),)

# lever -> (its file, the generator's switch turned off)
LEVERS = {
    "a fixed listing listed once": ("sheriff", WITHOUT),
    "a fixed listing listed once: tiny-hanabi": ("tiny-hanabi", WITHOUT),
    "a fixed listing listed once: blotto": ("blotto", WITHOUT),
}
SEEDS = {"sheriff": range(400), "tiny-hanabi": range(400), "blotto": range(400)}


def main() -> None:
    compare_levers("bench_fixed_listings.py", LEVERS, SEEDS,
                   lambda name: ROOT / "tests" / "newcomer" / "games" / f"{name}.rules")


if __name__ == "__main__":
    main()
