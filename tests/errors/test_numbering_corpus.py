"""Every rule file in ``broken_numbering/`` checks, and its engine loads, but the adapters would refuse its numbers:
`rulespec check` reports the mistake at the `numbered` clause as the header says (rulespec/check/candidate_numbers.py).

Each file is a small complete game whose only mistake is a candidate the adapters number without a state (its
conditions that a state decides ignored) outside the declared range, or outcomes that read alike numbered apart."""

from __future__ import annotations

from pathlib import Path

import pytest

import rulespec
from conftest import check_report, corpus, read_expectation
from rulespec.check.candidate_numbers import numbering_diagnostics
from rulespec.language.errors import RuleError

CASES = corpus("broken_numbering")


def test_the_corpus_is_not_empty():
    assert len(CASES) >= 3


@pytest.mark.parametrize("path", CASES)
def test_a_numbering_the_adapters_refuse_is_reported_well(path: Path):
    expect = read_expectation(path)
    engine = rulespec.load(path)  # (the file checks and loads: only its numbers are wrong)
    problems = numbering_diagnostics(engine)
    assert len(problems) == 1, str(RuleError(problems))
    check_report(RuleError(problems), expect, path)
