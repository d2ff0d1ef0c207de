"""`place occupant of s on t` on one board, t a name, is State._shift (runtime/shifting.py; codegen/statements.py
shifted): the same writes, journal and triggers as `_place(b, _occupant(b, s), t)`, the piece taken from s
without looking for where it is. Chess (castling rights kept by a trigger on every placement, look-aheads
undone by the journal) and Breakthrough play the same games as engines generated without it; every case that
raises says what _place says."""

import random
from pathlib import Path

import pytest

from rulespec.codegen import python as codegen, statements
from rulespec.pipeline import compile_rules, load_module_from_source
from rulespec.runtime.common import RuleRuntimeError

from .lockstep import play_in_lock_step

ROOT = Path(__file__).parents[2]


def _engines(monkeypatch, name: str):
    path = ROOT / "rulebooks" / f"{name}.rules"
    model = compile_rules(path)
    fast_source = codegen.generate(model, path.name)
    with monkeypatch.context() as patch:
        patch.setattr(statements.Statements, "shifted", lambda self, s: None)
        slow_source = codegen.generate(model, path.name)
    assert "st._shift(0, v_s, v_t, cause)" in fast_source and "st._shift(" not in slow_source
    fast = load_module_from_source(fast_source, f"shifted_{name}").GAME(None)
    slow = load_module_from_source(slow_source, f"placed_{name}").GAME(None)
    fast.model = slow.model = model
    return fast, slow


@pytest.mark.parametrize("name, games", [("chess", 2), ("breakthrough", 4)])
def test_the_same_games(monkeypatch, name, games):
    fast, slow = _engines(monkeypatch, name)
    for seed in range(games):
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed),
                          also=[lambda st: (st._loc, st._written[-8:], st._written_before, st._last_cause)])


def test_what_raises_says_what_place_says(monkeypatch):
    fast, _ = _engines(monkeypatch, "chess")
    st = fast.new_game(2)
    a1, a2, a3 = (st._engine.BOARDS[0].labels.index(label) for label in ("1 1", "2 1", "3 1"))
    said = []
    for move in (lambda: st._shift(0, a3, a1, "test"), lambda: st._place(0, st._occupant(0, a3), a1, "test"),
                 lambda: st._shift(0, a1, a2, "test"), lambda: st._place(0, st._occupant(0, a1), a2, "test")):
        with pytest.raises(RuleRuntimeError) as raised:
            move()
        said.append(str(raised.value))
    assert said[0] == said[1] and "which is empty" in said[0]  # (nothing on 3 1)
    assert said[2] == said[3] and "already holds" in said[2]  # (a pawn on 2 1)
    before = (list(st._boards[0]), list(st._loc), list(st._causes[0]))
    kept, _ = st._imagine(0, "turn")
    st._shift(0, a2, a3, "test")
    assert st._boards[0][a3] == before[0][a2] and st._boards[0][a2] == -1
    st._unimagine(kept)
    assert (list(st._boards[0]), list(st._loc), list(st._causes[0])) == before
