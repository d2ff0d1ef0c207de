"""An example starts from the position it gives, not from the game's set-up (the manual's "Executable
examples", docs/guide/writing-rule-files.md). A newcomer who forgets that meets a game that cannot go on,
or an action refused: the failure then says that the set-up did not run and how to run it, when the game
has a `setup` the example skipped, and only then."""

from __future__ import annotations

from pathlib import Path

import pytest

import rulespec
from rulespec.pipeline.examples import run_examples

# Nim whose heap the set-up fills from an option (tests/core/fixtures/last-stick.rules), without its examples.
FIXTURE = Path(__file__).parent / "fixtures" / "last-stick.rules"
NIM = FIXTURE.read_text(encoding="utf-8").split("\nexample ", 1)[0]
# The same game with the heap filled where it is declared: no set-up to skip.
NIM_WITHOUT_SETUP = NIM.replace("counter heap starts at 0", "counter heap starts at 15") \
    .replace("setup [LS-2]:\n  set heap to sticks\n\n", "")
assert NIM_WITHOUT_SETUP.count("setup") == 1  # (only the fixture's comment says it now)
HINT = "so the game's `setup` did not run; `given set-up with the first outcomes` runs it first"


def example_result(tmp_path, game: str, lines: list[str]):
    text = game + '\nexample opening "The first player may take one to three" [LS-3]:\n' + \
        "".join(f"  {line}\n" for line in lines)
    path = tmp_path / "nim.rules"
    path.write_text(text, encoding="utf-8")
    (result,) = run_examples(rulespec.load(path))
    return result


def test_an_example_that_skips_the_set_up_and_cannot_go_on_says_so(tmp_path):
    result = example_result(tmp_path, NIM, ["given 2 players", 'then "player 1: take 3" is legal'])
    assert not result.passed
    assert "the game could not go on from the given position" in result.message
    assert HINT in result.message


@pytest.mark.parametrize("line, failure", [
    ('then "player 1: take 3" is legal', "'player 1: take 3' is not offered"),
    ('when "player 1: take 3"', "'player 1: take 3' was refused"),
])
def test_an_action_not_offered_after_a_skipped_set_up_says_so(tmp_path, line, failure):
    result = example_result(tmp_path, NIM, ["given 2 players", "given counter heap is 1", line])
    assert not result.passed and failure in result.message
    assert HINT in result.message


def test_the_same_example_run_after_the_set_up_passes(tmp_path):
    result = example_result(tmp_path, NIM, ["given 2 players", "given set-up with the first outcomes",
                                            'then "player 1: take 3" is legal', "then heap = 10"])
    assert result.passed, result.message


def test_no_hint_where_the_set_up_ran_or_the_game_has_none(tmp_path):
    after_setup = example_result(tmp_path, NIM, ["given 2 players", "given set-up with the first outcomes",
                                                 'when "player 1: take 3"', 'then "player 2: take 3" is not legal'])
    assert not after_setup.passed and "'player 2: take 3' is offered, but should not be" in after_setup.message
    without_setup = example_result(tmp_path, NIM_WITHOUT_SETUP, ["given 2 players", "given counter heap is 1",
                                                                 'then "player 1: take 3" is legal'])
    assert not without_setup.passed and "'player 1: take 3' is not offered" in without_setup.message
    for result in (after_setup, without_setup):
        assert "setup" not in result.message, result.message
