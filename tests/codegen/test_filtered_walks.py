"""An inner walk of a listing filtered once by the tests that read its own name alone (#40, helper solitaire:
codegen/filtered_walks.py). Klondike solitaire's `for s in tableau, t in tableau only if face_up(s) and on_top(t)
and ...` walks the tops the first time its loop over t is reached and keeps them for every s, `on_top(t)` not
tested again; Shell We?'s starfish and nine men's morris's flying keep the empty spaces (touching the beach) so.
The files whose engines it changes are played in lock step with their engines generated without it."""

import random
from pathlib import Path

import pytest

from rulespec.codegen.filtered_walks import FilteredWalks

from .lockstep import engines_with_and_without, play_in_lock_step

ROOT = Path(__file__).parents[2]
WITHOUT = ((FilteredWalks, "filtered_walk", lambda self, bound, i, domain, code, placed: None),)
# file -> (players, seeded games)
FILES = {"tests/newcomer/games/solitaire.rules": (1, 6), "rulebooks/shell-we.rules": (3, 4),
         "rulebooks/nine-mens-morris.rules": (2, 6), "rulespec/docs/ref_games/columns.rules": (2, 20)}


def engines(name: str):
    return engines_with_and_without(ROOT / name, WITHOUT, "filtered_walks")


def test_the_inner_walk_is_filtered_once():
    source, without, _, _ = engines("tests/newcomer/games/solitaire.rules")
    choices = source.split("def choices_turn(", 1)[1].split("\ndef ", 1)[0]
    # (the tops walked one space a column, one_a_column.py: the list made of those)
    assert choices.count("for v_t in (_n0 if _n0 is not None else (_n0 := [v_t for v_t in sorted(") == 3
    assert choices.count(" if (define_on_top(st, v_t))])):") == 3  # (onto a pile from a pile, the waste, the foundation)
    assert "define_on_top(st, v_t)))):  # on_top(t)" not in choices
    assert "_m0.setdefault(v_t, define_on_top(st, v_t))" in without.split("def choices_turn(", 1)[1]


def test_an_outer_walk_and_a_test_of_both_names_stay():
    """The first binding's walk is made once anyway, and a test reading an outer name keeps its place: Shell
    We's shell options (`s fits t`-style tests of both names) are written as before."""
    source, _, _, _ = engines("rulebooks/shell-we.rules")
    choices = source.split("def choices_turn(", 1)[1].split("\ndef ", 1)[0]
    assert "for v_tile in" in choices and "[v_tile for v_tile in" not in choices
    assert choices.count("_n0 := [v_space for v_space in st._t.cells_in_use[0] if (st._boards[0][v_space] < 0) "
                         "and (st._has_occupied_neighbour(0, v_space))]") == 1


@pytest.mark.parametrize("name", sorted(FILES))
def test_games_agree_with_the_walk_tested_at_every_turn(name):
    players, games = FILES[name]
    source, without, fast, slow = engines(name)
    assert source != without
    for seed in range(games):
        play_in_lock_step(fast.new_game(players), slow.new_game(players), players, random.Random(seed))


# ---- one space a column: a walk of a grid whose condition fixes the row by the column (codegen/one_a_column.py)

from rulespec.codegen.one_a_column import OneAColumn  # noqa: E402

EVERY_SPACE = ((OneAColumn, "one_a_column_walk", lambda self, var, domain, parts, bound=frozenset(): None),)
SOLITAIRE = "tests/newcomer/games/solitaire.rules"


def test_a_top_of_a_pile_is_walked_one_space_a_column():
    """`on_top(t)` (`face_up(t) and height of t = pile_size(pile of t)`) fixes t's row by its column: the walks
    of a top (in a listing, filtered once, and in a definition's `there is`) visit one space of each column,
    the pile's count worked out once a column; a walk whose condition fixes nothing stays whole."""
    source, without, _, _ = engines_with_and_without(ROOT / SOLITAIRE, EVERY_SPACE, "one_a_column")
    tops = ("sorted(s for line_t in B_TABLEAU_CELLS_BY_ROW.get(19, ()) for s in B_TABLEAU_CELLS_BY_PLACE.get("
            "(define_pile_size(st, B_TABLEAU_COLUMN[line_t]), B_TABLEAU_COLUMN[line_t]), ()))")
    choices = source.split("def choices_turn(", 1)[1].split("\ndef ", 1)[0]
    assert choices.count(f"[v_t for v_t in {tops} if (define_on_top(st, v_t))]") == 3
    assert tops in source.split("def define_can_build_pile(", 1)[1].split("\ndef ", 1)[0]
    assert "for v_s in st._t.cells_in_use[0]:" in choices  # (`face_up(s)`: no row fixed)
    assert "sorted(s for line_" not in without


def test_a_statements_walk_stays_whole():
    """A statement's loop may move pieces while it walks: its walk is never one space a column (the pile's count
    would be read before the loop moved anything). Solitaire's `move_pile`-like loops are over numbers; a
    board's `for each` with an `if` keeps its walk."""
    source, _, _, _ = engines_with_and_without(ROOT / SOLITAIRE, EVERY_SPACE, "one_a_column_statements")
    setup = source.split("def step_setup(", 1)[1].split("\ndef ", 1)[0]
    assert "sorted(s for line_" not in setup


def test_games_agree_with_every_space_walked():
    _, _, fast, slow = engines_with_and_without(ROOT / SOLITAIRE, EVERY_SPACE, "one_a_column_games")
    for seed in range(8):
        play_in_lock_step(fast.new_game(1), slow.new_game(1), 1, random.Random(seed))
