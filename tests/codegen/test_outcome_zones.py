"""A pick's outcomes kept by the zones they read as well as the counters (codegen/outcomes_by_counters.py,
ZONES_IN_OUTCOME_KEYS): Social deduction's observation (`picked from signals where alive_numbered(target of s)
weighted by signal_weight(s)`, the weight asking `size of role of p`) is kept by the zones `signals` and `role` and
the counter `out`. Each engine below is played in lock step with the same file's engine generated without the
lever: the same choices and chance outcomes with the same probabilities at every step, the same observations, and
at the end the same history, counts of what fired, outcome, returns and JSON."""

import random
from pathlib import Path

import pytest

from rulespec.codegen import outcomes_by_counters

from .lockstep import engines_with_and_without, play_in_lock_step

NEWCOMER = Path(__file__).resolve().parents[2] / "tests" / "newcomer" / "games"
OFF = ((outcomes_by_counters, "ZONES_IN_OUTCOME_KEYS", False),)


def test_it_fires_on_the_observation():
    source, source_without, _, _ = engines_with_and_without(NEWCOMER / "social-deduction.rules", OFF, "outcome_zones")
    assert "outcomes_key=outcomes_key_observe" in source and "outcomes_key_observe" not in source_without
    start = source.index("def outcomes_key_observe(")
    key = source[start:source.index("\ndef ", start + 1)]
    assert "zone_base['signals']" in key and "zone_base['role']" in key and "st._counters['out']" in key


@pytest.mark.parametrize("rules, players, games", [
    (NEWCOMER / "social-deduction.rules", 6, 20),
    (NEWCOMER / "tiny-bridge-2p.rules", 2, 20),
])
def test_the_same_games_with_and_without_it(rules, players, games):
    _, _, engine, engine_without = engines_with_and_without(rules, OFF, "outcome_zones")
    for seed in range(games):
        play_in_lock_step(engine.new_game(players), engine_without.new_game(players), players, random.Random(seed))
