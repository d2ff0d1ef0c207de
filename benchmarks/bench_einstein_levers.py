"""The generator levers of issue #40 found in the newcomer's EinStein wuerfelt nicht, each against the same
file's engine generated without it, in one process: (a) a shuffle's orders kept by the components its zone
holds (codegen/chance.py outcomes_key, runtime/kept_outcomes.py: every new game that shuffles the same
components shares one listing of their orders, its texts and Actions, instead of making them again), measured
on EinStein (six numbered cubes a player shuffled onto their corner: two shuffles of 720 orders a game) and
the reference's Spawn (a bag of three cubes shuffled at the set-up); (b) a definition used by a listing's
condition written out in place when its value holds a part that reads none of the chosen names, so the
listing keeps that part once (codegen/written_out_for_once.py), measured on EinStein (`may_move(s, player)`
asks `not rolled_on_board(p)`, a search of the board, for every cube of the player's) and on the newcomer's
crazy eights (`may_play(c)` asks `suit_to_follow` for every card in the hand). The same seeded
games, thread CPU time, nothing but play inside the clock, rounds interleaved with the order rotated, medians
with their min-max spread.

    python benchmarks/bench_einstein_levers.py --rounds 5

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ab import ROOT, compare_levers  # noqa: E402
from rulespec.codegen import chance, written_out_for_once  # noqa: E402

KEPT_SHUFFLES = (chance.Chance, "outcomes_key", lambda self, step: None)
WRITTEN_OUT = (written_out_for_once.WrittenOutForOnce, "written_out_for_once", lambda self, bound: lambda c: None)
NESTED = (written_out_for_once.WrittenOutForOnce, "nested_in_listing", False)  # (nor anywhere in a condition)

# lever -> (its file, the generator's methods swapped for what was there before it)
LEVERS = {
    "(a) a shuffle's orders kept": ("einstein", (KEPT_SHUFFLES,)),
    "(a) a shuffle's orders kept (a bag of three)": ("spawn", (KEPT_SHUFFLES,)),
    "(b) a definition written out for a part kept once": ("einstein", (WRITTEN_OUT, NESTED)),
    "(b) in crazy eights": ("crazy-eights", (WRITTEN_OUT, NESTED)),
}
SEEDS = {"einstein": range(60), "spawn": range(200), "crazy-eights": range(60)}
PATHS = {"einstein": ROOT / "tests" / "newcomer" / "games" / "einstein.rules",
         "crazy-eights": ROOT / "tests" / "newcomer" / "games" / "crazy-eights.rules",
         "spawn": ROOT / "rulespec" / "docs" / "ref_games" / "spawn.rules"}


def main() -> None:
    compare_levers("bench_einstein_levers.py", LEVERS, SEEDS, PATHS.__getitem__)


if __name__ == "__main__":
    main()
