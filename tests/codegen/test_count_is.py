"""A count compared with a number stops once the answer is known (#40, helper ginrummy: codegen/counts.py
count_is_test, runtime/helpers.py count_is). The newcomer's gin rummy asks of each of 197 melds whether a hand
holds its cards (`count(r in low of m..low of m + length of m - 1 where holds_card(p, r, suit of m)) = length of
m`, and three or four of a rank over the suits): the count stops at the first card not held. Played in lock
step with its engine generated without it (every value tested and counted)."""

import random
from pathlib import Path

import pytest

from rulespec.codegen.counts import Counts
from rulespec.codegen.held_counts import HeldCounts
from rulespec.runtime.helpers import count_is

from .lockstep import engines_with_and_without, play_in_lock_step

GIN = Path(__file__).parents[2] / "tests/newcomer/games/gin-rummy.rules"


def engines(path: Path):
    """With and without count_is; both without held_counts.py's table, which answers the same counts first."""
    patch = pytest.MonkeyPatch()
    try:
        patch.setattr(HeldCounts, "held_count_is", lambda self, e: None)
        return engines_with_and_without(path, ((Counts, "count_is_test", lambda self, e: None),), "count_is")
    finally:
        patch.undo()


@pytest.mark.parametrize("values", [(), (1,), (1, 2, 3), tuple(range(9))])
def test_count_is_is_the_count_compared(values):
    for need in range(-1, len(values) + 2):
        for passing in range(1 << len(values)):
            tested = []

            def test(v):
                tested.append(v)
                return passing >> values.index(v) & 1

            assert count_is(values, need, test) == (sum(passing >> i & 1 for i in range(len(values))) == need)
    assert count_is(range(1, 4), 3, lambda v: v != 1) is False


def test_it_stops_once_known():
    tested = []
    assert not count_is(range(5), 5, lambda v: tested.append(v) or v != 1)
    assert tested == [0, 1]  # (the first that fails: all 5 cannot pass)
    tested.clear()
    assert not count_is(range(5), 1, lambda v: tested.append(v) or True)
    assert tested == [0, 1]  # (a second that passes: more than 1)


def test_the_lever_fires_on_a_meld_held():
    source, without, _, _ = engines(GIN)
    fits = next(line for line in source.splitlines() if line.startswith("    return") and "define_holds_card" in line)
    assert fits.count("count_is(") == 3  # (three of a rank, four, a run)
    assert "count_is(" not in without and "len([1 for v_r in span(" in without


def test_gin_rummy_agrees_with_every_value_counted():
    _, _, fast, slow = engines(GIN)
    for seed in range(3):
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed))
