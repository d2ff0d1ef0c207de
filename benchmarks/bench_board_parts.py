"""Rules about a part of the board that the geometry alone decides (issue #40, helper uttt): (a) N in a row inside
it, `there is s in grid where block(s) = b and count(d in directions of grid where count(t in line of 3 from s
towards d where block(t) = b and t holds symbol of p) = 3) > 0`, asked of the whole lines kept to that part
(codegen/whole_lines.py's `lines_` functions), against the same file's engine generated with every space and
direction walked, in one process. Measured on the newcomer's Ultimate tic-tac-toe (a small board won, after every
mark); (b) a walk of the board narrowed to the spaces whose value the geometry decides is one the walk does not
change, `for s in grid` with `only if block(s) = forced` read from the spaces grouped by `block(s)`
(codegen/spaces_by_value.py), against the engine generated testing every space. The same seeded games, thread CPU time, nothing but play inside the clock, rounds interleaved with the
order rotated, medians with their min-max spread.

    python benchmarks/bench_board_parts.py --rounds 5

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ab import ROOT, compare_levers  # noqa: E402
from rulespec.codegen.spaces_by_value import SpacesByValue  # noqa: E402
from rulespec.codegen.whole_lines import WholeLines  # noqa: E402

LINES_WALKED = ((WholeLines, "_start_and_lines", lambda self, e, board, space: ([], e)),
                (WholeLines, "_geometric_line_parts", lambda self, var, where, count: []))
EVERY_SPACE_TESTED = ((SpacesByValue, "walk_by_value", lambda self, var, domain, parts, outer: None),)

# lever -> (its file, the generator's methods swapped for what was there before it)
LEVERS = {
    "(a) N in a row inside a part of the board: the lines kept": ("ultimate-tic-tac-toe", LINES_WALKED),
    "(b) the spaces of one value the geometry decides": ("ultimate-tic-tac-toe", EVERY_SPACE_TESTED),
}
SEEDS = {"ultimate-tic-tac-toe": range(40)}


def main() -> None:
    compare_levers("bench_board_parts.py", LEVERS, SEEDS,
                   lambda name: ROOT / "tests" / "newcomer" / "games" / f"{name}.rules")


if __name__ == "__main__":
    main()
