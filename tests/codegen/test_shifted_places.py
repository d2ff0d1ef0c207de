"""A place named by a space's row and column plus steps of a few values known when generated, read from a table
made once (#40, codegen/shifted_places.py), in lock step with the engine generated without it (the place looked
up by its row and column at every walk): the same choices in the same order at every step, the same games."""

import random
from pathlib import Path

import pytest

from rulespec.codegen.shifted_places import ShiftedPlaces
from rulespec.runtime.helpers import cells_by_value, places_shifted

from .lockstep import engines_with_and_without, play_in_lock_step

ROOT = Path(__file__).parents[2]


def engines(path: Path):
    return engines_with_and_without(
        path, ((ShiftedPlaces, "shifted_place", lambda self, const, row, column: None),), "shifted_places")


# file -> (the walk's code with the table; seeded games played; players)
FILES = {
    "rulebooks/breakthrough.rules": ("for v_t in B_GRID_PLACE_SHIFTED[(1, -1)[v_player], v_c][v_s]:", 12, 2),
    "house-rules/breakthrough-six-by-six.rules": ("B_GRID_PLACE_SHIFTED[(1, -1)[v_player], v_c][v_s]", 6, 2),
    "rulespec/docs/ref_games/columns.rules": ("for v_t in B_GRID_PLACE_SHIFTED[(-1), 0][v_s]:", 12, 2),
}


@pytest.mark.parametrize("name", sorted(FILES))
def test_a_place_read_from_the_table_offers_the_same_choices(name):
    walk, games, players = FILES[name]
    shifted_source, looked_up_source, shifted, looked_up = engines(ROOT / name)
    assert walk in shifted_source and "PLACE_SHIFTED" not in looked_up_source
    assert "CELLS_BY_PLACE.get((" in looked_up_source
    for seed in range(games):  # legal_actions compared at every step, as listed (the order offered)
        play_in_lock_step(shifted.new_game(players), looked_up.new_game(players), players, random.Random(seed))


def test_the_table_holds_the_steps_the_seats_and_the_walk_may_take():
    """Breakthrough's forward (1 or -1) by its column step (-1, 0 or 1): six pairs, the place looked up no more."""
    source, _, _, _ = engines(ROOT / "rulebooks" / "breakthrough.rules")
    assert ("B_GRID_PLACE_SHIFTED = places_shifted(B_GRID_ROW, B_GRID_COLUMN, "
            "((-1, -1), (-1, 0), (-1, 1), (1, -1), (1, 0), (1, 1)))") in source
    assert "B_GRID_CELLS_BY_PLACE" not in source


def test_a_step_read_from_the_state_stays_a_look_up():
    """Connect Four's place is a row and column walked over the board's (not steps from a space): looked up."""
    source, looked_up_source, _, _ = engines(ROOT / "rulebooks" / "connect-four.rules")
    assert source == looked_up_source and "PLACE_SHIFTED" not in source


def test_the_table_answers_as_the_look_up_by_row_and_column():
    """A board with rows and columns that are not a full rectangle (a space left out) and steps past every
    edge: each space's entry is what the spaces by row and column answered, none past the edge."""
    rows, columns = (1, 1, 2, 2, 2, 3), (1, 3, 1, 2, 3, 2)
    steps = [(dr, dc) for dr in (-2, -1, 0, 1, 2) for dc in (-3, -1, 0, 1, 3)]
    by_place = cells_by_value(tuple(zip(rows, columns)))
    table = places_shifted(rows, columns, steps)
    assert set(table) == set(steps)
    for dr, dc in steps:
        assert table[dr, dc] == tuple(by_place.get((r + dr, c + dc), ()) for r, c in zip(rows, columns))
    assert table[1, 1][0] == (3,) and table[-1, 0][0] == () and table[0, 0][5] == (5,)
