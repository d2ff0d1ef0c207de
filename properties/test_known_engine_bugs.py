"""Bugs the verifier once found in the runtime, kept as regression tests."""

from __future__ import annotations

import pytest

import rulespec
from rulespec import Action
from rulespec.pipeline import bundled_rulebooks
from rulespec.check.verify import Checks, PropertyFailure

SHELL_WE = bundled_rulebooks()["shell-we"]


def _first_turn(game, players: int = 2):
    """The first turn decision after setup, always taking the first offered action."""
    state = game.new_game(players)
    while state.is_chance_node() or not any(a.text == "draw two tiles" for a in state.legal_actions()):
        offered = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
        state.apply(offered[0])
    return state


def test_a_state_read_back_from_json_plays_on_the_same_when_a_step_queues_before_moving(tmp_path):
    text = SHELL_WE.read_text(encoding="utf-8")
    old = "    only if bag is not empty\n    set pass_streak to 0\n"
    assert text.count(old) == 1, "the draw option changed: update this test"
    path = tmp_path / "draw-queues.rules"  # drawing also queues a bonus, before any tile moves
    path.write_text(text.replace(old, old + "    queue give_left(player) in bonuses\n"), encoding="utf-8")
    game = rulespec.load(path)
    state = _first_turn(game)
    draw = Action(state.legal_actions()[0].player, "draw two tiles")
    actions = state.history + [str(draw)]  # replayable: the actions that reach the state, then the draw

    original = state.clone()
    original.apply(draw)
    copy = game.from_json(state.to_json())
    assert copy == state
    copy.apply(draw)
    # what the verifier's json_round_trip property checks after every step
    try:
        Checks(game, 2, str(path)).apply(state.clone(), draw)
    except PropertyFailure as failure:
        assert failure.failure.property == "json_round_trip"
        assert failure.failure.actions == actions
        raise AssertionError(failure.failure.message) from None
    assert copy._violations == original._violations
    assert copy == original
