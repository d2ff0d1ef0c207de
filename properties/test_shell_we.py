"""Every engine property, checked on Shell We? with 2, 3 and 4 players on both board sides.

Each case runs the verifier's Hypothesis state machine for one player count and side; a failure
prints the property, the shrunk action list and how to replay it. After the run, the test also
asserts that every kind of check really ran (a machine that silently skipped a check would pass).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import settings
from hypothesis.stateful import run_state_machine_as_test

import rulespec
from rulespec.check.verify import Checks, state_machine

EXPECTED_CHECKS = (
    "termination", "chance_outcomes", "legal_actions", "parse_action", "offered_actions_apply",
    "illegal_action_refused", "clone", "json_round_trip", "history_replay", "hidden_information",
    "observation_json", "turn_limit", "violations",
    "invariant:conservation", "invariant:starfish_count", "invariant:passing",
)


@pytest.mark.parametrize("side", ["A", "B"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_property_holds(players, side, budget):
    counts: dict[str, int] = {}
    machine = state_machine("shell-we", players, options={"side": side}, max_applies=budget.max_applies,
                            fast_forward=budget.fast_forward, counts=counts)
    assert machine.game._option_values == {"side": side}
    run_state_machine_as_test(machine, settings=settings(deadline=None))  # the loaded profile's budget
    missing = [name for name in EXPECTED_CHECKS if not counts.get(name)]
    assert not missing, f"these checks never ran: {missing} (ran: {counts})"


def _mid_game(game, players: int, seed: int, steps: int):
    state = game.new_game(players)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply(rng.choice([a for a, _ in state.chance_outcomes()]))
        else:
            state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("players", [2, 4])
def test_the_hidden_information_swap_changes_only_what_the_seat_cannot_see(players):
    """The check is not vacuous: the variant really moves tiles between the bag and other racks,
    keeps every size, leaves the seat's own rack and the board alone, and is still a valid state."""
    game = rulespec.load("shell-we")
    state = _mid_game(game, players, seed=5, steps=17 * players + players + 10)
    checks = Checks(game, players, "shell-we")
    bag, rack = state._t.zone_base["bag"], state._t.zone_base["rack"]
    for seat in range(players):
        variant, moved = checks.hidden_variant(state, seat, random.Random(seat))
        assert moved, "nothing moved"
        assert variant._zones[rack + seat] == state._zones[rack + seat]
        assert variant._boards == state._boards
        assert [len(z) for z in variant._zones] == [len(z) for z in state._zones]
        others = [rack + s for s in range(players) if s != seat]
        assert any(variant._zones[z] != state._zones[z] for z in [bag] + others)
        for item, where in enumerate(variant._loc):  # every item is where its zone says
            if where < state._t.zone_count:
                assert item in variant._zones[where]
        assert variant.observation(seat) == state.observation(seat)
        other = (seat + 1) % players
        assert variant.observation(other) != state.observation(other)  # the other seat sees its rack change
        variant.legal_actions()  # a playable state
        assert game.from_json(variant.to_json()) == variant


def test_every_example_plays_a_whole_game_and_checks_hidden_information_in_play():
    """The checks above that need a finished game (termination) or a game in play with something hidden
    (hidden_information) are made by the verifier in every example, however short, not hoped for from
    where its random exploration goes."""
    examples, calls = [], []
    base = state_machine("shell-we", 3)
    checks = base.checks
    termination, in_play = checks.termination, checks.hidden_information_in_play
    checks.termination = lambda seed: calls.append("termination") or termination(seed)
    checks.hidden_information_in_play = lambda seed: calls.append("in play") or in_play(seed)

    class Counted(base):
        def __init__(self) -> None:
            super().__init__()
            examples.append(1)

    run_state_machine_as_test(Counted, settings=settings(max_examples=4, stateful_step_count=1, deadline=None,
                                                         database=None))
    assert examples and calls.count("termination") == calls.count("in play") == len(examples)
    seen = checks.counts.get("hidden_information", 0)
    state = checks.hidden_information_in_play(7)
    assert state is not None and not state.is_terminal()
    assert checks.counts["hidden_information"] > seen  # checked there, by a swap of what a seat cannot see
