"""`any(x in Z where A of x = v)` found in C loops (State._first_with): the same item the plain walk finds
(State._first over the items that pass), and the same refusal when none does."""

import random

import pytest

import rulespec
from rulespec.runtime.common import RuleRuntimeError


@pytest.mark.parametrize("game_id, attribute", [("hex", "colour"), ("liars-dice", "face"), ("connect-four", "colour")])
def test_the_first_item_with_a_value_is_the_one_the_plain_walk_finds(game_id, attribute):
    game = rulespec.load(game_id)
    st = game.new_game(players=2)
    values = game.ITEM_ATTRS[attribute]
    rng = random.Random(3)
    items = list(values)
    for _ in range(300):
        zone = rng.sample(items, rng.randrange(len(items) + 1))
        value = values[rng.choice(items)]
        plain = [i for i in zone if values[i] == value]
        if plain:
            assert st._first_with("any(...)", zone, values, value) == plain[0]
            assert st._first_with("any(...)", tuple(zone), values, value) == plain[0]  # any sequence
        else:
            with pytest.raises(RuleRuntimeError, match="found nothing"):
                st._first_with("any(t in supply where colour of t = colour of player)", zone, values, value)


def test_generated_effects_take_the_first_of_a_colour_in_c_loops():
    from pathlib import Path
    from rulespec.codegen.python import generate
    from rulespec.pipeline import compile_rules
    root = Path(__file__).resolve().parents[2]
    source = generate(compile_rules(root / "rulebooks" / "hex.rules"), Path("rulebooks/hex.rules"))
    assert "st._first_with('any(t in supply where colour of t = colour of player)', " in source
