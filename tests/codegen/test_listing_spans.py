"""A listing that binds a name over a range of numbers is kept by what it reads (codegen/listing_plans.py,
LISTINGS_OVER_SPANS): Bargaining's offers (`for b in 0..7, h in 0..7, k in 0..7`, tested against the pool's
counters) are kept by the pool's counters and the count of offers. Each engine below is played in lock step with
the same file's engine generated without the lever: the same choices and chance outcomes with the same
probabilities at every step, the same observations, and at the end the same history, counts of what fired,
outcome, returns and JSON."""

import random
from pathlib import Path

import pytest

from rulespec.codegen import listing_plans

from .lockstep import engines_with_and_without, play_in_lock_step

ROOT = Path(__file__).resolve().parents[2]
NEWCOMER = ROOT / "tests" / "newcomer" / "games"
OFF = ((listing_plans, "LISTINGS_OVER_SPANS", False),)


def test_it_fires_on_the_offers_and_not_without_a_range_nor_on_a_fixed_listing():
    source, source_without, _, _ = engines_with_and_without(NEWCOMER / "bargaining.rules", OFF, "listing_spans")
    assert "LISTED_turn = {}" in source and "LISTED_turn" not in source_without
    assert "st._counters['pool_books'], st._counters['pool_hats'], st._counters['pool_balls']" in source
    source, source_without, _, _ = engines_with_and_without(ROOT / "rulebooks" / "tic-tac-toe.rules", OFF,
                                                            "listing_spans")
    assert source == source_without
    # a fixed listing over a range (`for n in 0..2`, no condition) is listed once, as before (FIXED_LISTINGS)
    source, source_without, engine, _ = engines_with_and_without(NEWCOMER / "tiny-hanabi.rules", OFF, "listing_spans")
    assert source == source_without and type(engine).STEPS["turn"].listed_once


@pytest.mark.parametrize("rules, players, games", [
    (NEWCOMER / "bargaining.rules", 2, 60),
    (NEWCOMER / "tarok.rules", 3, 2),
    (NEWCOMER / "yacht.rules", 2, 1),
    (NEWCOMER / "oh-hell.rules", 3, 10),
    (NEWCOMER / "spades.rules", 4, 3),
])
def test_the_same_games_with_and_without_it(rules, players, games):
    _, _, engine, engine_without = engines_with_and_without(rules, OFF, "listing_spans")
    for seed in range(games):
        play_in_lock_step(engine.new_game(players), engine_without.new_game(players), players, random.Random(seed))
