"""Pig (rulebooks/pig.rules) against OpenSpiel's own pig, in lock step.

Actions are matched by meaning: OpenSpiel's 0 is a roll and 1 a stop; its chance outcome k is the die
showing k + 1. The rule file's options winscore, diceoutcomes and horizon are OpenSpiel's parameters of
the same names, and its players OpenSpiel's `players`. At every node the player to act, the legal
actions, the chance outcomes with their probabilities and, at the end, the returns must be equal. The
rulespec side is played through rulespec.openspiel, so the engine and its adapter are both under test."""

import random
import re
from pathlib import Path

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed (pip install 'rulespec[openspiel]')")

import rulespec  # noqa: E402
import rulespec.openspiel as rso  # noqa: E402  (registers the games)
from .lockstep import random_games_through_adapter, walk_through_adapter  # noqa: E402

MOVES = {"roll": 0, "stop": 1}  # OpenSpiel's pig actions


def _meaning(state, action) -> int:
    text = state.action_to_string(state.current_player(), action)
    if state.is_chance_node():
        return int(re.fullmatch(r"roll (\d+)", text).group(1)) - 1
    return MOVES[text]


def _games(players: int, **options: int):
    return (rso.load_game("pig", players=players, options={k: str(v) for k, v in options.items()}),
            pyspiel.load_game("pig", {"players": players, **options}))


# (players, OpenSpiel's parameters, games): the standard game, a short one for three with a smaller
# die, and one short enough for the horizon to end some games in a draw.
SETTINGS = [
    (2, {}, 30),
    (3, {"winscore": 20, "diceoutcomes": 4}, 150),
    (4, {"winscore": 20, "horizon": 50}, 100),
]


@pytest.mark.parametrize("players, options, games", SETTINGS)
def test_seeded_random_games_agree_in_lock_step(players, options, games):
    ours_game, theirs_game = _games(players, **options)
    ends = {"won": 0, "draw": 0}

    def mostly_rolling(rng, ordered):  # roll two times in three, so that scores do reach the target
        return ordered[0] if len(ordered) == 1 or rng.random() < 2 / 3 else ordered[1]

    rng = random.Random(20261201 + players)
    steps = 0
    for _ in range(games):
        steps += random_games_through_adapter(ours_game, theirs_game, 1, rng, _meaning, mostly_rolling)
    # Count how the games ended, on fresh seeded games of the engine itself.
    engine = rulespec.load("pig", options={k: str(v) for k, v in options.items()})
    for seed in range(games):
        outcome = rulespec.random_game(engine, players, seed=seed).outcome()
        ends["draw" if outcome["draw"] else "won"] += 1
    assert steps >= games * 3
    if "horizon" in options:
        assert ends["draw"] > 0  # the horizon did end some games
    print(f"players={players} {options}: {games} random games, {steps} steps in lock step; ends {ends}")


def _tree_size(state) -> int:
    """OpenSpiel's own count of the positions below a state (its tree, walked alone)."""
    if state.is_terminal():
        return 1
    actions = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
    return 1 + sum(_tree_size(state.child(a)) for a in actions)


def test_the_whole_game_tree_of_a_short_game_agrees():
    """Eight decisions at most, a two-faced die, ten points to win: every position of the tree, both sides."""
    ours_game, theirs_game = _games(2, winscore=10, diceoutcomes=2, horizon=8)
    positions = walk_through_adapter(ours_game.new_initial_state(), theirs_game.new_initial_state(), _meaning)
    assert positions == _tree_size(theirs_game.new_initial_state())
    print(f"{positions} tree positions agree")


def test_openspiel_conformance():
    pyspiel.random_sim_test(_games(2, winscore=20)[0], num_sims=10, serialize=True, verbose=False)


def test_every_roll_is_a_chance_event_with_exact_odds():
    game = rulespec.load("pig", options={"diceoutcomes": "4"})
    state = game.new_game(2)
    state.apply("player 1: roll")
    outcomes = state.chance_outcomes()
    assert [a.text for a, _ in outcomes] == ["roll 1", "roll 2", "roll 3", "roll 4"]
    assert {float(p) for _, p in outcomes} == {0.25}
    state.apply("chance: roll 3")
    replay = game.from_json(state.to_json())
    assert replay == state and [str(a) for a in replay.legal_actions()] == ["player 1: roll", "player 1: stop"]


# ----------------------------------------------------------------------------- the house rule

HOUSE = Path(__file__).resolve().parents[2] / "house-rules" / "pig-two-dice.rules"


def test_the_two_dice_house_rule_checks_verifies_and_differs_from_the_base_game():
    from rulespec.pipeline.examples import run_examples
    from rulespec.check.verify import verify

    game = rulespec.load(HOUSE)
    assert game.GAME_ID == "pig-two-dice"
    results = run_examples(game)
    assert results and all(r.passed for r in results), [r.message for r in results if not r.passed]
    report = verify(HOUSE, players=2, max_examples=3, stateful_step_count=10, seed=1, derandomize=True,
                    save_counterexamples=None)
    assert report.ok, report.render()
    # The odds of losing the turn total on a roll, worked out from the chance outcomes of each engine:
    # one die 1/6; two dice 11/36 (a 1 on either), of which 1/36 (snake eyes) loses the score too.
    from fractions import Fraction

    def odds(engine):
        start = engine.new_game(2)
        start.apply("player 1: stop")
        start.apply("player 2: stop")  # player 1 to move again, with a turn total of 0
        start.apply("player 1: roll")
        lost_turn = Fraction(0)
        pending = [(start, Fraction(1))]
        while pending:
            state, p = pending.pop()
            if state.is_chance_node():
                for action, q in state.chance_outcomes():
                    after = state.clone()
                    after.apply(action)
                    pending.append((after, p * q))
            elif state.current_player() == 1:  # the turn passed to player 2
                lost_turn += p
        return lost_turn

    assert odds(rulespec.load("pig")) == Fraction(1, 6)
    assert odds(game) == Fraction(11, 36)
    state = game.new_game(2)
    state.apply("player 1: roll")
    assert [a.text for a, _ in state.chance_outcomes()] == [f"first die {n}" for n in range(1, 7)]
