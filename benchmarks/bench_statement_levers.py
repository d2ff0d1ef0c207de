"""Three generator levers for a grid simulation written as a newcomer writes it (#40, helper gems), each against
the same file's engine generated without it, and all three together against none, in one process: (a) a
function of statements reads and sets the counters kept per seat or per space through locals looked up once at
its top (codegen/hoisted.py statement_counter_locals); (b) a definition without parameters whose value is a
constant (`define blank: 1`) is a plain argument, so a small definition given it is written out in place
(codegen/expressions.py named_constant); (c) a space an `and`'s earlier part or an `if`'s condition found on
the board is read without the past-the-edge check (codegen/known_on_board.py). Measured on Stones and gems
(tests/newcomer/games/stones-and-gems.rules: its scan of the cave) and, for (a), on the newcomer's 2048 and
Kalah with counters. The same seeded games, thread CPU time, nothing but play inside the clock, rounds
interleaved with the order rotated, medians with their min-max spread.

    python benchmarks/bench_statement_levers.py --rounds 5

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from ab import compare_levers  # noqa: E402
from bench_newcomer_levers import path_of, shadowed  # noqa: E402
from rulespec.codegen.expressions import Expressions  # noqa: E402
from rulespec.codegen.hoisted import HoistedReads  # noqa: E402
from rulespec.codegen.known_on_board import KnownOnBoard  # noqa: E402

OFF = {
    "(a)": (HoistedReads, "statement_counter_locals", lambda self: False),
    "(b)": (Expressions, "named_constant", lambda self, a: False),
    "(c)": (KnownOnBoard, "found_on_board", lambda self, e: frozenset()),
}

# lever -> (its file, the levers switched off for the engine without it)
LEVERS = {
    "(a) counter lists in locals": ("stones-and-gems", ("(a)",)),
    "(b) named constants written out": ("stones-and-gems", ("(b)",)),
    "(c) spaces found on the board": ("stones-and-gems", ("(c)",)),
    "(a)+(b)+(c)": ("stones-and-gems", ("(a)", "(b)", "(c)")),
    "(a) in 2048": ("twenty-forty-eight", ("(a)",)),
    "(a) in Kalah with counters": ("kalah-counters", ("(a)",)),
}
SEEDS = {"stones-and-gems": range(6), "twenty-forty-eight": range(2), "kalah-counters": range(12)}
PLAYERS = {"stones-and-gems": 1, "twenty-forty-eight": 1, "kalah-counters": 2}


def swapped(levers: tuple) -> dict:
    """The generator's methods to shadow for an engine without ``levers`` (engine_of's form, one class each)."""
    methods = {}
    for lever in levers:
        owner, name, replacement = OFF[lever]
        methods[name] = replacement
    return methods


def main() -> None:
    levers = {lever: (name, shadowed(swapped(off))) for lever, (name, off) in LEVERS.items()}
    compare_levers("bench_statement_levers.py", levers, SEEDS, path_of, PLAYERS)


if __name__ == "__main__":
    main()
