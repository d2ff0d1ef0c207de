"""A board whose rows are the seats, walked for one seat's row (#40, helper hanabi): `owner of s = number of p`
fixes the walked space's row to a seat's number, which is stable (model/narrowing.py NUMBER_OF_STABLE), so the
walk is of that row alone; and `count(p in players)`, with no condition, is the number of players, a look-up
(PLAYERS_COUNTED_SMALL), so a definition built on it (Hanabi's `hand_size`, Liar's dice's `dice_in_play`) is
small: written out in a listing's tests, not called for every space. Each played in lock step with the engine
generated without it (the newcomer's Hanabi, two and four players; Liar's dice)."""

import random
from pathlib import Path

from rulespec.model import narrowing

from .lockstep import engines_with_and_without, play_in_lock_step

ROOT = Path(__file__).parents[2]
HANABI = ROOT / "tests/newcomer/games/hanabi.rules"
LIARS_DICE = ROOT / "rulebooks/liars-dice.rules"
NO_ROWS = ((narrowing, "NUMBER_OF_STABLE", False),)
NO_LOOKUP = ((narrowing, "PLAYERS_COUNTED_SMALL", False),)


def _function(source: str, name: str) -> str:
    return source.split(f"def {name}(", 1)[1].split("\ndef ", 1)[0]


def test_a_seats_number_narrows_the_walk_to_its_row():
    source, without, _, _ = engines_with_and_without(HANABI, NO_ROWS, "seat_rows")
    listing, before = _function(source, "choices_turn"), _function(without, "choices_turn")
    # discard and play walk the mover's row; each hint's `there is` the hinted player's
    assert "for v_s in B_HANDS_CELLS_BY_ROW.get((v_player + 1), ()):" in listing
    assert listing.count("for each_s in B_HANDS_CELLS_BY_ROW.get((v_target + 1), ()):") == 2
    assert "cells_in_use" not in listing and before.count("st._t.cells_in_use[0]") == 3
    # the deal's first empty space of the player's row
    assert "B_HANDS_CELLS_BY_ROW.get((v_player + 1), ())" in _function(source, "resolve_deal")


def test_a_count_of_the_players_is_a_lookup():
    source, without, _, _ = engines_with_and_without(HANABI, NO_LOOKUP, "players_counted")
    listing = _function(source, "choices_turn")
    assert "define_in_hand_of(" not in listing and "define_hand_size(" not in listing
    assert "(B_HANDS_COLUMN[each_s] <= (5 - (len(st._t.seats) // 4)))" in listing
    assert "define_in_hand_of(st, each_s, v_target)" in _function(without, "choices_turn")
    source, without, _, _ = engines_with_and_without(LIARS_DICE, NO_LOOKUP, "players_counted")
    assert "define_dice_in_play(st)" in without and "span(1, (int(st._options['numdice']) * len(st._t.seats)))" in source


def test_hanabi_in_lock_step_with_and_without():
    _, _, fast, slow = engines_with_and_without(HANABI, NO_ROWS + NO_LOOKUP, "seat_rows_both")
    for players, seeds in ((2, range(6)), (4, range(2))):
        for seed in seeds:
            play_in_lock_step(fast.new_game(players), slow.new_game(players), players, random.Random(seed))


def test_liars_dice_in_lock_step_with_and_without():
    _, _, fast, slow = engines_with_and_without(LIARS_DICE, NO_LOOKUP, "players_counted_liars")
    for seed in range(4):
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed))
