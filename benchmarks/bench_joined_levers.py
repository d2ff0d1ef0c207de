"""Groups kept as the stones come (issue #40, helper connections): on a board whose pieces are only ever added
(rulespec/model/only_added.py), `there is a in group of s where G(a)` and `count(a in group of s where G(a))`,
G reading only where a is, read from s's group kept by a union-find with each group's mask of spaces
(rulespec/runtime/joined.py, codegen/joined_groups.py), against the engine generated without it (no board
proved so: the group flooded, once for the board as it stands, runtime/groups_kept.py). The game of Y (its
three sides), Havannah's bridge and fork (its ring, most of its step, is a `connected` from every space: as
it was) and Hex (a kept `connected`: the engine is the same, a check that nothing is lost). The same seeded
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
from rulespec.model import only_added  # noqa: E402

NONE_ONLY_ADDED = ((only_added, "boards_only_added", lambda model: frozenset()),)

# lever -> (its file, the generator's methods swapped for what was there before it)
LEVERS = {
    "groups kept as the stones come: Y": ("y", NONE_ONLY_ADDED),
    "on Havannah": ("havannah", NONE_ONLY_ADDED),
    "on Hex (the same engine)": ("hex", NONE_ONLY_ADDED),
}
SEEDS = {"y": range(12), "havannah": range(2), "hex": range(20)}
GAMES = ROOT / "tests" / "newcomer" / "games"
PATHS = {"y": GAMES / "y.rules", "havannah": GAMES / "havannah.rules", "hex": ROOT / "rulebooks" / "hex.rules"}


def main() -> None:
    compare_levers("bench_joined_levers.py", LEVERS, SEEDS, PATHS.get)


if __name__ == "__main__":
    main()
