"""Copies grouped by looking at the copies alone (runtime/copies.py, #40): a draw from a zone holding copies and a
choice walking one (State._one_of_each), against the paths before them (every label counted: grouped_by_labels;
every item's group looked up: every_group_looked_up): the same items, weights and outcomes (the same Action
objects, the same exact probabilities) at every draw, and the same choices, of seeded Shell We? games (a bag and
racks of shells and five starfish), played in lock step to the same history, returns and JSON; any zone of
copies in any order groups alike. A draw from a zone mostly of copies counts every label after all, in C loops
(copies.mostly_copies): seeded Go Fish games (a pool of thirteen ranks of four cards) in lock step with the
copies walked one by one, and the lever fires on the pool."""

import random

import pytest

import rulespec
from rulespec.runtime import copies, state
from rulespec.runtime.pending import SHORT_LISTING


def _without(patch):
    """The runtime before the levers: every label counted, every item's group looked up."""
    patch.setattr(state, "grouped_by_copies", lambda items, shared, labels: copies.grouped_by_labels(items, labels))
    patch.setattr(state, "one_of_each_copy", lambda items, with_copies, group: copies.every_group_looked_up(items, group))


def offered(st) -> tuple:
    """What a node offers: a draw's items and weights and its outcomes, or the choices (Actions: the engine's own)."""
    if st.is_chance_node():
        return st._pending.items, st._pending.weights, st.chance_outcomes()
    return None, None, [(action, 1) for action in st.legal_actions()]


def play_both(monkeypatch, engine, players: int, seed: int) -> int:
    """One seeded game on two states, with the levers and without; returns how many draws were grouped by copies."""
    fast, slow = engine.new_game(players), engine.new_game(players)
    rng, grouped = random.Random(seed), 0
    while not fast.is_terminal():
        items, weights, pairs = offered(fast)
        with monkeypatch.context() as patch:
            _without(patch)
            assert offered(slow)[:2] == (items, weights)
            expected = offered(slow)[2]
        assert [(str(a), p) for a, p in pairs] == [(str(a), p) for a, p in expected]
        assert all(a is b for (a, _), (b, _) in zip(pairs, expected))
        grouped += weights is not None and len(pairs) > SHORT_LISTING
        action = rng.choices([a for a, _ in pairs], [float(p) for _, p in pairs])[0]
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
        assert copies.grouped_by_copies(items, shared, labels) == copies.grouped_by_labels(items, labels)
    assert copies.grouped_by_copies([6, 1, 0, 5, 3], shared, labels) == ([6, 1], [3, 2])
    assert copies.labels_shared(labels, {}) == shared == {0, 1, 3, 5, 6}
    assert copies.labels_shared(labels, {"colour": ((), ())}) is None  # (a label may change: all counted)


def test_a_pool_mostly_of_copies_draws_alike_counted_by_labels(monkeypatch):
    from pathlib import Path
    engine = rulespec.load(Path(__file__).resolve().parents[1] / "newcomer" / "games" / "go-fish.rules")
    assert len(engine._label_shared) == 52  # (every card one of four of its rank)
    fired = []
    real = copies.mostly_copies
    monkeypatch.setattr(copies, "mostly_copies", lambda n, m: fired.append(real(n, m)) or fired[-1])
    for seed in range(20):
        fast, slow = engine.new_game(2), engine.new_game(2)
        rng = random.Random(seed)
        while not fast.is_terminal():
            items, weights, pairs = offered(fast)
            with monkeypatch.context() as patch:  # (the copies walked one by one, as before the lever)
                patch.setattr(copies, "mostly_copies", lambda n, m: False)
                assert offered(slow)[:2] == (items, weights)
                expected = offered(slow)[2]
            assert [(str(a), p) for a, p in pairs] == [(str(a), p) for a, p in expected]
            action = rng.choices([a for a, _ in pairs], [float(p) for _, p in pairs])[0]
            fast.apply(action)
            slow.apply(str(action))
        assert slow.is_terminal() and fast.history == slow.history and fast.returns() == slow.returns()
        assert fast.to_json() == slow.to_json()
    assert sum(fired) > 20 * 20  # (the deal alone draws 14 from the pool)


def test_any_walk_of_copies_groups_alike():
    groups = [0, 1, 2, 0, 4, 1, 0, 7, 8, 9, 10, 11]  # (items 0, 3, 6 copies of one component; 1, 5 of another)
    with_copies = copies.items_with_copies(groups)
    assert with_copies == {0, 1, 3, 5, 6}
    rng = random.Random(11)
    for _ in range(300):
        items = rng.sample(range(len(groups)), rng.randrange(len(groups) + 1))
        assert copies.one_of_each_copy(items, with_copies, groups) == copies.every_group_looked_up(items, groups)
    assert copies.one_of_each_copy([9, 6, 1, 7, 0, 8, 5, 10], with_copies, groups) == [9, 6, 1, 7, 8, 10]
    engine = rulespec.load("let-them-eat-shrimp")  # (every item has copies: a shield mostly of copies)
    assert len(engine._with_copies) == len(engine.ITEM_KIND)  # (35 of each)
