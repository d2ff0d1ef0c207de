"""A listing's loops written in place (issue #40, helper amazons): (a) a name bound to a walk (`t in walk(u from
s towards d while u is empty)`) walked along the board's ray in the listing, and (b) a `there is` condition of a
listing written as a loop stopping at the first found (codegen/listing_loops.py), each against the same file's
engine generated without it, and both together, in one process. Measured on the newcomer's Amazons (a queen's
slide and an arrow's flight listed as walks; an amazon that can move: `there is d in directions of grid where
neighbour of s towards d is empty`). The same seeded games, thread CPU time, nothing but play inside the clock,
rounds interleaved with the order rotated, medians with their min-max spread.

    python benchmarks/bench_listing_loops.py --rounds 5

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ab import ROOT, compare_levers  # noqa: E402
from rulespec.codegen.listing_loops import ListingLoops  # noqa: E402

WALK_CALLED = ((ListingLoops, "walk_in_place", lambda self, domain, code: None),)
ANY_OVER_A_GENERATOR = ((ListingLoops, "exists_loop", lambda self, c: None),)

# lever -> (its file, the generator's methods swapped for what was there before it)
LEVERS = {
    "(a) a walk a listing binds, walked in place": ("amazons", WALK_CALLED),
    "(b) a listing's `there is`, a loop": ("amazons", ANY_OVER_A_GENERATOR),
    "(a) and (b)": ("amazons", WALK_CALLED + ANY_OVER_A_GENERATOR),
}
SEEDS = {"amazons": range(40)}


def main() -> None:
    compare_levers("bench_listing_loops.py", LEVERS, SEEDS,
                   lambda name: ROOT / "tests" / "newcomer" / "games" / f"{name}.rules")


if __name__ == "__main__":
    main()
