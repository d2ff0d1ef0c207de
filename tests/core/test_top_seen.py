"""`only top seen`: a pile of which a seat sees the top component and how many lie under it.

Shrimp's dishes are declared so (ruling SHRIMP-AMB-14). The observation shows the top only; the
verifier's leak property treats the covered components as hidden from the observation, so that a
state differing only under the tops looks the same, and a leak of a covered card is caught.
"""

from __future__ import annotations

import random

from hypothesis import Phase
from hypothesis import settings as Settings

import rulespec
from rulespec.runtime.engine import random_step
from rulespec.check.verify import Checks, verify

SHRIMP = rulespec.load("shrimp")
DISHES = ("grilled", "linguine", "fried")


def _covered_dishes(players: int = 3, seed: int = 4):
    """A seeded Shrimp game in play with at least one covered card on some dish."""
    rng = random.Random(seed)
    state = SHRIMP.new_game(players)
    for _ in range(5000):
        if state.is_terminal():
            state = SHRIMP.new_game(players)
        view = state.observation(0)["zones"]
        if any(view[d]["size"] >= 2 for d in DISHES) and not state.is_chance_node():
            return state
        state.apply(random_step(state, rng))
    raise AssertionError("no covered card in 5,000 steps")


def test_the_zone_is_declared_top_seen():
    zones = {zone.name: zone for zone in SHRIMP.ZONES}
    assert [zones[d].visibility for d in DISHES] == ["top"] * 3
    assert zones["feast"].visibility == "public" and zones["deck"].visibility == "hidden"


def test_a_dish_shows_its_top_card_and_its_size_only():
    state = _covered_dishes()
    covered = 0
    for seat in range(state.players):
        view = state.observation(seat)["zones"]
        for dish in DISHES:
            cards = [SHRIMP.ITEM_LABEL[i] for i in state._zones[state._t.zone_base[dish]]]
            assert view[dish]["size"] == len(cards)
            if cards:
                assert view[dish]["items"] == [cards[-1]], (dish, cards)
                covered += len(cards) - 1
            else:
                assert view[dish]["items"] == []
    assert covered > 0


def test_the_leak_check_swaps_covered_cards_and_the_observation_stays_the_same():
    state = _covered_dishes()
    checks = Checks(SHRIMP, state.players, "shrimp")
    for seat in range(state.players):
        found = checks.hidden_variant(state, seat, random.Random(seat))
        assert found is not None
        variant, moved = found
        assert variant.observation(seat) == state.observation(seat)
        for dish in DISHES:  # the tops and the sizes stay, whatever moved under them
            z = state._t.zone_base[dish]
            assert len(variant._zones[z]) == len(state._zones[z])
            assert variant._zones[z][-1:] == state._zones[z][-1:]
    # over a few seeds some covered card really moves (the swap reaches under the tops)
    moved_under = False
    for seed in range(20):
        variant, _ = checks.hidden_variant(state, 0, random.Random(seed))
        moved_under |= any(variant._zones[state._t.zone_base[d]] != state._zones[state._t.zone_base[d]] for d in DISHES)
    assert moved_under


def test_a_leak_of_a_covered_card_is_caught():
    class Peeking(type(SHRIMP)):
        def _observation(self, st, seat):
            view = super()._observation(st, seat)
            grilled = st._zones[st._t.zone_base["grilled"]]
            view["zones"]["grilled"]["under"] = [self.ITEM_LABEL[i] for i in grilled[:-1]]
            return view

    report = verify(Peeking(), players=3, max_examples=15, stateful_step_count=40, max_applies=4,
                    save_counterexamples=None,
                    settings=Settings(phases=[Phase.generate], database=None, derandomize=True))
    assert any(f.property == "hidden_information" and "under" in f.message for f in report.failures), report.render()
