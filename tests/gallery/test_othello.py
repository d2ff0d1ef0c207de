"""Othello (rulebooks/othello.rules) plays exactly as OpenSpiel's `othello`.

OpenSpiel numbers a square row by row from the top left, (row - 1) * 8 + (column - 1), as our "black on
row 3 column 4" reads; its player 0 is black. A player who cannot place must play OpenSpiel's one action
`pass` (64); in the rule file that turn is skipped (ruling OTH-AMB-1), so where OpenSpiel offers only the
pass, our game must already be the other player's, and the pass is played on OpenSpiel's side alone.
Lock step over seeded random games: the same squares offered, the same player to move, the same end and
returns.
"""

import random
import re

import pytest

import rulespec

pyspiel = pytest.importorskip("pyspiel")

SQUARE = re.compile(r"on row (\d) column (\d)$")
PASS = 64


def assert_same(ours, theirs) -> dict[int, object]:
    assert ours.is_terminal() == theirs.is_terminal(), str(theirs)
    if theirs.is_terminal():
        assert ours.returns() == pytest.approx(theirs.returns()), str(theirs)
        return {}
    assert ours.current_player() == theirs.current_player(), str(theirs)
    by_square = {}
    for action in ours.legal_actions():
        row, column = map(int, SQUARE.search(action.text).groups())
        by_square[(row - 1) * 8 + column - 1] = action
    assert len(by_square) == len(ours.legal_actions()), "two actions for one square"
    assert sorted(by_square) == theirs.legal_actions(), str(theirs)
    return by_square


def play_in_lock_step(ours, theirs, rng: random.Random) -> tuple[int, int]:
    """One random game on both sides; returns (placements, passes)."""
    placements = passes = 0
    while True:
        if not theirs.is_terminal() and theirs.legal_actions() == [PASS]:
            theirs.apply_action(PASS)  # our turn order has skipped the stuck player already
            passes += 1
        by_square = assert_same(ours, theirs)
        if theirs.is_terminal():
            return placements, passes
        square = rng.choice(sorted(by_square))
        ours.apply(by_square[square])
        theirs.apply_action(square)
        placements += 1


def test_random_games_agree():
    game, theirs_game = rulespec.load("othello"), pyspiel.load_game("othello")
    games, placements, passes, results = 300, 0, 0, {1.0: 0, -1.0: 0, 0.0: 0}
    for seed in range(games):
        ours, theirs = game.new_game(2), theirs_game.new_initial_state()
        placed, passed = play_in_lock_step(ours, theirs, random.Random(seed))
        placements, passes = placements + placed, passes + passed
        results[theirs.returns()[0]] += 1
    print(f"othello: {games} random games, {placements} placements and {passes} passes (black won "
          f"{results[1.0]}, lost {results[-1.0]}, drew {results[0.0]}), all agreeing")
    assert placements > games * 50 and passes > 0 and all(results.values())
