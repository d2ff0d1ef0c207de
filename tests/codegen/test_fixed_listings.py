"""A listing fixed by its arguments and the set-up, listed once though its chooser is no parameter (`by smuggler`,
a definition of `player 1`) or its options bind fixed ranges under conditions no state decides (#40, round 13,
helper sheriff: codegen/listing_plans.py listed_once, FIXED_LISTINGS). In lock step with the engine generated
without it; and it fires on those forms, not on a listing that reads the state."""

import random
from pathlib import Path

import pytest

from rulespec.codegen import listing_plans

from .lockstep import engines_with_and_without, play_in_lock_step

ROOT = Path(__file__).parents[2]
WITHOUT = ((listing_plans, "FIXED_LISTINGS", False),)

# file -> (seeded games, players, the choices it lists once only with the lever)
FILES = {"tests/newcomer/games/sheriff.rules": (40, 2, ("load", "offer", "answer")),
         "tests/newcomer/games/blotto.rules": (10, 2, ("allocations",)),
         "tests/newcomer/games/tiny-hanabi.rules": (40, 2, ("turn",))}


@pytest.mark.parametrize("name", sorted(FILES))
def test_the_engine_with_the_lever_plays_the_same_games(name):
    games, players, steps = FILES[name]
    _, _, fast, slow = engines_with_and_without(ROOT / name, WITHOUT, "fixed_listings")
    for step in steps:  # it fires on the form it targets
        assert type(fast).STEPS[step].listed_once and not type(slow).STEPS[step].listed_once
    for seed in range(games):
        play_in_lock_step(fast.new_game(players), slow.new_game(players), players, random.Random(seed))


def test_a_listing_that_reads_the_state_is_not_listed_once():
    _, _, fast, _ = engines_with_and_without(ROOT / "tests/newcomer/games/first-sealed-auction.rules", WITHOUT,
                                             "fixed_listings")
    assert not type(fast).STEPS["bids"].listed_once  # (`for n in 0..own_value(player) - 1`: a die it reads)


def test_a_listing_kept_by_what_it_reads_is_left_as_it_was():
    source, source_without, fast, _ = engines_with_and_without(ROOT / "rulebooks/shrimp.rules", WITHOUT,
                                                               "fixed_listings")
    assert source == source_without  # (`give a feast card to {q}`, q != player: kept by the seat, inline)
    assert type(fast).STEPS["penalty"].rows_kept and not type(fast).STEPS["penalty"].listed_once
