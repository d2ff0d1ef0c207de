"""At the chance node that draws lots for first place, an action that is not offered is refused
with IllegalAction (and a reason), never an internal error; the state is left alone."""

from pathlib import Path

import pytest

import rulespec
from rulespec.runtime.engine import CHANCE, Action

PEBBLES = Path(__file__).parent / "fixtures" / "pebbles.rules"


def _at_a_lot():
    game = rulespec.load(PEBBLES, variants=["lots"])
    for seed in range(200):
        state = game.new_game(2)
        import random
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.is_chance_node() and state.legal_actions()[0].text.startswith("lot: "):
                return state
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
    raise AssertionError("no tie for first in 200 games")


@pytest.mark.parametrize("action", [Action(0, "lot: player 1"), Action(CHANCE, "lot: player 9"),
                                    Action(1, "drop black pebble"), "not an action"])
def test_a_refused_action_at_a_lot_is_an_illegal_action(action):
    state = _at_a_lot()
    before = state.to_json()
    with pytest.raises(rulespec.IllegalAction) as refusal:
        state.apply(action)
    assert "lot" in str(refusal.value) or "cannot read" in str(refusal.value)
    assert state.to_json() == before
    state.apply(state.legal_actions()[0])
    assert state.is_terminal() and state.outcome()["lot"] is not None
