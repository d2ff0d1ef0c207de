"""The legal placements a board of triangles lists (bit-parallel, rulespec.lib.geometry) are exactly the ones a
test of each placement keeps, in table order, on the states of random games; and a state that has listed
them still pickles and lists the same after."""

from __future__ import annotations

import pickle
import random

import pytest

import rulespec
from rulespec.runtime.engine import random_step


def walked(state, board: int, shape: str) -> tuple[int, ...]:
    return tuple(p for p in state._t.placements_of[board][shape]
                 if state._placement_free(board, p) and state._placement_touches(board, p))


@pytest.mark.parametrize("players, variants", [(2, ()), (5, ("advanced",))])
def test_let_them_eat_shrimp_lists_what_testing_every_placement_keeps(players, variants):
    game = rulespec.load("let-them-eat-shrimp", variants=list(variants))
    shapes = tuple(game.SHAPES)
    listed = 0
    for seed in range(4):
        state, rng = game.new_game(players), random.Random(seed)
        while not state.is_terminal():
            for shape in shapes:
                found = state._legal_placements(0, shape)
                assert found == walked(state, 0, shape), (shape, state.history)
                listed += len(found)
            state.apply(random_step(state, rng))
    assert listed > 1000


def test_a_state_that_listed_placements_pickles():
    game = rulespec.load("let-them-eat-shrimp")
    state, rng = game.new_game(2), random.Random(3)
    for _ in range(12):
        state.apply(random_step(state, rng))
    before = {shape: state._legal_placements(0, shape) for shape in game.SHAPES}
    assert any(before.values())
    copy = pickle.loads(pickle.dumps(state))
    assert {shape: copy._legal_placements(0, shape) for shape in game.SHAPES} == before
    assert copy.legal_actions() == state.legal_actions()
