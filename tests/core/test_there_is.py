"""`there is x in C where ...` and `there is no x in C where ...` (issue #39: the gallery wrote `count(...) > 0`
and `count(...) = 0`): a condition that means the count's comparison, read as English, and stops at the first
found. The reference games are rulespec/docs/ref_games/mill.rules (`there is`) and stranded.rules (`there is
no`, in its variant `passing`)."""

from __future__ import annotations

from pathlib import Path

import pytest

import rulespec
from rulespec.docs.english import English
from rulespec.language.errors import RuleError
from rulespec.model import ir
from rulespec.pipeline import generate_source
from rulespec.runtime.policies import random_game

REF = Path(__file__).resolve().parents[2] / "rulespec" / "docs" / "ref_games"
MILL_THERE_IS = "  when there is l in mills where count(t in l where mine(t, p)) = 3\n"
MILL_COUNT = "  when count(l in mills where count(t in l where mine(t, p)) = 3) > 0\n"
STRANDED_THERE_IS_NO = "    when there is no p in players where p has a legal move\n"
STRANDED_COUNT = "    when count(p in players where p has a legal move) = 0\n"


def _written(tmp_path, game: str, old: str, new: str) -> Path:
    text = (REF / game).read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / game
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path


def _end(model, name: str) -> ir.End:
    return next(e for e in model.ends if e.name == name)


def _history(state) -> list[str]:
    return [str(a) for a in state.history]


@pytest.mark.parametrize("game, variants, there_is, count", [
    ("mill.rules", (), MILL_THERE_IS, MILL_COUNT),
    ("stranded.rules", ("passing",), STRANDED_THERE_IS_NO, STRANDED_COUNT),
])
def test_random_games_play_as_with_the_count_written_out(tmp_path, game, variants, there_is, count):
    written = rulespec.load(REF / game, variants=variants)
    counted = rulespec.load(_written(tmp_path, game, there_is, count), variants=variants)
    ends = set()
    for seed in range(40):
        a, b = random_game(written, seed=seed), random_game(counted, seed=seed)
        assert _history(a) == _history(b)
        assert a.outcome() == b.outcome()
        ends.add(a.outcome()["end"])
    # the games end by the rule written with `there is` (and by the others)
    assert ("mill" if game == "mill.rules" else "nobody_can") in ends


def test_it_is_the_count_asked_only_whether_one_passes():
    model = rulespec.compile_rules(REF / "mill.rules")
    condition = _end(model, "mill").condition
    assert isinstance(condition, ir.ThereIs) and not condition.negated
    assert isinstance(condition.count, ir.Count) and condition.count.var == "l"
    code = generate_source(model, REF / "mill.rules")
    # any() over the lines, stopping at the first found, not the number of them counted
    assert "any(" in code and "len([1 for v_l in" not in code
    negated = _end(rulespec.compile_rules(REF / "stranded.rules", ["passing"]), "nobody_can").condition
    assert isinstance(negated, ir.ThereIs) and negated.negated


def test_the_test_after_where_runs_to_the_end_of_the_condition(tmp_path):
    path = _written(tmp_path, "mill.rules", MILL_THERE_IS,
                    "  when there is l in mills where count(t in l where mine(t, p)) = 3 and the turn number > 1\n")
    condition = _end(rulespec.compile_rules(path), "mill").condition
    assert isinstance(condition, ir.ThereIs) and isinstance(condition.count.where, ir.BoolOp)
    bracketed = _written(tmp_path, "mill.rules", MILL_THERE_IS,
                         "  when (there is l in mills where count(t in l where mine(t, p)) = 3) and "
                         "the turn number > 1\n")
    condition = _end(rulespec.compile_rules(bracketed), "mill").condition
    assert isinstance(condition, ir.BoolOp) and isinstance(condition.operands[0], ir.ThereIs)


def test_english_says_there_is():
    model = rulespec.compile_rules(REF / "mill.rules")
    text = English(model).expr(_end(model, "mill").condition)
    assert text.startswith("there is a ") and "mills" in text
    model = rulespec.compile_rules(REF / "stranded.rules", ["passing"])
    assert English(model).expr(_end(model, "nobody_can").condition).startswith("there is no player")


@pytest.mark.parametrize("line, column, message", [
    ("  when there is l in 3 where l = 3\n", 22, "error: `3` is a number; there is nothing in it to look for"),
    ("  when there is l in mills where 3\n", 34, "error: `3` is a number, but a condition"),
    ("  when there is no l in mill where count(t in l where mine(t, p)) = 3\n", 25, "error: unknown name `mill`"),
])
def test_misuse_is_reported_at_its_line(tmp_path, line, column, message):
    number = (REF / "mill.rules").read_text(encoding="utf-8").splitlines().index(MILL_THERE_IS.rstrip("\n")) + 1
    with pytest.raises(RuleError) as caught:
        rulespec.compile_rules(_written(tmp_path, "mill.rules", MILL_THERE_IS, line))
    assert f"mill.rules:{number}:{column}: {message}" in str(caught.value)
