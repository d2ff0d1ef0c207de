"""Every rule file in ``broken_semantic/`` parses, then the checker reports its mistake as the header says.

The mistakes are the ones the parser cannot see: unknown names, wrong types, unused or duplicate
definitions, variants changing clauses that do not exist, missing citations. Each file is a small
complete game with exactly one mistake, so the report should name that mistake (later problems that
follow from it are allowed).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import check_report, corpus, read_expectation
from rulespec.language.errors import RuleError
from rulespec.language.parser import parse_file

checker = pytest.importorskip("rulespec.model.checker")

CASES = corpus("broken_semantic")


def test_the_corpus_is_not_empty():
    assert len(CASES) >= 10


@pytest.mark.parametrize("path", CASES)
def test_semantic_mistake_is_reported_well(path: Path):
    expect = read_expectation(path)
    rule_file = parse_file(path)  # the mistake is not a syntax error
    with pytest.raises(RuleError) as info:
        checker.check(rule_file)
    check_report(info.value, expect, path)
    problems = info.value.diagnostics
    assert len(set(problems)) == len(problems), f"a problem is reported twice:\n{info.value}"
    for problem in problems:
        assert not re.search(r"(^|\s)\?(\s|$)", problem.message), f"a placeholder in a message:\n{info.value}"
