"""A count of values whose test asks only where a few items lie, read from a table of those items (#40, helper
ginrummy: codegen/held_counts.py, runtime/helpers.py HeldGroups, count_held_is). The newcomer's gin rummy asks
of each meld whether a hand (or the upcard) holds its cards: `count(r in low of m..low of m + length of m - 1
where holds_card(p, r, suit of m)) = length of m`, `holds_card` a `there is c in hand of p where rank of c = r
and suit of c = s` or the same in the upcard. Each meld's cards are a table; the count asks where they lie.
Played in lock step with its engine generated without it (the values walked, each card looked up)."""

import random
from pathlib import Path

from rulespec.codegen.held_counts import HeldCounts
from rulespec.runtime.helpers import HeldGroups, count_held_is

from .lockstep import engines_with_and_without, play_in_lock_step

GIN = Path(__file__).parents[2] / "tests/newcomer/games/gin-rummy.rules"
WITHOUT = ((HeldCounts, "held_count_is", lambda self, e: None),)


def test_count_held_is_is_the_count_compared():
    where = [0, 1, 2, 1, 0, 3]  # the zone each of six items lies in
    groups = ((0,), (1, 4), (), (3, 5), (2,))  # the items of five walked values
    held = [any(where[i] in (1, 2) for i in items) for items in groups]  # (F, T, F, T, T)
    for need in range(-1, 7):
        assert count_held_is(where, groups, need, (1, 2)) == (sum(held) == need)
    assert count_held_is(where, (), 0, (1,)) and not count_held_is(where, (), 1, (1,))


def test_held_groups_are_made_once_for_each_value():
    made = []
    table = HeldGroups(lambda a, b: made.append((a, b)) or ((a, b),), True)
    assert table[1, 2] == ((1, 2),) and table[1, 2] == ((1, 2),) and made == [(1, 2)]
    single = HeldGroups(lambda a: (a,), False)
    assert single[5] == (5,)


def test_the_lever_fires_on_a_meld_held():
    source, without, _, _ = engines_with_and_without(GIN, WITHOUT, "held_counts")
    fits = source.split("def define_fits", 1)[1].split("\ndef ", 1)[0]
    assert fits.count("count_held_is(st._loc, HELD_GROUPS_") == 3 and "define_holds_card" not in fits
    assert "HELD_GROUPS_" not in without and "count_is(" in without


def test_gin_rummy_agrees_with_each_card_looked_up():
    _, _, fast, slow = engines_with_and_without(GIN, WITHOUT, "held_counts")
    for seed in range(4):
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed))
