"""Every broken rule file in ``broken/`` gives one readable syntax report, exactly as its header says."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import check_report, corpus, read_expectation
from rulespec.language.errors import RuleError
from rulespec.language.parser import parse_file

CASES = corpus("broken")


def test_the_corpus_is_not_empty():
    assert len(CASES) >= 15


@pytest.mark.parametrize("path", CASES)
def test_broken_rule_file_is_reported_well(path: Path):
    expect = read_expectation(path)
    with pytest.raises(RuleError) as info:
        parse_file(path)
    assert len(info.value.diagnostics) == 1, str(info.value)
    check_report(info.value, expect, path)
    assert info.value.__suppress_context__, "a rule error must not carry a Python traceback chain"
