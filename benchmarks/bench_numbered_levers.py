"""Four generator levers of issue #40 found in a newcomer's 2048 (tests/newcomer/games/twenty-forty-eight.rules),
each against the engine generated without it, in one process: (a) a walk of a board narrowed to the space of a
number (model/narrowing.py fixed_by_index: `any(s in grid where index of s = n - 1)` looks up the space in use
at that index, not a search of the board); (b) a pick of several names tests each part of its `where` as soon
as the names it reads are picked (model/narrowing.py pick_conditions: `for n, v picked from 1..16 where tile of
cell(n) = 0 and (v = 2 or v = 4)` asks about cell n 16 times, not 256); (c) an automatic step given a direction
reads its lines of a constant length towards it from a table looked up once at its top (codegen/hoisted.py
line_tables_start: `slide(d)`'s `size of line of 4 from s towards d`, 56 a move); (d) a definition's value a pick's
condition works out whenever it holds kept for its text, weight and later conditions (codegen/chance.py
pick_condition: `cell(n)` once per n, not again twice for each outcome's text). The same seeded games, thread CPU
time, nothing but play inside the clock, rounds interleaved with the order rotated, medians with their
min-max spread.

    python benchmarks/bench_numbered_levers.py --rounds 5

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ab import ROOT, compare_levers  # noqa: E402
from rulespec.codegen import chance, hoisted  # noqa: E402
from rulespec.model import narrowing  # noqa: E402

NEWCOMER = ROOT / "tests" / "newcomer" / "games"
BY_INDEX = (narrowing, "fixed_by_index", lambda var, board, this, other: None)
TESTED_EARLY = (chance.Chance, "pick_tested_early", lambda self, outcome: None)
LINE_TABLES = (hoisted.HoistedReads, "line_table", lambda self, e: None)
KEPT = (chance.Chance, "pick_keeping", lambda self, condition: {})

# lever -> (its file, what is swapped for what was there before it)
LEVERS = {
    "(a) the space of a number looked up": ("twenty-forty-eight", (BY_INDEX,)),
    "(b) a pick's conditions tested early": ("twenty-forty-eight", (TESTED_EARLY,)),
    "(a) and (b)": ("twenty-forty-eight", (BY_INDEX, TESTED_EARLY)),
    "(c) a step's line tables read once": ("twenty-forty-eight", (LINE_TABLES,)),
    "(d) a definition's value kept in a pick": ("twenty-forty-eight", (KEPT,)),
    "(a) to (d)": ("twenty-forty-eight", (BY_INDEX, TESTED_EARLY, LINE_TABLES, KEPT)),
}
SEEDS = {"twenty-forty-eight": range(4)}


def main() -> None:
    compare_levers("bench_numbered_levers.py", LEVERS, SEEDS, lambda name: NEWCOMER / f"{name}.rules",
                   players={"twenty-forty-eight": 1})


if __name__ == "__main__":
    main()
