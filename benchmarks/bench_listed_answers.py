"""A look-ahead's answer read once a listing (issue #40, round 12, helper shogi3), against the same file's engine
generated without it, in one process: `only if not in_check(player) after it` read once in the position a listing
lists, through runtime/read_answers.py's recording view, and every candidate that writes none of what it read
answered so, not carried out (codegen/lean_look_ahead.py answer_listed_names, model/moved_spaces.py
written_ahead, runtime/read_answers.py answer_listed). Shogi and Crazyhouse as newcomers wrote them, Xiangqi
(newcomer) and the gallery's chess.

The same seeded games, thread CPU time, nothing but play inside the clock, rounds interleaved with the order
rotated, medians with their min-max spread (benchmarks/ab.py).

    python benchmarks/bench_listed_answers.py --rounds 3

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ab import ROOT, compare_levers  # noqa: E402
from rulespec.codegen import lean_look_ahead  # noqa: E402

WITHOUT = ((lean_look_ahead, "LISTED_ANSWERS", False),)

# lever -> (its file, the generator's switch turned off)
LEVERS = {
    "a look-ahead's answer read once a listing": ("shogi", WITHOUT),
    "a look-ahead's answer read once a listing: crazyhouse": ("crazyhouse", WITHOUT),
    "a look-ahead's answer read once a listing: xiangqi": ("xiangqi", WITHOUT),
    "a look-ahead's answer read once a listing: chess": ("chess", WITHOUT),
}
SEEDS = {"shogi": range(2), "crazyhouse": range(2), "xiangqi": range(2), "chess": range(3)}
PATHS = {name: ROOT / "tests" / "newcomer" / "games" / f"{name}.rules" for name in ("shogi", "crazyhouse", "xiangqi")}
PATHS["chess"] = ROOT / "rulebooks" / "chess.rules"


def main() -> None:
    compare_levers("bench_listed_answers.py", LEVERS, SEEDS, PATHS.get)


if __name__ == "__main__":
    main()
