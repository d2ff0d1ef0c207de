"""One mistake gives one error: a name that is not known is reported at its first use (with a
did-you-mean, and where else it is used), and nothing that follows from a failed declaration is
reported again (issue #11: `s holds red` used to give 28 errors, 41 in all)."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulespec.language.errors import RuleError
from rulespec.language.parser import parse_file, parse_text
from rulespec.model.checker import check

HERE = Path(__file__).parent
CORPUS = sorted((HERE / "broken_semantic").glob("*.rules"))
LANES = HERE.parents[1] / "rulespec" / "docs" / "ref_games" / "lanes.rules"


def problems_of(rule_file) -> tuple:
    with pytest.raises(RuleError) as info:
        check(rule_file)
    return info.value.diagnostics


@pytest.mark.parametrize("path", CORPUS, ids=[p.stem for p in CORPUS])
def test_each_file_of_the_semantic_corpus_gives_exactly_one_error(path):
    """Every file of broken_semantic/ holds one mistake, so its report holds one error."""
    problems = problems_of(parse_file(path))
    assert len(problems) == 1, "\n\n".join(p.render() for p in problems)


def test_an_attribute_value_used_as_a_component_everywhere_is_one_error_that_says_what_to_write():
    text = LANES.read_text(encoding="utf-8")
    text = text.replace("holds joker", "holds red").replace("t is joker", "t is red").replace("item is joker",
                                                                                                "item is red")
    assert text.count(" red)") + text.count("is red") >= 3
    problems = problems_of(parse_text(text, "lanes-red.rules"))
    assert len(problems) == 1, "\n\n".join(p.render() for p in problems)
    problem = problems[0]
    assert problem.message == "`red` is a value of the attribute `colour`, not a component"
    # (`holds red` asks the occupant's colour since #39: only the two `is red` are mistakes)
    mistakes = [n for n, line in enumerate(text.splitlines(), start=1) if " is red" in line]
    assert len(mistakes) == 2 and problem.line == mistakes[0]
    assert "colour of t = red" in problem.hint and f"also used on line {mistakes[1]}:" in problem.hint


def test_a_misspelt_name_is_reported_once_with_its_other_uses():
    problems = problems_of(parse_file(HERE / "broken_semantic" / "unknown_name_used_often.rules"))
    assert [p.message for p in problems] == ["unknown name `at_stak`"]
    assert problems[0].hint.startswith("did you mean `at_stake`? It is also used on lines 24, 26, 27, 32, 34")


def test_two_different_mistakes_are_two_errors():
    text = (HERE / "broken_semantic" / "unknown_name_used_often.rules").read_text(encoding="utf-8")
    text = text.replace("banked of p >= target", "banked of p >= targte")
    problems = problems_of(parse_text(text, "two.rules"))
    assert sorted(p.message for p in problems) == ["unknown name `at_stak`", "unknown name `targte`"]


# Issue #11's quoted messages, each now one error that says what to write instead: the mistake as the
# issue's author made it -> the corpus file that makes it (its header holds the message and the hint).
ISSUE_11_QUOTES = {
    "option values must be words (`t100`, `h1000` turned into numbers in setup)":
        "broken_semantic/word_option_used_as_a_number.rules",
    "a board's rows cannot be numbers (`expected: a name`, then `must have one row per height`)":
        "broken_semantic/board_rows_named_by_nothing.rules",
    "rows numbered out of order": "broken_semantic/numbered_rows_out_of_order.rules",
    "there is no range expression (a dummy component `quantity 1..2` was needed)":
        "broken_semantic/range_written_as_a_function.rules",
    "a range written in words": "broken/range_written_with_to.rules",
    "`s holds red`: `there is no component red` 28 times, 41 errors in all":
        "broken_semantic/holds_an_attribute_value.rules",
    "one misspelt name, an error at every use": "broken_semantic/unknown_name_used_often.rules",
    "cards compared by rank without an order (kuhn poker's `outranks` spelt out case by case)":
        "broken_semantic/compare_values_of_no_order.rules",
    "asking who won with `p wins`": "broken/wins_instead_of_won.rules",
}


@pytest.mark.parametrize("quote", sorted(ISSUE_11_QUOTES))
def test_each_message_quoted_in_issue_11_is_now_one_error_that_says_what_to_write(quote):
    from rulespec.language.parser import parse_text as parse
    path = HERE / ISSUE_11_QUOTES[quote]
    text = path.read_text(encoding="utf-8")
    with pytest.raises(RuleError) as info:
        check(parse(text, path.name))
    problems = info.value.diagnostics
    assert len(problems) == 1, "\n\n".join(p.render() for p in problems)
    hint = problems[0].hint or ""
    assert "`" in hint, f"the hint shows nothing to write: {problems[0].render()}"
    assert not hint.startswith("did you mean") or "also used" in hint or quote.startswith("one misspelt")
