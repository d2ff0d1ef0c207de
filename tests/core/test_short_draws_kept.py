"""A chance node's outcomes kept with its Pending, and a short static draw's by the items it draws from
(runtime/drawn_outcomes.py outcomes_kept, #40), in lock step with the same games paired outcome by outcome: at
every chance node the same outcomes, the same Action objects (those legal_actions() gives, which apply() looks
along), the same exact probabilities, each call a list of its own; at the end the same history, returns and JSON.
Played on Kuhn poker, Leduc and Goofspiel (3 players too: short draws), Pig and Liar's dice (listings made once,
shared by every state), also with so few sets of items kept that the outcomes are forgotten and made again."""

import random

import pytest

import rulespec
from rulespec.runtime import drawn_outcomes


def _paired(monkeypatch, ask):
    """``ask()`` with the runtime pairing a short draw's outcomes one by one (the path without the lever)."""
    with monkeypatch.context() as patch:
        patch.setattr(drawn_outcomes, "outcomes_kept", lambda: False)
        return ask()


def play_both(monkeypatch, engine, players: int, seed: int) -> int:
    """One seeded game on two states, one reading kept outcomes, the other pairing them; returns how many chance
    nodes found theirs kept (by their items, or with a Pending another state listed)."""
    kept, plain = engine.new_game(players), engine.new_game(players)
    rng, found = random.Random(seed), 0
    while not kept.is_terminal():
        assert not plain.is_terminal()
        if kept.is_chance_node():
            pending = kept._pending
            tables = pending.shared_tables()[3] if pending.shared is not None else {}
            found += pending.items is not None and tuple(pending.items) in tables or pending.outcomes is not None
            outcomes = kept.chance_outcomes()
            expected = _paired(monkeypatch, plain.chance_outcomes)
            assert [(str(a), p) for a, p in outcomes] == [(str(a), p) for a, p in expected]
            assert all(a is b for (a, _), (b, _) in zip(outcomes, expected))  # the engine's own Actions, shared
            assert [a for a, _ in outcomes] == kept.legal_actions()
            outcomes.clear()  # (a list of the caller's own: the next node's is whole)
            outcomes = kept.chance_outcomes()
            action = rng.choices([a for a, _ in outcomes], [float(p) for _, p in outcomes])[0]
        else:
            assert kept.legal_actions() == plain.legal_actions()
            action = rng.choice(kept.legal_actions())
        kept.apply(action)
        _paired(monkeypatch, lambda: plain.apply(str(action)))
    assert plain.is_terminal()
    assert kept.history == plain.history and kept.fired == plain.fired
    assert kept.returns() == plain.returns() and kept.to_json() == plain.to_json()
    return found


# (the least kept outcomes found: Kuhn's and Leduc's deals from the same cards every game; Goofspiel's prize deck
# holds one of many sets of cards, the same one again in its last rounds; Pig's and Liar's dice's rolls listed
# once for every state)
@pytest.mark.parametrize("game_id, players, games, least", [("kuhn-poker", 2, 40, 40), ("leduc-poker", 2, 30, 30),
                                                            ("goofspiel", 2, 8, 8), ("goofspiel", 3, 4, 1),
                                                            ("pig", 2, 4, 40), ("liars-dice", 2, 10, 10)])
def test_kept_outcomes_agree_with_outcomes_paired_one_by_one(monkeypatch, game_id, players, games, least):
    engine = rulespec.load(game_id)
    assert sum(play_both(monkeypatch, engine, players, seed) for seed in range(games)) >= least


def test_outcomes_forgotten_and_made_again_agree(monkeypatch):
    monkeypatch.setattr(drawn_outcomes, "KEPT_SHORT_DRAWS", 2)  # every third set of items forgets those kept
    engine = rulespec.load("leduc-poker")
    assert sum(play_both(monkeypatch, engine, 2, seed) for seed in range(20)) > 0
