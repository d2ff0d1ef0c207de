"""A walk of a board narrowed to the spaces its condition fixes (codegen/narrowing.py: `t = neighbour of s
towards d` through the definitions it uses, `position of s = k`), and an option's condition split into the
conjuncts of the definition it uses (each tested once its names are bound), play the same games as the
walk of every space testing the whole condition: each engine below is also generated without both, and the
two are played in lock step on random games (the same choices in the same order, chance outcomes,
observations, and at the end the same history, outcome, returns and JSON)."""

import random
from pathlib import Path

import pytest

import rulespec
from rulespec.codegen import python as codegen
from rulespec.codegen.narrowing import Narrowing
from rulespec.pipeline import compile_rules, load_module_from_source

from .lockstep import play_in_lock_step

NEWCOMER = Path(__file__).parents[1] / "newcomer" / "games"


def _pair(path: Path, monkeypatch):
    model = compile_rules(path)
    fast_source = codegen.generate(model, path.name)
    with monkeypatch.context() as patch:
        patch.setattr(Narrowing, "narrowed_domain", lambda self, *args, **kwargs: None)
        patch.setattr(Narrowing, "conjuncts", lambda self, c, depth=0: [c])
        slow_source = codegen.generate(model, path.name)
    assert "spaces_among(" in fast_source or "_CELLS_BY_" in fast_source
    assert "spaces_among(" not in slow_source and "_CELLS_BY_" not in slow_source
    name = path.stem.replace("-", "_")
    fast = load_module_from_source(fast_source, f"narrowed_{name}").GAME(None)
    slow = load_module_from_source(slow_source, f"walked_{name}").GAME(None)
    fast.model = slow.model = model
    return fast, slow


@pytest.mark.parametrize("path, games", [(NEWCOMER / "breakthrough.rules", 6), (NEWCOMER / "kalah.rules", 10),
                                         (Path(rulespec.pipeline.resolve_path("connect-four")), 10)])
def test_a_narrowed_walk_plays_the_same_games(path, games, monkeypatch):
    fast, slow = _pair(path, monkeypatch)
    for seed in range(games):
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed))


def test_breakthrough_lists_a_pawns_moves_from_its_neighbours(monkeypatch):
    """The pairs `for s in grid, t in grid` become the pawn's neighbours: its colour tested once per space,
    the rest once per neighbour."""
    source = codegen.generate(compile_rules(NEWCOMER / "breakthrough.rules"), "breakthrough.rules")
    listing = source.split("def choices_turn(", 1)[1].split("\ndef ", 1)[0]
    # (written out in board order: codegen/steps_in_order.py; each with its direction's part: by_direction.py)
    assert "for v_t in ((st._t.toward[0][" in listing or "for v_t, v_t__k in (((st._t.toward[0][" in listing
    assert "for v_t in st._t.cells_in_use" not in listing


CORNERED = Path(rulespec.__file__).parent / "docs" / "ref_games" / "cornered.rules"


def test_a_space_fixed_by_its_row_and_column_plays_the_same_games(monkeypatch):
    """Cornered's `square(r, c)`, `any(s in grid where row of s = r and col of s = c)`, is the space at that
    row and column looked up, not a walk; the games (every move read ahead) are the same."""
    fast, slow = _pair(CORNERED, monkeypatch)
    for seed in range(8):
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed))


@pytest.mark.parametrize("path, row, column", [(CORNERED, "r", "c"),
                                               (Path(rulespec.pipeline.resolve_path("chess")), "r", "f")])
def test_a_row_and_a_column_fixed_are_one_look_up(path, row, column):
    """Whatever the board calls its rows and columns (`row`/`col`, `rank`/`file`), a definition fixing both
    walks only the spaces at that pair: one on a grid."""
    source = codegen.generate(compile_rules(path), path.name)
    square = source.split("def define_square(", 1)[1].split("\ndef ", 1)[0]
    assert f"for v_s in B_GRID_CELLS_BY_PLACE.get((v_{row}, v_{column}), ()):" in square
    assert "cells_in_use" not in square
    assert "B_GRID_CELLS_BY_PLACE = cells_by_value(tuple(zip(B_GRID_ROW, B_GRID_COLUMN)))" in source


def test_either_side_of_the_equalities_fixes_the_place_and_two_rows_do_not(tmp_path):
    """`r = row of s and c = col of s`: the space at (r, c), the whole condition tested on it; a row of two
    values (`row of s = r or row of s = r + 1`) is not one place: the walk is of the column."""
    original = "any(s in grid where row of s = r and col of s = c)"
    for written, looked_up in (("any(s in grid where r = row of s and c = col of s)",
                                "for v_s in B_GRID_CELLS_BY_PLACE.get((v_r, v_c), ()):"),
                               ("any(s in grid where (row of s = r or row of s = r + 1) and col of s = c)",
                                "for v_s in B_GRID_CELLS_BY_COLUMN.get(v_c, ()):")):
        path = tmp_path / "cornered.rules"
        path.write_text(CORNERED.read_text().replace(original, written))
        source = codegen.generate(compile_rules(path), path.name)
        square = source.split("def define_square(", 1)[1].split("\ndef ", 1)[0]
        assert looked_up in square and "cells_in_use" not in square
