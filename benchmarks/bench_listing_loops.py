"""A listing's loops written in place (issue #40, helper amazons): (a) a name bound to a walk (`t in walk(u from
s towards d while u is empty)`) walked along the board's ray in the listing, and (b) a `there is` condition of a
listing written as a loop stopping at the first found (codegen/listing_loops.py); (c) a walk of a board's spaces
narrowed to those its few passing pieces stand on (`for s in grid` with `only if s holds colour of player`:
codegen/held_spaces.py); (d) a walk of a board narrowed to the spaces of the walks its condition says it is on
(`for t in grid only if there is d in directions of grid where t in walk(...)`: codegen/member_walks.py), on
tests/codegen/amazons-reach.rules (Amazons so said). Each against the same file's engine generated without it, and
all together, in one process. Measured on the newcomer's Amazons (a queen's slide and an arrow's flight listed as walks; an amazon that
can move: `there is d in directions of grid where neighbour of s towards d is empty`; 4 amazons of 100 spaces)
and on the reference's Cornered (c). The same seeded games, thread CPU time, nothing but play inside the clock,
rounds interleaved with the order rotated, medians with their min-max spread.

    python benchmarks/bench_listing_loops.py --rounds 5

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ab import ROOT, compare_levers  # noqa: E402
from rulespec.codegen.held_spaces import HeldSpaces  # noqa: E402
from rulespec.codegen.listing_loops import ListingLoops  # noqa: E402
from rulespec.codegen.member_walks import MemberWalks  # noqa: E402

WALK_CALLED = ((ListingLoops, "walk_in_place", lambda self, domain, code: None),)
ANY_OVER_A_GENERATOR = ((ListingLoops, "exists_loop", lambda self, c: None),)
EVERY_SPACE = ((HeldSpaces, "held_walk", lambda self, var, domain, parts: None),)
EVERY_SPACE_ASKED = ((MemberWalks, "member_walk", lambda self, var, domain, parts: None),)

# lever -> (its file, the generator's methods swapped for what was there before it)
LEVERS = {
    "(a) a walk a listing binds, walked in place": ("amazons", WALK_CALLED),
    "(b) a listing's `there is`, a loop": ("amazons", ANY_OVER_A_GENERATOR),
    "(a) and (b)": ("amazons", WALK_CALLED + ANY_OVER_A_GENERATOR),
    "(c) the spaces its few pieces stand on": ("amazons", EVERY_SPACE),
    "(c) on Cornered": ("cornered", EVERY_SPACE),
    "(a), (b) and (c)": ("amazons", WALK_CALLED + ANY_OVER_A_GENERATOR + EVERY_SPACE),
    "(d) the spaces of the walks it is on": ("amazons-reach", EVERY_SPACE_ASKED),
}
SEEDS = {"amazons": range(40), "cornered": range(200), "amazons-reach": range(10)}
PATHS = {"cornered": ROOT / "rulespec" / "docs" / "ref_games" / "cornered.rules",
         "amazons-reach": ROOT / "tests" / "codegen" / "amazons-reach.rules"}


def main() -> None:
    compare_levers("bench_listing_loops.py", LEVERS, SEEDS,
                   lambda name: PATHS.get(name, ROOT / "tests" / "newcomer" / "games" / f"{name}.rules"))


if __name__ == "__main__":
    main()
