"""A walk narrowed by the seats that reads a board's regions (issue #40, helper ctf): `any(s in field where s is a
base space and home_ground(p, s))` (Capture the flag's base of a seat, asked at every move and every tag), whose
region test is the same in every game where every game lays the same face, is read from a table by the seat
(codegen/seat_walks.py SeatWalks.same_regions: the region test among what a seat walk may read) instead of a walk of
the board testing each space, against the same file's engine generated without it. The same seeded games, thread
CPU time, nothing but play inside the clock, rounds interleaved with the order rotated, medians with their min-max
spread.

    python benchmarks/bench_region_walks.py --rounds 5

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ab import ROOT, at, compare_levers  # noqa: E402

NEWCOMER = ROOT / "tests" / "newcomer" / "games"
WITHOUT = (at("rulespec.codegen.seat_walks.SeatWalks.same_regions", lambda self, board: False),)

# lever -> (its file, the generator's methods swapped)
LEVERS = {
    "a region read by a seat walk": ("capture-the-flag", WITHOUT),
    "on Morpion solitaire": ("morpion-solitaire", WITHOUT),
}
SEEDS = {"capture-the-flag": range(20), "morpion-solitaire": range(40)}
PLAYERS = {"morpion-solitaire": 1}


def main() -> None:
    compare_levers("bench_region_walks.py", LEVERS, SEEDS, lambda name: NEWCOMER / f"{name}.rules", players=PLAYERS)


if __name__ == "__main__":
    main()
