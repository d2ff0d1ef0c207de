"""A look-ahead's condition answered by what it read (issue #40, helper lookahead), against the engine generated
without it, in one process: `only if not exposed(player) after it` (Xiangqi's newcomer file) or `not
in_check(player)` (the gallery's chess), read once on the position as it stands through a view that keeps each
board space, location and attribute it reads with its value (rulespec/runtime/read_answers.py), and answered so
for every candidate whose move leaves those values as they were (codegen/lean_look_ahead.py
answer_kept_names). The same seeded games, thread CPU time, nothing but play inside the clock, rounds
interleaved with the order rotated, medians with their min-max spread.

    python benchmarks/bench_read_answers.py --rounds 5

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ab import compare_levers  # noqa: E402
from rulespec.codegen.lean_look_ahead import LeanLookAhead  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
EVALUATED = ((LeanLookAhead, "answer_kept_names", lambda self, step, option, after: None),)

# lever -> (its file, the generator's methods swapped for what was there before it)
LEVERS = {
    "answered by what it read: Xiangqi": ("tests/newcomer/games/xiangqi.rules", EVALUATED),
    "answered by what it read: chess": ("rulebooks/chess.rules", EVALUATED),
}
SEEDS = {"tests/newcomer/games/xiangqi.rules": range(2), "rulebooks/chess.rules": range(3)}


def main() -> None:
    compare_levers("bench_read_answers.py", LEVERS, SEEDS, lambda name: ROOT / name)


if __name__ == "__main__":
    main()
