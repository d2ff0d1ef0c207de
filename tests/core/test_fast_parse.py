"""The one-loop parser (rulespec/language/lalr.py) makes Lark's tree or gives up.

For every rule file in the repository, and for files broken at random (characters deleted, doubled or
put in: tabs, quotes, brackets, letters glued to keywords, indentation moved, names and texts over
their limits), the loop either returns exactly the tree `Lark.parse` makes (every token's type, text
and place, every node's positions) or gives up, and it gives up wherever Lark (or the indenter) refuses
the text. A file it gives up on is parsed by Lark itself, so every error report is Lark's path's.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lark import Token, Tree

from rulespec.language import parser
from rulespec.language.errors import RuleError
from rulespec.language.lalr import GiveUp
from rulespec.language.limits import LIMIT
from rulespec.language.reading import parsed_text, read_rule_text
from rulespec.pipeline import bundled_rulebooks

ROOT = Path(__file__).resolve().parents[2]
RULE_FILES = sorted(p for p in ROOT.rglob("*.rules") if ".git" not in p.parts)
TOKEN = ("type", "value", "start_pos", "line", "column", "end_line", "end_column", "end_pos")


def _shape(node):
    """A tree as nested tuples: every node's name and positions, every token's attributes."""
    if isinstance(node, Tree):
        return (node.data, tuple(sorted(node.meta.__dict__.items())), tuple(_shape(c) for c in node.children))
    if isinstance(node, Token):
        return ("token",) + tuple(getattr(node, name) for name in TOKEN)
    return node


def _larks_tree(text: str):
    """Lark's tree of ``text``, or None where Lark or the indenter refuses it."""
    lark = parser.build_lark()
    lark.options.postlex.text = text
    try:
        return lark.parse(text)
    except Exception:
        return None


def _fast_tree(text: str):
    try:
        return parser._fast_parser().parse(text)
    except GiveUp:
        return None


def _agree(text: str) -> bool:
    """True when the loop made Lark's tree, False when it gave up where Lark refused; fails otherwise."""
    theirs, mine = _larks_tree(text), _fast_tree(text)
    if theirs is None:
        assert mine is None, "the loop parsed a text Lark refuses"
        return False
    if mine is not None:
        assert _shape(mine) == _shape(theirs)
        return True
    return False


def test_the_loop_is_built_for_this_lark():
    assert parser._fast_parser() is not None


def test_every_rule_file_parses_to_larks_tree():
    made = refused = 0
    for path in RULE_FILES:
        try:
            text = parsed_text(read_rule_text(path))
        except Exception:
            continue
        if _agree(text):
            made += 1
        else:
            refused += 1
            assert _larks_tree(text) is None, f"the loop gave up on {path}, a file Lark parses"
    assert made > 150 and refused > 10


def test_the_bundled_rule_files_take_the_loop():
    """The loop is the path a good file takes (the speed of `rulespec check` rests on it)."""
    for path in bundled_rulebooks().values() if isinstance(bundled_rulebooks(), dict) else bundled_rulebooks():
        assert _fast_tree(parsed_text(read_rule_text(path))) is not None, path


BASE = parsed_text(read_rule_text(ROOT / "rulebooks" / "tic-tac-toe.rules"))
INSERTS = ["\t", " ", "  ", "\n", "\n  ", '"', "(", ")", "[", "]", "x", "_", "9", "#", ":", ",", "..", "-",
           "every", "and", "\r", "\u00a0", "é", "step", "'", "\n\n    "]


@st.composite
def broken_files(draw):
    text = BASE
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(text)))
        kind = draw(st.sampled_from(["delete", "insert", "double"]))
        if kind == "delete":
            text = text[:at] + text[at + draw(st.integers(1, 6)):]
        elif kind == "insert":
            text = text[:at] + draw(st.sampled_from(INSERTS)) + text[at:]
        else:
            text = text[:at] + text[at:at + 8] + text[at:]
    return text if text.endswith("\n") else text + "\n"


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(broken_files())
def test_a_broken_file_gives_larks_tree_or_gives_up(text):
    _agree(text)


@pytest.mark.parametrize("text", [
    BASE.replace('game "Tic-tac-toe"', 'game "' + "t" * (LIMIT.string_length + 1) + '"', 1),
    BASE.replace("  id ", "  " + "n" * (LIMIT.name_length + 1) + " ", 1),
    BASE.replace("  players ", "  playersx ", 1),
    BASE.replace("\n  id", "\n\tid", 1),
    BASE.replace("\n  id", "\n   id", 1),
    BASE + "  )\n",
], ids=["text over its limit", "name over its limit", "glued keyword", "tab", "odd indent", "stray bracket"])
def test_what_the_indenter_refuses_the_loop_gives_up(text):
    assert text != BASE and _fast_tree(BASE) is not None
    assert _fast_tree(text) is None
    with pytest.raises(RuleError):
        parser.parse_text(text, "broken.rules")


# ----------------------------------------------------------------------------- skipping blanks

from re import _parser as regex_parser  # noqa: E402

from rulespec.language.lalr import _may_start_with  # noqa: E402

BLANKS = {ord(" "), ord("\t")}
PATTERNS = {
    "a|[ x]": True, "(?:x)?\\s": True, "\\s": True, "[^a]": True, "x*\t": True, "x+\t": False, "[a-z]": False,
    "\\b ": True, '"[^"]*"': False, "(?=a) ": True, "[\\x00-\\x20]": True, "[!-~]+": False, "(?:ab|c)?(?: |d)": True,
    "#[^\\n]*": False, "(\r?\n[\t ]*|#[^\n]*)+": False, ".": True, "x{0,3} ": True, "x{1,3} ": False,
}


@pytest.mark.parametrize("pattern", sorted(PATTERNS))
def test_what_may_start_with_a_blank(pattern):
    assert _may_start_with(regex_parser.parse(pattern), BLANKS)[0] is PATTERNS[pattern]


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_a_pattern_said_not_to_start_with_a_blank_never_does(data):
    """Soundness over the grammar's own terminals and the patterns above: texts drawn from a pattern
    the reader says cannot start with a blank do not start with one."""
    lark = parser.build_lark()
    patterns = [t.pattern.to_regexp() for t in lark.terminals] + sorted(PATTERNS)
    pattern = data.draw(st.sampled_from(patterns))
    if not _may_start_with(regex_parser.parse(pattern), BLANKS)[0]:
        text = data.draw(st.from_regex(pattern, fullmatch=True))
        assert not text[:1] in (" ", "\t"), (pattern, text)


def test_blanks_are_skipped_for_this_grammar():
    assert parser._fast_parser()._blanks is not None
