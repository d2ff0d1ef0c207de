"""Did-you-mean names the file's own names before the language's built-in words, and a word the language
reads after `is` (`s is empy`: `empty`) when no component is close (issue #42)."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulespec.language.errors import RuleError
from rulespec.language.parser import parse_text
from rulespec.model.checker import check

TIC_TAC_TOE = (Path(__file__).parents[2] / "rulebooks" / "tic-tac-toe.rules").read_text(encoding="utf-8")


def the_problem(old: str, new: str):
    assert TIC_TAC_TOE.count(old) == 1
    with pytest.raises(RuleError) as info:
        check(parse_text(TIC_TAC_TOE.replace(old, new), "tic-tac-toe.rules"))
    (problem,) = info.value.diagnostics
    return problem


def test_a_typo_of_the_files_own_definition_is_not_taken_for_a_built_in():
    """`mien` is a letter closer to the built-in `min` than to the file's `mine`; the file's own name wins."""
    problem = the_problem("where mine(t, p)", "where mien(t, p)")
    assert problem.message == "there is no function `mien`" and problem.hint == "did you mean `mine`?"


def test_a_built_in_is_still_suggested_when_no_name_of_the_file_is_close():
    problem = the_problem("where mine(t, p)", "where maxx(t, p)")
    assert problem.message == "there is no function `maxx`" and problem.hint == "did you mean `max`?"


def test_a_misspelt_word_after_is_is_suggested_when_no_component_is_close():
    problem = the_problem("only if s is empty", "only if s is empy")
    assert problem.message == "there is no component `empy`" and problem.hint == "did you mean `s is empty`?"
    problem = the_problem("only if s is empty", "only if s is peice")  # a component still comes first
    assert problem.hint == "did you mean `piece`?"
