"""A definition called with written values worked out before play (model/constant_calls.py fold; codegen/expressions.py
folded_value): the newcomer's Crazyhouse asks `is_a(s, king)`, whose value `kind of occupant of s = k or kind of
occupant of s = promoted(k)` calls a definition of words with the written `king`; worked out, it is `kind of
occupant of s = king`, small enough to be written out in place instead of a call at each space. Seeded games play
the same as the engines generated without it (Crazyhouse and Shogi, whose engine it changes too); fold keeps a
rule error's place (a part before a deciding truth still runs)."""

import random
from pathlib import Path

import pytest

from rulespec.codegen import expressions, python as codegen
from rulespec.model import ir
from rulespec.model.constant_calls import fold
from rulespec.pipeline import compile_rules, load_module_from_source

from .lockstep import play_in_lock_step

ROOT = Path(__file__).parents[2]
CRAZYHOUSE = ROOT / "tests" / "newcomer" / "games" / "crazyhouse.rules"
SHOGI = ROOT / "tests" / "newcomer" / "games" / "shogi.rules"


def _sources(monkeypatch, path: Path) -> tuple:
    model = compile_rules(path)
    fast = codegen.generate(model, path.name)
    with monkeypatch.context() as patch:
        patch.setattr(expressions.Expressions, "folded_value", lambda self, definition, args: None)
        slow = codegen.generate(model, path.name)
    return model, fast, slow


def _definition(source: str, name: str) -> str:
    return source.split(f"def define_{name}(", 1)[1].split("\ndef ", 1)[0]


def test_is_a_with_a_written_kind_is_written_out(monkeypatch):
    _, fast, slow = _sources(monkeypatch, CRAZYHOUSE)
    attacks = _definition(fast, "attacks")
    assert "define_is_a(" not in attacks and "== 'promoted_knight'" in attacks and "== 'knight'" in attacks
    assert "define_is_a(st, v_t, 'knight')" in _definition(slow, "attacks")
    in_check = _definition(fast, "in_check")  # (`king or promoted(king)`: the word once, found through the items)
    assert "define_is_a(" not in in_check and "promoted" not in in_check and "'king'" in in_check


@pytest.mark.parametrize("path, games", [(CRAZYHOUSE, 3), (SHOGI, 1)])
def test_the_same_games_with_and_without(monkeypatch, path, games):
    model, fast_source, slow_source = _sources(monkeypatch, path)
    assert fast_source != slow_source
    fast = load_module_from_source(fast_source, f"folded_fast_{path.stem}").GAME(None)
    slow = load_module_from_source(slow_source, f"folded_slow_{path.stem}").GAME(None)
    fast.model = slow.model = model
    for seed in range(games):
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed))


def _c(value, type_=ir.SYMBOL):
    return ir.Const(type_, None, repr(value), value)


def _x(name="x"):
    return ir.Var(ir.BOOL, None, name, name)


def test_fold_works_out_written_values_and_keeps_what_reads_the_state():
    same = ir.Compare(ir.BOOL, None, "a = a", "=", _c("a"), _c("a"))
    differ = ir.Compare(ir.BOOL, None, "a != b", "!=", _c("a"), _c("b"))
    assert fold(same, {}) == ir.Const(ir.BOOL, None, "a = a", True)
    assert fold(differ, {}).value is True
    x, y = _x("x"), _x("y")
    assert fold(ir.BoolOp(ir.BOOL, None, "", "or", (x, _c(False, ir.BOOL), x)), {}) is x
    assert fold(ir.BoolOp(ir.BOOL, None, "", "or", (_c(True, ir.BOOL), x)), {}).value is True
    kept = fold(ir.BoolOp(ir.BOOL, None, "", "or", (x, _c(True, ir.BOOL), y)), {})  # (x still runs first)
    assert isinstance(kept, ir.BoolOp) and kept.operands[0] is x and len(kept.operands) == 2
    assert fold(ir.BoolOp(ir.BOOL, None, "", "and", (x, y)), {}).operands == (x, y)


def test_fold_works_out_a_definition_of_words():
    model = compile_rules(CRAZYHOUSE)
    definitions = {d.name: d for d in model.definitions}
    call = ir.DefinedValue(ir.SYMBOL, None, "promoted(queen)", "promoted", (_c("queen"),))
    assert fold(call, definitions).value == "promoted_queen"
    assert fold(ir.DefinedValue(ir.SYMBOL, None, "promoted(pawn)", "promoted", (_c("pawn"),)), definitions).value == "pawn"
    unknown = ir.DefinedValue(ir.SYMBOL, None, "promoted(k)", "promoted", (ir.Var(ir.SYMBOL, None, "k", "k"),))
    assert fold(unknown, definitions) is unknown
