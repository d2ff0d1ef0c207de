"""A lever of issue #40 (helper stepfloor), in one process: a choice whose text shows a number followed by words
that begin with a character no number's text has (`bid {quantity} x {face}`) known never to list two alike
(codegen/two_names_apart.py number_apart), against the same file's engine generated without it: Liar's dice's turn
no longer has the runtime build a set of its listing's texts at each turn; Backgammon's and the newcomer's Nim's
kept rows no longer ask whether two of them ever read alike. The same seeded games, thread CPU time, nothing but
play inside the clock, rounds interleaved with the order rotated, medians with their min-max spread.

    python benchmarks/bench_number_apart.py --rounds 5

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from ab import compare_levers  # noqa: E402
from rulespec.codegen import two_names_apart  # noqa: E402

WITHOUT = ((two_names_apart, "number_apart", lambda binding, between: False),)
LEVERS = {"a number's text read apart": ("liars-dice", WITHOUT),
          "in Backgammon": ("backgammon", WITHOUT),
          "in the newcomer's Nim": ("newcomer nim", WITHOUT)}
SEEDS = {"liars-dice": range(600), "backgammon": range(4), "newcomer nim": range(300)}


def path_of(name: str) -> Path:
    if name.startswith("newcomer "):
        return ROOT / "tests" / "newcomer" / "games" / f"{name.split()[1]}.rules"
    return ROOT / "rulebooks" / f"{name}.rules"


if __name__ == "__main__":
    compare_levers("bench_number_apart.py", LEVERS, SEEDS, path_of)
