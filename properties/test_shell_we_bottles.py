"""Shell We? with Message in a Bottle (and combined with nothing else): every engine property for 2, 3
and 4 players on both sides, plus how often each bottle effect fires in random play."""

from __future__ import annotations

import collections

import pytest
from hypothesis import settings
from hypothesis.stateful import run_state_machine_as_test

import rulespec
from rulespec.check.verify import state_machine

BOTTLE_CHECKS = (
    "chance_outcomes", "legal_actions", "offered_actions_apply", "illegal_action_refused", "json_round_trip",
    "history_replay", "hidden_information", "violations",
    "invariant:conservation", "invariant:bottles_beside_lanes", "invariant:passing",
)


@pytest.mark.parametrize("side", ["A", "B"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_property_holds_with_bottles(players, side, budget):
    counts: dict[str, int] = {}
    machine = state_machine("shell-we", players, options={"side": side}, variants=["bottles"],
                            max_applies=budget.max_applies, fast_forward=budget.fast_forward, counts=counts)
    run_state_machine_as_test(machine, settings=settings(deadline=None))
    missing = [name for name in BOTTLE_CHECKS if not counts.get(name)]
    assert not missing, f"these checks never ran: {missing} (ran: {counts})"


def test_every_bottle_effect_fires_in_random_play():
    fired: collections.Counter = collections.Counter()
    games = 0
    for seed in range(90):
        side = "AB"[seed % 2]
        game = rulespec.load("shell-we", variants=["bottles"], options={"side": side})
        state = rulespec.random_game(game, players=2 + seed % 3, seed=seed)
        assert not state._violations, state._violations
        fired.update({rule: n for rule, n in state.fired.items() if rule.startswith(("bottle_", "instead "))})
        games += 1
        if all(fired[f"bottle_{n}"] for n in range(1, 11)) and fired["instead short_draw"] and games >= 30:
            break  # every effect has fired; 30 games at least, so the counts mean something
    report = ", ".join(f"{rule}: {fired[rule]}" for rule in sorted(fired))
    print(f"\nbottle effects in {games} random games: {report}")
    missing = [f"bottle_{n}" for n in range(1, 11) if not fired[f"bottle_{n}"]]
    assert not missing, f"never fired: {missing}; fired: {report}"
    assert fired["instead short_draw"] > 0
