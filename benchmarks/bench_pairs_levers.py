"""The generator's `there is` over pairs of spaces narrowed by a geometric condition (issue #40,
codegen/related_pairs.py: `there is u in grid where there is v in knight jumps from u where linked(u, v) and
crosses(s, t, u, v)` asks the position of the pairs the geometric part lets through, read from a table made
once per set-up and value of the names it reads), against the same file's engine generated without it (every
pair walked and asked), in one process. Measured on the newcomer's TwixT (a new link is made unless it would
cross one already there). The same seeded games, thread CPU time, nothing but play inside the clock, rounds
interleaved with the order rotated, medians with their min-max spread.

    python benchmarks/bench_pairs_levers.py --rounds 5

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ab import ROOT, compare_levers  # noqa: E402
from rulespec.codegen import narrowing, related_pairs  # noqa: E402

PAIRS = (related_pairs.RelatedPairs, "related_pairs_test", lambda self, count: None)
LINE = (narrowing.Narrowing, "line_in_use", lambda self, fixed, spaces, groups, b: None)

LEVERS = {
    "a link's crossings": ("twixt", (PAIRS,)),
    "a border row in use": ("twixt", (LINE,)),
}
SEEDS = {"twixt": range(20)}
PATHS = {name: ROOT / "tests" / "newcomer" / "games" / f"{name}.rules" for name in SEEDS}


def main() -> None:
    compare_levers("bench_pairs_levers.py", LEVERS, SEEDS, PATHS.__getitem__)


if __name__ == "__main__":
    main()
