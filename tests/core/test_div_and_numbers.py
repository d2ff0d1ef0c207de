"""`a div b`, the quotient rounded down (`a = b * (a div b) + a mod b`), and the number of a seat or a
direction (`number of p`): what newcomers' files could not say (issue #40's probes, helper gaps)."""

from __future__ import annotations

from pathlib import Path

import pytest

import rulespec
import rulespec.runtime.state
from rulespec.codegen.python import generate
from rulespec.docs.english import English
from rulespec.language.parser import parse_text
from rulespec.pipeline.examples import run_examples
from rulespec.runtime.engine import RuleRuntimeError

ROOT = Path(__file__).resolve().parents[2]
MARCH = ROOT / "rulespec" / "docs" / "ref_games" / "march.rules"


def _line(text: str, start: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), 1) if line.startswith(start))


def test_div_parses_binds_like_times_and_rounds_down():
    tree = parse_text(MARCH.read_text(encoding="utf-8"), "march.rules")
    half = next(d for d in tree.declarations if getattr(d, "name", None) == "half")
    assert half.body.op == "div" and half.body.left.op == "-"  # `(rank of s - 1) div 2`
    state_div = rulespec.runtime.state.State._div
    for a in range(-9, 10):
        for b in (-4, -3, -1, 1, 2, 3, 5):
            assert a == b * state_div(a, b) + rulespec.runtime.state.State._mod(a, b)
    assert state_div(7, 2) == 3 and state_div(-7, 2) == -4
    with pytest.raises(RuleRuntimeError, match=r"dividing by 0 \(`... div 0`\)"):
        state_div(4, 0)


def test_div_by_a_written_number_is_pythons_own_and_reads_in_english():
    model = rulespec.load(MARCH).model
    source = generate(model, "march.rules")
    assert " // 2)" in source and "st._div(" not in source
    half = next(d for d in model.definitions if d.name == "half")
    said = English(model).expr(half.value)
    assert "divided (rounded down) by 2" in said


def test_dividing_by_zero_names_the_line(tmp_path):
    text = MARCH.read_text(encoding="utf-8")
    text = text.replace("define half(s: grid) [MAR-3]:\n  (rank of s - 1) div 2",
                        "counter none_yet starts at 0 [MAR-3]\n\ndefine half(s: grid) [MAR-3]:\n"
                        "  (rank of s - 1) div none_yet")
    path = tmp_path / "march.rules"
    path.write_text(text, encoding="utf-8")
    game = rulespec.load(path)
    assert "st._div(" in generate(game.model, "march.rules")
    results = {r.name: r for r in run_examples(game)}
    message = results["light_squares"].message
    assert not results["light_squares"].passed
    assert "dividing by 0" in message and f"march.rules:{_line(text, 'define half')}: Definition `half`" in message
