"""Groups kept as the stones come (issue #40, helper connections): on a board whose pieces are only ever added
(rulespec/model/only_added.py), `there is a in group of s where G(a)` and `count(a in group of s where G(a))`,
G reading only where a is, read from s's group kept by a union-find with each group's mask of spaces
(rulespec/runtime/joined.py, codegen/joined_groups.py), against the engine generated without it (no board
proved so: the group flooded, once for the board as it stands, runtime/groups_kept.py): the game of Y (its
three sides), Havannah's bridge and fork, and Hex (a kept `connected`: the same engine). Then a `connected`
from each space a walk of the board asks, answered by one flood from its goals (runtime/from_each.py,
codegen/connected_each.py), against the engine generated filling from each: Havannah's ring, and Go (its
liberties filled on integers: the same engine). The same seeded
games, thread CPU time, nothing but play inside the clock, rounds interleaved with the order rotated,
medians with their min-max spread.

    python benchmarks/bench_joined_levers.py --rounds 5

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ab import ROOT, compare_levers  # noqa: E402
from rulespec.codegen.declarations import Declarations  # noqa: E402
from rulespec.model import only_added, reads  # noqa: E402

NONE_ONLY_ADDED = ((only_added, "boards_only_added", lambda model: frozenset()),)
FILLED_FROM_EACH = ((reads, "connected_from_each", lambda e, model: None),)
LOOP_OVER_GROUP = ((Declarations, "group_touched", lambda self, e: False),)  # (any_test: a definition's last `there is`)

# lever -> (its file, the generator's methods swapped for what was there before it)
LEVERS = {
    "groups kept as the stones come: Y": ("y", NONE_ONLY_ADDED),
    "on Havannah": ("havannah", NONE_ONLY_ADDED),
    "on Hex (the same engine)": ("hex", NONE_ONLY_ADDED),
    "a connected from each space by one flood: Havannah's ring": ("havannah", FILLED_FROM_EACH),
    "on Go": ("go", FILLED_FROM_EACH),
    "Y's last side a kept group's and no loop (any_test)": ("y", LOOP_OVER_GROUP),
}
SEEDS = {"y": range(12), "havannah": range(2), "hex": range(20), "go": range(3)}
GAMES = ROOT / "tests" / "newcomer" / "games"
PATHS = {"y": GAMES / "y.rules", "havannah": GAMES / "havannah.rules", "hex": ROOT / "rulebooks" / "hex.rules",
         "go": ROOT / "rulebooks" / "go.rules"}


def main() -> None:
    compare_levers("bench_joined_levers.py", LEVERS, SEEDS, PATHS.get)


if __name__ == "__main__":
    main()
