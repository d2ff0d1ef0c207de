"""A loop's condition `there is y in D where C` is read as the count it means, `count(y in D where C) > 0`, so that
the loop inside it is written as the count written out gets it (codegen/declarations.py there_is_inside): the
newcomer's Crazyhouse asks `there is d in all directions of grid where (there is t in ray from s towards d where
mine(t, p) and slides(t, d))`, whose ray is then walked in place to its first occupied space (ray_stop_loop), not
any() over ray_stop's generator made for each direction. Seeded games play the same as the engine generated
without it; `there is no` keeps its sense."""

import random
from pathlib import Path

import pytest

from rulespec.codegen import declarations, python as codegen
from rulespec.codegen.found_loops import FoundLoops
from rulespec.pipeline import compile_rules, load_module_from_source

from .lockstep import play_in_lock_step

ROOT = Path(__file__).parents[2]
CRAZYHOUSE = ROOT / "tests" / "newcomer" / "games" / "crazyhouse.rules"
SHOGI = ROOT / "tests" / "newcomer" / "games" / "shogi.rules"


def _attacks(source: str) -> str:
    return source.split("def define_attacks(", 1)[1].split("\ndef ", 1)[0]


def _sources(monkeypatch, path: Path) -> tuple:
    model = compile_rules(path)
    fast = codegen.generate(model, path.name)
    with monkeypatch.context() as patch:
        patch.setattr(declarations.Declarations, "there_is_inside", lambda self, where: where)
        slow = codegen.generate(model, path.name)
    return model, fast, slow


def test_a_ray_inside_there_is_is_walked_in_place(monkeypatch):
    monkeypatch.setattr(FoundLoops, "FOUND_BY_LOOPS", False)  # (its `there is` as any(): found_loops.py aside)
    _, fast, slow = _sources(monkeypatch, CRAZYHOUSE)
    assert "walked to the first occupied space" in _attacks(fast) and "ray_stop(" not in _attacks(fast)
    assert "any(" in _attacks(slow) and "ray_stop(st, 0, v_s, v_d)" in _attacks(slow)


@pytest.mark.parametrize("path, games", [(CRAZYHOUSE, 3), (SHOGI, 1)])
def test_the_same_games_with_and_without(monkeypatch, path, games):
    """The newcomers' Crazyhouse and Shogi (the same attack, in Shogi's `attacks` too)."""
    model, fast_source, slow_source = _sources(monkeypatch, path)
    assert fast_source != slow_source
    fast = load_module_from_source(fast_source, f"there_is_inside_fast_{path.stem}").GAME(None)
    slow = load_module_from_source(slow_source, f"there_is_inside_slow_{path.stem}").GAME(None)
    fast.model = slow.model = model
    for seed in range(games):
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed))


def test_there_is_no_inside_a_loop_keeps_its_sense(monkeypatch, tmp_path):
    """`there is no` inside the loop is left as it was written (a count = 0 is no walk that stops at the first)."""
    text = CRAZYHOUSE.read_text(encoding="utf-8")
    said = "(there is d in all directions of grid where (there is t in ray from s towards d where mine(t, p) and slides(t, d)))"
    assert said in text
    path = tmp_path / "crazyhouse.rules"
    path.write_text(text.replace(said, "(there is d in all directions of grid where not (there is no t in ray from s "
                                       "towards d where mine(t, p) and slides(t, d)))", 1), encoding="utf-8")
    model, fast_source, slow_source = _sources(monkeypatch, path)
    assert _attacks(fast_source) == _attacks(slow_source)
    fast = load_module_from_source(fast_source, "there_is_no_fast").GAME(None)
    slow = load_module_from_source(slow_source, "there_is_no_slow").GAME(None)
    fast.model = slow.model = model
    play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(5))
