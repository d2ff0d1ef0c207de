"""Four levers for a zone's items found by a space's place on the board (#40, helper phantomgo). The newcomer's
Phantom Go keeps its hidden stones in zones, each point a component whose `spot` is the point's place, and asks
`there is x in stones of p where at(x, s)`, `at(x, s)` being `spot of x = index of s`, of every point in its
listing, its liberties and its captures:

(a) `index of s` in an item's test is read as a name (codegen/counts.py index_keys): the test's table is kept
    by its value, worked out where the test is used, so the test is a table's (passing_items.py asks only where
    the three copies of the point lie) instead of the zone walked with the index worked out for each item;
(b) how many items such a test lets through is read from its definitions written out (passing_items.py
    passing_unfolds): `at(x, s)` fixes the spot, so the test lets 3 items through, not all 243;
(c) a use of a definition that an `and`'s earlier part or an `if` guards with `X is not none` passes no none
    (codegen/off_board.py _uses): `neighbour of s towards d is not none and holds(p, neighbour of s towards d)`
    no longer makes `holds`'s s a space that may be none, so its body reads `index of s` without the check;
(d) in a listing, `there is x in Z where A of x = K`, K read by a chosen name and Z by none, asks whether K is
    among the values of A in Z, a set gathered once a listing (passing_items.py values_held): Phantom Go's
    points held and found, Go Fish's ranks a player may ask for.

Played in lock step with the engine generated without them (each zone walked, each index worked out)."""

import random
from pathlib import Path

from rulespec.codegen import off_board
from rulespec.codegen.counts import Counts
from rulespec.codegen.passing_items import PassingItems
from rulespec.language.parser import parse_text
from rulespec.model.checker import check
from rulespec.pipeline import compile_rules

from .lockstep import engines_with_and_without, play_in_lock_step

PHANTOM_GO = Path(__file__).parents[2] / "tests/newcomer/games/phantom-go.rules"
WITHOUT = ((Counts, "index_keyed", False), (PassingItems, "passing_unfolds", False), (off_board, "GUARDED_USES", False),
           (PassingItems, "held_values_once", False))
GO_FISH = Path(__file__).parents[2] / "tests/newcomer/games/go-fish.rules"


def _function(source: str, name: str) -> str:
    return source.split(f"def {name}(", 1)[1].split("\ndef ", 1)[0]


def test_the_levers_fire_on_a_point_found_by_its_place():
    source, without, _, _ = engines_with_and_without(PHANTOM_GO, WITHOUT, "index_keys")
    holds = _function(source, "define_holds")
    assert "any_in_zone(st._loc, ITEMS_PASSING_" in holds and "[st._t.space_index[0][v_s]]" in holds
    assert "_on_board" not in holds  # (c): no use passes none
    listing = _function(source, "choices_turn")  # (d): each zone's spots gathered once a listing
    assert listing.count("[v_s] in (_n") == 2 and "frozenset(map(ITEM_ATTRS['spot'].__getitem__, zones[zone_found" in listing
    assert "define_holds" not in listing and "any_in_zone" not in listing
    assert "ITEMS_PASSING_" not in without and "_in_zone" not in without
    assert "st._on_board(v_s, 'the index of')" in _function(without, "define_holds")


def test_each_lever_alone():
    # (a) without (b): the table is made, but the zone is still walked with it (the test lets "all" through)
    _, source, _, _ = engines_with_and_without(PHANTOM_GO, ((PassingItems, "passing_unfolds", False),), "index_keys_a")
    assert "any(map(ITEM_TEST_0[st._t.space_index[0][v_s]].__getitem__" in _function(source, "define_knows")
    # (b) without (a): `index of s` is not a name, so no table at all
    _, source, _, _ = engines_with_and_without(PHANTOM_GO, ((Counts, "index_keyed", False),), "index_keys_b")
    assert "ITEM_TEST_" not in source and "ITEMS_PASSING_" not in source


def _params(text: str) -> set:
    model = check(parse_text(text, "t.rules"))
    return set(off_board.off_board(model).params)


_GAME = '''game "T" [T-1]
  id "t"
  players 2 to 2 [T-1]
  at most 10 turns [T-1]

component stone: colour (black, white) x 9 [T-1]
zone box: shared, public, holds every component in play [T-1]
board grid: rows row 1..3, columns column 1..3, adjacency orthogonal [T-1]:
  face plain [T-1]:
    1 . . .
    2 . . .
    3 . . .

define free(s: grid) [T-1]:
  s is empty

define around(s: grid) [T-1]:
  count(d in directions of grid where USE)

turns go clockwise from player 1, each turn runs turn [T-1]

choice turn(player: seat) by player [T-1]:
  option put "{s}" [T-1]:
    for s in grid
    only if s is empty and around(s) >= 0
    place any(c in box) on s

end full [T-1]:
  checked after every step
  when count(s in grid where s is empty) = 0
'''


def test_a_guarded_use_passes_no_none():
    guarded = "neighbour of s towards d is not none and free(neighbour of s towards d)"
    assert ("free", "s") not in _params(_GAME.replace("USE", guarded))
    assert ("free", "s") in _params(_GAME.replace("USE", "free(neighbour of s towards d)"))
    # the guard after the use, or in an `or`, guards nothing
    assert ("free", "s") in _params(_GAME.replace("USE", "free(neighbour of s towards d) and neighbour of s towards d is not none"))
    assert ("free", "s") in _params(_GAME.replace("USE", "neighbour of s towards d is not none or free(neighbour of s towards d)"))
    # the statements of an `if` that says so
    assert ("free", "s") not in _params(_GAME.replace("USE", "d = d").replace(
        "    place any(c in box) on s\n", "    place any(c in box) on s\n    if neighbour of s towards north is not none:\n"
        "      if free(neighbour of s towards north):\n        nothing\n"))
    assert ("free", "s") in _params(_GAME.replace("USE", "d = d").replace(
        "    place any(c in box) on s\n", "    place any(c in box) on s\n    if free(neighbour of s towards north):\n"
        "      nothing\n"))


def test_go_fish_asks_its_ranks_of_a_set():
    source, without, fast, slow = engines_with_and_without(GO_FISH, ((PassingItems, "held_values_once", False),), "held_values")
    assert source.count("frozenset(map(ITEM_ATTRS['rank'].__getitem__, zones[zone_hand + v_player]))") == 2
    assert "frozenset(map(" not in without
    for seed in range(10):
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed))


def test_phantom_go_agrees_with_each_zone_walked():
    _, _, fast, slow = engines_with_and_without(PHANTOM_GO, WITHOUT, "index_keys")
    for seed in range(3):
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed))
