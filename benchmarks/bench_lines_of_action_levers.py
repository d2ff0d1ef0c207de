"""The levers Lines of Action's newcomer file led to (issue #40, helper loa), each against the same file's engine
generated without it, in one process: the same seeded games, thread CPU time, nothing but play inside the clock,
rounds interleaved with the order rotated, medians with their min-max spread.

- a value of the outer loops' names kept (codegen/loop_invariants.py): the move listed `for s in grid, d in
  directions of grid, t in line of 8 from s towards d` with `distance(s, t) = pieces_on_line(s, d)` counts the
  line's pieces once per s and d, not at every t;
- one group asked of its first space (codegen/one_group.py): `there is s in grid where s holds colour of p and
  size of group of s = count(t in grid where t holds colour of p)`, the win, measures the group of p's first
  piece alone, not of every piece while none is all of them;
- a line's spaces grouped by a value the geometry decides (codegen/spaces_by_value.py): t is walked over the
  spaces of the line at distance pieces_on_line(s, d) from s (the count worked out once before), not over every
  space of the line, each tested;
- a count among a geometric table's spaces as a popcount (codegen/counts.py masked_count): `pieces_on_line(s, d)`
  is `(st._masks[0] & st._t.related_masks[0, related_1, v_d, v_s]).bit_count()`, the state keeping the board's
  occupied spaces as a mask, not a look at each space of the line; Mensch aergere Dich nicht's goal count alike
  (its cost: the mask kept at every move).

    python benchmarks/bench_lines_of_action_levers.py --rounds 5

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ab import ROOT, compare_levers  # noqa: E402
from rulespec.codegen.loop_invariants import LoopInvariants  # noqa: E402
from rulespec.codegen.counts import Counts  # noqa: E402
from rulespec.codegen.one_group import OneGroup  # noqa: E402
from rulespec.codegen.spaces_by_value import SpacesByValue  # noqa: E402

# Before each lever: a value reading several chosen names worked out at each use; every group measured.
AT_EACH_USE = (LoopInvariants, "loop_invariant", lambda self, names, code: None)
EVERY_GROUP = (OneGroup, "one_group_test", lambda self, count: None)
EVERY_SPACE_OF_A_LINE = (SpacesByValue, "_fixed_line", lambda self, domain, outer: False)
SPACE_BY_SPACE = (Counts, "masked_count", lambda self, board, empty, domain: None)

# lever -> (its file, the generator's parts swapped for what was there before it)
LEVERS = {
    "a value of the outer loops' names kept": ("lines-of-action", (AT_EACH_USE,)),
    "one group asked of its first space": ("lines-of-action", (EVERY_GROUP,)),
    "both": ("lines-of-action", (AT_EACH_USE, EVERY_GROUP)),
    "a line's spaces grouped by their distance": ("lines-of-action", (EVERY_SPACE_OF_A_LINE,)),
    "a count among a geometric table's spaces as a popcount": ("lines-of-action", (SPACE_BY_SPACE,)),
    "the popcount (maedn)": ("maedn", (SPACE_BY_SPACE,)),
    "all four": ("lines-of-action", (AT_EACH_USE, EVERY_GROUP, EVERY_SPACE_OF_A_LINE, SPACE_BY_SPACE)),
}
SEEDS = {"lines-of-action": range(6), "maedn": range(6)}
NEWCOMER = ROOT / "tests" / "newcomer" / "games"


def main() -> None:
    compare_levers("bench_lines_of_action_levers.py", LEVERS, SEEDS, lambda name: NEWCOMER / f"{name}.rules",
                   players={"maedn": 4})


if __name__ == "__main__":
    main()
