"""A house rule's `replace option CHOICE.OPTION`: its choice's "Rule file" text and its diff against the base
show each option once, and only the replaced one as changed (rulespec/docs/sources.py)."""

from __future__ import annotations

import re

from rulespec.docs.pages import diff_section
from rulespec.docs.sources import load_source

HOUSE_RULE = "house-rules/leduc-poker-one-raise.rules"


def test_the_choice_shows_each_option_once():
    text = load_source(HOUSE_RULE).find("choice", "turn").text
    options = re.findall(r"^\s+option (\w+)", text, flags=re.M)
    assert options == ["fold", "call", "raise"], text
    assert "only if raises < 1" in text  # the house rule's raise, not the base's


def test_the_diff_changes_only_the_replaced_option():
    section = "\n".join(diff_section(load_source(HOUSE_RULE)))
    turn = section.split("choice turn", 1)[1].split("```diff", 1)[1].split("```", 1)[0]
    changed = [line for line in turn.splitlines() if line[:1] in ("+", "-") and not line.startswith(("+++", "---"))]
    assert changed and all("raise" in line or "only if" in line or "calls" in line for line in changed), changed
    assert not any("option call" in line or "option fold" in line for line in changed), changed
