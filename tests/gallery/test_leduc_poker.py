"""Leduc poker (rulebooks/leduc-poker.rules) against OpenSpiel's own leduc_poker, in lock step.

Actions are matched by meaning: OpenSpiel's 0 folds, 1 calls (or checks) and 2 raises; its chance
outcomes are card indices, 0 to 5 for the jack, queen and king of its first and second suit in turn
(rank x 2 + suit: our spades and hearts). At every node the player to act, the legal actions, the
chance outcomes with their probabilities and, at the end, the returns must be equal. The rulespec
side is played through rulespec.openspiel, so the engine and its adapter are both under test."""

import random
import re
from pathlib import Path

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed (pip install 'rulespec[openspiel]')")

import rulespec  # noqa: E402
import rulespec.openspiel as rso  # noqa: E402
from open_spiel.python.algorithms import cfr  # noqa: E402
from .lockstep import policies_agree_through_adapter, random_games_through_adapter, walk_through_adapter  # noqa: E402

MOVES = {"fold": 0, "call": 1, "raise": 2}  # OpenSpiel's leduc_poker actions
RANKS, SUITS = ("jack", "queen", "king"), ("spades", "hearts")


@pytest.fixture(scope="module")
def games():
    return rso.load_game("leduc-poker", zero_sum=True), pyspiel.load_game("leduc_poker")


def _meaning(state, action) -> int:
    text = state.action_to_string(state.current_player(), action)
    if not state.is_chance_node():
        return MOVES[text]
    rank, suit = re.fullmatch(r"(?:deal|turn) (\w+) of (\w+)(?: face up)?", text).groups()
    return RANKS.index(rank) * 2 + SUITS.index(suit)


GAMES = 300


def test_seeded_random_games_agree_in_lock_step(games):
    ours_game, theirs_game = games
    steps = random_games_through_adapter(ours_game, theirs_game, GAMES, random.Random(20261201), _meaning)
    assert steps >= GAMES * 4  # two deals and at least two decisions per game
    print(f"{GAMES} random games, {steps} steps in lock step")


def test_the_whole_game_tree_agrees(games):
    positions = walk_through_adapter(games[0].new_initial_state(), games[1].new_initial_state(), _meaning)
    assert positions == 9457  # every history, chance nodes and ends included (OpenSpiel's tree has as many)
    print(f"{positions} tree positions agree")


def test_openspiel_conformance(games):
    pyspiel.random_sim_test(games[0], num_sims=20, serialize=True, verbose=False)


def test_a_seats_information_state_holds_its_card_and_the_table_not_the_other_card(games):
    state = games[0].new_initial_state()
    for text in ("deal king of spades", "deal jack of hearts", "call", "call", "turn queen of hearts face up"):
        state.apply_action(state.string_to_action(text))
    mine, theirs = state.information_state_string(0), state.information_state_string(1)
    assert "king of spades" in mine and "jack of hearts" not in mine and "queen of hearts" in mine
    assert "jack of hearts" in theirs and "king of spades" not in theirs


ITERATIONS = 2


def test_cfr_policies_are_openspiels(games):
    """CFR through the adapter (open_spiel.python.algorithms.cfr) computes OpenSpiel's own Leduc policies:
    after two iterations its current and average policies give every action of every decision the
    probability OpenSpiel's do, and the information states partition the game as OpenSpiel's do (936 of
    them). The exploitability curve beside OpenSpiel's is benchmarks/adapters_acceptance.py's (--cfr-only
    --only leduc-poker: about 40 s of CPU, most of it in the best responses)."""
    ours_game, theirs_game = games
    ours, theirs = cfr.CFRSolver(ours_game), cfr.CFRSolver(theirs_game)
    first = theirs.current_policy().action_probability_array.copy()
    for _ in range(ITERATIONS):
        ours.evaluate_and_update_policy()
        theirs.evaluate_and_update_policy()
    assert (theirs.current_policy().action_probability_array != first).any()  # CFR moved: no uniform policies
    information_states = policies_agree_through_adapter(
        ours_game.new_initial_state(), theirs_game.new_initial_state(), _meaning,
        [ours.current_policy(), ours.average_policy()], [theirs.current_policy(), theirs.average_policy()])
    assert len(information_states) == len(set(information_states.values())) == 936


# ----------------------------------------------------------------------------- the house rule

LIMIT_ONE = Path(__file__).resolve().parents[2] / "house-rules" / "leduc-poker-one-raise.rules"


def test_the_one_raise_house_rule_checks_verifies_and_caps_the_raises():
    from rulespec.pipeline.examples import run_examples
    from rulespec.check.verify import verify

    game = rulespec.load(LIMIT_ONE)
    assert game.GAME_ID == "leduc-poker-one-raise"
    results = run_examples(game)
    assert results and all(r.passed for r in results), [r.message for r in results if not r.passed]
    report = verify(LIMIT_ONE, players=2, max_examples=3, stateful_step_count=10, seed=1, derandomize=True,
                    save_counterexamples=None)
    assert report.ok, report.render()
    # After a raise and a re-raise in the base game, the house rule offers no second raise.
    offered = []
    for path in ("leduc-poker", LIMIT_ONE):
        state = rso.load_game(path, zero_sum=True).new_initial_state()
        for text in ("deal king of spades", "deal jack of hearts", "raise"):
            state.apply_action(state.string_to_action(text))
        offered.append(sorted(state.action_to_string(1, a) for a in state.legal_actions()))
    assert offered == [["call", "fold", "raise"], ["call", "fold"]]
