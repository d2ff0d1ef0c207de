"""A listing whose conditions use definitions is kept by what their values read (codegen/listing_plans.py,
LISTINGS_THROUGH_DEFINITIONS): Social deduction's speech and vote, offered `only if alive(t)` (`out of t = 0`), are
kept by `out`; a definition that reads a zone's items (crazy eights' `top of pile`) leaves its listing as it was.
Each engine below is played in lock step with the same file's engine generated without the lever: the same
choices and chance outcomes with the same probabilities at every step, the same observations, and at the end the
same history, counts of what fired, outcome, returns and JSON."""

import random
from pathlib import Path

import pytest

from rulespec.codegen import listing_plans

from .lockstep import engines_with_and_without, play_in_lock_step

ROOT = Path(__file__).resolve().parents[2]
NEWCOMER = ROOT / "tests" / "newcomer" / "games"
OFF = ((listing_plans, "LISTINGS_THROUGH_DEFINITIONS", False),)


def test_it_fires_through_alive_and_not_through_a_pile():
    source, source_without, _, _ = engines_with_and_without(NEWCOMER / "social-deduction.rules", OFF, "listing_defs")
    for step in ("speak", "vote"):
        assert f"LISTED_{step} = {{}}" in source and f"LISTED_{step}" not in source_without
    assert "tuple(st._counters['out'])" in source
    source, source_without, _, _ = engines_with_and_without(NEWCOMER / "crazy-eights.rules", OFF, "listing_defs")
    assert source == source_without


@pytest.mark.parametrize("rules, players, games", [
    (NEWCOMER / "social-deduction.rules", 6, 12),
    (NEWCOMER / "universal-poker.rules", 2, 12),
    (NEWCOMER / "cribbage.rules", 2, 1),
    (NEWCOMER / "bridge.rules", 4, 2),
    (ROOT / "rulebooks" / "leduc-poker.rules", 2, 12),
])
def test_the_same_games_with_and_without_it(rules, players, games):
    _, _, engine, engine_without = engines_with_and_without(rules, OFF, "listing_defs")
    for seed in range(games):
        play_in_lock_step(engine.new_game(players), engine_without.new_game(players), players, random.Random(seed))
