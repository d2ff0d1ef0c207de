"""A failed `then` fact about a direction says it as a compass word (a direction counter holds the word's place
among the compass: `facing of player 1 is west`, not `is 6`), and a fact that fails in an example that gives only
its players, in a game with a `setup`, says the set-up did not run and how to run it (a newcomer's
coop-box-pushing.rules, #40, helper boxpush: its first example left out `given set-up with the first outcomes`
and failed with `facing of player 1 is 6, not north (0)`)."""

from __future__ import annotations

from pathlib import Path

import rulespec
from rulespec.pipeline.examples import run_examples

FILE = Path(__file__).parents[1] / "newcomer" / "games" / "coop-box-pushing.rules"
FACT = "  then facing of player 1 = north\n"


def _run(tmp_path, text: str) -> dict:
    path = tmp_path / "boxes.rules"
    path.write_text(text, encoding="utf-8")
    return {r.name: r for r in run_examples(rulespec.load(path))}


def test_a_false_direction_fact_says_the_compass_word(tmp_path):
    text = FILE.read_text(encoding="utf-8")
    assert text.count(FACT) == 1
    result = _run(tmp_path, text.replace(FACT, FACT + "  then facing of player 1 = south\n"))["small_box_up"]
    assert not result.passed
    assert "`facing of player 1 = south` does not hold: facing of player 1 is north, not south" in result.message
    assert "did not run" not in result.message  # (the example runs the set-up)


def test_a_fact_failing_at_the_empty_start_says_the_set_up_did_not_run(tmp_path):
    text = FILE.read_text(encoding="utf-8")
    setup = "  given 2 players\n  given set-up with the first outcomes\n"
    assert text.count(setup) == 2
    result = _run(tmp_path, text.replace(setup, "  given 2 players\n", 1))["small_box_up"]
    assert not result.passed
    assert "facing of player 1 is west, not north" in result.message, result.message
    assert "the game's `setup` did not run; `given set-up with the first outcomes` runs it first" in result.message
