"""The sowing games' generator levers of issue #40, each against the same file's engine generated without it,
in one process: (a) a walk narrowed by what the seats decide (codegen/seat_walks.py: `for k in 1..13 where
own_pit(p, k) and ...` visits each seat's own numbers, a SeatWalk table); (b) the first of a walk found
without a generator (codegen/counts.py _first_found: `any(x in hand)` the zone's first, `any(s in pits where
position of s = at and s is empty)` the row's first empty space found in C); (c) an automatic step that sets
itself going again as its last statement run as a loop (codegen/steps_again.py). Measured on the newcomer's
Kalah (a pit a row of 48 slots, the stones components), Kalah written with counters, Othello ((b): a disc
taken from the box) and Oware ((a): `own(s, p)`, a seat and a graph's marks; (c): a seed a turn of `sow`). The same seeded games, thread CPU time, nothing
but play inside the clock, rounds interleaved with the order rotated, medians with their min-max spread.

    python benchmarks/bench_sowing_levers.py --rounds 5

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ab import ROOT, compare_levers  # noqa: E402
from rulespec.codegen import counts, seat_walks, steps_again  # noqa: E402

NEWCOMER = ROOT / "tests" / "newcomer" / "games"
SEAT_WALKS = (seat_walks.SeatWalks, "seat_walk", lambda self, var, domain, parts: None)
FIRST_FOUND = (counts.Counts, "_first_found", lambda self, e, test, domain: None)
STEPS_AGAIN = (steps_again.StepsAgain, "runs_again", lambda self, step: set())

# lever -> (its file, the generator's methods swapped for what was there before it)
LEVERS = {
    "(a) a walk the seats decide": ("kalah", (SEAT_WALKS,)),
    "(b) a first found without a generator": ("kalah", (FIRST_FOUND,)),
    "(a) and (b)": ("kalah", (SEAT_WALKS, FIRST_FOUND)),
    "(a) with counters": ("kalah-counters", (SEAT_WALKS,)),
    "(b) a disc from the box": ("othello", (FIRST_FOUND,)),
    "(a) a seat's own houses (a graph's marks)": ("oware", (SEAT_WALKS,)),
    "(c) a step run again by a loop": ("oware", (STEPS_AGAIN,)),
}
SEEDS = {"kalah": range(30), "kalah-counters": range(60), "othello": range(4), "oware": range(20)}
PATHS = {"othello": ROOT / "rulebooks" / "othello.rules", "oware": ROOT / "rulebooks" / "oware.rules"}  # (the others: NEWCOMER / name.rules)


def main() -> None:
    compare_levers("bench_sowing_levers.py", LEVERS, SEEDS, lambda name: PATHS.get(name, NEWCOMER / f"{name}.rules"))


if __name__ == "__main__":
    main()
