"""Shared checks for the broken-rule-file corpora.

Each corpus file starts with comment lines that say what the report must contain::

    # expect: <line>:<column> <substring of the message>
    # hint: <substring of the hint>            (optional)
    # expected: <substring of the expected: line>   (optional; when given, that line must exist)
    # xfail: <why>                               (optional; a known problem elsewhere, tracked here)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

import pytest

from rulespec.language.errors import Diagnostic, RuleError

# Names from the grammar that must never reach a person.
JARGON = ("SIGNED_INT", "CLAUSE_ID", "MAP_ROW", "LOWEST_HIGHEST", "COMPARE", "_NL", "_INDENT", "_DEDENT", "_BY",
          "$END", "__ANON", "LPAR", "RPAR", "LSQB", "RSQB", "COLON", "COMMA", "Token(", "Traceback",
          "<END-OF-FILE>", "Tree(")
_DIRECTIVE = re.compile(r"#\s*(expect|hint|expected|xfail):\s*(.*?)\s*$")
_EXPECT = re.compile(r"(\d+):(\d+)\s+(.+)")


@dataclass(frozen=True)
class Expectation:
    line: int
    column: int
    message: str
    hint: Optional[str] = None
    expected: Optional[str] = None
    xfail: Optional[str] = None


def read_expectation(path: Path) -> Expectation:
    fields: dict[str, str] = {}
    for raw in path.read_text(encoding="utf-8").split("\n"):
        if not raw.startswith("#"):
            break
        match = _DIRECTIVE.match(raw)
        if match:
            fields[match.group(1)] = match.group(2)
    assert "expect" in fields, f"{path.name}: the first line must be `# expect: <line>:<column> <message>`"
    match = _EXPECT.match(fields["expect"])
    assert match, f"{path.name}: cannot read `# expect: {fields['expect']}`"
    return Expectation(int(match.group(1)), int(match.group(2)), match.group(3), fields.get("hint"),
                       fields.get("expected"), fields.get("xfail"))


def check_report(error: RuleError, expect: Expectation, path: Path) -> Diagnostic:
    """The report has a diagnostic at the expected place that reads as the corpus file says."""
    at_place = [d for d in error.diagnostics if (d.line, d.column) == (expect.line, expect.column)]
    found = "\n".join(f"  {d.line}:{d.column} {d.message}" for d in error.diagnostics)
    assert at_place, f"no problem reported at {expect.line}:{expect.column}; reported:\n{found}\n\n{error}"
    matching = [d for d in at_place if expect.message in d.message]
    assert matching, f"expected {expect.message!r} at {expect.line}:{expect.column}, got:\n{found}\n\n{error}"
    diagnostic = matching[0]
    rendered = diagnostic.render()
    lines = rendered.split("\n")

    # file:line:column first
    assert lines[0].startswith(f"{diagnostic.path}:{expect.line}:{expect.column}: error: "), rendered
    assert Path(diagnostic.path).name == path.name

    # the offending line, then a caret under the column
    source_line = path.read_text(encoding="utf-8").split("\n")[expect.line - 1]
    quoted = f"{expect.line:5} | {source_line}"
    assert lines[1] == quoted, rendered
    caret = lines[2]
    assert re.fullmatch(r" +\| *\^+", caret), rendered
    assert caret.index("^") - caret.index("|") - 2 == expect.column - 1, f"caret not under column:\n{rendered}"

    if expect.hint is not None:
        assert diagnostic.hint and expect.hint in diagnostic.hint, f"hint {expect.hint!r} missing:\n{rendered}"
    expected_lines = [line for line in lines if line.startswith("  expected: ")]
    if expect.expected is not None:
        assert expected_lines, f"no `expected:` line:\n{rendered}"
        assert expect.expected in expected_lines[0], rendered
    for line in expected_lines:
        # short enough for a person to read
        assert line.count(",") <= 8 and len(line) <= 160, rendered

    full = str(error)
    assert "Traceback" not in full
    for problem in error.diagnostics:
        # the quoted source line may contain anything; the words around it must be for people
        words = " ".join([problem.message, problem.hint or "", *problem.expected])
        for word in JARGON:
            assert word not in words, f"grammar jargon {word!r} in the report:\n{full}"
    return diagnostic


def corpus(folder: str) -> list:
    here = Path(__file__).parent / folder
    cases = []
    for path in sorted(here.glob("*.rules")):
        reason = read_expectation(path).xfail
        marks = [pytest.mark.xfail(reason=reason, strict=True)] if reason else []
        cases.append(pytest.param(path, id=path.stem, marks=marks))
    return cases
