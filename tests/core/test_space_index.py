"""`index of s`: a space's place among its board's spaces in use, in board order, counted from 0.

On a graph it is the order of the `spaces` line (nine men's morris numbers its points so, as OpenSpiel does:
tests/gallery/test_nine_mens_morris.py); on a grid the map's rows from the top, each west to east, skipping
what is not in use this game (a `-`, columns past an option's value). An action number may read it. The
reference game is rulespec/docs/ref_games/points.rules.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import rulespec
from rulespec.adapters.core import game_key, table_for
from rulespec.docs.english import English
from rulespec.language.errors import RuleError
from rulespec.model import ir
from rulespec.model.cost import Cost
from rulespec.pipeline import generate_source

ROOT = Path(__file__).resolve().parents[2]

# A board of 2 rows of up to 4 columns (the option says how many are in use), with no space at row 1 column 2.
GAME = '''game "Holes" [H-1]
  id "holes"
  players 2 to 2 [H-1]
  at most 8 turns [H-1]
  actions numbered 0 to 2 * width - 2 [H-1]
option width "Columns": 3, 4 default 3 [H-1]
board grid: rows r 1..2, columns c 1..width, adjacency orthogonal [H-1]:
  face plain [H-1]:
    1 . - . .
    2 . . . .
component stone: colour (red, blue) x 8 [H-1]
each player has a colour: red, blue [H-1]
zone pool: shared, public, holds every component in play [H-1]
turns go clockwise from player 1, each turn runs turn [H-1]
choice turn(player: seat) by player [H-1]:
  option put "put {s} at {index of s}" [H-1]:
    for s in grid
    numbered {number}
    only if s is empty
    place any(t in pool where colour of t = colour of player) on s
end full [H-1]:
  checked after every step
  when count(s in grid where s is empty) = 0
'''


@pytest.fixture(autouse=True)
def _allowed(tmp_path, monkeypatch):
    monkeypatch.setenv("RULESPEC_RULES_PATH", str(tmp_path))  # (a game by path: below an allowed folder)


def write(tmp_path, number="index of s", extra="") -> Path:
    path = tmp_path / "holes.rules"
    path.write_text(GAME.replace("{number}", number) + extra, encoding="utf-8")
    return path


def error_of(tmp_path, number="index of s", extra="") -> str:
    with pytest.raises(RuleError) as info:
        rulespec.load(write(tmp_path, number, extra))
    return str(info.value)


def offered(engine) -> list[str]:
    state = engine.new_game(2)
    return [str(action).removeprefix("player 1: ") for action in state.legal_actions()]


@pytest.mark.parametrize("width, spaces", [
    ("3", ["1 1", "1 3", "2 1", "2 2", "2 3"]),
    ("4", ["1 1", "1 3", "1 4", "2 1", "2 2", "2 3", "2 4"]),
])
def test_a_grid_counts_its_spaces_in_use_row_by_row_from_zero(tmp_path, width, spaces):
    engine = rulespec.load(write(tmp_path), options={"width": width})
    assert offered(engine) == [f"put {s} at {n}" for n, s in enumerate(spaces)]


def test_it_numbers_actions_and_the_adapters_read_it_without_a_state(tmp_path):
    path = write(tmp_path)
    table = table_for(game_key(str(path), options={"width": "4"}), 2)
    assert table.num_actions == 7
    assert [table.text_without_state(0, n) for n in range(7)] == [
        "put 1 1 at 0", "put 1 3 at 1", "put 1 4 at 2", "put 2 1 at 3", "put 2 2 at 4", "put 2 3 at 5", "put 2 4 at 6"]


def test_the_generated_code_looks_it_up_in_a_table_made_when_first_read(tmp_path):
    path = write(tmp_path)
    engine = rulespec.load(path)
    code = generate_source(engine.model, path)
    assert "return st._t.space_index[0][v_s]" in code
    state = engine.new_game(2)
    assert state._t.space_index[0] == (0, None, 1, None, 2, 3, 4, None)  # a cell not in use has none
    assert not rulespec.load("tic-tac-toe").new_game(2)._t.space_index  # a game that never asks makes none


def test_a_graph_counts_in_the_order_of_its_spaces_line():
    engine = rulespec.load("nine-mens-morris")
    board = engine.BOARDS[0]
    state = engine.new_game(2)
    places = [str(a).removeprefix("player 1: place on ") for a in state.legal_actions()]
    numbers = [engine.STEPS["turn"].options[0].number(state, 0, cell) for cell in range(board.size)]
    assert numbers == list(range(24)) and places == list(board.rows)


def test_its_english_and_its_bounds(tmp_path):
    model = rulespec.load(write(tmp_path)).model
    number = next(o for s in model.steps for o in s.options if o.name == "put").number
    assert isinstance(number, ir.SpaceIndex)
    assert English(model).expr(number) == "the place of *s* in the order of the grid's spaces (from 0)"
    costs = Cost(model)
    assert (costs.least(number), costs.most(number)) == (0, 6)  # the map's 7 spaces in use (8 cells, one `-`)


def test_on_what_is_not_a_space_it_is_refused_at_its_place(tmp_path):
    message = error_of(tmp_path, "index of player")
    assert "holes.rules:18:23:" in message and "`index of` needs a space, not a player" in message


def test_a_name_the_file_gives_index_is_read_instead(tmp_path):
    own = GAME.replace("rows r 1..2", "rows index 1..2").replace("(index of s)", "(r of s)")
    path = tmp_path / "holes.rules"
    path.write_text(own.replace("{number}", "2 * (index of s - 1) + c of s - 1").replace("{index of s}", "{c of s}"),
                    encoding="utf-8")
    number = next(o for s in rulespec.load(path).model.steps for o in s.options if o.name == "put").number
    assert not any(isinstance(e, ir.SpaceIndex) for e in _walk(number))  # the rows' own name, a SpaceAttr
    assert any(isinstance(e, ir.SpaceAttr) and e.attr == "index" for e in _walk(number))


def _walk(e: ir.E):
    from rulespec.model.tree import walk
    return list(walk(e))
