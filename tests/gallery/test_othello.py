"""Othello (rulebooks/othello.rules) plays exactly as OpenSpiel's `othello`.

OpenSpiel numbers a square row by row from the top left, (row - 1) * 8 + (column - 1), as our "black on
row 3 column 4" reads, and a pass 64; its player 0 is black. A player who cannot place has one legal
action, pass, on both sides (ruling OTH-AMB-1). Lock step over seeded random games: the same actions
offered, the same player to move, the same end and returns.
"""

import random
import re

import pytest

import rulespec

from .lockstep import random_game_in_lock_step

pyspiel = pytest.importorskip("pyspiel")

SQUARE = re.compile(r"on row (\d) column (\d)$")
PASS = 64


def openspiel_number(text: str) -> int:
    if text.endswith(": pass"):
        return PASS
    row, column = map(int, SQUARE.search(text).groups())
    return (row - 1) * 8 + column - 1


def assert_same(ours, theirs) -> dict[int, object]:
    assert ours.is_terminal() == theirs.is_terminal(), str(theirs)
    if theirs.is_terminal():
        assert ours.returns() == pytest.approx(theirs.returns()), str(theirs)
        return {}
    assert ours.current_player() == theirs.current_player(), str(theirs)
    by_number = {openspiel_number(str(action)): action for action in ours.legal_actions()}
    assert len(by_number) == len(ours.legal_actions()), "two actions for one number"
    assert sorted(by_number) == theirs.legal_actions(), str(theirs)
    return by_number


def test_random_games_agree():
    game, theirs_game = rulespec.load("othello"), pyspiel.load_game("othello")
    games, steps, passes, results = 300, 0, 0, {1.0: 0, -1.0: 0, 0.0: 0}
    for seed in range(games):
        ours, theirs = game.new_game(2), theirs_game.new_initial_state()
        steps += random_game_in_lock_step(ours, theirs, random.Random(seed), assert_same)
        passes += sum(1 for action in theirs.history() if action == PASS)
        results[theirs.returns()[0]] += 1
    print(f"othello: {games} random games, {steps} moves of which {passes} passes (black won {results[1.0]}, "
          f"lost {results[-1.0]}, drew {results[0.0]}), all agreeing")
    assert steps > games * 50 and passes > 0 and all(results.values())
