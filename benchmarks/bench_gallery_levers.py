"""The gallery's slowest toward 5x of OpenSpiel's C++ (issue #40, helper gallery5): each lever against the same
file's engine generated (or the runtime run) without it, in one process. (a) a choice `by each player` whose rows
the model cannot read apart keeps them per seat (codegen/choices.py seats_kept_apart): no two rows of a seat read
the same while no kept text repeats, so the engine offers them as listed (Goofspiel's bids). (d) a chance node's
outcomes kept with its Pending and a short static draw's by the items it draws from (runtime/drawn_outcomes.py
outcomes_kept: Kuhn poker's and Leduc's deals, Pig's roll listed once), against the runtime pairing them outcome by
outcome. The same seeded games, thread CPU time, nothing but play inside the clock, rounds
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
from rulespec.runtime import drawn_outcomes  # noqa: E402

ROWS_MADE_EACH_TIME = ((Choices, "seats_kept_apart", lambda self, step: False),)
PAIRED_EACH_TIME = ((drawn_outcomes, "outcomes_kept", lambda: False),)

# lever -> (its file, the generator's methods swapped for what was there before it)
LEVERS = {
    "(a) a simultaneous choice's rows kept per seat": ("goofspiel", ROWS_MADE_EACH_TIME),
    "(d) a chance node's outcomes kept": ("kuhn-poker", ()),
    "(d) in Leduc": ("leduc-poker", ()),
    "(d) in Goofspiel": ("goofspiel", ()),
    "(d) in Pig": ("pig", ()),
    "(d) in Liar's dice": ("liars-dice", ()),
}
SEEDS = {"goofspiel": range(300), "kuhn-poker": range(3000), "leduc-poker": range(1000), "pig": range(200),
         "liars-dice": range(600)}
# lever -> the runtime's attributes swapped while the side without it plays
WITHOUT = {"(d) a chance node's outcomes kept": PAIRED_EACH_TIME, "(d) in Leduc": PAIRED_EACH_TIME,
           "(d) in Goofspiel": PAIRED_EACH_TIME, "(d) in Pig": PAIRED_EACH_TIME, "(d) in Liar's dice": PAIRED_EACH_TIME}
NEWCOMER = ROOT / "tests" / "newcomer" / "games"


def path_of(name: str) -> Path:
    newcomer = NEWCOMER / f"{name}.rules"
    return newcomer if newcomer.exists() else ROOT / "rulebooks" / f"{name}.rules"


def main() -> None:
    compare_levers("bench_gallery_levers.py", LEVERS, SEEDS, path_of, played_without=WITHOUT)


if __name__ == "__main__":
    main()
