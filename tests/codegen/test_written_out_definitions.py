"""A definition of what never changes about an item read from the item's table wherever it is used
(rulespec/codegen/item_values.py tabled_definition, #40): `suit_number(c) = led`, `point_card(c)` in an option's
conditions and a step, `there is d in hand of p where not point_card(d)` as an item's test, and `there is d in
hand of p where suit_number(d) = led` as `led in map(table, hand)`. Engines with it play in lock step with the
engines generated without it (each definition written out or called, as before), and only a definition that
cannot fail for any item, given plain names, is made a table."""

import random
from pathlib import Path

import pytest

from rulespec.codegen.counts import Counts
from rulespec.codegen.item_values import ItemValueTables

from .lockstep import engines_with_and_without, play_in_lock_step

ROOT = Path(__file__).resolve().parents[2]
GAMES = ROOT / "tests" / "newcomer" / "games"
WITHOUT = ((ItemValueTables, "tabled_definition_table", lambda self, e: None),
           (Counts, "definitions_written_out", lambda self, e: e))


@pytest.mark.parametrize("name, players, games", [("hearts", 4, 25), ("crazy-eights", 2, 25)])
def test_definitions_from_tables_agree_with_definitions_written_out(name, players, games):
    source, source_without, engine, engine_without = engines_with_and_without(GAMES / f"{name}.rules", WITHOUT,
                                                                               "written_out_definitions")
    assert "ITEM_VALUE_" in source and source != source_without
    for seed in range(games):
        play_in_lock_step(engine.new_game(players), engine_without.new_game(players), players, random.Random(seed))


def test_the_lever_fires_on_the_definitions_of_a_card():
    """Hearts: the suit led found among a hand's cards by a loop to the first found; each card's suit number, points and whether
    it is the two of clubs read from tables in the turn's conditions; a hand without a card worth no points found
    by an item's test; the definitions that read the state (`can_follow(p)`, `takes(p)`) stay calls."""
    source = engines_with_and_without(GAMES / "hearts.rules", WITHOUT, "written_out_definitions_fire")[0]
    # can_follow: `there is d in hand of p where suit_number(d) = led`, a loop to the first found (a definition's
    # `there is` as its count: codegen/guards.py), each card's suit number read from its table
    can_follow = source[source.index("def define_can_follow("):]
    can_follow = can_follow[:can_follow.index("\n\n")]
    assert "if (ITEM_VALUE_" in can_follow and "== st._counters['led'])" in can_follow
    assert "define_suit_number" not in can_follow
    turn = source[source.index("def choices_turn("):source.index("# ---", source.index("def choices_turn("))]
    assert "'clubs'" not in turn and "'queen'" not in turn  # (suit_number, point_card, is_two_of_clubs: tables)
    assert turn.count("ITEM_VALUE_") == 3
    assert "define_can_follow(st, v_player)" in turn
    no_points = source[source.index("def define_has_no_point_card("):]
    assert no_points[:no_points.index("\n\n")].endswith(", zones[zone_hand + v_p]))")
    assert "any(map(ITEM_TEST_" in no_points[:no_points.index("\n\n")]


RULES = '''game "Tables" [T-1]
  id "tables"
  players 2 to 2 [T-1]
  at most 6 turns [T-1]

component card: rank 1..3 x suit (red, blue) [T-1]
TOKENS
zone box: shared, public, holds every component in play [T-1]
zone hand: one per player, public [T-1]
counter total per player starts at 0 [T-1]

define weight(c: item) [T-1]:
  if suit of c = red then rank of c else 10 * rank of c

define heavier(a: item, b: item) [T-1]:
  weight(a) > weight(b) or (weight(a) = weight(b) and suit of a = red)

turns go clockwise from player 1, each turn runs turn [T-1]

choice turn(player: seat) by player [T-1]:
  option take "take {a} over {b}" [T-1]:
    for a in box, b in box
    only if a is card and b is card and a != b and heavier(b, a)
    move a to hand of player
    add weight(a) to total of player

end done [T-1]:
  checked after every turn
  when the turn number >= 4

returns of p [T-1]:
  total of p
'''


@pytest.mark.parametrize("tokens, tabled", [("", True), ("component token x 2 [T-1]", False)])
def test_a_definition_that_could_fail_or_hide_a_name_is_not_a_table(tmp_path, tokens, tabled):
    """`weight(a)` is a table where every component has a suit and a rank, and read as written where a token
    (which has neither) is in the game; `heavier(b, a)`, whose item parameter `a` names the other argument, is
    never read from a table keyed by its own name (the item's name would hide it): its engine plays as the engine
    without the lever does."""
    rules = tmp_path / "tables.rules"
    rules.write_text(RULES.replace("TOKENS", tokens), encoding="utf-8")
    source, source_without, engine, engine_without = engines_with_and_without(rules, WITHOUT, "written_out_definitions_fail")
    assert ("ITEM_VALUE_" in source) == tabled and "ITEM_VALUE_" not in source_without
    for seed in range(20):
        play_in_lock_step(engine.new_game(2), engine_without.new_game(2), 2, random.Random(seed))
