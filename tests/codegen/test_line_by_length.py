"""`line of N from s towards d`, N written as a number, read from a table of N-space lines by direction and cell
(#40, helper morpion: codegen/hoisted.py line_by_length, runtime/tables.py Tables.lines_by_length), a local
looked up once at the top of a listing, a guarded definition or an end's test. Morpion solitaire (four
directions written as words, a definition given the direction), 2048 (a slide's landing along a line of 4),
lines of action (lines of 8 in a walked direction) and numbered-picks are played in lock step with their
engines generated without it (st._line called at each use); a length worked out in play keeps the call. And a
definition whose value is a count over such a line (Morpion's `drawable(s, d)`) written out in a listing's
conditions (codegen/expressions.py line_count), Morpion in lock step with its engine calling it."""

import random
from pathlib import Path

import pytest

from rulespec.codegen.python import CodeGenerator

from .lockstep import engines_with_and_without, play_in_lock_step

ROOT = Path(__file__).parents[2]
NEWCOMER = ROOT / "tests/newcomer/games"
FILES = {"morpion-solitaire": (NEWCOMER / "morpion-solitaire.rules", 1, 20),
         "twenty-forty-eight": (NEWCOMER / "twenty-forty-eight.rules", 1, 3),
         "lines-of-action": (NEWCOMER / "lines-of-action.rules", 2, 4),
         "numbered-picks": (ROOT / "tests/codegen/numbered-picks.rules", 1, 10)}


def engines(path: Path):
    return engines_with_and_without(path, ((CodeGenerator, "line_by_length", lambda self, e: None),), "line_by_length")


def test_the_lever_fires_on_a_written_length_only():
    source, without, _, _ = engines(NEWCOMER / "morpion-solitaire.rules")
    assert "st._line(" not in source and without.count("st._line(") >= 20
    # the listing looks the table up once, at its top; a definition given the direction reads the state's
    assert "lines_0_4 = st._t.lines_by_length[0, 4]" in source and "lines_0_4[2][v_s]" in source
    assert "st._t.lines_by_length[0, 4][v_d][v_s]" in source
    source, _, _, _ = engines(NEWCOMER / "othello.rules")  # (a length worked out in play: `line of n + 2`)
    assert "st._line(" in source and "lines_by_length" not in source


def test_a_line_count_is_written_out_in_a_listing():
    path = NEWCOMER / "morpion-solitaire.rules"
    source, without, _, _ = engines_with_and_without(path, ((CodeGenerator, "line_count", lambda self, v: False),),
                                                     "line_count")
    listing = source[source.index("def choices_turn("):source.index("def has_legal_move_turn(")]
    assert "define_drawable(" not in listing and "define_drawable(" in without[without.index("def choices_turn("):]
    assert "if ((len([1 for v_t in lines_0_4[2][v_s] if (counter_dot[v_t] == 1)]) == 3)):" in listing
    assert "def define_drawable(st, v_s, v_d):" in source  # (its function stays, for the other readers)


def test_games_agree_with_the_line_count_called():
    path = NEWCOMER / "morpion-solitaire.rules"
    _, _, fast, slow = engines_with_and_without(path, ((CodeGenerator, "line_count", lambda self, v: False),),
                                                "line_count")
    for seed in range(20):
        play_in_lock_step(fast.new_game(1), slow.new_game(1), 1, random.Random(seed))


def test_one_seats_legal_move_is_answered_by_the_listing():
    """`when player 1 has no legal move` in a game for one player asks the player to move: the turn's listing
    answers it and is kept for the offer (codegen/ends.py only_seat), in lock step with the engine without."""
    path = NEWCOMER / "morpion-solitaire.rules"
    source, without, fast, slow = engines_with_and_without(
        path, ((CodeGenerator, "only_seat", lambda self, seat: False),), "only_seat")
    assert "if not st._engine._turn_listed(st):" in source and "_turn_listed" not in without
    for seed in range(20):
        play_in_lock_step(fast.new_game(1), slow.new_game(1), 1, random.Random(seed))
    two = ROOT / "tests/newcomer/games/clobber.rules"  # (two players: `the player to move`, as before)
    assert "_turn_listed" in engines_with_and_without(two, (), "only_seat")[0]


@pytest.mark.parametrize("name", sorted(FILES))
def test_games_agree_with_the_line_called(name):
    path, players, games = FILES[name]
    _, _, fast, slow = engines(path)
    for seed in range(games):
        play_in_lock_step(fast.new_game(players), slow.new_game(players), players, random.Random(seed))
