"""The cost of moving a component (issue #40, helper movefast): (a) `move occupant of s to Z` taken from the
space s itself (State._lift, runtime/lifting.py), not from wherever State._take finds the piece by going
through every board and a tile's cells, against the same file's engine generated with `_move(_occupant(...))`,
in one process. Measured on the newcomer's Kalah (every stone of a pit lifted into the hand), Othello (a disc
flipped by lifting it into the box) and Breakthrough (a capture), and on Shell We? (a tile back to the rack).
The same seeded games, thread CPU time, nothing but play inside the clock, rounds interleaved with the order
rotated, medians with their min-max spread.

    python benchmarks/bench_move_levers.py --rounds 5

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ab import ROOT, compare_levers  # noqa: E402
from rulespec.codegen import statements  # noqa: E402

NEWCOMER = ROOT / "tests" / "newcomer" / "games"
LIFTED = (statements.Statements, "lifted", lambda self, s: None)

# lever -> (its file, the generator's methods swapped for what was there before it)
LEVERS = {
    "(a) a piece lifted from its space": ("kalah", (LIFTED,)),
    "(a) on Othello": ("othello", (LIFTED,)),
    "(a) on Breakthrough": ("breakthrough", (LIFTED,)),
    "(a) on Shell We?": ("shell-we", (LIFTED,)),
}
SEEDS = {"kalah": range(30), "othello": range(4), "breakthrough": range(10), "shell-we": range(4)}
PATHS = {"shell-we": ROOT / "rulebooks" / "shell-we.rules"}  # (the others: NEWCOMER / name.rules)


def main() -> None:
    compare_levers("bench_move_levers.py", LEVERS, SEEDS, lambda name: PATHS.get(name, NEWCOMER / f"{name}.rules"))


if __name__ == "__main__":
    main()
