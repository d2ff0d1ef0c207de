"""Fuzz the parser with damaged copies of a real rule file.

Whatever the damage, ``parse_text`` must either return a RuleFile or raise RuleError -- never any
other exception -- and every report must point at ``path:line:column`` inside the file, quote the
line and put a caret under the column.
"""

from __future__ import annotations

import re
from pathlib import Path

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from rulespec.language.ast import RuleFile
from rulespec.language.errors import RuleError
from rulespec.language.grammar import build_lark
from rulespec.language.input_limits import FORBIDDEN_CHARACTER
from rulespec.language.parser import parse_text

ROOT = Path(__file__).resolve().parents[2]
SOURCE = (ROOT / "rulebooks" / "shell-we.rules").read_text(encoding="utf-8")
LINES = SOURCE.split("\n")
PATH = "fuzzed/shell-we.rules"
# Where each top-level declaration (or comment block) starts: most examples damage a run of a few
# declarations rather than the whole file, which keeps each parse fast and the run short.
STARTS = [i for i, line in enumerate(LINES) if line[:1].strip()] + [len(LINES)]

# Every keyword and punctuation mark of the grammar, plus a few things people type by mistake.
GRAMMAR_WORDS = sorted(
    {t.pattern.value for t in build_lark().terminals if t.pattern.type == "str" and t.pattern.value.strip()}
)
MISTAKES = ["$", "'", '"', "\t", "\r", "\n", "(", ")", "[", "]", ":", ",", "..", "==", "&&", ";", "{", "}",
            "\u201c", "\u00a0", "\u00d7", "shell-amb-1", "SHELL-AMB-1", "17", "-", "#", "x", "\\", "\u2028", "\x0c"]
PIECES = st.one_of(
    st.sampled_from(GRAMMAR_WORDS).map(lambda w: f" {w} "),
    st.sampled_from(GRAMMAR_WORDS),
    st.sampled_from(MISTAKES),
    st.text(max_size=4),
)

line_index = st.integers(min_value=0, max_value=len(LINES) - 1)
mutation = st.one_of(
    st.tuples(st.just("delete"), line_index),
    st.tuples(st.just("duplicate"), line_index),
    st.tuples(st.just("swap"), line_index, line_index),
    st.tuples(st.just("insert"), line_index, st.integers(0, 200), PIECES),
    st.tuples(st.just("indent"), line_index, st.sampled_from(["", " ", "  ", "   ", "    ", "\t", " \t"])),
    st.tuples(st.just("truncate"), st.integers(0, len(SOURCE))),
)


def mutate(steps, lines=LINES) -> str:
    lines = list(lines)
    for step in steps:
        kind, *args = step
        if not lines:
            lines = [""]
        if kind == "truncate":
            text = "\n".join(lines)
            lines = text[: args[0]].split("\n")
            continue
        i = args[0] % len(lines)
        if kind == "delete":
            del lines[i]
        elif kind == "duplicate":
            lines.insert(i, lines[i])
        elif kind == "swap":
            j = args[1] % len(lines)
            lines[i], lines[j] = lines[j], lines[i]
        elif kind == "insert":
            at = min(args[1], len(lines[i]))
            lines[i] = lines[i][:at] + args[2] + lines[i][at:]
        elif kind == "indent":
            lines[i] = args[1] + lines[i].lstrip(" \t")
    return "\n".join(lines)


def check_report(text: str, error: RuleError) -> None:
    assert error.diagnostics, "a RuleError must carry at least one diagnostic"
    last_line = text.count("\n") + 1
    rendered = str(error)
    for diagnostic in error.diagnostics:
        assert diagnostic.path == PATH
        assert 1 <= diagnostic.line <= last_line, (diagnostic.line, last_line, rendered)
        assert diagnostic.column >= 1, rendered
        assert f"{PATH}:{diagnostic.line}:{diagnostic.column}: " in rendered
        assert "Traceback" not in rendered
        report = diagnostic.render()
        # A character no rule file may hold is shown as U+FFFD, so the report cannot carry it to a terminal.
        source_line = FORBIDDEN_CHARACTER.sub("\ufffd", text.split("\n")[diagnostic.line - 1].rstrip("\r"))
        if source_line.strip():
            assert f"{diagnostic.line:5} | {source_line}" in report, report
            assert re.search(r"^\s+\| *\^+$", report, re.MULTILINE), report
        # Terminal names are for the grammar, not for people (the quoted source line may contain anything).
        words = " ".join([diagnostic.message, diagnostic.hint or "", *diagnostic.expected])
        for jargon in ("SIGNED_INT", "_NL", "_INDENT", "_DEDENT", "$END", "LPAR", "CLAUSE_ID", "Token(", "__ANON"):
            # (a report may quote the file's own words: `unexpected `CLAUSE_ID`` when the file says CLAUSE_ID)
            assert jargon not in words or jargon in text, rendered


def parse_or_report(text: str) -> None:
    try:
        result = parse_text(text, PATH)
    except RuleError as error:
        check_report(text, error)
    else:
        assert isinstance(result, RuleFile)


def test_the_original_parses():
    assert isinstance(parse_text(SOURCE, PATH), RuleFile)


@st.composite
def window(draw):
    """A run of consecutive declarations of the real file."""
    first = draw(st.integers(0, len(STARTS) - 2))
    last = draw(st.integers(first + 1, min(first + 8, len(STARTS) - 1)))
    return LINES[STARTS[first]:STARTS[last]]


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(window(), st.lists(mutation, min_size=1, max_size=3))
def test_damaged_declarations_give_a_rule_error_or_parse(lines, steps):
    parse_or_report(mutate(steps, lines))


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(mutation, min_size=1, max_size=3))
def test_damaged_rule_file_gives_a_rule_error_or_parses(steps):
    parse_or_report(mutate(steps))


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=60))
@example(text="CLAUSE_ID")  # a name that reads like a terminal of the grammar: quoted as the file's own word
def test_arbitrary_text_gives_a_rule_error_or_parses(text):
    parse_or_report(text)
