"""The leak property's second view: a seat's information state (its observations, in order) is the
same in two histories that differ only in chance outcomes it cannot see (rulespec.check.verify's
``information_state``). A leak that the one-state swap cannot see (an observation naming the last
chance outcome: the same in a state and its swapped copy) is caught by it."""

from __future__ import annotations

import random

import pytest
from hypothesis import Phase
from hypothesis import settings as Settings

import rulespec
from rulespec.check.verify import Checks, verify

FAST = Settings(phases=[Phase.generate], database=None, derandomize=True)


@pytest.mark.parametrize("game_id, players", [("kuhn-poker", 2), ("shell-we", 3), ("shrimp", 3)])
def test_the_information_state_is_compared_in_play(game_id, players):
    game = rulespec.load(game_id)
    checks = Checks(game, players, game_id)
    for seed in range(3):
        checks.hidden_information_in_play(seed)
    assert checks.counts.get("information_state", 0) >= 3, checks.counts


def test_two_kuhn_deals_the_other_seat_cannot_tell_apart_are_compared_to_the_end():
    game = rulespec.load("kuhn-poker")
    checks = Checks(game, 2, "kuhn-poker")
    state = game.new_game(2)
    (jack, _), (queen, _) = state.chance_outcomes()[:2]
    one, other = state.clone(), state.clone()
    one.apply(jack)
    other.apply(queen)
    # the first card goes to player 1: player 2 cannot tell the deals apart, player 1 can
    assert checks.differs_only_where_hidden(one, other, 1)
    assert not checks.differs_only_where_hidden(one, other, 0)
    checks.information_state(state, random.Random(1))
    assert checks.counts["information_state"] >= 1


def test_a_leak_of_the_last_chance_outcome_is_caught_by_the_information_state_only():
    class Telltale(type(rulespec.load("kuhn-poker"))):
        def _observation(self, st, seat):
            view = super()._observation(st, seat)
            view["last_draw"] = next((text for text in reversed(st.history) if text.startswith("chance: ")), None)
            return view

    report = verify(Telltale(), players=2, max_examples=10, stateful_step_count=10, save_counterexamples=None,
                    settings=FAST)
    found = {f.property for f in report.failures}
    assert "information_state" in found, report.render()
    assert "hidden_information" not in found  # a state and its swapped copy share their history
    failure = next(f for f in report.failures if f.property == "information_state")
    assert "last_draw" in failure.message and "player" in failure.message
