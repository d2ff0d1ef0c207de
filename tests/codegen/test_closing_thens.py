"""A step's body that ends with a run of `then`s (each a `then` or an `if` whose branches are `then`s only, no `if`
after a `then`, each later `then`'s arguments names or written values) runs the run at once, one call after the
other, and a step whose every `then` is of such a run, to steps that name none, runs at once itself where its
caller's `then` would (codegen/statements.py closing_thens, chain_runs_at_once): the newcomer's Crazyhouse lands a
move by `land`, which says `if t is occupied: then take(t, the player to move)` and `then arrive(s, t)`; its moves'
look-aheads are then lean (codegen/lean_look_ahead.py ends_no_chain). A run with a `then` that cannot run at once
(a choice's: Goofspiel's `then bids` before `then award`) is queued whole. Seeded games play the same as the
engines generated without it."""

import random
from pathlib import Path

import pytest

from rulespec.codegen import python as codegen, statements
from rulespec.pipeline import compile_rules, load_module_from_source

from .lockstep import play_in_lock_step

ROOT = Path(__file__).parents[2]
NEWCOMER = ROOT / "tests" / "newcomer" / "games"
CRAZYHOUSE = NEWCOMER / "crazyhouse.rules"


def _sources(monkeypatch, path: Path) -> tuple:
    model = compile_rules(path)
    fast = codegen.generate(model, path.name)
    with monkeypatch.context() as patch:
        patch.setattr(statements.Statements, "chain_at_once", lambda self: False)
        slow = codegen.generate(model, path.name)
    return model, fast, slow


def _function(source: str, name: str) -> str:
    return source.split(f"def {name}(", 1)[1].split("\ndef ", 1)[0]


def test_crazyhouse_lands_at_once_and_its_look_ahead_is_lean(monkeypatch):
    _, fast, slow = _sources(monkeypatch, CRAZYHOUSE)
    land = _function(fast, "step_land")
    assert "step_take(st, cause, v_t, st._turn_seat)" in land and "step_arrive(st, cause, v_s, v_t)" in land
    assert "st._thens.append(('take'" in _function(slow, "step_land")
    assert "step_land(st, cause, v_s, v_t)" in _function(fast, "effect_turn__slide")
    after = _function(fast, "after_turn__slide")
    assert "_imagine_lean" in after and "carry_through" not in after
    assert "carry_through" in _function(slow, "after_turn__slide")


def test_a_run_with_a_choice_in_it_is_queued_whole(monkeypatch):
    path = ROOT / "rulebooks" / "goofspiel.rules"
    _, fast, slow = _sources(monkeypatch, path)
    assert fast == slow and "st._thens.append(('award', ()))" in fast


@pytest.mark.parametrize("path, games", [(CRAZYHOUSE, 3), (ROOT / "rulebooks" / "chess.rules", 3),
                                         (NEWCOMER / "antichess.rules", 3), (NEWCOMER / "cribbage.rules", 5)])
def test_the_same_games_with_and_without(monkeypatch, path, games):
    model, fast_source, slow_source = _sources(monkeypatch, path)
    assert fast_source != slow_source
    fast = load_module_from_source(fast_source, f"closing_fast_{path.stem}").GAME(None)
    slow = load_module_from_source(slow_source, f"closing_slow_{path.stem}").GAME(None)
    fast.model = slow.model = model
    for seed in range(games):
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed))
