"""Two ways generated code skips the runtime's general path play the same games as that path:
a `then` naming an automatic step runs it at once, inside the step before it (codegen inline_thens), and a
listing that reads only zones and counters is looked up by what it reads (codegen listing_reads). Each
engine below is also generated without the one, and both are played in lock step on random games: the
same choices and chance outcomes with the same probabilities at every step, the same observations, and at
the end the same history, counts of what fired, outcome, returns and JSON."""

import random

import pytest

import rulespec
from rulespec.codegen import python as codegen
from rulespec.pipeline import load_module_from_source

from .lockstep import play_in_lock_step

GAMES = [("shrimp", 2), ("shrimp", 5), ("shell-we", 2), ("let-them-eat-shrimp", 2), ("leduc-poker", 2)]


OFF = {"inline_thens": ("inline_thens", lambda self, body: set(), "_quiet_after_step"),
       "listing_memo": ("listing_reads", lambda self, step: None, "LISTED_")}


def _engine_without(game_id: str, feature: str, monkeypatch):
    engine = rulespec.load(game_id)
    method, replacement, marker = OFF[feature]
    with monkeypatch.context() as patch:
        patch.setattr(codegen.CodeGenerator, method, replacement)
        source = codegen.generate(engine.model, f"{game_id}.rules")
    assert marker not in source
    assert marker in open(rulespec.pipeline.committed_engine_path(game_id)).read()
    plain = load_module_from_source(source, f"plain_{game_id.replace('-', '_')}").GAME(None)
    plain.model = engine.model
    return engine, plain


@pytest.mark.parametrize("feature, game_id, players", [("inline_thens", g, p) for g, p in GAMES] + [
    ("listing_memo", g, p) for g, p in (("shrimp", 2), ("shrimp", 6), ("let-them-eat-shrimp", 2), ("shell-we", 3))])
def test_a_fast_path_plays_the_same_games(feature, game_id, players, monkeypatch):
    engine, plain = _engine_without(game_id, feature, monkeypatch)
    for seed in range(6 if game_id != "let-them-eat-shrimp" else 2):
        fast, slow = engine.new_game(players), plain.new_game(players)
        play_in_lock_step(fast, slow, players, random.Random(seed))
