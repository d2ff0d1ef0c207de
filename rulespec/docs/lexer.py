"""Syntax highlighting for rule files: a Pygments lexer whose keywords are read from the grammar.

Registered as the ``rules`` lexer through the ``pygments.lexers`` entry point in pyproject.toml, so
Markdown code blocks fenced with ```rules are highlighted by pymdownx.highlight (and by anything else
that asks Pygments for a lexer by name or for a ``*.rules`` file).
"""

from __future__ import annotations

import re

from pygments.lexer import RegexLexer, bygroups, words
from pygments.token import Comment, Keyword, Name, Number, Operator, Punctuation, String, Text, Whitespace

from ..resources import grammar_path


def grammar_keywords() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(words that start a declaration, every other keyword), from the grammar's quoted literals."""
    try:
        grammar = grammar_path().read_text(encoding="utf-8")
    except OSError:  # pragma: no cover - an installation without its grammar
        return (), ()
    grammar = re.sub(r"//[^\n]*", "", grammar)
    uses = re.findall(r'"([A-Za-z][A-Za-z_]*)"', grammar)
    literals = set(uses)
    # A declaration starts with the first literal of a top-level rule (`game: "game" ...`) and some
    # statement-like words at line start (`with 2 players leave out ...`).
    starters: dict[str, int] = {}
    for rule, body in re.findall(r"^([a-z_]+):\s*(.*)$", grammar, flags=re.M):
        first = re.match(r'"([A-Za-z]+)"', body.strip())
        if first and rule in _declaration_rules(grammar):
            starters[first.group(1)] = starters.get(first.group(1), 0) + 1
    # A starter used elsewhere too (`replace` in a variant's changes) is a keyword where it is not first.
    elsewhere = {word for word, rules in starters.items() if uses.count(word) > rules}
    return tuple(sorted(starters)), tuple(sorted((literals - set(starters)) | elsewhere))


def _declaration_rules(grammar: str) -> set[str]:
    match = re.search(r"\?declaration:(.*?)\n\n", grammar, flags=re.S)
    if not match:
        return set()
    return set(re.findall(r"[a-z_]+", match.group(1)))


DECLARATION_WORDS, KEYWORDS = grammar_keywords()


class RulesLexer(RegexLexer):
    """Rule files of the rulespec language (``*.rules``)."""

    name = "Rule file"
    aliases = ["rules", "rulespec"]
    filenames = ["*.rules"]
    mimetypes = ["text/x-rulespec"]

    tokens = {
        "root": [
            (r"[ \t]+", Whitespace),
            (r"\n", Whitespace),
            (r"#[^\n]*", Comment.Single),
            (r'"(?:[^"\n]|"")*"', String.Double),
            (r"\b[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+\b", Name.Label),  # clause IDs and rulings
            (words(DECLARATION_WORDS, prefix=r"^", suffix=r"\b"), Keyword.Declaration),
            (r"\b(player)(\s+)([0-9]+)\b", bygroups(Name.Builtin, Whitespace, Number.Integer)),
            (words(KEYWORDS, prefix=r"\b", suffix=r"\b"), Keyword),
            (r"\b[0-9]+\b", Number.Integer),
            (r"\.\.|!=|<=|>=|[=<>+\-*×]", Operator),
            (r"[()\[\],:]", Punctuation),
            (r"[A-Za-z_][A-Za-z0-9_]*", Name),
            (r".", Text),
        ],
    }
