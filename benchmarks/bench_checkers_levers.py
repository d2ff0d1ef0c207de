"""Two levers of issue #40 found writing Checkers (helper checkers), each against the engine generated without it,
in one process: a text showing a neighbour on a fixed board kept as a label (rulespec/codegen/listing_plans.py
`fixed_geometry`: the newcomer's Checkers shows `move {s} to {neighbour of s towards d}`, the formulations' piece
forms their landing squares so), and the neighbours over a seat's own directions written out in board order
(rulespec/codegen/steps_in_order.py `_over_directions`: the formulations' pairs forms, `for s in grid, t in grid`
with `count(d in forward of player where t = neighbour of s towards d) > 0`). The same seeded games, thread CPU
time, nothing but play inside the clock, rounds interleaved with the order rotated, medians with their min-max
spread.

    python benchmarks/bench_checkers_levers.py --rounds 5

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ab import compare_levers  # noqa: E402
from rulespec.codegen.listing_plans import ListingPlans  # noqa: E402
from rulespec.codegen.steps_in_order import StepsInOrder  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
PATHS = {"checkers": ROOT / "tests" / "newcomer" / "games" / "checkers.rules",
         "piece-inline": ROOT / "benchmarks" / "formulations" / "piece-inline.rules",
         "pairs-inline": ROOT / "benchmarks" / "formulations" / "pairs-inline.rules"}
AFRESH = ((ListingPlans, "geometric_texts", False),)
SORTED = ((StepsInOrder, "_over_directions", lambda self, over, board, steps: None),)

# lever -> (its file, the generator's attributes swapped for what was there before it)
LEVERS = {
    "a move's and a jump's landing shown": ("checkers", AFRESH),
    "a piece's landing shown (formulations)": ("piece-inline", AFRESH),
    "the neighbours over a seat's directions in order": ("pairs-inline", SORTED),
}
SEEDS = {"checkers": range(40), "piece-inline": range(20), "pairs-inline": range(20)}


def main() -> None:
    compare_levers("bench_checkers_levers.py", LEVERS, SEEDS, PATHS.get)


if __name__ == "__main__":
    main()
