"""Othello (rulebooks/othello.rules) plays exactly as OpenSpiel's `othello`, numbered as OpenSpiel numbers it.

OpenSpiel numbers a square row by row from the top left, (row - 1) * 8 + (column - 1), as our "black on
row 3 column 4" reads, and a pass 64; its player 0 is black. The rule file says the same numbers
(`actions numbered 0 to 64`, each option's `numbered`, ruling OTH-AMB-2), so through the OpenSpiel adapter
our legal action numbers ARE OpenSpiel's. A player who cannot place has one legal action, pass, on both
sides (ruling OTH-AMB-1). Lock step over seeded random games: the same numbers offered, each naming the
same move, the same player to move, the same end and returns.
"""

import re

import pytest

from tests.long_runs import count

from .lockstep import random_games_by_number

pyspiel = pytest.importorskip("pyspiel")
rso = pytest.importorskip("rulespec.openspiel")

SQUARE = re.compile(r"on row (\d) column (\d)$")
PASS = 64


def openspiel_number(text: str) -> int:
    """OpenSpiel's number for the move our text names."""
    if text == "pass":
        return PASS
    row, column = map(int, SQUARE.search(text).groups())
    return (row - 1) * 8 + column - 1


def test_the_game_has_openspiels_numbers_and_bounds():
    ours, theirs = rso.load_game("othello"), pyspiel.load_game("othello")
    assert ours.num_distinct_actions() == theirs.num_distinct_actions() == 65
    assert ours.max_game_length() == theirs.max_game_length() == 128  # `at most 128 decisions`
    for player, colour in enumerate(("black", "white")):  # each number's text without a state
        assert [ours.action_to_string(player, n) for n in (0, 19, 63, 64)] == [
            f"{colour} on row 1 column 1", f"{colour} on row 3 column 4", f"{colour} on row 8 column 8", "pass"]


def test_random_games_agree_number_for_number():
    games = count("OTHELLO_GAMES", 60, 300)
    steps, finals = random_games_by_number(rso.load_game("othello"), pyspiel.load_game("othello"), range(games),
                                           openspiel_number)
    passes = sum(1 for state in finals for action in state.history if action.endswith(": pass"))
    results = [state.outcome()["ranking"] for state in finals]
    print(f"othello: {games} random games, {steps} moves of which {passes} passes, all agreeing number for number")
    assert steps > games * 50 and passes > 0 and len({tuple(r) for r in results}) == 3  # wins, losses and draws
