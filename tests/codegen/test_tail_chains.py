"""A step whose every `then` is a tail `then` (the last statement of its branch) to an automatic step that names no
step runs at once where its caller's `then` would, and its own tail `then` runs at once inside it, two deep
(codegen/statements.py tail_chain_runs_at_once): the newcomer's Bridge plays a card by `then card_played(suit of
c)`, whose body ends `if in_trick = 4: then finish_trick()`. Where an end is checked after every step, each step
asks Engine._quiet_after_step first, and an end found between two of the steps leaves the rest to the runtime.
Seeded games play the same as the engines generated without it (the switch tail_chain_at_once off)."""

import random
from pathlib import Path

import pytest

from rulespec.codegen import python as codegen, statements
from rulespec.pipeline import compile_rules, load_module_from_source

from .lockstep import play_in_lock_step

ROOT = Path(__file__).parents[2]
NEWCOMER = ROOT / "tests" / "newcomer" / "games"
PRESSES = Path(__file__).with_name("tail-chain-presses.rules")


def _engines(monkeypatch, path: Path) -> tuple:
    model = compile_rules(path)
    fast_source = codegen.generate(model, path.name)
    with monkeypatch.context() as patch:
        patch.setattr(statements.Statements, "tail_chain_at_once", lambda self: False)
        slow_source = codegen.generate(model, path.name)
    fast = load_module_from_source(fast_source, f"tail_fast_{path.stem.replace('-', '_')}").GAME(None)
    slow = load_module_from_source(slow_source, f"tail_slow_{path.stem.replace('-', '_')}").GAME(None)
    fast.model = slow.model = model
    return fast_source, slow_source, fast, slow


def _function(source: str, name: str) -> str:
    return source.split(f"def {name}(", 1)[1].split("\ndef ", 1)[0]


def test_bridge_plays_its_card_steps_at_once(monkeypatch):
    fast, slow, _, _ = _engines(monkeypatch, NEWCOMER / "bridge.rules")
    for effect in ("effect_play__play", "effect_play_dummy__play_from_dummy"):
        assert "step_card_played(st, cause, " in _function(fast, effect)
        assert "step_card_played(" not in _function(slow, effect)
        assert "st._thens.append(('card_played'" in _function(slow, effect)
    assert "step_finish_trick(st, cause)" in _function(fast, "step_card_played")  # (one deep, as before)
    assert "step_finish_trick(st, cause)" in _function(slow, "step_card_played")


@pytest.mark.parametrize("name, players, games", [("bridge", 4, 6), ("pentago", 2, 6), ("shogi", 2, 1)])
def test_the_same_games_with_and_without(monkeypatch, name, players, games):
    fast_source, slow_source, fast, slow = _engines(monkeypatch, NEWCOMER / f"{name}.rules")
    assert fast_source != slow_source
    for seed in range(games):
        play_in_lock_step(fast.new_game(players), slow.new_game(players), players, random.Random(seed),
                          also=[lambda st: (st.fired, st._last_cause)])


def _play(engine, texts):
    st = engine.new_game(2)
    for text in texts:
        st.apply(next(a for a in st.legal_actions() if a.text == text))
    return st


@pytest.mark.parametrize("texts, score, fired", [
    (["press once"] * 5, 20, {"count_press": 5, "add_score": 2}),  # the fifth press: the end holds between the two
    (["press once"] * 3 + ["press twice"], 10, {"count_press": 4, "add_score": 1}),  # 4 in the option, 5 between
    (["press once"] * 4 + ["press twice"], 20, {"count_press": 4, "add_score": 2}),  # 5 in the option: before both
    (["press twice", "press twice", "press once"], 20, {"count_press": 3, "add_score": 2})])  # 2, 4 scored; 5 ends
def test_an_end_between_the_steps_leaves_the_rest_to_the_runtime(monkeypatch, texts, score, fired):
    fast_source, slow_source, fast, slow = _engines(monkeypatch, PRESSES)
    assert "step_count_press(st, cause)" in _function(fast_source, "effect_turn__once")
    assert "step_count_press(" not in _function(slow_source, "effect_turn__once")
    for engine in (fast, slow):
        st = _play(engine, texts)
        assert st.is_terminal() and st._counters["score"] == score
        assert {k: st.fired.get(k, 0) for k in fired} == fired
    for seed in range(20):
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed),
                          also=[lambda st: (st.fired, st._last_cause)])
