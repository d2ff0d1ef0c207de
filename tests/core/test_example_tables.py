"""The engines an example run sets up share one Tables per (players, options): building Tables was most
of what `rulespec check` spent on examples. Sharing must change nothing an example sees."""

from __future__ import annotations

import rulespec
from rulespec.runtime import tables as tables_module
from rulespec.pipeline.example_positions import position_diagnostics
from rulespec.pipeline.examples import run_examples


def _count_builds(monkeypatch) -> list:
    built = []
    original = tables_module.Tables.__init__

    def counting(self, engine, players, options):
        built.append((type(engine), players, tuple(sorted(options.items()))))
        original(self, engine, players, options)

    monkeypatch.setattr(tables_module.Tables, "__init__", counting)
    return built


def test_examples_build_each_tables_once(monkeypatch):
    engine = rulespec.load("shell-we")
    built = _count_builds(monkeypatch)
    results = run_examples(engine)
    assert len(results) > 5 and all(r.passed for r in results), [r.message for r in results if not r.passed]
    assert built, "the examples set up games: they need Tables"
    assert len(built) == len(set(built)), f"Tables built again for the same players and options: {built}"


def test_the_callers_engine_keeps_its_own_tables(monkeypatch):
    engine = rulespec.load("shell-we")
    mine = engine._tables(engine.MIN_PLAYERS)
    run_examples(engine)
    position_diagnostics(engine)
    assert engine._tables(engine.MIN_PLAYERS) is mine
    assert list(engine._table_cache) == [(engine.MIN_PLAYERS, tuple(sorted(engine._option_values.items())))]


def test_shared_tables_give_the_same_results_as_fresh_ones(monkeypatch):
    engine = rulespec.load("shell-we")
    shared = [(r.name, r.passed, r.message) for r in run_examples(engine)]
    from rulespec.pipeline import examples as examples_module
    fresh_engine = examples_module.ExampleRun._fresh_engine

    def unshared(self, options):  # every example on a Tables of its own, as before the cache
        game = fresh_engine(self, options)
        game._table_cache = {}
        return game

    monkeypatch.setattr(examples_module.ExampleRun, "_fresh_engine", unshared)
    assert [(r.name, r.passed, r.message) for r in run_examples(engine)] == shared
