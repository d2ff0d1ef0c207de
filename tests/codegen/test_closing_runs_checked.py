"""A step's closing run of `then`s runs at once also where an end is checked after every step, each `then` asking
Engine._quiet_after_step first (a `then` kept back keeps the later ones back), and a later `then`'s argument may be
a seat a few places from a name (codegen/statements.py closing_runs_checked, later_argument): the newcomer's
Markov soccer and Laser tag draw who moves first and the draw's outcome ends `then carry_out(p)`, `then
carry_out(left of p)`; a goal scored by the first carry_out keeps the second back, for the runtime, which ends the
game; Dou dizhu's combinations end `then lay(player, r, 1)`, `then played(player, SOLO, r, 1)`, SOLO a definition
of a number. Seeded games play the same as the engines generated without it."""

import random
from pathlib import Path

import pytest

from rulespec.codegen import python as codegen, statements
from rulespec.pipeline import compile_rules, load_module_from_source

from .lockstep import play_in_lock_step

ROOT = Path(__file__).parents[2]
NEWCOMER = ROOT / "tests" / "newcomer" / "games"


def _sources(monkeypatch, path: Path) -> tuple:
    model = compile_rules(path)
    fast = codegen.generate(model, path.name)
    with monkeypatch.context() as patch:
        patch.setattr(statements.Statements, "closing_runs_checked", lambda self: False)
        slow = codegen.generate(model, path.name)
    return model, fast, slow


def _function(source: str, name: str) -> str:
    return source.split(f"def {name}(", 1)[1].split("\ndef ", 1)[0]


def test_the_draw_of_who_moves_first_carries_out_both_at_once(monkeypatch):
    _, fast, slow = _sources(monkeypatch, NEWCOMER / "markov-soccer.rules")
    resolve = _function(fast, "resolve_initiative")
    assert resolve.count("if st._engine._quiet_after_step(st):") == 2
    assert "step_carry_out(st, cause, v_p)" in resolve and "step_carry_out(st, cause, (v_p + 1) % st.players)" in resolve
    assert "step_carry_out(" not in _function(slow, "resolve_initiative")
    _, fast, slow = _sources(monkeypatch, NEWCOMER / "dou-dizhu.rules")
    solo = _function(fast, "effect_play__solo")
    assert "step_lay(st, cause, v_player, v_r, 1)" in solo and "step_played(st, cause, v_player, " in solo
    assert "st._thens.append(('played'" in _function(slow, "effect_play__solo")


def test_a_run_with_a_choice_in_it_is_queued_whole(monkeypatch):
    _, fast, slow = _sources(monkeypatch, NEWCOMER / "oshi-zumo.rules")
    assert fast == slow and "st._thens.append(('push', ()))" in fast


@pytest.mark.parametrize("name, games, players", [("markov-soccer", 40, 2), ("laser-tag", 2, 2), ("go-fish", 20, 2),
                                                  ("dou-dizhu", 6, 3)])
def test_the_same_games_with_and_without(monkeypatch, name, games, players):
    path = NEWCOMER / f"{name}.rules"
    model, fast_source, slow_source = _sources(monkeypatch, path)
    assert fast_source != slow_source
    fast = load_module_from_source(fast_source, f"checked_fast_{path.stem}").GAME(None)
    slow = load_module_from_source(slow_source, f"checked_slow_{path.stem}").GAME(None)
    fast.model = slow.model = model
    for seed in range(games):
        play_in_lock_step(fast.new_game(players), slow.new_game(players), players, random.Random(seed))
