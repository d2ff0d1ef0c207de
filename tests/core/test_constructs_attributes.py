"""A component attribute called `size`: `size of <item>` reads the attribute, `size of <zone>` counts."""

from pathlib import Path

import rulespec
from rulespec.pipeline.examples import run_examples

SIZES = Path(__file__).parent / "fixtures" / "sizes.rules"


def test_size_of_an_item_is_its_attribute_and_size_of_a_zone_its_count():
    game = rulespec.load(SIZES)
    results = run_examples(game)
    assert results and all(r.passed for r in results), [r.message for r in results if not r.passed]
    state = game.new_game(2)
    assert [a.text for a in state.legal_actions()] == ["take big box"]  # the two big boxes read the same
    final = rulespec.random_game(game, players=2, seed=3)
    assert final.outcome()["scores"]["big_ones"] and sum(final.outcome()["scores"]["big_ones"]) == 2
