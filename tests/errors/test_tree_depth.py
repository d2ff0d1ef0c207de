"""Sums inside sums (issue #10): each chain is within its length limit, but the parse tree is as deep
as all of them together; past the documented depth it is a positioned RuleError, not a RecursionError,
and just under it every stage (check, generate, play, docs) copes."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

import rulespec
from rulespec import pipeline
from rulespec.language.errors import RuleError
from rulespec.lib.limits import LIMIT

HOSTILE_GAME = Path(__file__).resolve().parents[1] / "codegen" / "hostile_game.py"
_spec = importlib.util.spec_from_file_location("hostile_game_template", HOSTILE_GAME)
_module = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_module)
game_text = _module.game_text

INVARIANT = "always count(b in heap) + count(b in kept) = 6"


def sums_inside_sums(terms: int, levels: int) -> str:
    chain = "\n       ".join([" + 0" * 10] * (terms // 10))
    expression = "count(b in heap) + count(b in kept)" + chain
    for _ in range(levels - 1):
        expression = "(" + expression + ")" + chain
    return game_text().replace(INVARIANT, f"always ({expression}) = 6")


def test_sums_inside_sums_past_the_depth_limit_are_a_positioned_rule_error(tmp_path):
    path = tmp_path / "deep.rules"
    text = sums_inside_sums(140, 5)
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RuleError) as caught:
        pipeline.load(path)
    (diagnostic,) = caught.value.diagnostics
    # At the invariant's fourth bracket `  always ((((`: the line is found in the text, as the template grows.
    invariant_line = next(n for n, line in enumerate(text.splitlines(), 1) if line.startswith("  always ((((("))
    assert (diagnostic.line, diagnostic.column) == (invariant_line, 13)
    assert f"at most {LIMIT.tree_depth} levels" in diagnostic.message


def test_sums_inside_sums_just_under_the_depth_limit_check_play_and_have_docs(tmp_path):
    path = tmp_path / "deep.rules"
    path.write_text(sums_inside_sums(120, 3), encoding="utf-8")
    engine = pipeline.load(path)
    assert rulespec.random_game(engine, 2, seed=1).is_terminal()
    # The docs' English walks every expression too.
    result = subprocess.run([sys.executable, "-m", "rulespec", "docs", str(path), "--out", str(tmp_path / "docs")],
                            capture_output=True, text=True, timeout=300, stdin=subprocess.DEVNULL)
    assert result.returncode == 0, result.stdout + result.stderr
    assert (tmp_path / "docs").is_dir()
