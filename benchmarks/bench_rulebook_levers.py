"""The three rulebooks' levers of #40's ninth round (helper rulebooks2), each against the engine generated without
it, in one process: (a) a chance step picking from what the set-up fixes of a board listed once per arguments
and set-up (codegen/chance.py fixed_by_setup: Let Them Eat Shrimp!'s starting triangles). The same seeded games,
thread CPU time, nothing but play inside the clock, rounds interleaved with the order rotated, medians with
their min-max spread (benchmarks/ab.py).

    python benchmarks/bench_rulebook_levers.py --rounds 5

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ab import ROOT, compare_levers  # noqa: E402
from rulespec.codegen.chance import Chance  # noqa: E402

NOT_FIXED = ((Chance, "fixed_by_setup", staticmethod(lambda e: False)),)

# lever -> (its file and set-up, the generator's methods swapped for what was there before it)
LEVERS = {
    "(a) outcomes fixed by the set-up listed once": ("ltes-basic", NOT_FIXED),
    "(a) on the advanced game": ("ltes-advanced", NOT_FIXED),
}
SEEDS = {"ltes-basic": range(150), "ltes-advanced": range(60)}
PLAYERS = {"ltes-basic": 2, "ltes-advanced": 5}
VARIANTS = {"ltes-advanced": ("advanced",)}
PATHS = {"ltes-basic": ROOT / "rulebooks" / "let-them-eat-shrimp.rules",
         "ltes-advanced": ROOT / "rulebooks" / "let-them-eat-shrimp.rules"}


def main() -> None:
    compare_levers("bench_rulebook_levers.py", LEVERS, SEEDS, PATHS.__getitem__, players=PLAYERS, variants=VARIANTS)


if __name__ == "__main__":
    main()
