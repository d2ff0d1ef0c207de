"""Every property of the verifier can fail: each test breaks one thing in a Shell We? engine (a
subclass, or one runtime method patched for the test) and asserts that verify() reports exactly
that property, with an action list that replays on the broken engine.

These keep the verifier honest: a check that could never fail would make every suite above pass.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import Phase
from hypothesis import settings as Settings

import rulespec
from rulespec import CHANCE, Action, RuleRuntimeError
from rulespec.runtime.engine import State
from rulespec.check.verify import ReplayError, replay, verify

BASE = type(rulespec.load("shell-we"))
# Finding is what these tests are about; shrinking (which test_any_rule_file checks) would only add time.
FAST = Settings(phases=[Phase.generate], database=None, derandomize=True)


def caught(game, expected: str, players: int = 2, **kwargs):
    budget = dict(max_examples=20, stateful_step_count=30, max_applies=6, save_counterexamples=None, settings=FAST)
    budget.update(kwargs)
    report = verify(game, players=players, **budget)
    assert not report.ok, f"{expected} was not caught"
    found = [f for f in report.failures if f.property == expected]
    assert found, report.render()  # (another property may catch the same break too)
    assert f"FAILED {expected} with {players} players" in report.render()
    return found[0]


def replays(game, failure) -> State:
    return replay(game, failure.actions, players=failure.players)


def test_a_leak_of_hidden_items_into_the_observation():
    class Leaky(BASE):
        def _observation(self, st, seat):
            view = super()._observation(st, seat)
            view["peek"] = sorted(self.ITEM_LABEL[i] for i in st._zones[st._t.zone_base["bag"]])[:3]
            return view

    game = Leaky()
    failure = caught(game, "hidden_information")
    assert "peek" in failure.message
    replays(game, failure)


def test_a_refusal_that_changes_the_state():
    class Sloppy(BASE):
        def _why_not(self, st, action):
            st._turn_number += 1  # explaining a refusal must not touch the state
            return super()._why_not(st, action)

    game = Sloppy()
    failure = caught(game, "illegal_action_refused")
    assert "changed the state" in failure.message and "turn_number" in failure.message
    replays(game, failure)


def test_json_that_forgets_part_of_the_state():
    class Forgetful(BASE):
        def _state_from_dict(self, data):
            state = super()._state_from_dict(data)
            state._turn_number = 0
            return state

    game = Forgetful()
    failure = caught(game, "json_round_trip")
    assert "turn_number" in failure.message
    replays(game, failure)


def test_a_clone_that_shares_the_zones(monkeypatch):
    deep_clone = State.clone

    def shallow_clone(self):
        copy = deep_clone(self)
        copy._zones = self._zones  # the bug: both states now move the same items
        return copy

    monkeypatch.setattr(State, "clone", shallow_clone)
    game = BASE()
    failure = caught(game, "clone")
    assert "changed the original" in failure.message


def test_an_action_offered_twice():
    class Stutter(BASE):
        def _decide(self, st):
            seat, entries = super()._decide(st)
            return seat, entries + entries[:1] if seat != CHANCE else entries

    game = Stutter()
    failure = caught(game, "legal_actions")
    assert "more than once" in failure.message


def test_a_chance_outcome_with_probability_zero():
    class Loaded(BASE):
        def _decide(self, st):
            seat, entries = super()._decide(st)
            if seat == CHANCE and len(entries) > 1:
                action, effect, _, binding = entries[0]
                entries = [(action, effect, 0, binding)] + entries[1:]
            return seat, entries

    game = Loaded()
    failure = caught(game, "chance_outcomes")
    assert "probability of chance:" in failure.message
    assert failure.actions == []  # the new game's first draw


def test_an_offered_action_that_cannot_be_applied():
    def explode(st, cause, *args):
        raise RuleRuntimeError("boom")

    class Trapped(BASE):
        def _decide(self, st):
            seat, entries = super()._decide(st)
            if seat != CHANCE and st._phase == "play":
                entries = entries + [(Action(seat, "press the red button"), explode, 1, ())]
            return seat, entries

    game = Trapped()
    failure = caught(game, "offered_actions_apply")
    assert failure.actions[-1].endswith(": press the red button") and "boom" in failure.message
    with pytest.raises(ReplayError) as raised:
        replays(game, failure)
    assert raised.value.index == len(failure.actions) - 1  # everything before it replays


def test_printed_actions_that_do_not_parse_back():
    class Misreading(BASE):
        def parse_action(self, state, text):
            action = super().parse_action(state, text)
            return Action(action.player, action.text.upper()) if "draw" in action.text else action

    failure = caught(Misreading(), "parse_action")
    assert "DRAW" in failure.message


def test_a_history_that_does_not_replay():
    class Moody(BASE):
        games = itertools.count()

        def new_game(self, players=None):
            state = super().new_game(players)
            if next(self.games) % 2:  # every other new game starts one turn further on
                state._turn_number += 1
            return state

    failure = caught(Moody(), "history_replay")
    assert "turn_number" in failure.message


def test_a_game_longer_than_its_declared_limit():
    class Hasty(BASE):
        MAX_TURNS = 3

    game = Hasty()
    failure = caught(game, "turn_limit")
    state = replays(game, failure)
    assert state._turn_number > 3


def test_a_game_that_never_ends():
    class Endless(BASE):
        ENDS = ()
        MAX_TURNS = None
        INVARIANTS = ()

    failure = caught(Endless(), "termination", max_game_steps=3000, max_examples=10)
    assert "no end after 3000 steps" in failure.message
    assert len(failure.actions) > 1000  # the start of the endless game, replayable
    replays(Endless(), failure)


def test_a_rule_file_invariant_that_fails():
    class Leaking(BASE):
        def _decide(self, st):  # every draw also drops one item from the box in the bin
            seat, entries = super()._decide(st)
            if seat == CHANCE:
                entries = [(a, self._drop(effect), w, b) for a, effect, w, b in entries]
            return seat, entries

        def _drop(self, effect):
            def run(st, *args):
                effect(st, *args)
                box = st._zones[st._t.zone_base["box"]]
                if box:
                    item = box.pop()
                    st._loc[item] = -1
            return run

    game = Leaking()
    failure = caught(game, "invariant:conservation")
    assert failure.actions and failure.actions[-1].startswith("chance: ")
    replays(game, failure)
