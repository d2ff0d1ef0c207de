"""The Pygments lexer for rule files: registered by entry point, keywords from the grammar, no errors."""

from __future__ import annotations

from pathlib import Path

import pytest
from pygments.lexers import get_lexer_by_name, get_lexer_for_filename
from pygments.token import Comment, Error, Keyword, Name, String

from rulespec.docs.lexer import DECLARATION_WORDS, KEYWORDS, RulesLexer
from rulespec.language.syntax_errors import declaration_keywords
from rulespec.pipeline import bundled_rulebooks

ROOT = Path(__file__).resolve().parents[2]


def test_the_lexer_is_registered_for_code_blocks_and_files():
    # pymdownx.highlight asks Pygments by name: ```rules must find this lexer (pip install -e . registers it).
    assert isinstance(get_lexer_by_name("rules"), RulesLexer)
    assert isinstance(get_lexer_for_filename("my-table.rules"), RulesLexer)


def test_keywords_come_from_the_grammar():
    every = set(DECLARATION_WORDS) | set(KEYWORDS)
    for word in declaration_keywords():
        assert word in every, word
    for word in ("move", "place", "then", "queue", "resolve", "nothing", "when", "given", "winner", "ties"):
        assert word in every


RULE_FILES = sorted(bundled_rulebooks().values()) + sorted((ROOT / "house-rules").glob("*.rules")) + \
    sorted((ROOT / "rulespec" / "docs" / "ref_games").glob("*.rules"))


@pytest.mark.parametrize("path", RULE_FILES, ids=lambda p: p.name)
def test_rule_files_lex_without_errors(path):
    tokens = list(RulesLexer().get_tokens(path.read_text(encoding="utf-8")))
    assert not [value for kind, value in tokens if kind is Error]
    kinds = {kind for kind, _ in tokens}
    assert Keyword.Declaration in kinds and Keyword in kinds and String.Double in kinds
    assert Name.Label in kinds  # clause IDs


def test_a_line_is_split_as_expected():
    tokens = [(k, v) for k, v in RulesLexer().get_tokens('zone bag: shared, hidden [A-1]  # note\n') if v.strip()]
    assert tokens[0] == (Keyword.Declaration, "zone")
    assert (Name, "bag") in tokens and (Keyword, "shared") in tokens and (Keyword, "hidden") in tokens
    assert (Name.Label, "A-1") in tokens and (Comment.Single, "# note") in tokens


def test_a_declaration_word_used_inside_a_block_is_still_a_keyword():
    text = 'variant quick "Quick" [A-1]:\n  replace option turn.draw "draw one" [A-1]:\n    nothing\n' \
           'replace option turn.pass "pass" [A-1]:\n  nothing\n'
    tokens = [(k, v) for k, v in RulesLexer().get_tokens(text) if v.strip()]
    replaces = [k for k, v in tokens if v == "replace"]
    assert replaces == [Keyword, Keyword.Declaration]  # in the variant's block; starting a line of its own
    assert [k for k, v in tokens if v == "option"] == [Keyword, Keyword]
