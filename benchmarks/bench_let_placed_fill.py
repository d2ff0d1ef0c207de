"""A look-ahead's suicide test decided on the position as it stands where the space is named by a `let` (issue #40,
helper cursorgo): model/placed_fill.py LET_NAMED, found writing Cursor Go (`let s be cursor(player)`, `place ... on
s`, `only if has_liberty(cursor(player), player) after it`: a space worked out from counters the option never sets),
against the same file's engine generated without it (the option carried out at every listing), in one process: the
same seeded games, thread CPU time, nothing but play inside the clock, rounds interleaved with the order rotated,
medians with their min-max spread.

    python benchmarks/bench_let_placed_fill.py --rounds 5

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from ab import compare_levers  # noqa: E402
from rulespec.model import placed_fill  # noqa: E402

LEVERS = {"a let-named space decided as it stands": ("cursor-go", ((placed_fill, "LET_NAMED", False),))}
SEEDS = {"cursor-go": range(60)}


def path_of(name: str) -> Path:
    return ROOT / "tests" / "newcomer" / "games" / f"{name}.rules"


if __name__ == "__main__":
    compare_levers("bench_let_placed_fill.py", LEVERS, SEEDS, path_of)
