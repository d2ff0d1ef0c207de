"""Ends that walk from a space, tested only where the board changed (issue #40, helper gomoku): Gomoku's five in
a row said as a walk from a stone (`mine(s, p) and count(d in directions of grid where size of walk(t from s
towards d while mine(t, p)) >= 4) > 0`) instead of the newcomer's `line of 5`, its engine against the same
file's engine generated without (a) a walk's size compared with a number read as the line of K + 2 from its
space (rulespec/model/reads.py walk_compared: without it the end is tested in full after every step), and
without (b) `A and some direction d where psi` tested per (space, direction) (some_direction: without it, per
space, eight walks each), in one process. The same seeded games, thread CPU time, nothing but play inside the
clock, rounds interleaved with the order rotated, medians with their min-max spread.

    python benchmarks/bench_walk_ends.py --rounds 5

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ab import ROOT, compare_levers  # noqa: E402
from rulespec.model import ir, reads  # noqa: E402

GOMOKU = ROOT / "tests" / "newcomer" / "games" / "gomoku.rules"
LINE = "count(d in directions of grid where count(t in line of 5 from s towards d where mine(t, p)) = 5) > 0"
WALK = "mine(s, p) and count(d in directions of grid where size of walk(t from s towards d while mine(t, p)) >= 4) > 0"
SOME_DIRECTION = reads.some_direction
PER_SPACE = ((reads, "some_direction",  # (b) off: "some direction d" split off only when it is the whole test
              lambda test, board: (None, None, ()) if isinstance(test, ir.BoolOp) and test.op == "and"
              else SOME_DIRECTION(test, board)),)
IN_FULL = ((reads._Reader, "walk_compared", lambda self, e, env: None),) + PER_SPACE

# lever -> (its file, the generator's methods swapped for what was there before it)
LEVERS = {
    "(a) + (b): the walk read as a line, per (space, direction)": ("gomoku-walk", IN_FULL),
    "(b) alone: per (space, direction), not per space": ("gomoku-walk", PER_SPACE),
    "the newcomer's file (line of 5: neither applies)": ("gomoku", IN_FULL),
}
SEEDS = {"gomoku-walk": range(30), "gomoku": range(30)}


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        walk = Path(folder) / "gomoku-walk.rules"
        walk.write_text(GOMOKU.read_text().replace(LINE, WALK))
        compare_levers("bench_walk_ends.py", LEVERS, SEEDS, {"gomoku-walk": walk, "gomoku": GOMOKU}.get)


if __name__ == "__main__":
    main()
