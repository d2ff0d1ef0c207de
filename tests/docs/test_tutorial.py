"""The house-rule tutorial's rule files compile, and fail and pass exactly as the text says."""

from __future__ import annotations

import re
from pathlib import Path

import rulespec
from rulespec.pipeline.examples import run_examples

TUTORIAL = Path(__file__).resolve().parents[2] / "docs" / "tutorial.md"


def tutorial_files() -> dict[str, str]:
    text = TUTORIAL.read_text(encoding="utf-8")
    return {name: body for name, body in
            re.findall(r"<!-- tutorial-file: (\S+) -->\n```rules\n(.*?)```", text, flags=re.S)}


def test_the_tutorial_has_its_rule_files():
    assert set(tutorial_files()) == {"heavy-tiles-first-try.rules", "heavy-tiles.rules", "rock-paper-scissors.rules"}


def test_the_first_try_checks_but_breaks_the_example_the_text_names(tmp_path):
    path = tmp_path / "heavy-tiles-first-try.rules"
    path.write_text(tutorial_files()[path.name])
    results = {r.name: r for r in run_examples(rulespec.load(path))}
    failed = [name for name, r in results.items() if not r.passed]
    assert failed == ["empty_rack_wins"]
    assert "penalty of player 2 = 37" in results["empty_rack_wins"].message


def test_the_finished_house_rule_passes_every_example(tmp_path):
    path = tmp_path / "heavy-tiles.rules"
    path.write_text(tutorial_files()[path.name])
    game = rulespec.load(path)
    assert game.GAME_ID == "shell-we-heavy-tiles"
    results = run_examples(game)
    assert results and all(r.passed for r in results), [r.message for r in results if not r.passed]


def test_the_game_of_your_own_passes_its_examples_and_plays_as_openspiels(tmp_path):
    """Section 9's rock, paper, scissors: its examples pass, and every pair of throws pays what OpenSpiel's
    matrix_rps pays (whoever chooses first)."""
    path = tmp_path / "rock-paper-scissors.rules"
    path.write_text(tutorial_files()[path.name])
    game = rulespec.load(path)
    results = run_examples(game)
    assert len(results) == 2 and all(r.passed for r in results), [r.message for r in results if not r.passed]
    import pytest

    pyspiel = pytest.importorskip("pyspiel")
    theirs_game = pyspiel.load_game("matrix_rps")
    throws = ("rock", "paper", "scissors")  # OpenSpiel's actions 0, 1, 2
    for first in range(3):
        for second in range(3):
            state = game.new_game(2)
            state.apply(f"player 2: {throws[second]}")
            state.apply(f"player 1: {throws[first]}")
            theirs = theirs_game.new_initial_state()
            theirs.apply_actions([first, second])
            assert state.is_terminal() and theirs.is_terminal()
            assert [float(r) for r in state.returns()] == theirs.returns(), (first, second)


def test_the_conditional_value_the_tutorial_shows_is_one(tmp_path):
    """The tutorial's note on `if C then A else B`: its score, put in place of the game's own, compiles and
    scores 3 for a win and 1 for a tie."""
    note = TUTORIAL.read_text(encoding="utf-8").split("**A value chosen by a condition is", 1)[1].split("\n- ", 1)[0]
    value = " ".join(re.search(r"`(sum\(if .*?)`", note, flags=re.S).group(1).split())
    text = tutorial_files()["rock-paper-scissors.rules"].replace(
        "  count(q in players where q != p and beats(thrown of p, thrown of q))", f"  {value}")
    assert value in text
    for name, second, first, scores in (("three_for_a_win", "rock", "paper", (3, 0)),
                                        ("one_for_a_tie", "rock", "rock", (1, 1))):
        text += (f'\nexample {name} "{name}" [RPS-3]:\n  given 2 players\n  when "player 2: {second}"\n'
                 f'  when "player 1: {first}"\n  then won of player 1 = {scores[0]} and won of player 2 = {scores[1]}\n')
    path = tmp_path / "rock-paper-scissors.rules"
    path.write_text(text)
    results = run_examples(rulespec.load(path))
    assert len(results) == 4 and all(r.passed for r in results), [r.message for r in results if not r.passed]
