"""`at most EXPR decisions` (issue #41): the most decisions a game takes (each seat's choice one, chance
none), worked out per configuration as a turn limit is. It is a claim about the rules, not a safety net:
`rulespec verify` reports a game that takes more (`decision_limit`), and the adapters give it as OpenSpiel's
max_game_length (Pig: `at most horizon decisions`, OpenSpiel's `horizon`). The reference game is
rulespec/docs/ref_games/dice.rules."""

from __future__ import annotations

from pathlib import Path

import pytest

import rulespec
from rulespec.check.verify import verify
from rulespec.docs.english import English, game_overview
from rulespec.language.errors import RuleError
from rulespec.pipeline import generate_source

ROOT = Path(__file__).resolve().parents[2]
DICE = ROOT / "rulespec" / "docs" / "ref_games" / "dice.rules"

# Each player passes until `played` reaches 3 a player: 3 * players decisions, no chance.
GAME = '''game "Rounds" [R-1]
  id "rounds"
  players 2 to 3 [R-1]
  at most {limit} decisions [R-1]
option rounds "Rounds": 2, 3 default 3 [R-1]
counter played starts at 0 [R-1]
turns go clockwise from player 1, each turn runs play [R-1]
choice play(player: seat) by player [R-1]:
  option pass "pass" [R-1]:
    add 1 to played
end done [R-1]:
  checked after every step
  when played >= rounds * count(p in players)
'''


def _write(tmp_path, limit: str) -> Path:
    path = tmp_path / "rounds.rules"
    path.write_text(GAME.replace("{limit}", limit), encoding="utf-8")
    return path


def test_the_limit_is_worked_out_per_configuration(tmp_path):
    path = _write(tmp_path, "rounds * count(p in players)")
    engine = rulespec.load(path)
    assert [engine._decision_limit(engine.new_game(n)) for n in (2, 3)] == [6, 9]
    fewer = rulespec.load(path, options={"rounds": "2"})
    assert fewer._decision_limit(fewer.new_game(2)) == 4
    assert engine.model.decision_limit.largest == 9
    source = generate_source(engine.model, path)
    assert "def decision_limit(st):" in source and "DECISION_LIMIT = staticmethod(decision_limit)" in source


def test_a_file_without_it_has_none_and_its_engine_no_code_for_it():
    engine = rulespec.load("tic-tac-toe")
    assert engine.DECISION_LIMIT is None and engine._decision_limit(engine.new_game(2)) is None
    assert "decision_limit" not in (ROOT / "engines" / "tic_tac_toe.py").read_text(encoding="utf-8")


def test_the_engine_does_not_stop_a_game_at_it_but_verify_reports_a_game_past_it(tmp_path):
    short = _write(tmp_path, "count(p in players)")  # 6 decisions are played; 2 are claimed
    engine = rulespec.load(short)
    state = engine.new_game(2)
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])
    assert state._over["end"] == "done" and len(state.history) == 6 and not state._violations
    report = verify(short, players=2, max_examples=3, stateful_step_count=10, seed=1, derandomize=True,
                    save_counterexamples=None)
    assert not report.ok and any(f.property == "decision_limit" for f in report.failures), report.render()


def test_verify_checks_a_true_limit_and_counts_no_chance_outcome(tmp_path):
    honest = verify(_write(tmp_path, "rounds * count(p in players)"), players=2, max_examples=3,
                    stateful_step_count=10, seed=1, derandomize=True, save_counterexamples=None)
    assert honest.ok and honest.checks_by_property.get("decision_limit", 0) > 0, honest.render()
    # Pig at a horizon of 5: every roll's outcome is in the history, but only the rolls and stops count
    pig = verify("pig", players=2, options={"horizon": "5", "winscore": "10"}, max_examples=5,
                 stateful_step_count=30, seed=1, derandomize=True, save_counterexamples=None)
    assert pig.ok and pig.checks_by_property.get("decision_limit", 0) > 0, pig.render()


@pytest.mark.parametrize("limit, message", [
    ("played * 2", "`played` is not fixed before play, but a decision limit is worked out from the options and "
                   "the player count alone"),
    ("rounds - 3", "`at most rounds - 3 decisions` is -1 with 2 players, rounds 2: a game has at least one decision"),
    ("1000 * 2000", "at most 1,000,000 decisions in `at most N decisions`: this file asks for 2,000,000"),
])
def test_a_limit_not_fixed_below_one_or_too_big_is_refused_at_its_line(tmp_path, limit, message):
    with pytest.raises(RuleError) as refused:
        rulespec.load(_write(tmp_path, limit))
    assert message in str(refused.value) and "rounds.rules:4:" in str(refused.value)


def test_english_says_the_limit():
    engine = rulespec.load(DICE)
    overview = " ".join(game_overview(English(engine.model)))
    assert "No game takes more than 2 times the number of players decisions." in overview, overview


def test_the_adapters_publish_the_stated_limit_even_where_the_form_bounds_fewer(tmp_path, monkeypatch):
    # `at most 4 turns` bounds the form's moves at 4; the author's 50 is what OpenSpiel is told (the ruling of
    # issue #41: a stated bound is published as OpenSpiel publishes its own), and a file without it gets 4
    from rulespec.adapters import core
    monkeypatch.setenv("RULESPEC_RULES_PATH", str(tmp_path))  # (a game by path: below an allowed folder)
    path = _write(tmp_path, "50")
    path.write_text(path.read_text(encoding="utf-8").replace("  at most 50", "  at most 4 turns [R-1]\n  at most 50"),
                    encoding="utf-8")
    assert core.max_decisions(core.game_key(path), 2) == 50
    unstated = tmp_path / "unstated.rules"
    unstated.write_text(path.read_text(encoding="utf-8").replace("  at most 50 decisions [R-1]\n", ""), encoding="utf-8")
    assert core.max_decisions(core.game_key(unstated), 2) == 4
