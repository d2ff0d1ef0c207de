"""Tic-tac-toe (rulebooks/tic-tac-toe.rules) plays exactly as OpenSpiel's `tic_tac_toe`.

Lock step: at every decision both offer the same cells (OpenSpiel's action is row * 3 + column, from
0; ours is read from the action's text), the same seat moves, and the returns agree at the end. Over
seeded random games, and over the whole game tree (every distinct position, 5,478 in OpenSpiel's count).
"""

import random
import re

import pytest

import rulespec

from .lockstep import random_game_in_lock_step

pyspiel = pytest.importorskip("pyspiel")

CELL = re.compile(r"on row (\d) column (\d)$")


def cell_of(action) -> int:
    row, column = CELL.search(action.text).groups()
    return (int(row) - 1) * 3 + int(column) - 1


def ours_by_cell(state) -> dict[int, object]:
    by_cell = {cell_of(a): a for a in state.legal_actions()}
    assert len(by_cell) == len(state.legal_actions()), "two actions for one cell"
    return by_cell


def assert_same(ours, theirs) -> dict[int, object]:
    assert ours.is_terminal() == theirs.is_terminal(), str(theirs)
    if theirs.is_terminal():
        assert ours.returns() == pytest.approx(theirs.returns()), str(theirs)
        return {}
    assert ours.current_player() == theirs.current_player(), str(theirs)
    by_cell = ours_by_cell(ours)
    assert sorted(by_cell) == sorted(theirs.legal_actions()), str(theirs)
    return by_cell


@pytest.fixture(scope="module")
def game():
    return rulespec.load("tic-tac-toe")


def test_random_games_agree(game):
    theirs_game = pyspiel.load_game("tic_tac_toe")
    games, steps, wins = 300, 0, 0
    for seed in range(games):
        rng = random.Random(seed)
        ours, theirs = game.new_game(2), theirs_game.new_initial_state()
        steps += random_game_in_lock_step(ours, theirs, rng, assert_same)
        wins += any(theirs.returns())
    print(f"tic-tac-toe: {games} random games, {steps} steps, {wins} won, {games - wins} drawn, all agreeing")
    assert steps > games * 5 and 0 < wins < games


def test_the_whole_game_tree_agrees(game):
    theirs_game = pyspiel.load_game("tic_tac_toe")
    seen: set[str] = set()
    stack = [(game.new_game(2), theirs_game.new_initial_state())]
    while stack:
        ours, theirs = stack.pop()
        key = str(theirs)
        if key in seen:
            continue
        seen.add(key)
        by_cell = assert_same(ours, theirs)
        for cell, action in by_cell.items():
            after_ours, after_theirs = ours.clone(), theirs.clone()
            after_ours.apply(action)
            after_theirs.apply_action(cell)
            stack.append((after_ours, after_theirs))
    print(f"tic-tac-toe: the whole tree, {len(seen)} distinct positions, all agreeing")
    assert len(seen) == 5478
