"""Connect Four (rulebooks/connect-four.rules) plays exactly as OpenSpiel's `connect_four`.

Lock step over seeded random games: at every decision both offer the same columns (OpenSpiel's action
is the column, from 0; ours is read from the action's text), the same seat moves, and the returns agree
at the end. The whole tree is far too big to walk (about 4.5 trillion positions).
"""

import random
import re

import pytest

import rulespec

from .lockstep import random_game_in_lock_step

pyspiel = pytest.importorskip("pyspiel")

COLUMN = re.compile(r"in column (\d)$")


def assert_same(ours, theirs) -> dict[int, object]:
    assert ours.is_terminal() == theirs.is_terminal(), str(theirs)
    if theirs.is_terminal():
        assert ours.returns() == pytest.approx(theirs.returns()), str(theirs)
        return {}
    assert ours.current_player() == theirs.current_player(), str(theirs)
    by_column = {int(COLUMN.search(a.text).group(1)) - 1: a for a in ours.legal_actions()}
    assert len(by_column) == len(ours.legal_actions()), "two actions for one column"
    assert sorted(by_column) == sorted(theirs.legal_actions()), str(theirs)
    return by_column


def test_random_games_agree():
    game, theirs_game = rulespec.load("connect-four"), pyspiel.load_game("connect_four")
    games, steps, results = 200, 0, {1.0: 0, -1.0: 0, 0.0: 0}
    for seed in range(games):
        rng = random.Random(seed)
        ours, theirs = game.new_game(2), theirs_game.new_initial_state()
        steps += random_game_in_lock_step(ours, theirs, rng, assert_same)
        results[theirs.returns()[0]] += 1
    print(f"connect four: {games} random games, {steps} steps (player 1 won {results[1.0]}, lost {results[-1.0]}, "
          f"drew {results[0.0]}), all agreeing")
    assert steps > games * 7 and results[1.0] and results[-1.0]


def test_games_that_fill_the_grid_agree():
    """Random play rarely fills the grid. Here each move avoids ending the game while it can (OpenSpiel,
    the reference, is asked on a copy), so full columns, long games and draws are compared too."""
    game, theirs_game = rulespec.load("connect-four"), pyspiel.load_game("connect_four")
    games, steps, draws = 60, 0, 0
    for seed in range(games):
        rng = random.Random(1000 + seed)
        ours, theirs = game.new_game(2), theirs_game.new_initial_state()
        while True:
            by_column = assert_same(ours, theirs)
            if theirs.is_terminal():
                break
            quiet = [c for c in sorted(by_column) if not theirs.child(c).is_terminal()]
            column = rng.choice(quiet or sorted(by_column))
            ours.apply(by_column[column])
            theirs.apply_action(column)
            steps += 1
        draws += theirs.returns()[0] == 0
    print(f"connect four: {games} games avoiding the end, {steps} steps, {draws} drawn, all agreeing")
    assert draws > 0 and steps > games * 30
