"""What an `and` has found occupied holds its occupant: `s is occupied and kind of occupant of s = k` reads the
occupant from the board's contents (`st._boards[0][v_s]`), not through State._occupant's emptiness test again
(codegen/expressions.py: visit_BoolOp, occupied_when_true). Chess and checkers play the same games as the
engines generated without it; an occupant read before its test, or after an `or`, keeps the test."""

import random
from pathlib import Path

import pytest

import rulespec
from rulespec.codegen import expressions, python as codegen
from rulespec.pipeline import compile_rules, load_module_from_source

from .lockstep import play_in_lock_step

CHESS = Path(rulespec.pipeline.resolve_path("chess"))
MINE = "define mine(s: grid, p: seat) [CH-3]:\n  s is occupied and colour of occupant of s = colour of p"


def _definition(source: str, name: str) -> str:
    return source.split(f"def define_{name}(", 1)[1].split("\ndef ", 1)[0]


@pytest.mark.parametrize("path, games", [(CHESS, 2), (Path(rulespec.pipeline.resolve_path("checkers")), 4)])
def test_an_occupant_read_from_the_contents_plays_the_same_games(path, games, monkeypatch):
    model = compile_rules(path)
    fast_source = codegen.generate(model, path.name)
    with monkeypatch.context() as patch:
        patch.setattr(expressions, "occupied_when_true", lambda e: frozenset())
        slow_source = codegen.generate(model, path.name)
    assert fast_source.count("st._occupant(") < slow_source.count("st._occupant(")
    fast = load_module_from_source(fast_source, f"contents_{path.stem}").GAME(None)
    slow = load_module_from_source(slow_source, f"occupant_{path.stem}").GAME(None)
    fast.model = slow.model = model
    for seed in range(games):
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed))


def test_chess_reads_a_pieces_kind_and_colour_from_the_board():
    source = codegen.generate(compile_rules(CHESS), CHESS.name)
    assert "(st._boards[0][v_s] >= 0 and (st._attrs['kind'][st._boards[0][v_s]] == v_k))" in _definition(source, "is_a")
    assert "ITEM_ATTRS['colour'][st._boards[0][v_s]]" in _definition(source, "mine")
    assert "_occupant" not in _definition(source, "slides")


@pytest.mark.parametrize("written", [
    "colour of occupant of s = colour of p and s is occupied",  # read before the test: an empty space fails
    "s is occupied or colour of occupant of s = colour of p",  # after an `or`: the space may be empty
])
def test_an_occupant_not_known_to_be_there_is_read_through_the_test(tmp_path, written):
    path = tmp_path / "chess.rules"
    text = CHESS.read_text()
    assert MINE in text
    path.write_text(text.replace(MINE, MINE.split("\n")[0] + "\n  " + written))
    mine = _definition(codegen.generate(compile_rules(path), path.name), "mine")
    assert "st._occupant(0, v_s)" in mine and "ITEM_ATTRS['colour'][st._boards[0][v_s]]" not in mine
