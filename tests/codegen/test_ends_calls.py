"""A definition several ends of one check ask, worked out once a check for each value of its arguments (#40,
codegen/ends_calls.py), in lock step with the engine generated without it (each end calling it afresh): the same
choices, chance outcomes, observations and games."""

import random
from pathlib import Path

import pytest

from rulespec.codegen.ends_calls import EndsCalls

from .lockstep import engines_with_and_without, play_in_lock_step

ROOT = Path(__file__).parents[2]
WITHOUT = ((EndsCalls, "ends_calls_asked_again", lambda self, ends: {}),)

# file -> (the kept call as the check writes it, seeded games, players)
FILES = {
    "tests/newcomer/games/pentago.rules": ("_asked_five_in_a_row.setdefault(v_p, define_five_in_a_row(st, v_p))", 12, 2),
    "rulebooks/liars-dice.rules": ("_asked_bid_stands.setdefault((), define_bid_stands(st))", 30, 2),
    "house-rules/liars-dice-dudo.rules": ("_asked_dice_left.setdefault(v_p, define_dice_left(st, v_p))", 20, 2),
    "tests/newcomer/games/oshi-zumo.rules": ("_asked_stopped.setdefault((), define_stopped(st))", 20, 2),
}


@pytest.mark.parametrize("name", sorted(FILES))
def test_a_definition_the_ends_ask_is_worked_out_once_a_check(name):
    kept_call, games, players = FILES[name]
    kept, afresh, fast, slow = engines_with_and_without(ROOT / name, WITHOUT, "ends_calls")
    assert kept_call in kept and "_asked_" not in afresh
    for seed in range(games):
        play_in_lock_step(fast.new_game(players), slow.new_game(players), players, random.Random(seed))


def test_a_definition_one_end_asks_is_called_as_before():
    """Tic-tac-toe's `three_from` is asked by one end only: its checks are written as before."""
    kept, afresh, _, _ = engines_with_and_without(ROOT / "rulebooks/tic-tac-toe.rules", WITHOUT, "ends_calls")
    assert kept == afresh
