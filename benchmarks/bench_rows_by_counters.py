"""A listing's rows kept by the values of the counters their text reads (issue #40, helper uttt): `Local board
{forced}: {symbol of player}(...)` made once for each value of `forced` and space, read from the kept rows after
(codegen/rows_kept_by_counters.py), against the same file's engine generated making every such row afresh, in
one process. Measured on the newcomer's Ultimate tic-tac-toe and on the reference's Sowing (`sow {s} ({seeds of
s})`). The same seeded games, thread CPU time, nothing but play inside the clock, rounds interleaved with the
order rotated, medians with their min-max spread.

    python benchmarks/bench_rows_by_counters.py --rounds 5

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ab import ROOT, compare_levers  # noqa: E402
from rulespec.codegen.rows_kept_by_counters import RowsKeptByCounters  # noqa: E402

MADE_AFRESH = ((RowsKeptByCounters, "kept_by_counters", lambda self, step, plans: {}),)

# lever -> (its file, the generator's methods swapped for what was there before it)
LEVERS = {
    "rows kept by the counters their text reads": ("ultimate-tic-tac-toe", MADE_AFRESH),
    "rows kept by the counters their text reads, on Sowing": ("sowing", MADE_AFRESH),
}
SEEDS = {"ultimate-tic-tac-toe": range(40), "sowing": range(200)}
PATHS = {"ultimate-tic-tac-toe": ROOT / "tests" / "newcomer" / "games" / "ultimate-tic-tac-toe.rules",
         "sowing": ROOT / "rulespec" / "docs" / "ref_games" / "sowing.rules"}


def main() -> None:
    compare_levers("bench_rows_by_counters.py", LEVERS, SEEDS, PATHS.get)


if __name__ == "__main__":
    main()
