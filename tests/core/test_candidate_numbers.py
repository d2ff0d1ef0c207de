"""A candidate the adapters number outside the declared range is told before play (#40: maedn's `move a4`, a piece
on its last goal field, numbered 45 of 0 to 44, refused only when OpenSpiel loaded the game).

`rulespec check`, the pytest plugin's `check` item (tests/plugin/test_pytest_plugin.py) and `rulespec verify` list the candidates through the function
the adapters name their numbers by (rulespec/adapters/numbered_candidates.py) and tell each option's or chance step's
mistake at its `numbered` clause (rulespec/check/candidate_numbers.py). The error corpus is tests/errors/
broken_numbering; here: maedn's mistake itself, its fix, the other ways it is told, every rule file here clean, the
bound on the listing and on the configurations checked."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from typer.testing import CliRunner

import rulespec
from rulespec.adapters import numbered_candidates
from rulespec.adapters.core import AdapterError, game_key, table_for
from rulespec.check import candidate_numbers
from rulespec.check.candidate_numbers import configurations, numbering_diagnostics
from rulespec.check.verify import verify
from rulespec.cli.main import app
from rulespec.language.errors import RuleError

ROOT = Path(__file__).resolve().parents[2]
MAEDN = ROOT / "tests" / "newcomer" / "games" / "maedn.rules"
PILES = ROOT / "tests" / "errors" / "broken_numbering" / "action_candidate_never_legal.rules"
GUARD = "    only if on_way(s, player) and progress(s, player) < 43   # (no piece moves on from the last goal field)\n"


@pytest.fixture(autouse=True)
def _allowed(tmp_path, monkeypatch):
    monkeypatch.setenv("RULESPEC_RULES_PATH", str(tmp_path))  # (a game by path: below an allowed folder)


def maedn_without_its_guard(tmp_path) -> tuple[Path, int]:
    """maedn.rules as first written: no `progress(s, player) < 43`, so a piece on its last goal field is a
    candidate; and the line of its `numbered` clause."""
    text = MAEDN.read_text(encoding="utf-8")
    assert GUARD in text
    path = tmp_path / "maedn.rules"
    path.write_text(text.replace(GUARD, "    only if on_way(s, player)\n"), encoding="utf-8")
    line = text[:text.index(GUARD)].count("\n")  # (the `numbered` line is just above the guard)
    assert text.splitlines()[line - 1].strip() == "numbered progress(s, player) + 2"
    return path, line


def test_maedns_mistake_is_told_at_its_numbered_clause_with_the_candidates_and_a_hint(tmp_path):
    path, line = maedn_without_its_guard(tmp_path)
    [problem] = numbering_diagnostics(rulespec.load(path))
    assert (problem.line, problem.column) == (line, 14)
    assert problem.message.startswith("with 2 players, sides opposite: option `move.go` numbers 2 candidates "
                                      "outside 0 to 44 (`actions numbered`): `move a4` (player 1) is 45, `move c4` "
                                      "(player 2) is 45 (and so in 5 more configurations)"), problem.message
    assert "add an `only if` that rules it out" in problem.hint and "widen the range" in problem.hint


def test_maedn_as_fixed_and_every_numbering_rule_file_here_check_clean():
    numbered = [path for folder in ("rulebooks", "house-rules", "rulespec/docs/ref_games", "tests/newcomer/games",
                                    "tests/core/fixtures") for path in sorted((ROOT / folder).rglob("*.rules"))
                if "numbered 0 to" in path.read_text(encoding="utf-8")]
    assert MAEDN in numbered and len(numbered) >= 15
    for path in numbered:
        assert numbering_diagnostics(rulespec.load(path)) == [], path


def test_the_check_command_fails_on_it(tmp_path):
    path, line = maedn_without_its_guard(tmp_path)
    result = CliRunner().invoke(app, ["check", str(path)])
    assert result.exit_code == 1, result.output
    assert f"maedn.rules:{line}:14: error: with 2 players, sides opposite: option `move.go` numbers 2" in result.output
    assert "Traceback" not in result.output
    assert CliRunner().invoke(app, ["check", str(MAEDN)]).exit_code == 0


def test_verify_fails_action_numbers_at_the_first_state_and_the_adapter_says_what_to_do(tmp_path):
    path, line = maedn_without_its_guard(tmp_path)
    report = verify(path, players=2, max_examples=2, stateful_step_count=5, seed=1, derandomize=True,
                    save_counterexamples=None)
    [failure] = [f for f in report.failures if f.property == "action_numbers"]
    assert failure.actions == [] and f"maedn.rules:{line}: option `move.go` numbers 2 candidates" in failure.message
    with pytest.raises(AdapterError) as info:
        table_for(game_key(str(path)), 2)
    assert "`move a4` (player 1; option move.go" in str(info.value) and "is numbered 45, outside 0 to 44" in \
        str(info.value) and "add an `only if` that rules it out" in str(info.value)


def test_the_fixed_piles_check_clean():
    text = PILES.read_text(encoding="utf-8").replace("    only if stones of s > 0\n",
                                                     "    only if c of s < 4 and stones of s > 0\n")
    assert numbering_diagnostics(rulespec.load(_written(text))) == []


def _written(text: str) -> Path:
    import os
    path = Path(os.environ["RULESPEC_RULES_PATH"]) / "piles.rules"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_listing_is_bounded_and_the_bound_is_told_at_the_header(monkeypatch):
    monkeypatch.setattr(numbered_candidates, "limit", lambda name: 3)
    [problem] = numbering_diagnostics(rulespec.load(PILES))
    assert problem.line == 10 and "the adapters cannot list the candidates to number: at most 1,000,000 " \
                                  "candidates of numbered options" in problem.message, problem.render()
    assert problem.message.endswith("this file asks for more than 3"), problem.message
    with pytest.raises(AdapterError, match="this file asks for more than 3"):
        table_for(game_key(str(PILES)), 2)


def test_many_configurations_are_checked_one_option_value_at_a_time(monkeypatch):
    engine = rulespec.load(ROOT / "tests" / "newcomer" / "games" / "twenty-forty-eight.rules")
    every = configurations(engine)
    assert len(every) == 9  # (1 player, 9 values of max_tile)
    monkeypatch.setattr(candidate_numbers, "MOST_CONFIGURATIONS", 4)
    assert sorted(map(str, configurations(engine))) == sorted(map(str, every))  # (one option: each value alone)
    maedn = rulespec.load(MAEDN)
    assert len(configurations(maedn)) == 6
    monkeypatch.setattr(candidate_numbers, "MOST_CONFIGURATIONS", 5)
    assert [players for _, players in configurations(maedn)] == [2, 3, 4, 2, 3, 4]


def test_configurations_are_checked_while_the_candidates_listed_stay_under_the_limit(tmp_path, monkeypatch):
    path, line = maedn_without_its_guard(tmp_path)
    monkeypatch.setattr(candidate_numbers, "limit", lambda name: 150)  # (maedn lists 102 candidates with 2 players)
    unchecked: list[str] = []
    [problem] = numbering_diagnostics(rulespec.load(path), unchecked)
    assert "with 2 players, sides opposite" in problem.message and "(and so in 1 more configuration)" in \
        problem.message, problem.message  # (3 players listed too, 153: past 150, the rest are left)
    assert unchecked == ["4 players, sides opposite", "2 players, sides side_by_side", "3 players, sides side_by_side",
                         "4 players, sides side_by_side"]
    result = CliRunner().invoke(app, ["check", str(MAEDN)])
    assert result.exit_code == 0 and "numbers not checked with 4 players, sides opposite; 2 players, sides " \
        "side_by_side; 3 players, sides side_by_side; 4 players, sides side_by_side (4 configurations): the " \
        "candidates listed reached 150 (limit `numbered_candidates`)" in " ".join(result.output.split()), result.output


def test_a_chance_step_with_a_word_parameter_is_listed_over_the_components_words():
    """coin-game's `chance drop(k: word)` (a coin of colour k on an empty square) was refused by the adapters (its
    parameter was neither a seat nor a space): a word parameter is listed over every word of the components'
    attributes, so its outcomes are named without a state."""
    engine = rulespec.load(ROOT / "tests" / "newcomer" / "games" / "coin-game.rules")
    assert numbering_diagnostics(engine) == []
    assert numbered_candidates.game_words(engine) == ("first", "second", "a", "b", "c")
    start = engine.new_game(2)
    drops = {(args, text): number for step, args, text, number in
             numbered_candidates.outcome_candidates(engine, 2, start) if step == "drop"}
    assert len(drops) == 5 * 64
    assert drops[("c",), "c coin at 8 8"] == 63 and drops[("a",), "a coin at 1 2"] == 1
