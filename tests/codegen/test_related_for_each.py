"""A `for each` of a whole board whose one `if` has parts the board's geometry alone decides, read from their table
as a count's walk is (#40, codegen/statements.py related_for_each, codegen/related_spaces.py; a value chosen by a
condition is geometric when its parts are, model/geometric.py), in lock step with the engine generated without it
(every space walked and tested): the same choices, the same games, the same examples."""

import random
from pathlib import Path

import pytest

from rulespec.codegen.statements import Statements
from rulespec.pipeline.examples import run_examples

from .lockstep import engines_with_and_without, play_in_lock_step

ROOT = Path(__file__).parents[2]
WITHOUT = ((Statements, "related_for_each", lambda self, *args: None),)

# file -> (the walk as the step writes it, seeded games)
FILES = {
    "tests/newcomer/games/pentago.rules": ("for v_s in st._loop_over(st._t.related[related_1, v_q]):", 12),
    "rulespec/docs/ref_games/sowing.rules": ("st._loop_over(st._t.related[", 12),
}


@pytest.mark.parametrize("name", sorted(FILES))
def test_the_for_each_walks_the_spaces_its_geometry_lets_through(name):
    walk, games = FILES[name]
    table, walked, fast, slow = engines_with_and_without(ROOT / name, WITHOUT, "related_for_each")
    assert walk in table and walk not in walked
    for seed in range(games):
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed))
    assert all(result.passed for result in run_examples(fast))


def test_pentago_turns_the_quadrant_s_nine_spaces():
    _, _, engine, _ = engines_with_and_without(ROOT / "tests/newcomer/games/pentago.rules", WITHOUT, "related_nine")
    state = engine.new_game(2)
    related_1 = engine.ENDS[0].check.__globals__["related_1"]  # (the module's own function, as the walk names it)
    assert state._t.related[related_1, 1] == (0, 1, 2, 6, 7, 8, 12, 13, 14)
    assert state._t.related[related_1, 4] == (21, 22, 23, 27, 28, 29, 33, 34, 35)
