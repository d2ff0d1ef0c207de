"""The gallery's slowest toward 5x of OpenSpiel's C++ (issue #40, helper gallery5): each lever against the same
file's engine generated (or the runtime run) without it, in one process. (a) a choice `by each player` whose rows
the model cannot read apart keeps them per seat (codegen/choices.py seats_kept_apart): no two rows of a seat read
the same while no kept text repeats, so the engine offers them as listed (Goofspiel's bids). The same seeded games, thread CPU time, nothing but play inside the clock, rounds
interleaved with the order rotated, medians with their min-max spread.

    python benchmarks/bench_gallery_levers.py --rounds 5

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ab import ROOT, compare_levers  # noqa: E402
from rulespec.codegen.choices import Choices  # noqa: E402

ROWS_MADE_EACH_TIME = ((Choices, "seats_kept_apart", lambda self, step: False),)

# lever -> (its file, the generator's methods swapped for what was there before it)
LEVERS = {
    "(a) a simultaneous choice's rows kept per seat": ("goofspiel", ROWS_MADE_EACH_TIME),
}
SEEDS = {"goofspiel": range(300)}
NEWCOMER = ROOT / "tests" / "newcomer" / "games"


def path_of(name: str) -> Path:
    newcomer = NEWCOMER / f"{name}.rules"
    return newcomer if newcomer.exists() else ROOT / "rulebooks" / f"{name}.rules"


def main() -> None:
    compare_levers("bench_gallery_levers.py", LEVERS, SEEDS, path_of)


if __name__ == "__main__":
    main()
