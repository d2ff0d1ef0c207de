"""`size of walk(t from s towards d while C) > 0` (or != 0, = 0) asks only whether the walk takes its first step,
so the generator tests the one space after s (State._walk_begins), not the whole walk made to be counted
(codegen/counts.py: _walk_begins_test). Othello written as a newcomer writes it (the flank test inline, in each
of eight directions) and the gallery's (through a definition of the walk's size) play the same games as the
engines generated without it; `until` and `= 0` keep their sense. (A definition's first step written as a guard,
a walk's size counted along its ray and the reads looked up first, codegen/guards.py, are switched off here:
test_tests_as_guards.py tests those.)"""

import random
from pathlib import Path

import pytest

from rulespec.codegen import counts, guards, python as codegen
from rulespec.pipeline import compile_rules, load_module_from_source

from .lockstep import play_in_lock_step

ROOT = Path(__file__).parents[2]
OTHELLO = ROOT / "tests" / "newcomer" / "games" / "othello.rules"
GALLERY_OTHELLO = ROOT / "rulebooks" / "othello.rules"
ROWS = ROOT / "rulespec" / "docs" / "ref_games" / "rows.rules"


@pytest.mark.parametrize("path", [OTHELLO, GALLERY_OTHELLO])
def test_a_walks_first_step_plays_the_same_games(monkeypatch, path):
    """Inline (the newcomer's file) or through a definition of the walk's size (the gallery's `run_length(s,
    d, p) > 0`): the first step tested, the same games played."""
    monkeypatch.setattr(guards.Guards, "first_step", lambda self, e: None)
    monkeypatch.setattr(guards.Guards, "scanned", lambda self, e: e)
    monkeypatch.setattr(guards.Guards, "start_reading_first", lambda self, definition: None)
    model = compile_rules(path)
    fast_source = codegen.generate(model, path.name)
    with monkeypatch.context() as patch:
        patch.setattr(counts.Counts, "_walk_begins_test", lambda self, e: None)
        slow_source = codegen.generate(model, path.name)
    assert "st._walk_begins(0, v_s, v_d, lambda v_t: " in fast_source and "_walk_begins" not in slow_source
    fast = load_module_from_source(fast_source, f"begins_{path.parent.name}").GAME(None)
    slow = load_module_from_source(slow_source, f"walked_{path.parent.name}").GAME(None)
    fast.model = slow.model = model
    for seed in range(3):
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed))


@pytest.mark.parametrize("written, code", [
    ("size of walk(t from s towards d while t is empty) = 0", "(not st._walk_begins(0, v_s, v_d, lambda v_t: st._boards[0][v_t] < 0))"),
    ("size of walk(t from s towards d until t is empty) != 0", "st._walk_begins(0, v_s, v_d, lambda v_t: not st._boards[0][v_t] < 0)"),
    ("size of walk(t from s towards d while t is empty) > 1", "(len(st._walk(0, v_s, v_d, lambda v_t: st._boards[0][v_t] < 0)) > 1)"),
])
def test_the_first_step_is_tested_only_where_it_is_all_that_is_asked(monkeypatch, tmp_path, written, code):
    monkeypatch.setattr(guards.Guards, "first_step", lambda self, e: None)
    monkeypatch.setattr(guards.Guards, "scanned", lambda self, e: e)
    monkeypatch.setattr(guards.Guards, "start_reading_first", lambda self, definition: None)
    text = OTHELLO.read_text(encoding="utf-8")
    said = "size of walk(t from s towards d while t holds colour of left of p) > 0"
    assert said in text
    path = tmp_path / "othello.rules"
    path.write_text(text.replace(said, written, 1), encoding="utf-8")
    flanks = codegen.generate(compile_rules(path), path.name).split("def define_flanks(", 1)[1].split("\ndef ", 1)[0]
    assert code in flanks


def test_a_walk_until_a_space_keeps_its_sense_in_an_invariant(monkeypatch):
    """rows.rules says no disc hangs: `size of walk(t from s towards south until t is occupied) > 0` of no
    occupied space. Its invariant holds at every state of seeded games, as generated with and without."""
    model = compile_rules(ROWS)
    fast_source = codegen.generate(model, ROWS.name)
    with monkeypatch.context() as patch:
        patch.setattr(counts.Counts, "_walk_begins_test", lambda self, e: None)
        slow_source = codegen.generate(model, ROWS.name)
    assert "st._walk_begins(0, v_s, 4, lambda v_t: not st._boards[0][v_t] >= 0)" in fast_source
    fast_module = load_module_from_source(fast_source, "begins_rows")
    slow_module = load_module_from_source(slow_source, "walked_rows")
    fast, slow = fast_module.GAME(None), slow_module.GAME(None)
    fast.model = slow.model = model
    settled = (lambda st: fast_module.invariant_settled(st), lambda st: slow_module.invariant_settled(st))
    for seed in range(4):
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed),
                          also=(lambda st: settled[0](st) is True, lambda st: settled[0](st) == settled[1](st)))
