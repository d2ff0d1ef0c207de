"""A rulespec game in OpenSpiel as a native one (issue #41): utility bounds, action counts, chance outcomes and
max_game_length equal OpenSpiel's own version of each gallery game OpenSpiel has, at default and other
parameters; games pickle."""

import pickle

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed (pip install 'rulespec[openspiel]')")

import rulespec.openspiel as rso  # noqa: E402  (registers the games)
from rulespec.pipeline import bundled_rulebooks  # noqa: E402


def measures(game) -> dict:
    """What a researcher sizes buffers, heads and scalings from: OpenSpiel's game-level figures."""
    kind = game.get_type().utility
    sums = kind in (pyspiel.GameType.Utility.ZERO_SUM, pyspiel.GameType.Utility.CONSTANT_SUM)
    return {"num_players": game.num_players(), "num_distinct_actions": game.num_distinct_actions(),
            "max_chance_outcomes": game.max_chance_outcomes(), "min_utility": game.min_utility(),
            "max_utility": game.max_utility(), "utility": str(kind),
            "utility_sum": game.utility_sum() if sums else None, "max_game_length": game.max_game_length()}


# Every gallery game OpenSpiel has, at its default and at other parameters: (rulespec id, players, options),
# OpenSpiel's game string, and the measures that differ by a deliberate, documented choice, with the reason.
GAMES = [
    ("tic-tac-toe", None, {}, "tic_tac_toe", {}),
    ("connect-four", None, {}, "connect_four", {}),
    ("kuhn-poker", None, {}, "kuhn_poker", {}),
    ("leduc-poker", None, {}, "leduc_poker", {}),
    ("liars-dice", None, {}, "liars_dice", {}),
    ("liars-dice", None, {"numdice": 2}, "liars_dice(numdice=2)", {}),
    ("liars-dice", None, {"numdice": 5}, "liars_dice(numdice=5)", {}),
    ("goofspiel", None, {}, "goofspiel", {}),
    ("goofspiel", None, {"num_cards": 4}, "goofspiel(num_cards=4)", {}),
    ("goofspiel", 3, {"num_cards": 4}, "goofspiel(num_cards=4,players=3)", {}),
    ("hex", None, {}, "hex", {}),
    ("hex", None, {"board_size": 5}, "hex(board_size=5)", {}),
    ("hex", None, {"board_size": 2}, "hex(board_size=2)", {}),
    # (Pig's max_game_length is its `at most horizon decisions`, OpenSpiel's `horizon`)
    ("pig", None, {}, "pig", {}),
    ("pig", 3, {"winscore": 20, "horizon": 50, "diceoutcomes": 4}, "pig(players=3,winscore=20,horizon=50,diceoutcomes=4)",
     {}),
    ("pig", 10, {}, "pig(players=10)", {}),
    ("pig", 4, {"winscore": 10, "horizon": 5}, "pig(players=4,winscore=10,horizon=5)", {}),
    ("othello", None, {}, "othello", {}),
    ("breakthrough", None, {}, "breakthrough", {}),  # (numbered as OpenSpiel numbers: ruling BT-AMB-2)
    ("breakthrough/breakthrough-six-by-six", None, {}, "breakthrough(rows=6,columns=6)", {}),
    ("nine-mens-morris", None, {}, "nine_mens_morris", {}),
    ("dots-and-boxes", None, {}, "dots_and_boxes", {}),
    ("dots-and-boxes/dots-and-boxes-three-by-three", None, {}, "dots_and_boxes(num_rows=3,num_cols=3)", {}),
    ("checkers", None, {}, "checkers", {}),  # (numbered as OpenSpiel numbers: ruling CHK-AMB-4)
    ("checkers/checkers-backward-captures", None, {}, "checkers", {}),  # (a house rule: the same figures)
    ("backgammon", None, {}, "backgammon(scoring_type=full_scoring)", {}),
    ("backgammon/backgammon-no-gammons", None, {}, "backgammon(scoring_type=winloss_scoring)", {}),
    ("oware", None, {}, "oware", {}),  # (its own numbers: `actions numbered 0 to 5`, the mover's houses)
    ("go", None, {}, "go(board_size=9)", {}),  # (OpenSpiel's default is 19 lines; the rule file plays 5, 7, 9)
    ("go", None, {"board_size": 7}, "go(board_size=7)", {}),
    ("go", None, {"board_size": 5}, "go(board_size=5)", {}),
    ("chess", None, {}, "chess", {}),  # (numbered as OpenSpiel numbers its moves: ruling CH-AMB-6)
]
# Kuhn and Leduc poker, tic-tac-toe and connect four have no options here and seat two (OpenSpiel's
# `players` for the poker games is another game: more cards in the deck, a rulespec house rule to write).


@pytest.mark.parametrize("game_id, players, options, native, differ", GAMES, ids=[g[3] for g in GAMES])
def test_every_measure_is_openspiels_or_differs_for_a_stated_reason(game_id, players, options, native, differ):
    ours, theirs = measures(rso.load_game(game_id, players=players, options=options)), measures(pyspiel.load_game(native))
    assert all(differ.values()) and set(differ) <= set(ours)  # every difference says why
    same = {k: v for k, v in ours.items() if k not in differ}
    assert same == {k: theirs[k] for k in same}
    for k in differ:  # a stated difference is a real one (if it goes away, drop the reason)
        assert ours[k] != theirs[k], f"{native}: {k} is now OpenSpiel's {theirs[k]}; drop the stated reason"


def test_chance_outcomes_are_numbered_from_zero_per_chance_step():
    game = rso.load_game("leduc-poker")
    state = game.new_initial_state()
    assert [a for a, _ in state.chance_outcomes()] == list(range(6))  # the first card dealt
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    while not state.is_chance_node():  # call, call: the public card
        state.apply_action(state.legal_actions()[1])
    public = [a for a, _ in state.chance_outcomes()]
    assert len(public) == 4 and set(public) <= set(range(6))
    assert all(" face up" in state.action_to_string(pyspiel.PlayerId.CHANCE, a) for a in public)
    assert game.string_to_action(game.action_to_string(pyspiel.PlayerId.CHANCE, 0), True) == 0


def test_a_smaller_board_is_numbered_on_its_own_spaces_the_same_in_every_process():
    game = rso.load_game("hex", options={"board_size": 5})
    texts = [game.action_to_string(0, a) for a in range(game.num_distinct_actions())]
    assert texts[0].endswith("on row 1 column 1") and texts[-1].endswith("on row 5 column 5")
    again = pickle.loads(pickle.dumps(game))
    assert [again.action_to_string(0, a) for a in range(again.num_distinct_actions())] == texts


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


def test_only_the_places_a_line_can_be_drawn_are_numbered():
    # Dots and boxes' drawing has 25 places, 9 of them dots (`-`, no space) and 4 boxes: `side(s)` reads only the
    # row and column, so the 12 lines are the actions, each legal on the empty paper (none left out).
    game = rso.load_game("dots-and-boxes")
    assert game.new_initial_state().legal_actions() == list(range(12))
    texts = [game.action_to_string(0, a) for a in range(12)]
    assert texts[0] == "line at row 1 column 2" and "line at row 2 column 2" not in texts  # (a box)
