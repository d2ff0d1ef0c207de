"""What the newcomer's Pentago spends its time on (issue #40, helper pentago), each lever against the same file's
engine generated without it, in one process: (a) `there is s in B where there is d in directions of B where
count(t in line of N from s towards d where C) = N` asked of the board's whole lines, each once
(codegen/whole_lines.py), not of every space and direction: measured on Pentago (five in a row tested after
every turn, its ends not indexed), and on tic-tac-toe and Connect Four (whose hot ends are indexed: only their
`end_` functions change); (b) a walk narrowed to a place whose row or column is a value chosen by a condition,
or a definition of one (`any(s in grid where row of s = top_row(q) + trow of t - 1 and ...)`, `top_row(q)`
defined as `if q <= 2 then 1 else 4`: model/narrowing.py), looked up by row and column rather than a walk of
the board: Pentago's quadrant lifted onto its turntable and put back; (c) the rows of an option's last walks
(over constants, untested once bound) kept as one block by the names walked before them (codegen/row_blocks.py):
Pentago's four quadrants of each empty space; (d) a definition several ends of one check ask worked out once a
check for each value of its arguments (codegen/ends_calls.py): Pentago's `both_five` and `five` both ask player 1's
`five_in_a_row`; Liar's Dice's two ends both ask `bid_stands`; (e) a `for each` of a whole board whose one `if` has parts the board's geometry alone decides read from
their table, as a count's walk is (codegen/related_spaces.py, now from statements.py too; a value chosen by a
condition is geometric when its parts are): Pentago's `for each s in grid: if in_quadrant(s, q) and s is occupied`
walks the quadrant's nine spaces. The same seeded games, thread CPU time,
nothing but play inside the clock, rounds interleaved with the order rotated, medians with their min-max spread.

    python benchmarks/bench_line_levers.py --rounds 5

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ab import ROOT, compare_levers  # noqa: E402
from rulespec.codegen import ends_calls, row_blocks, statements, whole_lines  # noqa: E402
from rulespec.model import narrowing  # noqa: E402

NEWCOMER = ROOT / "tests" / "newcomer" / "games"
WHOLE = (whole_lines.WholeLines, "whole_lines_test", lambda self, count: None)
BLOCKS = (row_blocks.RowBlocks, "block_level", lambda self, *args: None)
ASKED = (ends_calls.EndsCalls, "ends_calls_asked_again", lambda self, ends: {})
FOR_EACH = (statements.Statements, "related_for_each", lambda self, *args: None)
CHOSEN = ((narrowing, "_written_out_inside", lambda e, *args: e),
          (narrowing, "_stable_choice", lambda e, var, changing: False))

# lever -> (its file, the generator's methods swapped for what was there before it)
LEVERS = {
    "(a) the whole lines, each once": ("pentago", (WHOLE,)),
    "(a) on tic-tac-toe": ("tic-tac-toe", (WHOLE,)),
    "(a) on Connect Four": ("connect-four", (WHOLE,)),
    "(b) a place chosen by a condition": ("pentago", CHOSEN),
    "(c) the last walks' rows kept as a block": ("pentago", (BLOCKS,)),
    "(d) a definition the ends ask kept a check": ("pentago", (ASKED,)),
    "(d) on Liar's Dice": ("liars-dice", (ASKED,)),
    "(e) a for each read from a geometric table": ("pentago", (FOR_EACH,)),
}
SEEDS = {"pentago": range(20), "tic-tac-toe": range(200), "connect-four": range(40), "liars-dice": range(100)}
PATHS = {name: ROOT / "rulebooks" / f"{name}.rules" for name in ("tic-tac-toe", "connect-four", "liars-dice")}


def main() -> None:
    compare_levers("bench_line_levers.py", LEVERS, SEEDS, lambda name: PATHS.get(name, NEWCOMER / f"{name}.rules"))


if __name__ == "__main__":
    main()
