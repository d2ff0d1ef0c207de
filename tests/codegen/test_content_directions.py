"""A definition of a space and a direction that reads the space only through what it holds (antichess's and chess's
`slides(s, d)`: the kind of the piece on s, and which set d is in) read from a table by content and direction
(#40, helper antichess: codegen/content_directions.py, runtime/helpers.py content_directions), not called for
every piece and direction. Antichess (a newcomer's file) and the gallery's chess are played in lock step with
their engines generated without it (the definition called at each use); a definition that reads more of the
state (chess's `beside(t, p)`: other spaces) keeps its calls."""

import random
from pathlib import Path

import pytest

from rulespec.codegen.python import CodeGenerator
from rulespec.runtime.helpers import content_directions

from .lockstep import engines_with_and_without, play_in_lock_step

ROOT = Path(__file__).parents[2]
FILES = {"antichess": (ROOT / "tests/newcomer/games/antichess.rules", 30),
         "chess": (ROOT / "rulebooks/chess.rules", 3)}


def engines(path: Path):
    return engines_with_and_without(path, ((CodeGenerator, "content_directions_use", lambda self, e: None),),
                                    "content_directions")


def test_the_lever_fires_on_a_definition_of_content_and_direction_only():
    source, without, _, _ = engines(FILES["antichess"][0])
    listing = source[source.index("def choices_turn("):source.index("def has_legal_move_turn(")]
    assert "define_slides(" not in listing.replace("define_slides, st", "")
    assert "DIRECTIONS_SLIDES.get(st._attrs['kind'][st._boards[0][v_s]] if st._boards[0][v_s] >= 0 else None)" in listing
    assert "define_slides(st, v_s, v_d)" in without[without.index("def choices_turn("):]
    assert "DIRECTIONS_SLIDES = {}" in source and "def define_slides(st, v_s, v_d):" in source  # (kept, to fill it)
    assert "DIRECTIONS_BESIDE" not in source and "DIRECTIONS_MINE" not in source  # (they read more than s's content)


def test_a_content_the_definition_fails_on_keeps_the_calls():
    def slides(st, s, d):
        if d == 3:
            raise ValueError("no such attribute")
        return d % 2 == 0
    table = {}
    row = content_directions(table, slides, None, 5, "rook")
    assert table == {} and row[2] is True and row[1] is False
    with pytest.raises(ValueError):
        row[3]
    assert content_directions(table, lambda st, s, d: d == 1, None, 5, "bishop") == (False, True) + (False,) * 6
    assert table["bishop"][1]


@pytest.mark.parametrize("name", sorted(FILES))
def test_games_agree_with_the_definition_called(name):
    path, games = FILES[name]
    _, _, fast, slow = engines(path)
    for seed in range(games):
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed))
