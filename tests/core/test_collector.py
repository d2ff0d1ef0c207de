"""Compiling runs with the cyclic garbage collector paused (rulespec/language/collector.py) and leaves
no reference cycle behind that holds what it made: once dropped, the AST, the model and the checker are
freed by reference counting, without waiting for a collection."""

from __future__ import annotations

import gc
import weakref

import pytest

from rulespec.codegen.python import generate
from rulespec.language.collector import collector_paused
from rulespec.language.errors import RuleError
from rulespec.language.parser import parse_text
from rulespec.model import checker as checker_module
from rulespec.pipeline import bundled_house_rules, bundled_rulebooks, check_rules, generate_source


@pytest.fixture
def collector_off():
    """The collector off for the test (as a cycle would then stay): what is freed is freed by counting."""
    gc.collect()
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


GAMES = sorted(bundled_rulebooks().items()) + sorted(bundled_house_rules().items())[:3]


@pytest.mark.parametrize("name,path", GAMES, ids=[name for name, _ in GAMES])
def test_a_compile_leaves_no_cycle_holding_its_ast_or_model(name, path, collector_off, monkeypatch):
    made = []
    real = checker_module.Checker.__init__

    def remember(self, *args, **kwargs):
        real(self, *args, **kwargs)
        made.append(weakref.ref(self))

    monkeypatch.setattr(checker_module.Checker, "__init__", remember)
    checked = check_rules(path)
    source = generate_source(checked.model, path)
    assert "GAME =" in source
    refs = [weakref.ref(checked.model), weakref.ref(checked.rule_file)] + made
    assert len(made) >= 1 + len(checked.model.variants_available)  # the file's check, and each variant's
    del checked
    assert [ref() for ref in refs] == [None] * len(refs)


def test_a_refused_file_leaves_no_cycle_either(collector_off):
    rule_file = parse_text('game "G" [G-1]\n  id "g"\n  players 2 to 2 [G-1]\n', "g.rules")
    ref = weakref.ref(rule_file)
    with pytest.raises(RuleError) as refused:
        checker_module.check(rule_file)
    assert "turns" in str(refused.value.diagnostics)
    del rule_file, refused
    assert ref() is None


def test_the_collector_is_put_back_as_it_was():
    path = bundled_rulebooks()["pig"]
    assert gc.isenabled()
    generate(check_rules(path).model, "pig.rules")
    assert gc.isenabled()
    with pytest.raises(RuleError):
        parse_text("game", "g.rules")
    with pytest.raises(RuleError):
        checker_module.check(parse_text('game "G" [G-1]\n  id "g"\n  players 2 to 2 [G-1]\n', "g.rules"))
    assert gc.isenabled()
    gc.disable()
    try:
        with collector_paused():
            assert not gc.isenabled()
        check_rules(path)
        assert not gc.isenabled()  # a caller that turned it off keeps it off
    finally:
        gc.enable()
    with pytest.raises(ZeroDivisionError):
        with collector_paused():
            1 / 0
    assert gc.isenabled()
