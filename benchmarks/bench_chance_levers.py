"""The chance listings' generator levers of issue #40, each against the same file's engine generated without
it, in one process: (a) a shuffle's orders kept by the components its zone holds (codegen/chance.py
outcomes_key, runtime/kept_outcomes.py: every new game that shuffles the same components shares one listing
of their orders, its texts and Actions, instead of making them again). Measured on the newcomer's EinStein
wuerfelt nicht (six numbered cubes a player shuffled onto their corner: two shuffles of 720 orders a game)
and the reference's Spawn (a bag of three cubes shuffled at the set-up). The same seeded games, thread CPU
time, nothing but play inside the clock, rounds interleaved with the order rotated, medians with their
min-max spread.

    python benchmarks/bench_chance_levers.py --rounds 5

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ab import ROOT, compare_levers  # noqa: E402
from rulespec.codegen import chance  # noqa: E402

KEPT_SHUFFLES = (chance.Chance, "outcomes_key", lambda self, step: None)

# lever -> (its file, the generator's methods swapped for what was there before it)
LEVERS = {
    "(a) a shuffle's orders kept": ("einstein", (KEPT_SHUFFLES,)),
    "(a) a shuffle's orders kept (a bag of three)": ("spawn", (KEPT_SHUFFLES,)),
}
SEEDS = {"einstein": range(60), "spawn": range(200)}
PATHS = {"einstein": ROOT / "tests" / "newcomer" / "games" / "einstein.rules",
         "spawn": ROOT / "rulespec" / "docs" / "ref_games" / "spawn.rules"}


def main() -> None:
    compare_levers("bench_chance_levers.py", LEVERS, SEEDS, PATHS.__getitem__)


if __name__ == "__main__":
    main()
