"""A fill answers for its region while scores are worked out (issue #40, helper cursorgo): Results._scores
sets runtime/fills.py read_only_fills, so that a `connected` from one space answers for every space its flood
passed through (Go's area score asks `reaches(s, p)` of every empty point: one flood a region, not one a
space), against the same engine with read_only_fills swapped for one that keeps nothing (every fill asked space
by space, as before), in one process: random play with each game's returns read at its end inside the clock
(bench_honest.microseconds_a_step(read_returns=True)), the same seeded games, thread CPU time, rounds
interleaved with the order rotated, medians with their min-max spread.

    python benchmarks/bench_region_fills.py --rounds 5

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from ab import engine_of, interleaved, played_with, print_table, seeds_of  # noqa: E402
from bench_honest import microseconds_a_step  # noqa: E402
from rulespec.runtime import results  # noqa: E402

NEWCOMER = ROOT / "tests" / "newcomer" / "games"
GAMES = {"cursor-go": (NEWCOMER / "cursor-go.rules", 20), "phantom-go": (NEWCOMER / "phantom-go.rules", 2),
         "go": (ROOT / "rulebooks" / "go.rules", 4)}  # file, seeded games a block
KEEPS_NOTHING = ((results, "read_only_fills", lambda on: None),)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    rows = []
    for name, (path, games) in GAMES.items():
        engine = engine_of(path, ())
        rows.append((lambda r, e=engine, g=games: microseconds_a_step(e, seeds_of(r, g), read_returns=True),
                     lambda r, e=engine, g=games: played_with(
                         KEEPS_NOTHING, lambda: microseconds_a_step(e, seeds_of(r, g), read_returns=True))))
    figures = interleaved(rows, args.rounds)
    print_table(f"bench_region_fills.py --rounds {args.rounds}", ("file",),
                [(name, on, off) for name, (on, off) in zip(GAMES, figures)], "us a step, returns read at the end")


if __name__ == "__main__":
    main()
