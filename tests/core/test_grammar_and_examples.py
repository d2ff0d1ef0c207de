"""The grammar is conflict-free, every bundled rule file compiles, and every executable example passes."""

from functools import cache

import pytest

import rulespec
from rulespec.language.grammar import build_lark
from rulespec.language.parser import parse_file
from rulespec.pipeline import bundled_rulebooks
from rulespec.pipeline.examples import run_examples

BUNDLED = sorted(bundled_rulebooks())


def test_grammar_builds_in_strict_mode():
    # strict=True makes Lark refuse any shift/reduce or reduce/reduce conflict and any terminal collision.
    parser = build_lark(strict=True)
    assert parser.options.parser == "lalr"


@pytest.mark.parametrize("game", BUNDLED)
def test_bundled_rule_file_parses_with_the_strict_parser(game):
    text = bundled_rulebooks()[game].read_text(encoding="utf-8")
    tree = build_lark(strict=True).parse(text)
    assert tree.data == "start"
    assert parse_file(bundled_rulebooks()[game]).declarations


@cache
def _engine(game, variant):
    """The game's engine, with the variant when one is named: loaded once per process (collection lists
    its examples, the tests run them), as a game with a variant has no committed engine to fall back on."""
    return rulespec.load(game, variants=[variant] if variant else [])


@cache
def _results(game, variant):
    """Every example of the engine run once, by name: the engine's examples run together, as `rulespec
    check` runs them; each test below asserts its own (it ran all of them, for each of its examples)."""
    results = {}
    for result in run_examples(_engine(game, variant)):
        results.setdefault(result.name, result)  # (the first of a name, as the test once took it)
    return results


def _examples():
    """(game, variant or None, example) for the base game and for every variant it offers."""
    for game in BUNDLED:
        engine = _engine(game, None)
        for name, *_ in engine.EXAMPLES:
            yield game, None, name
        for variant in engine.variants:
            with_variant = _engine(game, variant)
            base_names = {e[0] for e in engine.EXAMPLES}
            for name, *_ in with_variant.EXAMPLES:
                if name not in base_names:
                    yield game, variant, name


@pytest.mark.parametrize("game,variant,example", list(_examples()))
def test_executable_example(game, variant, example):
    result = _results(game, variant)[example]
    assert result.passed, result.message


def test_every_bundled_game_has_examples():
    for game in BUNDLED:
        assert rulespec.load(game).EXAMPLES, f"{game} has no executable examples"
