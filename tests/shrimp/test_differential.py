"""Differential test: the generated Shrimp engine against the hand-written oracle (tests/shrimp/oracle.py).

Both are driven with the same chance outcomes and the same actions; at every step they must offer
the same legal actions (same texts, same seats, same order), the same chance outcomes with the
same probabilities, the same observation for every seat (mapped to a neutral form), the same whole
state (face-down cards included, mapped the same way) and, at the end, the same outcome.
"""

from __future__ import annotations

import os
import random
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rulespec
from rulespec.runtime.engine import CHANCE, Action

from .oracle import WORDS, Shrimp
from .oracle import random_game as oracle_random_game

GAME = rulespec.load("shrimp")
DISH_ZONES = ("grilled", "linguine", "fried")
CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")


# ----------------------------------------------------------------------------- mapping the engine


def engine_outcome(state) -> dict | None:
    outcome = state.outcome()
    if outcome is None:
        return None
    return {k: outcome[k] for k in ("end", "winners", "ranking", "scores", "lot")}


def engine_view(state, seat: int) -> dict:
    """The engine's observation for ``seat`` in the oracle's neutral form."""
    obs = state.observation(seat)
    zones = obs["zones"]
    for face_down in [zones["pool"]] + list(zones["deck"]):
        assert "items" not in face_down, "a face-down pile shows its cards"
    decision = obs["decision"]
    if decision is None:
        who = None
    else:
        who = {CHANCE: "chance", "any": "any"}.get(decision["player"], decision["player"])
    return {
        "seat": seat,
        "pool": zones["pool"]["size"],
        "decks": [d["size"] for d in zones["deck"]],
        "dishes": [zones[name].get("items", []) for name in DISH_ZONES],
        "dish_sizes": [zones[name]["size"] for name in DISH_ZONES],
        "feasts": [f["items"] for f in zones["feast"]],
        "said": sorted(zones["said"]["items"]),
        "tried": [s for s, value in enumerate(obs["counters"]["tried"]) if value],
        "turn": obs["turn"],
        "turn_player": obs["turn_player"],
        "decision": who,
        "choices": list(decision.get("choices", [])) if decision is not None and who != "chance" else [],
        "outcome": engine_outcome(state),
    }


def engine_snapshot(state) -> dict:
    """The engine's whole state in the oracle's neutral form (face-down cards included)."""
    view = engine_view(state, 0)
    del view["seat"], view["choices"]
    label = GAME.ITEM_LABEL
    base = state._t.zone_base
    view["pool"] = sorted(label[i] for i in state._zones[base["pool"]])
    view["decks"] = [[label[i] for i in state._zones[base["deck"] + s]] for s in range(state.players)]
    view["dishes"] = [[label[i] for i in state._zones[base[name]]] for name in DISH_ZONES]
    return view


def engine_actions(state) -> list[tuple[int, str]]:
    return [(a.player, a.text) for a in state.legal_actions()]


def to_engine_action(action: tuple[int, str]) -> Action:
    return Action(*action)


def compare(state, oracle: Shrimp, step: int) -> None:
    where = f"after {step} steps; last actions {[str(a) for a in state.history[-4:]]}"
    assert state.is_terminal() == oracle.is_terminal(), where
    assert state.is_chance_node() == oracle.is_chance_node(), where
    assert engine_actions(state) == oracle.legal_actions(), where
    if state.is_chance_node():
        mine = [((a.player, a.text), p) for a, p in state.chance_outcomes()]
        assert mine == oracle.chance_outcomes(), where
    for seat in range(state.players):
        assert engine_view(state, seat) == oracle.observation(seat), f"player {seat + 1}'s view, {where}"
    assert engine_snapshot(state) == oracle.snapshot(), where


# ----------------------------------------------------------------------------- a policy that also calls right


def choose(oracle: Shrimp, actions: list, choices: list[int], rng: random.Random, cleverness: float):
    """Draw from ``choices`` first (so Hypothesis can shrink the game), then from ``rng``. With
    probability ``cleverness`` a seat that sees a shared characteristic smashes and calls true words,
    so feasts, binges and exquisite dishes happen, not only penalties."""
    def draw(bound: int) -> int:
        return (choices.pop(0) if choices else rng.randrange(1 << 30)) % bound

    true = oracle.true_words()
    if oracle.mode == "window" and true and draw(1000) < cleverness * 1000:
        smashes = [a for a in actions if a[1] == "smash the lemon"]
        if smashes:
            return smashes[draw(len(smashes))]
    if oracle.mode == "call" and draw(1000) < cleverness * 1000:
        wanted = [a for a in actions if any(a[1] == f"call {WORDS[w][2]}" for w in true)]
        if wanted and draw(4):  # usually go on naming true words, sometimes stop early
            return wanted[draw(len(wanted))]
        if oracle.said or not wanted:
            return next(a for a in actions if a[1] == "stop calling")
    return actions[draw(len(actions))]


def play_both(players: int, choices: list[int], seed: int, cleverness: float, check_every: int = 1):
    state = GAME.new_game(players)
    oracle = Shrimp(players)
    rng = random.Random(seed)
    steps = 0
    compare(state, oracle, steps)
    while not oracle.is_terminal():
        if oracle.is_chance_node():
            outcomes = oracle.chance_outcomes()
            action = outcomes[(choices.pop(0) if choices else rng.randrange(1 << 30)) % len(outcomes)][0]
        else:
            action = choose(oracle, oracle.legal_actions(), choices, rng, cleverness)
        state.apply(to_engine_action(action))
        oracle.apply(action)
        steps += 1
        if steps % check_every == 0 or oracle.is_terminal():
            compare(state, oracle, steps)
        assert steps < 20_000, "the game does not end"
    assert engine_outcome(state) == oracle.outcome()
    assert state._turn_number <= GAME.MAX_TURNS
    return state, oracle


# ----------------------------------------------------------------------------- the tests


@settings(max_examples=40 if CI else 15, deadline=None, suppress_health_check=[HealthCheck.too_slow],
          derandomize=CI)
@given(players=st.integers(2, 6), choices=st.lists(st.integers(0, 2 ** 30), max_size=200),
       seed=st.integers(0, 2 ** 32 - 1), cleverness=st.sampled_from([0.0, 0.5, 0.9, 1.0]))
def test_engine_and_oracle_agree_at_every_step(players, choices, seed, cleverness):
    play_both(players, list(choices), seed, cleverness)


def test_every_kind_of_claim_and_end_happens_and_agrees():
    """Clever games reach feasts, binges with steals, deck-card penalties, the exquisite dish, the end
    by an empty deck and ties drawn by lot; the two implementations agree all along."""
    wanted = {"steal", "exquisite", "no_card", "lot", "deck_penalty"}
    seen: set[str] = set()
    for game in range(200):
        players = 2 + game % 5
        state, oracle = play_both(players, [], game, cleverness=1.0, check_every=7)
        texts = [text for _, text in oracle.history]
        if any(t.startswith("steal a card") for t in texts):
            seen.add("steal")
        if any(t.startswith("give a face-down card") for t in texts):
            seen.add("deck_penalty")
        seen.add(oracle.end)
        if oracle.lot is not None:
            seen.add("lot")
        if wanted <= seen:
            break
    assert wanted <= seen, f"after {game + 1} games, never: {wanted - seen}"


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_one_seed_plays_the_same_random_game_on_both(players):
    """rulespec.random_game and the oracle's random_game draw the same way: same game, same outcome."""
    for seed in range(4):
        engine = rulespec.random_game(GAME, players=players, seed=seed)
        oracle = oracle_random_game(players, seed)
        assert engine.history == [f"chance: {t}" if p == CHANCE else f"player {p + 1}: {t}" for p, t in oracle.history]
        assert engine_outcome(engine) == oracle.outcome()
        assert engine_snapshot(engine) == oracle.snapshot()


def test_the_oracle_refuses_what_the_engine_refuses():
    state, oracle = GAME.new_game(3), Shrimp(3)
    with pytest.raises(ValueError):
        oracle.apply((0, "smash the lemon"))
    with pytest.raises(rulespec.IllegalAction):
        state.apply(Action(0, "smash the lemon"))
    assert oracle.chance_outcomes()[0][1] == Fraction(1, 81)
