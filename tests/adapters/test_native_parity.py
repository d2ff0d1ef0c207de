"""A rulespec game in OpenSpiel as a native one (issue #41): utility bounds, action counts, chance outcomes and
max_game_length equal OpenSpiel's own version of each gallery game OpenSpiel has, at default and other
parameters; games pickle."""

import pickle

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed (pip install 'rulespec[openspiel]')")

import rulespec.openspiel as rso  # noqa: E402  (registers the games)
from rulespec.pipeline import bundled_rulebooks  # noqa: E402


def _sizes(game) -> dict:
    return {"min_utility": game.min_utility(), "max_utility": game.max_utility()}


# (rulespec id, players, options) and OpenSpiel's game string: only what each measure is known to match
UTILITIES = [
    ("tic-tac-toe", None, {}, "tic_tac_toe"),
    ("connect-four", None, {}, "connect_four"),
    ("kuhn-poker", None, {}, "kuhn_poker"),
    ("leduc-poker", None, {}, "leduc_poker"),
    ("liars-dice", None, {"numdice": 2}, "liars_dice(numdice=2)"),
    ("goofspiel", 3, {"num_cards": 4}, "goofspiel(num_cards=4,players=3)"),
    ("hex", None, {"board_size": 5}, "hex(board_size=5)"),
    ("pig", 3, {"winscore": 20, "horizon": 50, "diceoutcomes": 4}, "pig(players=3,winscore=20,horizon=50,diceoutcomes=4)"),
]


@pytest.mark.parametrize("game_id, players, options, native", UTILITIES, ids=[c[3] for c in UTILITIES])
def test_utility_bounds_are_openspiels(game_id, players, options, native):
    ours = rso.load_game(game_id, players=players, options=options)
    assert _sizes(ours) == _sizes(pyspiel.load_game(native))


@pytest.mark.parametrize("game_id", sorted(bundled_rulebooks()))
def test_every_bundled_game_pickles_and_loads_back_the_same(game_id):
    game = rso.load_game(game_id)
    back = pickle.loads(pickle.dumps(game))
    assert type(back).__name__ == type(game).__name__ and str(back) == str(game)
    assert back.num_distinct_actions() == game.num_distinct_actions()
    assert back.new_initial_state().legal_actions() == game.new_initial_state().legal_actions()


def test_a_game_with_variants_and_options_pickles_with_them():
    game = rso.load_game("shell-we", players=3, variants=("bottles",), options={"side": "B"})
    back = pickle.loads(pickle.dumps(game))
    assert str(back) == str(game) and back.num_players() == 3


def test_the_game_classes_are_importable_by_name():
    game = rso.load_game("kuhn-poker")
    assert getattr(rso, type(game).__name__) is type(game)
