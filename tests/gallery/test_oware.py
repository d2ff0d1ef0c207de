"""Oware (rulebooks/oware.rules) plays exactly as OpenSpiel's `oware`.

OpenSpiel's player 0 is our player 1 (South, houses A to F); its action n is the player's n-th house, A to
F for player 0 and a to f for player 1, as our "sow A" ... "sow f" name them. Lock step over seeded random
games: the same houses offered, the same player to move, the same end and returns at every step; the seeds
in each house and the captures agree too. Some games end by the position rule (a position seen a second
time), some because a player cannot move, the rest when a player has captured more than half.
"""

import json
import random
import time
from collections import Counter

import pytest

import rulespec
from tests.gallery.lockstep import random_game_in_lock_step
from tests.long_runs import count

pyspiel = pytest.importorskip("pyspiel")

HOUSES = "ABCDEFabcdef"


def openspiel_action(text: str) -> int:
    """OpenSpiel's number for our action "sow X": the house's place in its owner's row."""
    return HOUSES.index(text.removeprefix("sow ")) % 6


def same(ours, theirs) -> dict[int, object]:
    assert ours.is_terminal() == theirs.is_terminal(), str(theirs)
    if not theirs.is_terminal():  # OpenSpiel's "player | stores | seeds of each house, A to f"
        counters = json.loads(ours.to_json())["counters"]
        board = " | ".join(" ".join(map(str, part)) for part in (counters["store"], counters["seeds"]))
        assert theirs.observation_string(0) == f"{theirs.current_player()} | {board}"
    if theirs.is_terminal():
        assert ours.returns() == pytest.approx(theirs.returns()), str(theirs)
        return {}
    assert ours.current_player() == theirs.current_player(), str(theirs)
    by_number = {openspiel_action(action.text): action for action in ours.legal_actions()}
    assert len(by_number) == len(ours.legal_actions()), "two actions for one house"
    assert sorted(by_number) == theirs.legal_actions(), str(theirs)
    return by_number


def test_random_games_agree():
    game, theirs_game = rulespec.load("oware"), pyspiel.load_game("oware")
    games, moves, ends, started = count("OWARE_GAMES", 60, 300), 0, Counter(), time.perf_counter()
    for seed in range(games):
        ours, theirs = game.new_game(2), theirs_game.new_initial_state()
        moves += random_game_in_lock_step(ours, theirs, random.Random(seed), same)
        ends[ours.outcome()["end"]] += 1
    print(f"oware: {games} random games, {moves} moves, all agreeing ({time.perf_counter() - started:.1f} s); "
          f"ended by {dict(ends)}")
    assert ends["repetition"] > 0 and ends["cannot_move"] > 0 and ends["more_than_half"] > 0


def test_our_action_numbers_are_openspiels_through_the_adapter():
    """`actions numbered 0 to 5` with `numbered size of walk(...)`: through the OpenSpiel adapter, every legal
    action's number IS OpenSpiel's (the mover's house counted from A or a), not a mapping of texts; the same
    numbers are applied to both sides, and each number's text without a state is that seat's house."""
    rso = pytest.importorskip("rulespec.openspiel")
    ours_game, theirs_game = rso.load_game("oware"), pyspiel.load_game("oware")
    assert ours_game.num_distinct_actions() == theirs_game.num_distinct_actions() == 6
    assert [ours_game.action_to_string(0, n) for n in range(6)] == [f"sow {h}" for h in "ABCDEF"]
    assert [ours_game.action_to_string(1, n) for n in range(6)] == [f"sow {h}" for h in "abcdef"]
    rng, steps = random.Random(7), 0
    for _ in range(30):
        ours, theirs = ours_game.new_initial_state(), theirs_game.new_initial_state()
        while not theirs.is_terminal():
            assert ours.current_player() == theirs.current_player()
            assert ours.legal_actions() == theirs.legal_actions(), str(theirs)
            for number in ours.legal_actions():  # the number and the house its text names agree
                assert openspiel_action(ours.action_to_string(ours.current_player(), number)) == number
            number = rng.choice(ours.legal_actions())
            ours.apply_action(number)
            theirs.apply_action(number)
            steps += 1
        assert ours.is_terminal() and ours.returns() == pytest.approx(theirs.returns())
    assert steps > 1000
