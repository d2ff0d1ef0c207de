"""The language reference covers every construct of the grammar, with examples that compile."""

from __future__ import annotations

import pytest

import rulespec
from rulespec.docs.reference import ENTRIES, GAMES, constructs_in_snippet, grammar_constructs, reference_page
from rulespec.pipeline.examples import run_examples


def test_every_grammar_construct_has_an_example_in_the_reference():
    shown = {c for entry in ENTRIES for c in entry.constructs}
    missing = sorted(set(grammar_constructs()) - shown)
    assert not missing, ("constructs of grammars/rulespec.lark with no example in the language reference "
                         f"(add an entry in rulespec/docs/reference_declarations.py or reference_in_play.py): {missing}")
    assert len(grammar_constructs()) > 60


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e.title)
def test_each_example_shows_the_constructs_it_claims(entry):
    found = constructs_in_snippet(entry)
    missing = [c for c in entry.constructs if c not in found]
    assert not missing, f"{entry.title!r}: the snippet from {entry.game} does not contain {missing}"


@pytest.mark.parametrize("path", sorted(GAMES.glob("*.rules")), ids=lambda p: p.name)
def test_every_reference_game_checks_and_passes_its_examples(path):
    game = rulespec.load(path)
    results = run_examples(game)
    assert results, f"{path.name} has no executable example"
    assert all(r.passed for r in results), [r.message for r in results if not r.passed]
    for variant in game.variants:
        assert rulespec.load(path, variants=[variant]).VARIANTS_APPLIED == (variant,)


def test_reference_page_shows_every_snippet_and_its_grammar():
    page = reference_page()
    assert page.path == "reference/language.md"
    for entry in ENTRIES:
        assert entry.snippet.splitlines()[0] in page.text
    assert "```rules" in page.text
    assert '`move_stmt`: `"move" expr "to" expr ["as" NAME] _NL`' in page.text
