"""A walk narrowed to one row or column of a board with spaces not in use (a `-` on the map) read from the set-up's
table of that row's spaces in use (#40, codegen/narrowing.py line_in_use, runtime/related.py InUseOf), in lock step
with the engine generated without it (the row's spaces gathered and sorted at each walk, spaces_among): the same
choices in the same order at every step, the same games and returns."""

import random
from pathlib import Path

import pytest

from rulespec.codegen.narrowing import Narrowing

from .lockstep import engines_with_and_without, play_in_lock_step

ROOT = Path(__file__).parents[2]
TWIXT = ROOT / "tests" / "newcomer" / "games" / "twixt.rules"


def engines(path: Path):
    return engines_with_and_without(path, ((Narrowing, "line_in_use", lambda self, fixed, spaces, groups, b: None),),
                                    "line_in_use")


def test_a_border_row_is_read_from_the_table():
    """TwixT's `joins(p)`: red's pegs on row 1 and row 8, blue's on column 1 and column 8 (the corners are `-`)."""
    source, source_without, _, _ = engines(TWIXT)
    for line in ("B_GRID_CELLS_BY_ROW.get(1, ())", "B_GRID_CELLS_BY_ROW.get(8, ())",
                 "B_GRID_CELLS_BY_COLUMN.get(1, ())", "B_GRID_CELLS_BY_COLUMN.get(8, ())"):
        assert f"st._t.in_use_of[0, {line}]" in source and f"spaces_among(st._t.in_use[0], (), {line})" in source_without
    assert "in_use_of" not in source_without


def test_the_table_leaves_the_corners_out():
    _, _, fast, _ = engines(TWIXT)
    tables = fast.new_game(2)._t
    row = tuple(range(8))  # row 1's spaces on the map, its two corners among them
    assert tables.in_use_of[0, row] == tuple(c for c in row if tables.in_use[0][c]) and len(tables.in_use_of[0, row]) == 6


@pytest.mark.parametrize("seed", range(6))
def test_twixt_plays_the_same_games(seed):
    _, _, fast, slow = engines(TWIXT)
    play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed))
