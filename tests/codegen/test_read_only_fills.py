"""A fill answers for its region while scores are worked out (runtime/fills.py read_only_fills, set by
Results._scores): a score only reads the position, so a `connected` from one space (Go's `reaches(s, p)` of
every empty point in its area score) answers for every space its flood passed through, and a score over the
whole board costs a flood a region, not one a space. It must score exactly as a fill asked space by space:
Go (gallery, 5 and 9 lines), Phantom Go and Cursor Go (newcomers) are scored both ways at every position of
seeded games, and their returns compared at the end; and on an empty board one flood answers every point."""

import random
from pathlib import Path

import pytest

import rulespec
from rulespec.runtime import results

ROOT = Path(__file__).resolve().parents[2]
GAMES = [(ROOT / "rulebooks" / "go.rules", {"board_size": "5"}), (ROOT / "rulebooks" / "go.rules", None),
         (ROOT / "tests" / "newcomer" / "games" / "phantom-go.rules", None),
         (ROOT / "tests" / "newcomer" / "games" / "cursor-go.rules", None)]


def _scored_both_ways(monkeypatch, state) -> dict:
    engine = state._engine
    scores = engine._scores(state)
    with monkeypatch.context() as patch:
        patch.setattr(results, "read_only_fills", lambda on: None)  # (every fill asked space by space)
        assert engine._scores(state) == scores
        returns = state.returns() if state.is_terminal() else None
    if returns is not None:
        assert state.returns() == returns
    return scores


def _stone_first(state, rng):
    """A move that places a stone more often than chance would (a pass only now and then), so that boards fill."""
    actions = state.legal_actions()
    stones = [a for a in actions if a.text != "pass" and rng.random() < 0.5]
    if "place stone" in [a.text for a in actions] and rng.random() < 0.5:
        return next(a for a in actions if a.text == "place stone")
    return rng.choice(stones or actions)


@pytest.mark.parametrize("path, options, games, every", [g + s for g, s in zip(GAMES, [(3, 1), (2, 2), (1, 30), (1, 20)])],
                         ids=["go-5", "go-9", "phantom-go", "cursor-go"])
def test_scores_alike_as_fills_asked_space_by_space(monkeypatch, path, options, games, every):
    game = rulespec.load(path, options=options)
    rng, positions, scored = random.Random(20261208), 0, set()
    for _ in range(games):
        state = game.new_game(players=2)
        while not state.is_terminal():
            if positions % every == 0:
                scored.add(repr(_scored_both_ways(monkeypatch, state)))
            state.apply(_stone_first(state, rng))
            positions += 1
        _scored_both_ways(monkeypatch, state)
    assert len(scored) > 5  # (positions scored differently: stones and regions met)


def test_one_flood_answers_a_region(monkeypatch):
    from rulespec.runtime.fills import read_only_fills

    kept = []
    monkeypatch.setattr(results, "read_only_fills", lambda on: (kept.append(on), read_only_fills(on))[1])
    game = rulespec.load(ROOT / "rulebooks" / "go.rules", options={"board_size": "9"})
    assert game._scores(game.new_game(players=2))["area"] == [0, 0]  # (an empty board: no point reaches a stone)
    answers = [a for on in kept if on for _, _, a in on.values()]
    assert answers and max(len(a) for a in answers) == 81  # (every empty point answered by the first flood)
