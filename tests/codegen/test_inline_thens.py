"""A `then` naming an automatic step runs it at once, inside the step before it (codegen inline_thens):
the same games as through the runtime's stack. Each engine below is also generated with no `then` run at
once, and both are played in lock step on random games: the same choices and chance outcomes with the
same probabilities at every step, the same observations, and at the end the same history, counts of what
fired, outcome, returns and JSON."""

import random

import pytest

import rulespec
from rulespec.codegen import python as codegen
from rulespec.pipeline import load_module_from_source

GAMES = [("shrimp", 2), ("shrimp", 5), ("shell-we", 2), ("let-them-eat-shrimp", 2), ("leduc-poker", 2)]


def _engine_without_inline_thens(game_id: str, monkeypatch):
    engine = rulespec.load(game_id)
    with monkeypatch.context() as patch:
        patch.setattr(codegen.CodeGenerator, "inline_thens", lambda self, body: set())
        source = codegen.generate(engine.model, f"{game_id}.rules")
    assert "_quiet_after_step" not in source
    plain = load_module_from_source(source, f"plain_{game_id.replace('-', '_')}").GAME(None)
    plain.model = engine.model
    return engine, plain


def _step(state, rng):
    if state.is_chance_node():
        outcomes = state.chance_outcomes()
        pick = rng.random()
        for action, probability in outcomes:
            pick -= float(probability)
            if pick < 0:
                return action
        return outcomes[-1][0]
    actions = state.legal_actions()
    return actions[rng.randrange(len(actions))]


@pytest.mark.parametrize("game_id, players", GAMES)
def test_an_automatic_step_run_at_once_plays_the_same_games(game_id, players, monkeypatch):
    engine, plain = _engine_without_inline_thens(game_id, monkeypatch)
    assert "_quiet_after_step" in open(rulespec.pipeline.committed_engine_path(game_id)).read()
    for seed in range(6 if game_id != "let-them-eat-shrimp" else 2):
        fast, slow = engine.new_game(players), plain.new_game(players)
        rng = random.Random(seed)
        steps = 0
        while not fast.is_terminal():
            assert not slow.is_terminal()
            if fast.is_chance_node():
                assert [(str(a), p) for a, p in fast.chance_outcomes()] == \
                       [(str(a), p) for a, p in slow.chance_outcomes()]
            else:
                assert fast.legal_actions() == slow.legal_actions()
            if steps % 7 == 0:
                assert all(fast.observation(s) == slow.observation(s) for s in range(players))
            action = _step(fast, rng)
            fast.apply(action)
            slow.apply(str(action))
            steps += 1
        assert slow.is_terminal()
        assert fast.history == slow.history and fast.fired == slow.fired
        assert fast.outcome() == slow.outcome() and fast.returns() == slow.returns()
        assert fast.to_json() == slow.to_json()
