"""`group of s` flooded once for a board as it stands (runtime/groups_kept.py, #40): the groups kept are those
of the last board contents asked about, compared with the board at every question (checked, never trusted),
and only where no attribute can change. Against the runtime flooding every group afresh
(BoardReading._flooded_group): the same groups whatever was asked before, on boards changed in place, on
clones, and the same games of Y and Go."""

from __future__ import annotations

import random
from pathlib import Path

import rulespec
from rulespec.runtime import groups_kept
from rulespec.runtime.board_reading import BoardReading

ROOT = Path(__file__).resolve().parents[2]
Y = ROOT / "tests" / "newcomer" / "games" / "y.rules"
GAMES = ROOT / "rulespec" / "docs" / "ref_games"


def _every_group_right(state) -> int:
    for cell in state._t.cells_in_use[0]:
        assert state._group(0, cell) == state._flooded_group(0, cell)
    return len(state._t.cells_in_use[0])


def test_a_board_changed_in_place_or_a_clone_gets_its_own_groups():
    game = rulespec.load(GAMES / "atari.rules")
    rng, checked = random.Random(3), 0
    for _ in range(8):
        state = game.new_game(2)
        while not state.is_terminal():
            other = state.clone()
            state.apply(rng.choice(state.legal_actions()))
            checked += _every_group_right(state) + _every_group_right(other) + _every_group_right(state)
            assert groups_kept._last[0] is state._boards[0]
            board = state._boards[0]
            cell = rng.choice(state._t.cells_in_use[0])
            kept, board[cell] = board[cell], -1  # written behind the engine's back, then put back
            checked += _every_group_right(state)
            board[cell] = kept
            checked += _every_group_right(state)
    assert checked > 2000


def test_no_group_is_kept_where_an_attribute_can_change():
    game = rulespec.load(GAMES / "flips.rules")
    state, rng = game.new_game(2), random.Random(1)
    assert state._attrs is not None
    groups_kept._last = (None, None, {})
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
        _every_group_right(state)
    assert groups_kept._last[0] is None


def _played(game, players: int, seed: int, monkeypatch, flooded: bool):
    with monkeypatch.context() as patch:
        if flooded:
            patch.setattr(BoardReading, "_group", BoardReading._flooded_group)
        state, rng = game.new_game(players), random.Random(seed)
        listings = []
        while not state.is_terminal():
            actions = state.legal_actions()
            listings.append([str(a) for a in actions])
            state.apply(rng.choice(actions))
        return listings, state.history, state.returns(), state.to_json()


def test_y_and_go_play_as_with_every_group_flooded(monkeypatch):
    for path, seeds in ((Y, range(4)), (ROOT / "rulebooks" / "go.rules", range(2))):
        game = rulespec.load(path)
        for seed in seeds:
            assert _played(game, 2, seed, monkeypatch, False) == _played(game, 2, seed, monkeypatch, True)
