"""A run of numbers all passing a test, asked in a listing by its two ends, answered from a tally kept once a
listing (codegen/every_between.py, runtime/helpers.py EveryBetween; #40, helper doudizhu). Dou dizhu's
`holds_run(p, low, high, n)`, `count(r in low..high where held(p, r) >= n) = high - low + 1`, asked of every
pair of a chain's ends (225 times a listing), is two look-ups in the held counts gathered once. Played in lock
step with the engine generated without it, and the tally's own answers against the count as written. Where the
run's upper end is the name the walk goes up by (`for low in 3..10, high in 7..14`), the walk stops at the first
run that fails (RUN_STOPS): every longer one from the same start fails too."""

import random
from pathlib import Path

import pytest

from rulespec.codegen import every_between
from rulespec.runtime.helpers import EveryBetween

from .lockstep import engines_with_and_without, play_in_lock_step

DOU_DIZHU = Path(__file__).parents[2] / "tests/newcomer/games/dou-dizhu.rules"
WITHOUT = ((every_between, "EVERY_BETWEEN", False),)
NO_STOPS = ((every_between, "RUN_STOPS", False),)


def _function(source: str, name: str) -> str:
    return source.split(f"def {name}(", 1)[1].split("\ndef ", 1)[0]


def test_the_lever_fires_on_a_run_held():
    source, without, _, _ = engines_with_and_without(DOU_DIZHU, WITHOUT, "every_between")
    listing = _function(source, "choices_play")
    # solo, pair and trio chains, and each airplane (its trios held: `holds_run(player, low, low + 1, 3)`)
    assert listing.count(".holds(v_low, v_high)") == 3 and listing.count(".holds(v_low, (v_low + 1))") == 2
    assert listing.count("EveryBetween(lambda v_r: (count_in_zone(") == 10
    assert "EveryBetween" not in without and "define_holds_run(st, v_player, v_low, v_high, 1)" in without
    assert "EveryBetween" not in _function(source, "define_holds_run")  # (a call outside a listing: as written)
    # the chains' and the airplane's walks of their upper end stop at the first run not held
    assert listing.count("if _every is not None and v_high >= v_low:") == 3 and "break" not in without


def test_the_walks_stop_in_lock_step_with_and_without():
    source, without, fast, slow = engines_with_and_without(DOU_DIZHU, NO_STOPS, "run_stops")
    assert "every longer run fails too" in source and "every longer run fails too" not in without
    assert "EveryBetween" in without
    for seed in range(4, 8):
        play_in_lock_step(fast.new_game(3), slow.new_game(3), 3, random.Random(seed))


def test_dou_dizhu_in_lock_step_with_and_without():
    _, _, fast, slow = engines_with_and_without(DOU_DIZHU, WITHOUT, "every_between")
    for seed in range(4):
        play_in_lock_step(fast.new_game(3), slow.new_game(3), 3, random.Random(seed))


@pytest.mark.parametrize("seed", range(20))
def test_the_tally_answers_as_the_count(seed):
    rng = random.Random(seed)
    passing = {r: rng.random() < 0.7 for r in range(-5, 30)}
    asked = []
    tally = EveryBetween(lambda r: asked.append(r) or passing[r])
    for _ in range(60):
        low, high = rng.randint(-5, 29), rng.randint(-7, 29)
        written = sum(passing[r] for r in range(low, high + 1)) == high - low + 1
        assert tally.holds(low, high) == written, (low, high)
    assert len(asked) == len(set(asked))  # each number's test asked once


def test_a_test_that_fails_gives_the_tally_up():
    def test(r):
        if r == 9:
            raise ZeroDivisionError("9")
        return True
    tally = EveryBetween(test)
    assert tally.holds(3, 7) is True
    assert tally.holds(3, 10) is None and tally.holds(3, 5) is True  # (what was kept stays)
    assert tally.holds(2, 5) is None  # (given up: worked out as written from here on)
    assert tally.holds(4, 3) is True and tally.holds(5, 3) is False  # (the empty run: no test)
