"""Generator levers of issue #40's eleventh round for the newcomer's Crazyhouse (tests/newcomer/games/crazyhouse.rules),
each against the same file's engine generated without it, in one process: (a) a loop's condition `there is y in
D where C` read as the count it means, so that a ray inside it is walked in place (codegen/declarations.py
there_is_inside: `there is d in all directions of grid where (there is t in ray from s towards d where ...)`,
chess's attack along eight lines written with `there is` instead of `count(...) > 0`); (b) a definition called with
written values worked out before play and written out in place (model/constant_calls.py, codegen/expressions.py
folded_value: `is_a(s, king)` reading `promoted(k)`, a definition of words); (c) a count or `any` over a board's
spaces whose condition equates two attributes of the occupant that can change (`any(s in grid where is_a(s, king)
and mine(s, p))`, kind and colour: a captured piece changes sides) asked of the items, not of each space
(model/located.py on_board: the second equality with a seat's value, asked by helper shogi's first_on_board_also).
(d) a step's closing run of `then`s run at once, and a chain of such steps (codegen/statements.py
closing_thens: Crazyhouse's `land`, `if t is occupied: then take(...)` then `then arrive(s, t)`), its look-aheads
lean. The same seeded games,
thread CPU time, nothing but play inside the clock, rounds interleaved with the order rotated, medians with
their min-max spread.

    python benchmarks/bench_crazyhouse_levers.py --rounds 5

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
from rulespec.codegen.counts import Counts  # noqa: E402
from rulespec.model.located import on_board  # noqa: E402

# lever -> (its file, the generator's methods swapped for what was there before it)
LEVERS = {
    "(a) there is inside a loop": ("crazyhouse", {"there_is_inside": lambda self, where: where}),
    "(a) in shogi": ("shogi", {"there_is_inside": lambda self, where: where}),
    "(b) calls of written values worked out": ("crazyhouse", {"folded_value": lambda self, definition, args: None}),
    "(b) in shogi": ("shogi", {"folded_value": lambda self, definition, args: None}),
    "(c) two changing attributes through the items": ("crazyhouse", {"located_on_board": lambda self, e: _without_also(self, e)}),
    "(d) a closing run of thens at once": ("crazyhouse", {"chain_at_once": lambda self: False}),
    "(d) in chess": ("gallery chess", {"chain_at_once": lambda self: False}),
    "(d) in cribbage": ("cribbage", {"chain_at_once": lambda self: False}),
}


def _without_also(self, e):
    """located_on_board as it is, but for a condition with a second changing equality (as before (c))."""
    parts = on_board(e, self.m, self.definitions)
    return None if parts is None or parts.also else Counts.located_on_board(self, e)
SEEDS = {"crazyhouse": range(3), "shogi": range(1), "gallery chess": range(6), "cribbage": range(20)}


def main() -> None:
    levers = {lever: (name, shadowed(swapped)) for lever, (name, swapped) in LEVERS.items()}
    compare_levers("bench_crazyhouse_levers.py", levers, SEEDS, path_of)


if __name__ == "__main__":
    main()
