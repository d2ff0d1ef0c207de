"""A small definition made of a count that looks at a few items only, written out where it is used (#40, helper
darkhex: codegen/passing_items.py few_items_count, model/narrowing.py small_value's ``few``, codegen/expressions.py
inlined). Dark Hex's `holds_cell(p, r, c)` (`count(t in stones of p where row of t = r and col of t = c) > 0`)
and `knows(p, r, c)` (it, or the same count of the cells found) are written out in the listing's condition and
in the `connected` of its ends (there with `row of s` and `column of s` for r and c: the items' table kept by the
space), not called for each candidate or space. The files whose engines it changes are played in lock step with
their engines generated without it (each definition called, as before)."""

import random
from pathlib import Path

import pytest

from rulespec.codegen.counts import Counts
from rulespec.codegen.passing_items import PassingItems

from .lockstep import engines_with_and_without, play_in_lock_step

NEWCOMER = Path(__file__).parents[2] / "tests/newcomer/games"
FILES = {"dark-hex": 300, "phantom-ttt": 60, "dots-and-boxes": 20, "nim": 40}
WITHOUT = ((PassingItems, "few_items_count", lambda self, e: False), (Counts, "space_keys", False))


def engines(name: str):
    return engines_with_and_without(NEWCOMER / f"{name}.rules", WITHOUT, "few_items")


def test_the_lever_fires_in_a_listing_and_in_a_connected():
    source, without, _, _ = engines("dark-hex")
    choices = source.split("def choices_turn(", 1)[1].split("\ndef ", 1)[0]
    assert "define_knows(" not in choices and "define_holds_cell(" not in choices
    assert "any_in_zone(st._loc, ITEMS_PASSING_1[(v_r, v_c, )], zone_found + v_player)" in choices
    ends = source.split("def ends_after_step(", 1)[1].split("\ndef ", 1)[0]
    assert "define_holds_cell(" not in ends and ends.count("any_in_zone(st._loc, ITEMS_PASSING_3[v_s], zone_stones + ") == 2
    assert "B_GRID_ROW[v_s]) and (ITEM_ATTRS['col'][v_t] == B_GRID_COLUMN[v_s])" in source  # (the table by space)
    assert "define_knows(st, v_player, v_r, v_c)" in without.split("def choices_turn(", 1)[1]
    assert "define_holds_cell(st, 0, B_GRID_ROW[v_s], B_GRID_COLUMN[v_s])" in without


def test_a_walk_of_a_zone_is_still_called():
    """A count that walks its zone (a test letting many items through) is no abbreviation: Quoridor's engine
    is the same with and without the lever."""
    source, without, _, _ = engines_with_and_without(NEWCOMER / "quoridor.rules", WITHOUT, "few_items")
    assert source == without


@pytest.mark.parametrize("name", sorted(FILES))
def test_games_agree_with_the_definitions_called(name):
    _, _, fast, slow = engines(name)
    for seed in range(FILES[name]):
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed))
