"""A definition used by a listing's condition written out in place when its value holds a part reading none
of the chosen names, which the listing then keeps once (#40, codegen/written_out_for_once.py), in lock step
with the engine generated without it: the same choices in the same order at every step, the same games."""

import random
from pathlib import Path

from rulespec.codegen.written_out_for_once import WrittenOutForOnce

from .lockstep import engines_with_and_without, play_in_lock_step

NEWCOMER = Path(__file__).parents[2] / "tests" / "newcomer" / "games"


def engines(name: str):
    return engines_with_and_without(NEWCOMER / f"{name}.rules",
                                    ((WrittenOutForOnce, "written_out_for_once", lambda self, bound: lambda c: None),
                                     (WrittenOutForOnce, "nested_in_listing", False)),  # (nor anywhere in it)
                                    "written_out_for_once")


def listing(source: str, function: str) -> str:
    return source.split(f"def {function}(", 1)[1].split("\ndef ", 1)[0]


def test_einsteins_rolled_cube_searched_once_a_listing():
    written, called, fast, slow = engines("einstein")
    # `may_move(s, player)` written out: its `s holds colour of p` tested first, `rolled_on_board(p)` kept once
    assert "define_may_move(st, v_s, v_player)" in listing(called, "choices_move")
    assert "define_may_move(" not in listing(written, "choices_move")
    assert "(_n0 if _n0 is not None else (_n0 := define_rolled_on_board(st, v_player)))" in listing(written, "choices_move")
    for seed in range(12):
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed))


def test_crazy_eights_suit_to_follow_read_once_a_listing():
    written, called, fast, slow = engines("crazy-eights")
    assert "define_may_play(st, v_c)" in listing(called, "choices_turn")
    assert "(_n0 if _n0 is not None else (_n0 := define_suit_to_follow(st)))" in listing(written, "choices_turn")
    for players in (2, 3):
        for seed in range(8):
            play_in_lock_step(fast.new_game(players), slow.new_game(players), players, random.Random(seed))


def test_a_condition_the_same_for_every_candidate_stays_a_call_kept_once():
    """2048's `can_move(north)` reads no chosen name: the call itself is kept once (as a count written out
    would be counted in full, not stopped at the first found), so nothing is written out."""
    written, called, _, _ = engines("twenty-forty-eight")
    assert written == called
    assert "(_n0 := define_can_move(st, 0))" in written
