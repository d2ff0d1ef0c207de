"""A long static draw's chance outcomes listed from the pairs the engine keeps (runtime/drawn_outcomes.py, #40),
in lock step with the same games listed one by one (listed_outcomes: the Actions, then a pair each), which every
other chance node still takes: at every chance node the same outcomes, the same Action objects (those
legal_actions() gives, which apply() finds), the same exact probabilities; at the end the same history, returns
and JSON. Played on the newcomers' blackjack and crazy eights (deals from a deck of 52), also with so few sizes
kept that the pairs are forgotten and made again."""

import random
from pathlib import Path

import pytest

import rulespec
from rulespec.runtime import drawn_outcomes, state
from rulespec.runtime.pending import SHORT_LISTING

GAMES = Path(__file__).resolve().parents[1] / "newcomer" / "games"


def _one_by_one(monkeypatch, ask):
    """``ask()`` with the runtime listing a static draw's outcomes one by one (the path without the lever)."""
    with monkeypatch.context() as patch:
        patch.setattr(state, "drawn_outcomes", drawn_outcomes.listed_outcomes)
        return ask()


def play_both(monkeypatch, engine, players: int, seed: int) -> int:
    """One seeded game on two states, one listing long static draws from the kept pairs, the other one by one;
    returns how many chance nodes listed from the pairs."""
    paired, plain = engine.new_game(players), engine.new_game(players)
    rng, from_pairs = random.Random(seed), 0
    while not paired.is_terminal():
        assert not plain.is_terminal()
        if paired.is_chance_node():
            outcomes = paired.chance_outcomes()
            expected = _one_by_one(monkeypatch, plain.chance_outcomes)
            assert [(str(a), p) for a, p in outcomes] == [(str(a), p) for a, p in expected]
            assert all(a is b for (a, _), (b, _) in zip(outcomes, expected))  # the engine's own Actions, shared
            assert [a for a, _ in outcomes] == paired.legal_actions()
            from_pairs += len(outcomes) > SHORT_LISTING
            action = rng.choices([a for a, _ in outcomes], [float(p) for _, p in outcomes])[0]
        else:
            assert paired.legal_actions() == plain.legal_actions()
            action = rng.choice(paired.legal_actions())
        paired.apply(action)
        _one_by_one(monkeypatch, lambda: plain.apply(str(action)))
    assert plain.is_terminal()
    assert paired.history == plain.history and paired.fired == plain.fired
    assert paired.returns() == plain.returns() and paired.to_json() == plain.to_json()
    return from_pairs


@pytest.mark.parametrize("name, players, games", [("blackjack", 1, 60), ("crazy-eights", 2, 6)])
def test_kept_pairs_agree_with_outcomes_listed_one_by_one(monkeypatch, name, players, games):
    engine = rulespec.load(GAMES / f"{name}.rules")
    from_pairs = sum(play_both(monkeypatch, engine, players, seed) for seed in range(games))
    assert from_pairs > games  # most deals were listed from the pairs


def test_pairs_forgotten_and_made_again_agree(monkeypatch):
    monkeypatch.setattr(drawn_outcomes, "KEPT_SIZES", 2)  # every third deck size forgets the pairs kept
    engine = rulespec.load(GAMES / "blackjack.rules")
    assert sum(play_both(monkeypatch, engine, 1, seed) for seed in range(30)) > 30


def test_a_short_draw_is_listed_one_by_one():
    """Kuhn poker's deal of 3 keeps its Actions listed, which apply() looks along (State.apply's short listing)."""
    st = rulespec.load("kuhn-poker").new_game(2)
    assert st.is_chance_node()
    outcomes = st.chance_outcomes()
    assert len(outcomes) <= SHORT_LISTING and st._pending.actions == [a for a, _ in outcomes]
