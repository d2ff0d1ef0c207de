"""The levers of the newcomer's game of Y (issue #40, helper y), each against what was there before it,
in one process: (a) an end whose test reads its space only as `group of s` and what s holds, tested after a
step only from the changed spaces and their neighbours (model/reads.py, the footprint term "group"), against
the engine generated testing the end on every space (also on tests/codegen/y-connected.rules, the win said
with `connected ... from t = s`, whose component under a test of what a space holds is read as a group); (b) a group flooded once for the board as it stands
(runtime/groups_kept.py), against the runtime flooding it at every question, on Y and on Go (whose captures
count a group and then take it off); (d) a `connected` from the space a name gives (`from t = s`) filled from it,
not kept by that space, where only an indexed end's test asks it (codegen/connected.py), on tests/codegen/y-connected.rules. The same seeded games, thread CPU time, nothing but play inside the clock,
rounds interleaved with the order rotated, medians with their min-max spread.

    python benchmarks/bench_group_levers.py --rounds 5

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ab import ROOT, compare_levers  # noqa: E402
from rulespec.model import reads  # noqa: E402
from rulespec.runtime.board_reading import BoardReading  # noqa: E402

BOARD_INDEX = reads.board_index


def _without_groups(end, model):
    """board_index before lever (a): an end reading `group of` is tested in full."""
    plan = BOARD_INDEX(end, model)
    return None if plan is None or reads.GROUP_MEMBER in plan.footprint else plan


TESTED_IN_FULL = ((reads, "board_index", _without_groups),)
KEPT_FROM_EACH_SPACE = ((reads, "from_a_named_space", lambda e: False),)
FLOODED_EVERY_TIME = ((BoardReading, "_group", BoardReading._flooded_group),)

# lever -> (its file, the generator's methods swapped for what was there before it)
LEVERS = {
    "(a) an end read by groups tested from the changed spaces": ("y", TESTED_IN_FULL),
    "(a) on Y said with `connected ... from t = s`": ("y-connected", TESTED_IN_FULL),
    "(b) a group flooded once for the board as it stands": ("y", ()),
    "(b) on Go": ("go", ()),
    "(d) a connected from the space a name gives filled, not kept by it": ("y-connected", KEPT_FROM_EACH_SPACE),
}
PLAYED_WITHOUT = {"(b) a group flooded once for the board as it stands": FLOODED_EVERY_TIME,
                  "(b) on Go": FLOODED_EVERY_TIME}
SEEDS = {"y": range(12), "y-connected": range(12), "go": range(3)}
PATHS = {"y": ROOT / "tests" / "newcomer" / "games" / "y.rules", "go": ROOT / "rulebooks" / "go.rules",
         "y-connected": ROOT / "tests" / "codegen" / "y-connected.rules"}


def main() -> None:
    compare_levers("bench_group_levers.py", LEVERS, SEEDS, PATHS.get, played_without=PLAYED_WITHOUT)


if __name__ == "__main__":
    main()
