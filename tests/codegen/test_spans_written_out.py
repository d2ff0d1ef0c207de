"""A range of a few constant numbers (`-1..1`) written out as a tuple in the generated code, not a call of
span() for each walk (#40, codegen/expressions.py visit_Span), in lock step with the engine generated with the
call: the same choices in the same order, chance outcomes with their probabilities, the same games."""

import random
from pathlib import Path

import pytest

from rulespec.codegen import expressions

from .lockstep import engines_with_and_without, play_in_lock_step

ROOT = Path(__file__).parents[2]


def engines(path: Path):
    return engines_with_and_without(path, ((expressions, "SPAN_WRITTEN_OUT", 0),), "spans_written")


# file -> (the range as written out, as called; seeded games; players)
FILES = {
    "rulebooks/breakthrough.rules": ("for v_c in (-1, 0, 1):", "for v_c in span((-1), 1):", 6, 2),
    "rulebooks/backgammon.rules": ("each = tuple((1, 2, 3, 4, 5, 6))", "each = tuple(span(1, 6))", 3, 2),
    "rulebooks/liars-dice.rules": ("for v_rolled in (1, 2, 3, 4, 5, 6)", "for v_rolled in span(1, 6)", 6, 2),
}


@pytest.mark.parametrize("name", sorted(FILES))
def test_a_range_written_out_plays_the_same_games(name):
    written_text, called_text, games, players = FILES[name]
    written, called, fast, slow = engines(ROOT / name)
    assert written_text in written and written_text not in called
    assert called_text in called and called_text not in written
    for seed in range(games):
        play_in_lock_step(fast.new_game(players), slow.new_game(players), players, random.Random(seed))


def test_only_a_few_constant_numbers_are_written_out():
    ir = expressions.ir
    assert expressions.constant_number(ir.Negate(ir.INT, None, "-1", ir.Const(ir.INT, None, "1", 1))) == -1
    assert expressions.constant_number(ir.Const(ir.BOOL, None, "true", True)) is None
    written, _, _, _ = engines(ROOT / "rulebooks" / "backgammon.rules")
    assert "span(1, 25)" in written  # (25 numbers: a range, made by the call that checks its size)
