"""The grammar is conflict-free, every bundled rule file compiles, and every executable example passes."""

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


def _examples():
    """(game, variant or None, example) for the base game and for every variant it offers."""
    for game in BUNDLED:
        engine = rulespec.load(game)
        for name, *_ in engine.EXAMPLES:
            yield game, None, name
        for variant in engine.variants:
            with_variant = rulespec.load(game, variants=[variant])
            base_names = {e[0] for e in engine.EXAMPLES}
            for name, *_ in with_variant.EXAMPLES:
                if name not in base_names:
                    yield game, variant, name


@pytest.mark.parametrize("game,variant,example", list(_examples()))
def test_executable_example(game, variant, example):
    engine = rulespec.load(game, variants=[variant] if variant else [])
    result = next(r for r in run_examples(engine) if r.name == example)
    assert result.passed, result.message


def test_every_bundled_game_has_examples():
    for game in BUNDLED:
        assert rulespec.load(game).EXAMPLES, f"{game} has no executable examples"
