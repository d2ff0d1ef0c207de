"""Two levers of the newcomer's Xiangqi (issue #40, helper xiangqi), each against the engine generated without
it, in one process: a count, `any(...)` or `there is` over a board narrowed to the spaces its few passing
pieces stand on (rulespec/codegen/held_spaces.py held_expression_walk: where a side's general stands, `any(s
in grid where s holds general and mine(s, p))`, asked four times a look-ahead, was a walk of the board's 90
points); and a definition's `there is` read as the `count(...) > 0` it means (rulespec/codegen/guards.py
as_count_tests: `attacks`, four `there is` joined by `or`, was any() over generators made at each call, and
is now loops that return at the first found, as the count written out already was). The same seeded games, thread CPU time, nothing but play inside the clock, rounds interleaved with
the order rotated, medians with their min-max spread.

    python benchmarks/bench_held_expressions.py --rounds 5

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ab import compare_levers  # noqa: E402
from rulespec.codegen.guards import Guards  # noqa: E402
from rulespec.codegen.held_spaces import HeldSpaces  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
EVERY_SPACE = ((HeldSpaces, "held_expression_walk", lambda self, var, domain, where: None),)
AS_WRITTEN = ((Guards, "as_count_tests", lambda self, value: value),)

# lever -> (its file, the generator's methods swapped for what was there before it)
LEVERS = {
    "where the general stands, from its two pieces": ("tests/newcomer/games/xiangqi.rules", EVERY_SPACE),
    "`there is` read as its count > 0": ("tests/newcomer/games/xiangqi.rules", AS_WRITTEN),
    "both": ("tests/newcomer/games/xiangqi.rules", EVERY_SPACE + AS_WRITTEN),
    # the other rule files whose generated code either lever changes (of the gallery, newcomer and reference files)
    "held: Chinese checkers": ("tests/newcomer/games/chinese-checkers.rules", EVERY_SPACE),
    "held: Markov soccer": ("tests/newcomer/games/markov-soccer.rules", EVERY_SPACE),
    "held: Cornered": ("rulespec/docs/ref_games/cornered.rules", EVERY_SPACE),
    "there is: Y": ("tests/newcomer/games/y.rules", AS_WRITTEN),
    "there is: Havannah": ("tests/newcomer/games/havannah.rules", AS_WRITTEN),
    "there is: Hearts": ("tests/newcomer/games/hearts.rules", AS_WRITTEN),
    "there is: Quoridor": ("tests/newcomer/games/quoridor.rules", AS_WRITTEN),
    "there is: Yacht": ("tests/newcomer/games/yacht.rules", AS_WRITTEN),
}
SEEDS = {"tests/newcomer/games/xiangqi.rules": range(2), "tests/newcomer/games/chinese-checkers.rules": range(2),
         "tests/newcomer/games/markov-soccer.rules": range(20), "rulespec/docs/ref_games/cornered.rules": range(20),
         "tests/newcomer/games/y.rules": range(2), "tests/newcomer/games/havannah.rules": range(1),
         "tests/newcomer/games/hearts.rules": range(3), "tests/newcomer/games/quoridor.rules": range(1),
         "tests/newcomer/games/yacht.rules": range(2)}
PLAYERS = {"tests/newcomer/games/hearts.rules": 4}


def main() -> None:
    compare_levers("bench_held_expressions.py", LEVERS, SEEDS, lambda name: ROOT / name, PLAYERS)


if __name__ == "__main__":
    main()
