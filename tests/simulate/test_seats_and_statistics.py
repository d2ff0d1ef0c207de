"""Seats chosen one by one (random, greedy, mcts with a rollout budget), and the statistics of a
house rule against its base: differences with 95% intervals and the games needed to detect them."""

from __future__ import annotations

import json
import math
from pathlib import Path

from typer.testing import CliRunner

from rulespec.cli.main import app
from rulespec.play.simulate import GameRecord, Side, compare, comparison_plans, games_needed, simulate

HOUSE = Path(__file__).resolve().parents[2] / "house-rules"
PLANS = comparison_plans(HOUSE / "three-tiles.rules")
runner = CliRunner()


def games(side):
    return [(r.seed, r.turns, r.end, r.winners) for r in side.records]


def test_an_mcts_seat_beats_a_random_one_and_is_seeded():
    base = PLANS[:1]
    searching = simulate(base, games=16, players=2, seed=0, seats={0: "mcts"}, mcts_simulations=8)[0]
    again = simulate(base, games=16, players=2, seed=0, seats={0: "mcts", 1: "random"}, mcts_simulations=8, jobs=2)[0]
    randomly = simulate(base, games=16, players=2, seed=0)[0]
    assert games(searching) == games(again)  # the same seeds, the same games, in any number of processes
    assert games(searching) != games(randomly)
    assert searching.seat_moments(0)[0] > 0.7 > randomly.seat_moments(0)[0]
    other_seat = simulate(base, games=16, players=2, seed=0, seats={1: "mcts"}, mcts_simulations=8)[0]
    assert other_seat.seat_moments(1)[0] > 0.6


def test_greedy_seat_against_random_plays_and_differs():
    mixed = simulate(PLANS[:1], games=6, players=2, seed=2, seats={1: "greedy"})[0]
    assert games(mixed) != games(simulate(PLANS[:1], games=6, players=2, seed=2)[0])
    assert all(r.end != "error" for r in mixed.records)


def side_of(outcomes: list[list[int]], turns: list[int]) -> Side:
    side = Side("s")
    for seed, (winners, length) in enumerate(zip(outcomes, turns)):
        side.add_one(GameRecord(seed, length, 0, length, "end", winners, {}, {}))
    return side


def test_differences_have_normal_and_welch_intervals_and_games_needed():
    base = side_of([[0]] * 50 + [[1]] * 50, [10, 20] * 50)
    house = side_of([[0]] * 60 + [[1]] * 40, [12, 24] * 50)
    rows = {row["what"]: row for row in compare(base, house, 2)}
    wins = rows["player 1 wins"]
    half_width = 1.959964 * math.sqrt(0.25 / 100 + 0.24 / 100) * 100
    assert wins["difference"] == 10.0 and wins["method"] == "normal approximation (Wald)"
    assert math.isclose(wins["high"] - wins["difference"], half_width, abs_tol=0.01)
    assert not wins["significant"]  # 10 points is within the noise of 100 games
    assert wins["games_needed"] == 385  # (1.96 + 0.84)^2 (0.25 + 0.24) / 0.1^2, the textbook unpooled size
    assert wins["games_needed_for_effect"] == games_needed(0.25, 0.24, 0.02)
    turns = rows["turns"]
    sd_base, sd_house = math.sqrt(25 * 100 / 99), math.sqrt(36 * 100 / 99)
    assert turns["difference"] == 3.0 and turns["method"] == "Welch"
    assert math.isclose(turns["high"] - 3.0, 1.959964 * math.sqrt((sd_base ** 2 + sd_house ** 2) / 100), abs_tol=0.01)
    assert turns["significant"]


def test_the_command_takes_seats_and_reports_differences(tmp_path):
    result = runner.invoke(app, ["simulate", str(HOUSE / "three-tiles.rules"), "-n", "8", "-o", str(tmp_path),
                                 "--seat", "1=mcts", "--seat", "2=random", "--mcts-simulations", "4"])
    assert result.exit_code == 0, result.output
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert summary["run"]["seats"] == ["mcts", "random"] and summary["run"]["mcts_simulations"] == 4
    assert {row["what"] for row in summary["comparison"]} >= {"player 1 wins", "turns", "penalty spread"}
    assert "difference [95% CI]" in (tmp_path / "report.md").read_text()
    assert "Welch" in summary["statistics"]
    bad = runner.invoke(app, ["simulate", str(HOUSE / "three-tiles.rules"), "-n", "2", "-o", str(tmp_path),
                              "--seat", "3=mcts"])
    assert bad.exit_code != 0 and "seats 1 to 2" in bad.output and "Traceback" not in bad.output
    help_text = runner.invoke(app, ["simulate", "--help"]).output
    for flag in ("--seat", "--mcts-simulations", "--resume", "--cluster", "--effect"):
        assert flag in help_text


def test_the_seats_chart_draws_each_share_with_its_interval():
    from rulespec.play import charts as charts
    if not charts.available():
        import pytest
        pytest.skip("the charts are drawn with matplotlib (the docs extra)")
    series = [("base", [50.0, 50.0]), ("house", [60.0, 40.0])]
    plain = charts.bar_chart("Wins", ["player 1", "player 2"], series, unit="%")
    whiskered = charts.bar_chart("Wins", ["player 1", "player 2"], series, unit="%", errors=[[9.8, 9.8], [9.6, 9.6]])
    assert whiskered == charts.bar_chart("Wins", ["player 1", "player 2"], series, unit="%",
                                         errors=[[9.8, 9.8], [9.6, 9.6]])  # the same bytes for the same data
    assert whiskered.count("<path") > plain.count("<path")  # a whisker per bar (with its caps)
