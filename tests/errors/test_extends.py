"""A house rule's base is found, or the problem is reported at the house rule's `extends` line."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulespec.language.errors import RuleError
from rulespec.pipeline import compile_rules


def problem_of(path: Path):
    with pytest.raises(RuleError) as info:
        compile_rules(path)
    assert len(info.value.diagnostics) == 1, str(info.value)
    return info.value.diagnostics[0]


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("base, message, hint", [
    ("shell-e", 'extends "shell-e", which is no bundled game', "did you mean `shell-we`?"),
    ("missing.rules", "there is no rule file", "relative to this file"),
    ("self.rules", "this file extends itself", None),
    ("broken.rules", 'the base "broken.rules" this file extends cannot be read', "broken.rules:1:1"),
])
def test_a_bad_base_is_reported_at_the_extends_line(tmp_path, base, message, hint):
    write(tmp_path, "broken.rules", "gmae \"x\"\n")
    path = write(tmp_path, "self.rules" if base == "self.rules" else "house.rules",
                 f'# a house rule\n\n  \nextends "{base}"\n')
    problem = problem_of(path)
    assert Path(problem.path) == path
    assert (problem.line, problem.column) == (4, 1)
    assert message in problem.message
    if hint:
        assert hint in problem.hint


def test_a_circle_through_a_base_is_told_where_it_closes(tmp_path):
    write(tmp_path, "circle.rules", '# another\nextends "house.rules"\n')
    problem = problem_of(write(tmp_path, "house.rules", 'extends "circle.rules"\n'))
    assert (Path(problem.path).name, problem.line) == ("circle.rules", 2)
    assert "house.rules -> circle.rules -> house.rules" in problem.message


def test_a_good_base_still_works(tmp_path):
    path = write(tmp_path, "house.rules", 'extends "shell-we"\n')
    assert compile_rules(path).game_id == "shell-we"


@pytest.mark.parametrize("text, line", [
    ('extends "shell-we"\n\nextends "shrimp"\n', 3),
    ('component pebble x 2 [X-1]\n\nextends "shell-we"\n', 3),
])
def test_extends_comes_once_and_first(tmp_path, text, line):
    problem = problem_of(write(tmp_path, "house.rules", text))
    assert (problem.line, problem.column) == (line, 1)
    assert "`extends` comes once, as the first declaration" in problem.message
