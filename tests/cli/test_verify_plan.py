"""`rulespec verify` says what it will run before it starts, and how to narrow it (issue #42: Pig's nine
player counts x 100 examples ran for 11 minutes without a word)."""

from __future__ import annotations

from hypothesis import settings
from typer.testing import CliRunner

import rulespec
from rulespec.cli.main import app
from rulespec.cli.verification import _what_verify_runs


def test_verify_without_flags_says_every_player_count_and_the_examples_each_and_how_to_narrow_it():
    budget, steps = settings().max_examples, settings().stateful_step_count  # the active profile's
    said = _what_verify_runs(rulespec.load("pig"), "pig", None, None)
    assert said.startswith(f"verify pig: 9 player counts (2 to 10) x {budget} examples of up to {steps} steps, "
                           f"{9 * budget:,} examples in all; narrow it with --players 2 (one count)")
    assert said.endswith(f"or --examples {max(1, budget // 10)} (fewer each)")


def test_verify_prints_its_plan_first_and_no_narrowing_when_already_narrow():
    result = CliRunner().invoke(app, ["verify", "tic-tac-toe", "--players", "2", "--examples", "1", "--seed", "1"])
    assert result.exit_code == 0, result.output
    first = result.output.splitlines()[0]
    assert first.startswith("verify tic-tac-toe: 2 players x 1 example of up to") and "narrow" not in first
    assert first.endswith(", 1 example in all")
