"""Two generator levers of issue #40 for Hanabi as a newcomer wrote it (tests/newcomer/games/hanabi.rules: the
hands on a board whose rows are the seats, `owner of s = number of p`, and a hand size worked out from the
number of players, `5 - count(p in players) div 4`), helper hanabi: (a) a seat's number is stable
(model/narrowing.py NUMBER_OF_STABLE), so a walk of the board whose test fixes its row to a seat's number is a
walk of that row (five spaces, not twenty-five); (b) `count(p in players)` with no condition is the number of
players, a look-up (PLAYERS_COUNTED_SMALL), so a definition built on it stays small and is written out in a
listing's tests rather than called for every space. Each against the same file's engine generated without it;
the same seeded games, thread CPU time, nothing but play inside the clock, rounds interleaved with the order
rotated, medians with their min-max spread.

    python benchmarks/bench_seat_rows.py --rounds 5

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ab import ROOT, compare_levers  # noqa: E402
from rulespec.model import narrowing  # noqa: E402

# lever -> (its file, the generator's attributes swapped for what was there before it)
LEVERS = {"(a) a seat's number narrows a walk to its row": ("hanabi", ((narrowing, "NUMBER_OF_STABLE", False),)),
          "(b) count(p in players) is a look-up": ("hanabi", ((narrowing, "PLAYERS_COUNTED_SMALL", False),)),
          "(a+b) both": ("hanabi", ((narrowing, "NUMBER_OF_STABLE", False), (narrowing, "PLAYERS_COUNTED_SMALL", False))),
          "(b) on Liar's dice": ("liars-dice", ((narrowing, "PLAYERS_COUNTED_SMALL", False),))}
SEEDS = {"hanabi": range(60), "liars-dice": range(100)}


def path_of(name: str) -> Path:
    newcomer = ROOT / "tests" / "newcomer" / "games" / f"{name}.rules"
    return newcomer if newcomer.exists() else ROOT / "rulebooks" / f"{name}.rules"


def main() -> None:
    compare_levers("bench_seat_rows.py", LEVERS, SEEDS, path_of)


if __name__ == "__main__":
    main()
