"""The checker's shortcuts give exactly what the long way gives, over every rule file in the
repository: the name rules (check_names skips the walk over a tree whose text shows no name that
could break them) and the work estimates (a shape's orientations, counted once per process)."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from rulespec.language.errors import RuleError
from rulespec.language.parser import parse_file
from rulespec.model import cost
from rulespec.model.checker import Checker

ROOT = Path(__file__).resolve().parents[2]
RULE_FILES = sorted(p for p in ROOT.rglob("*.rules") if ".git" not in p.parts)


def _parsed():
    for path in RULE_FILES:
        try:
            yield path, parse_file(path)
        except RuleError:
            continue


def _name_problems(rule_file, walk_always: bool = False) -> list:
    checker = Checker(rule_file)
    if walk_always:
        checker.names_suspect = lambda text: True
    checker.check_names()
    return [(p.path, p.line, p.column, p.message, p.hint) for p in checker.problems]


def test_the_name_prefilter_reports_what_the_whole_walk_reports():
    suspect = re.compile(r"__|(?<![A-Za-z0-9_])_|_(?![A-Za-z0-9_])")
    compared = skipped = reported = 0
    for path, rule_file in _parsed():
        quick = _name_problems(rule_file)
        assert quick == _name_problems(rule_file, walk_always=True), path
        assert Checker.names_suspect(rule_file.text) == (suspect.search(rule_file.text) is not None), path
        compared += 1
        skipped += not Checker.names_suspect(rule_file.text)
        reported += bool(quick)
    assert compared > 50
    assert skipped > 20  # the shortcut is taken (every bundled game)...
    assert reported >= 3  # ...and names that break the rules are still found (tests/errors/broken_semantic)


@pytest.mark.parametrize("text, suspect", [
    ("", False), ("a_b c_d", False), ("_a", True), ("a_", True), ("a__b", True), ("x (_p)", True),
    ("\"é_\"", True), ("é_é", True), ("a_é", True), ("ab\n_", True), ("a_1 b2_c", False)])
def test_names_suspect(text, suspect):
    assert Checker.names_suspect(text) is suspect


def test_orientations_counted_once_are_the_geometry_s(monkeypatch):
    from rulespec.lib.geometry import orientations
    shapes = [((0, 0),), ((0, 0), (0, 1)), ((0, 0), (0, 1), (0, 2)), ((0, 0), (0, 1), (1, 1), (1, 2))]
    monkeypatch.setattr(cost, "_ORIENTATIONS", {})
    for cells in shapes:
        expected = max(len(orientations(cells, reflections=True)), 1)
        assert cost._orientations_of(cells) == expected
        assert cost._orientations_of(cells) == expected  # from the table
    assert set(cost._ORIENTATIONS) == set(shapes)


def test_lists_of_texts_made_once_are_as_made_each_time():
    from rulespec.lib.template_matching import OneOf, one_of
    for texts in [("a",), ("red 1", "red 10", "blue 2"), ("x.y", "x*", "(z)"), ()]:
        made = one_of(texts)
        assert one_of(texts) is made  # from the table
        for text in ("a", "red 10 blue 2", "x*(z)", "", "x.y"):
            assert made.found_at(text) == OneOf(texts).found_at(text)


def _rulings_walked(rule_file) -> set:
    """The rulings inside a file's variants, by the plain recursive walk over every field of every node."""
    from rulespec.language import ast
    found: set = set()

    def walk(node) -> None:
        if isinstance(node, ast.Node):
            found.update(getattr(node, "rulings", ()) or ())
            for field in dataclasses.fields(node):
                walk(getattr(node, field.name))
        elif isinstance(node, tuple):
            for item in node:
                walk(item)
    for decl in rule_file.declarations:
        if decl.kind == "variant":
            walk(decl)
    return found


def test_the_rulings_in_variants_are_the_whole_walk_s():
    with_some = 0
    for path, rule_file in _parsed():
        found = Checker(rule_file)._rulings_in_variants()
        assert found == _rulings_walked(rule_file), path
        with_some += bool(found)
    assert with_some >= 3
