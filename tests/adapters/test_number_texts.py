"""An option of numbers chosen from ranges that read the names before them is numbered by walking its names
in order (rulespec/adapters/number_texts.py, issue #40, helper doudizhu): Dou dizhu's airplane with wings,
`for low in 3..10, a in 3..17, b in a..17, ...`, was refused by the adapters (a name of type 'number' with no
fixed domain); its texts are the candidates whose fixed conditions hold (wings outside the trios, lowest
first, not both jokers), and every text the engine offers in play has a number that reads back to it."""

import random
from pathlib import Path

import pytest

from rulespec.adapters.core import table_for, game_key
from rulespec.adapters.number_texts import offered_number_texts

ROOT = Path(__file__).resolve().parents[2]
DOU_DIZHU = ROOT / "tests" / "newcomer" / "games" / "dou-dizhu.rules"


def _option(engine, name):
    return next(o for s in engine.model.steps for o in s.options if o.name == name)


def test_wings_are_numbered_as_the_names_are_walked():
    import rulespec
    engine = rulespec.load(DOU_DIZHU)
    definitions = {d.name: d for d in engine.model.definitions}
    two = offered_number_texts(_option(engine, "airplane_2_solos"), ["low", "low + 1", "a", "b"], {}, definitions)
    # 11 airplanes of two, wings from the 13 ranks outside them, lowest first, not both jokers: C(14, 2) - 1 each
    assert len(two) == 11 * (14 * 13 // 2 - 1)
    assert two[0] == ("3", "4", "5", "5") and ("3", "4", "16", "17") not in two and ("3", "4", "3", "5") not in two
    table = table_for(game_key(DOU_DIZHU), 3)
    assert "airplane 5 to 6 with solos 3 9" in table.player_ids
    assert "airplane 3 to 5 with pairs 6 7 8" in table.player_ids
    assert "airplane 3 to 6 with solos 7 7 7 7" not in table.player_ids  # (a bomb is no wing)


def test_every_action_offered_in_play_has_a_number():
    pyspiel = pytest.importorskip("pyspiel")
    import rulespec.openspiel  # noqa: F401 (registers the game)
    from rulespec.openspiel import load_game
    game = load_game(str(DOU_DIZHU))
    rng = random.Random(3)
    for _ in range(3):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
                continue
            actions = state.legal_actions()
            for a in actions:
                assert state.string_to_action(state.action_to_string(state.current_player(), a)) == a
            state.apply_action(rng.choice(actions))
