"""A choice `by each player` listed once (#40, ListingPlans.together_listed_once): where every seat in play chooses
(no `where`) among options with no condition, no bound name of their own and texts of fixed labels, its rows are
fixed by the step's arguments and the seats in play, so the runtime lists it once per arguments and set-up and
every state at that decision shares one Pending (as a seat's such choice is: StepInfo.listed_once). Lock step
against the engine generated without it (listed anew at every decision): the same choices, chance outcomes with
their probabilities, observations, histories, outcomes and returns; and the lever fires where its form is."""

import random
from pathlib import Path

import pytest

from rulespec.codegen.listing_plans import ListingPlans
from rulespec.runtime.engine import SIMULTANEOUS

from .lockstep import engines_with_and_without, play_in_lock_step

ROOT = Path(__file__).parents[2]
GAMES = ROOT / "tests" / "newcomer" / "games"
WITHOUT = ((ListingPlans, "together_listed_once", lambda self, step: False),)


def engines(name: str):
    return engines_with_and_without(GAMES / f"{name}.rules", WITHOUT, "together_once")


@pytest.mark.parametrize("name, step", [("markov-soccer", "orders"), ("matrix-rps", "throws"),
                                        ("matrix-mp", "pennies")])
def test_a_choice_by_each_player_of_fixed_options_is_listed_once(name, step):
    source, source_without, engine, engine_without = engines(name)
    assert engine.STEPS[step].listed_once and not engine_without.STEPS[step].listed_once
    first, second = engine.new_game(2), engine.new_game(2)
    while first.current_player() != SIMULTANEOUS:
        first.apply(first.legal_actions()[0])
        second.apply(second.legal_actions()[0])
    assert first._offer() is second._offer()  # one listing, shared
    if name != "markov-soccer":  # (a decision at the start: new games are copies of one start, listed with it)
        return
    plain, other = engine_without.new_game(2), engine_without.new_game(2)
    while plain.current_player() != SIMULTANEOUS:
        plain.apply(plain.legal_actions()[0])
        other.apply(other.legal_actions()[0])
    assert plain._offer() is not other._offer()


# (Blotto's splits, bound names over fixed ranges under a condition no state decides, are listed once since round
# 13's FIXED_LISTINGS: tests/codegen/test_fixed_listings.py)
@pytest.mark.parametrize("name", ["oshi-zumo", "first-sealed-auction"])
def test_a_choice_by_each_player_with_bound_names_or_conditions_is_listed_each_time(name):
    source, source_without, engine, _ = engines(name)
    assert source == source_without  # (its options bind a bid that reads the state)


@pytest.mark.parametrize("name, players, seeds", [("markov-soccer", 2, 25), ("matrix-rps", 2, 30),
                                                  ("matrix-mp", 2, 30)])
def test_listed_once_plays_in_lock_step_with_listed_each_time(name, players, seeds):
    _, _, engine, engine_without = engines(name)
    for seed in range(seeds):
        play_in_lock_step(engine.new_game(players), engine_without.new_game(players), players, random.Random(seed))


def test_a_secret_choice_leaves_the_shared_listing_as_it_was():
    """The first seat's secret choice is kept apart (SecretChoices); the listing every state shares still offers
    both seats all five orders, in another game too, and each seat sees only its own choice."""
    _, _, engine, _ = engines("markov-soccer")
    first, second = engine.new_game(2), engine.new_game(2)
    first.apply("chance: ball at 2 3")
    second.apply("chance: ball at 3 3")
    listing = first._offer()
    first.apply("player 2: left")
    assert first.simultaneous_seats() == [0] and [a.text for a in first.legal_actions(0)] == \
        ["up", "down", "left", "right", "stand"]
    assert second._offer() is listing and len(listing.rows) == 10
    assert [a.text for a in second.legal_actions(1)] == ["up", "down", "left", "right", "stand"]
    second.apply("player 1: stand")
    second.apply("player 2: up")
    assert second.is_chance_node() and first.simultaneous_seats() == [0]
