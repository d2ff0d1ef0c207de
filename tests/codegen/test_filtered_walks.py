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
    tops = ("for v_t in (_n0 if _n0 is not None else (_n0 := [v_t for v_t in st._t.cells_in_use[0] "
            "if (define_on_top(st, v_t))])):")
    assert choices.count(tops) == 3  # (pile, waste and foundation onto a pile: one list for all three)
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
