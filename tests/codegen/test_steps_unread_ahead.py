"""A look-ahead passes over an automatic step that only sets counters nothing read during a look-ahead reads
(rulespec/model/unread_ahead.py steps_unread_ahead; the generated step returns at once in a look-ahead):
Shogi's `note_check`, which counts a player's checks in a row asking `in_check` of the other side, on every
candidate move's `not in_check(player) after it`. The engine plays the same games as the one generated
without it (its counters compared too), the step still counts in play, and a step whose counters something
read ahead reads, or that does more than set counters, is not passed over."""

import random
from pathlib import Path

import pytest

import rulespec
from rulespec.codegen.engine_class import EngineClass
from rulespec.model.unread_ahead import steps_unread_ahead
from rulespec.pipeline import compile_rules

from .lockstep import engines_with_and_without, play_in_lock_step

SHOGI = Path(__file__).parents[2] / "tests" / "newcomer" / "games" / "shogi.rules"
RETURN_AHEAD = "    if st._journal is not None:  # a look-ahead: nothing read ahead reads what it sets"


def test_shogi_passes_over_its_note_check_in_a_look_ahead_and_plays_the_same_games():
    assert steps_unread_ahead(compile_rules(SHOGI)) == {"note_check"}
    source, without, fast, slow = engines_with_and_without(
        SHOGI, ((EngineClass, "steps_passed_over_ahead", lambda self: frozenset()),), "steps_unread_ahead")
    assert source.count(RETURN_AHEAD) == 1 and RETURN_AHEAD not in without
    play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(3),
                      also=(lambda st: list(st._counters["checks"]),))


def test_out_of_a_look_ahead_the_step_still_counts_checks():
    game = rulespec.load(SHOGI)
    state = game.new_game(2)
    for move in ("player 1: black pawn 7 3 to 6 3", "player 2: white pawn 3 7 to 4 7",
                 "player 1: black bishop 8 2 to 3 7"):
        state.apply(move)
    assert state._counters["checks"] == [1, 0]  # the bishop checks the king along the diagonal


def _shogi_with(tmp_path, old: str, new: str):
    text = SHOGI.read_text()
    assert old in text
    path = tmp_path / "shogi.rules"
    path.write_text(text.replace(old, new, 1))
    return compile_rules(path)


@pytest.mark.parametrize("old, new", [
    # a look-ahead's condition reads the counter the step sets
    ("    only if not in_check(player) after it\n    then land(s, t, player)\n  option step_promoting",
     "    only if not in_check(player) and checks of player >= 0 after it\n    then land(s, t, player)\n  option step_promoting"),
    # another step a look-ahead runs reads it
    ("  set kind of occupant of t to promoted(kind of occupant of t)\n",
     "  set kind of occupant of t to promoted(kind of occupant of t)\n  if checks of p > 100:\n    nothing\n"),
    # the step does more than set counters
    ("    set checks of p to 0\n", "    set checks of p to 0\n    then promote(king_square(p), p)\n"),
])
def test_a_step_read_ahead_or_doing_more_is_not_passed_over(tmp_path, old, new):
    assert steps_unread_ahead(_shogi_with(tmp_path, old, new)) == frozenset()
