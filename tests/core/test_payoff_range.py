"""`between L and H` under payoffs as numbers: parsed, checked, said in English, checked by verify, and read
by the adapters as the game's utility bounds (issue #41)."""

from __future__ import annotations

from pathlib import Path

import pytest

import rulespec
from rulespec.check.verify import verify
from rulespec.docs.english import English
from rulespec.language.errors import RuleError
from rulespec.language.parser import parse_text
from rulespec.model.checker import check

ROOT = Path(__file__).resolve().parents[2]
HIGH_CARD = ROOT / "rulespec" / "docs" / "ref_games" / "high-card.rules"
TEXT = HIGH_CARD.read_text(encoding="utf-8")
DECLARED = "  zero-sum\n  between -2 and 4\n"


def test_the_range_is_read_into_the_model_and_said_in_english():
    model = rulespec.load(HIGH_CARD).model
    assert model.returns.between == (-2, 4)
    said = "\n".join(English(model).declaration(model.returns))
    assert "never less than -2 nor more than 4" in said


def test_a_range_whose_least_is_more_than_its_most_is_one_error_at_its_line():
    text = TEXT.replace(DECLARED, "  zero-sum\n  between 4 and -2\n")
    with pytest.raises(RuleError) as caught:
        check(parse_text(text, "t.rules"))
    (d,) = caught.value.diagnostics
    assert "declared between 4 and -2" in d.message and d.hint == "write the least first: `between -2 and 4`"
    assert d.line == TEXT.splitlines().index("  between -2 and 4") + 1


def test_a_range_without_zero_sum_and_no_range_at_all_parse():
    assert check(parse_text(TEXT.replace(DECLARED, "  between -2 and 4\n"), "t.rules")).returns.between == (-2, 4)
    assert check(parse_text(TEXT.replace(DECLARED, "  zero-sum\n"), "t.rules")).returns.between is None


def test_verify_finds_a_payoff_outside_the_declared_range(tmp_path):
    narrow = tmp_path / "narrow.rules"
    narrow.write_text(TEXT.replace(DECLARED, "  zero-sum\n  between -1 and 1\n"), encoding="utf-8")
    report = verify(narrow, players=3, max_examples=5, stateful_step_count=10, seed=1, derandomize=True,
                    save_counterexamples=None)
    assert not report.ok and any(f.property == "payoff_range" for f in report.failures), report.render()
    honest = verify(HIGH_CARD, players=3, max_examples=5, stateful_step_count=10, seed=1, derandomize=True,
                    save_counterexamples=None)
    assert honest.ok and honest.checks_by_property.get("payoff_range", 0) > 0, honest.render()
