"""Examples about a variant or an option (`example ... with variant V, option O = X`), and examples a
house rule adds: each runs under the rules it names, not under every variant given on the command line."""

from __future__ import annotations

from pathlib import Path

import pytest

import rulespec
from rulespec.pipeline.example_plan import example_plan
from rulespec.docs.reference import GAMES
from rulespec.language.errors import RuleError
from rulespec.pipeline.examples import run_examples

LANES = GAMES / "lanes.rules"

HOUSE = '''extends "{base}"

example house_plain "A house example about the plain game" [LAN-4]:
  given 2 players
  given box: "red 2", "red 3", "red 4", "blue 1", "blue 2", "blue 3", "blue 4"
  then player 1 is offered "draw"

example house_big "A house example about big draws" [LAN-14] with variant big_draws:
  given 2 players
  given box: "red 2", "red 3", "red 4", "blue 1", "blue 2", "blue 3", "blue 4"
  then player 1 is offered "draw two"
'''


def _base_beside(tmp_path: Path) -> str:
    """The reference game copied beside the house rule (an `extends` reads only below its own folder)."""
    (tmp_path / LANES.name).write_text(LANES.read_text(encoding="utf-8"), encoding="utf-8")
    return LANES.name


def _house(tmp_path: Path) -> Path:
    path = tmp_path / "house.rules"
    path.write_text(HOUSE.format(base=_base_beside(tmp_path)), encoding="utf-8")
    return path


def _names(engine) -> list[str]:
    return [name for name, *_ in engine.EXAMPLES]


def test_a_house_example_runs_under_exactly_the_variants_it_names(tmp_path):
    path = _house(tmp_path)
    plain = rulespec.load(path)
    assert "house_plain" in _names(plain) and "house_big" not in _names(plain)
    big = rulespec.load(path, variants=["big_draws"])
    assert "house_big" in _names(big) and "house_plain" not in _names(big)
    short = rulespec.load(path, variants=["short"])  # a variant neither house example is about
    assert "house_plain" not in _names(short) and "house_big" not in _names(short)
    assert "goal" in _names(short)  # the base game's examples still run under its variants
    for engine in (plain, big):
        assert all(r.passed for r in run_examples(engine)), [r.message for r in run_examples(engine) if not r.passed]


def test_a_plain_check_also_runs_the_examples_about_variants(tmp_path):
    path = _house(tmp_path)
    plan = {c.variants: {e.name for e in c.examples} for c in example_plan(path).configurations}
    assert "house_big" in plan[("big_draws",)] and "house_big" not in plan[()]
    asked = example_plan(path, ["big_draws"])
    assert [c.variants for c in asked.configurations] == [("big_draws",)]
    assert {e.name: e.reason for e in asked.not_run}["house_plain"] == "written for the game without variant big_draws"
    lanes = {c.variants: {e.name for e in c.examples} for c in example_plan(LANES).configurations}
    assert "first_leg" in lanes[("both_layouts",)] and "first_leg" not in lanes[()]


def test_an_example_with_an_option_runs_with_it():
    engine = rulespec.load(LANES)
    assert [r.passed for r in run_examples(engine) if r.name == "marked_layout"] == [True]
    assert dict(next(e for e in engine.model.examples if e.name == "marked_layout").with_options) == {"layout": "marked"}


@pytest.mark.parametrize("head, word, message, hint", [
    ("with variant big_draw", "big_draw", "is about variant `big_draw`, which the game does not have",
     "did you mean `big_draws`?"),
    ("with option layuot = marked", "layuot", "there is no option `layuot`", "did you mean `layout`?"),
    ("with option layout = marke", "marke", "`marke` is not a value of option `layout`", "did you mean `marked`?"),
])
def test_a_bad_with_is_reported_at_its_name(tmp_path, head, word, message, hint):
    path = tmp_path / "house.rules"
    path.write_text(f'extends "{_base_beside(tmp_path)}"\n\nexample bad "Bad" [LAN-4] {head}:\n  given 2 players\n'
                    f'  then the phase is play\n', encoding="utf-8")
    with pytest.raises(RuleError) as info:
        rulespec.compile_rules(path)
    problem = info.value.diagnostics[0]
    assert message in problem.message and problem.hint == hint
    assert (problem.line, problem.column) == (3, problem.source_line.index(word, 20) + 1)
