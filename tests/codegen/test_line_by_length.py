"""`line of N from s towards d`, N written as a number, read from a table of N-space lines by direction and cell
(#40, helper morpion: codegen/hoisted.py line_by_length, runtime/tables.py Tables.lines_by_length), a local
looked up once at the top of a listing, a guarded definition or an end's test. Morpion solitaire (four
directions written as words, a definition given the direction), 2048 (a slide's landing along a line of 4),
lines of action (lines of 8 in a walked direction) and numbered-picks are played in lock step with their
engines generated without it (st._line called at each use); a length worked out in play keeps the call."""

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


@pytest.mark.parametrize("name", sorted(FILES))
def test_games_agree_with_the_line_called(name):
    path, players, games = FILES[name]
    _, _, fast, slow = engines(path)
    for seed in range(games):
        play_in_lock_step(fast.new_game(players), slow.new_game(players), players, random.Random(seed))
