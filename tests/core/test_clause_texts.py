"""What a clause says (#42): `clause ID "..."` states a rulebook clause in the rule file's own words, as
data the site shows; one text per clause and file, never for a ruling, inherited and restated by a house rule."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulespec.language.errors import RuleError
from rulespec.language.parser import parse_text
from rulespec.model.checker import check
from rulespec.pipeline import compile_rules

ROOT = Path(__file__).resolve().parents[2]
LANES = ROOT / "rulespec" / "docs" / "ref_games" / "lanes.rules"


def _lanes(extra: str):
    return check(parse_text(LANES.read_text(encoding="utf-8") + extra, "lanes.rules"))


def test_a_clause_text_is_one_quoted_text_or_lines_of_one():
    texts = {c.name: c.text for c in compile_rules(LANES).clause_texts}
    assert texts["LAN-1"] == "Two or three players race to fill the lanes of the board."
    assert texts["LAN-2"] == ("The board is printed on two sides, plain and marked; the marked side is used "
                              "unless the players agree otherwise.")


def test_a_clause_stated_twice_is_an_error_at_the_second():
    lines = LANES.read_text(encoding="utf-8").count("\n")
    with pytest.raises(RuleError, match=r"the text of clause LAN-1 is given twice") as error:
        _lanes('\nclause LAN-1 "Something else."\n')
    assert f"lanes.rules:{lines + 2}:" in str(error.value)
    assert "the first is at lanes.rules:12" in str(error.value)


def test_a_ruling_is_not_stated_as_a_clause():
    with pytest.raises(RuleError, match=r"LAN-AMB-1 is a ruling, not a rulebook clause"):
        _lanes('\nclause LAN-AMB-1 "Reaching a goal."\n')


def test_a_clause_text_is_no_declaration_and_no_rule():
    with_text = _lanes('\nclause LAN-9 "An extra clause nobody cites."\n')
    without = _lanes("")
    assert len(with_text.clause_texts) == len(without.clause_texts) + 1
    assert with_text.cited_clauses() == without.cited_clauses()


def test_a_house_rule_inherits_the_clause_texts_and_may_restate_one(tmp_path):
    house = tmp_path / "house.rules"
    house.write_text('extends "shell-we"\n\nclause SHELL-PEARL-1 "In our house, a pearl gives one more tile."\n',
                     encoding="utf-8")
    base = {c.name: c.text for c in compile_rules("shell-we").clause_texts}
    texts = {c.name: c.text for c in compile_rules(house).clause_texts}
    assert texts["SHELL-PEARL-1"] == "In our house, a pearl gives one more tile."
    assert {k: v for k, v in texts.items() if k != "SHELL-PEARL-1"} == \
        {k: v for k, v in base.items() if k != "SHELL-PEARL-1"}
