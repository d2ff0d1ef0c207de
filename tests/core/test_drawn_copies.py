"""A draw from a zone holding copies, grouped by looking at the copies alone (runtime/drawn_copies.py, #40),
against the path before it (every label counted: grouped_by_labels): the same items, weights and outcomes (the
same Action objects, the same exact probabilities) at every draw of seeded Shell We? games (a bag of shells and
five starfish), played in lock step to the same history, returns and JSON; any zone of copies in any order
groups alike."""

import random

import pytest

import rulespec
from rulespec.runtime import drawn_copies, state
from rulespec.runtime.pending import SHORT_LISTING


def _without(patch):
    """The runtime before the lever: every label counted."""
    patch.setattr(state, "grouped_by_copies", lambda items, shared, labels: drawn_copies.grouped_by_labels(items, labels))


def play_both(monkeypatch, engine, players: int, seed: int) -> int:
    """One seeded game on two states, with the lever and without; returns how many draws were grouped by copies."""
    fast, slow = engine.new_game(players), engine.new_game(players)
    rng, grouped = random.Random(seed), 0
    while not fast.is_terminal():
        assert not slow.is_terminal()
        if fast.is_chance_node():
            outcomes = fast.chance_outcomes()
            with monkeypatch.context() as patch:
                _without(patch)
                expected = slow.chance_outcomes()
            assert fast._pending.items == slow._pending.items and fast._pending.weights == slow._pending.weights
            assert [(str(a), p) for a, p in outcomes] == [(str(a), p) for a, p in expected]
            assert all(a is b for (a, _), (b, _) in zip(outcomes, expected))  # the engine's own Actions
            grouped += fast._pending.weights is not None and len(outcomes) > SHORT_LISTING
            action = rng.choices([a for a, _ in outcomes], [float(p) for _, p in outcomes])[0]
        else:
            assert fast.legal_actions() == slow.legal_actions()
            action = rng.choice(fast.legal_actions())
        fast.apply(action)
        with monkeypatch.context() as patch:
            _without(patch)
            slow.apply(str(action))
    assert slow.is_terminal()
    assert fast.history == slow.history and fast.fired == slow.fired
    assert fast.returns() == slow.returns() and fast.to_json() == slow.to_json()
    return grouped


@pytest.mark.parametrize("players, games", [(2, 4), (4, 2)])
def test_shell_we_draws_alike_with_and_without(monkeypatch, players, games):
    engine = rulespec.load("shell-we")
    assert engine._label_shared  # (the starfish)
    grouped = sum(play_both(monkeypatch, engine, players, seed) for seed in range(games))
    assert grouped > 30 * games  # (the deal alone draws 17 a player from the bag)


def test_any_zone_of_copies_groups_alike():
    labels = ["a", "b", "c", "a", "d", "b", "a", "e", "f"]
    shared = frozenset(item for item, label in enumerate(labels) if labels.count(label) > 1)
    rng = random.Random(7)
    for _ in range(300):
        items = rng.sample(range(len(labels)), rng.randrange(len(labels) + 1))
        assert drawn_copies.grouped_by_copies(items, shared, labels) == drawn_copies.grouped_by_labels(items, labels)
    assert drawn_copies.grouped_by_copies([6, 1, 0, 5, 3], shared, labels) == ([6, 1], [3, 2])
    assert drawn_copies.labels_shared(labels, {}) == shared == {0, 1, 3, 5, 6}
    assert drawn_copies.labels_shared(labels, {"colour": ((), ())}) is None  # (a label may change: all counted)
