"""Races that can be lost: in a claim window (a choice any player may take) each seat's claim comes
after its reaction time, drawn from the game's seeded rng; the fastest claim is applied, so a slow
seat loses races, and the same seed replays the same races."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rulespec.cli.main import app
from rulespec.play.races import Claim, ReactionTime, fastest, parse_reaction
from rulespec.play.simulate import ResumeProblem, comparison_plans, simulate

SHRIMP = comparison_plans(Path(__file__).resolve().parents[2] / "rulebooks" / "shrimp.rules")


@pytest.mark.parametrize("text, expected", [
    ("0.8s", ReactionTime("fixed", 0.8)), ("800ms", ReactionTime("fixed", 0.8)), ("2", ReactionTime("fixed", 2.0)),
    ("0.8s..1.5s", ReactionTime("uniform", 0.8, 1.5)), ("uniform(0.8, 1.5)", ReactionTime("uniform", 0.8, 1.5)),
    ("lognormal(0.9,0.3)", ReactionTime("lognormal", 0.9, 0.3)), ("1s..1s", ReactionTime("fixed", 1.0)),
])
def test_reaction_times_are_read_from_their_text(text, expected):
    assert parse_reaction(text) == expected
    assert parse_reaction(str(expected)) == expected  # its text reads back the same


@pytest.mark.parametrize("text, why", [
    ("fast", "is not a time"), ("2s..1s", "above the high end"), ("61s", "at most 60"),
    ("lognormal(0, 0.3)", "more than 0"), ("lognormal(1, x)", "is not a sigma"), ("1s..", "is not a time"),
])
def test_a_reaction_time_that_is_not_one_is_refused_with_the_reason(text, why):
    with pytest.raises(ValueError, match=why):
        parse_reaction(text)


def test_draws_stay_in_their_bounds_and_replay_from_the_seed():
    uniform, lognormal = parse_reaction("0.8s..1.5s"), parse_reaction("lognormal(0.9, 0.3)")
    draws = [uniform.draw(random.Random(seed)) for seed in range(200)]
    assert all(0.8 <= d <= 1.5 for d in draws) and len(set(draws)) > 150
    assert draws == [uniform.draw(random.Random(seed)) for seed in range(200)]
    logs = sorted(lognormal.draw(random.Random(seed)) for seed in range(1001))
    assert 0.8 < logs[500] < 1.0  # the median is the given one


def test_the_fastest_claim_wins_and_equal_times_are_drawn_by_lot():
    rng = random.Random(1)
    claims = [Claim(0, "a", 1.2), Claim(1, "b", 0.7), Claim(2, "c", 0.9)]
    assert fastest(claims, rng).seat == 1 and fastest([], rng) is None
    winners = {fastest([Claim(0, "a", 1.0), Claim(1, "b", 1.0)], rng).seat for _ in range(50)}
    assert winners == {0, 1}


def races(side, seat):
    return side.summary(3)["races"][seat]


def test_a_slower_seat_loses_more_races():
    even = simulate(SHRIMP, games=20, players=3, seed=5, reactions={0: "1s", 1: "1s", 2: "1s"})[0]
    slow = simulate(SHRIMP, games=20, players=3, seed=5, reactions={1: "1.6s..2.5s"})[0]  # others 0.5s..1.5s
    fast = simulate(SHRIMP, games=20, players=3, seed=5, reactions={1: "0.1s..0.4s"})[0]
    share = {name: races(side, 1)["won_share"] for name, side in (("even", even), ("slow", slow), ("fast", fast))}
    assert share["slow"] == 0.0 < share["even"] < share["fast"], share
    assert races(slow, 1)["lost"] > 0  # it claimed, and was too late every time
    assert races(fast, 1)["won"] > races(fast, 0)["won"] and races(fast, 1)["won"] > races(fast, 2)["won"]
    assert 20 < races(even, 0)["won_share"] < 60  # equally fast: the lot decides, no seat always wins


def test_races_replay_from_the_seed_in_any_number_of_processes():
    reactions = {0: "lognormal(0.9, 0.3)", 2: "0.6s..1.1s"}
    one = simulate(SHRIMP, games=12, players=3, seed=2, reactions=reactions)[0]
    again = simulate(SHRIMP, games=12, players=3, seed=2, reactions=reactions, jobs=2, chunk=3)[0]
    assert [(r.seed, r.races, r.winners, r.seat_fires) for r in one.records] == \
        [(r.seed, r.races, r.winners, r.seat_fires) for r in again.records]
    other = simulate(SHRIMP, games=12, players=3, seed=2, reactions={0: "2s"})[0]
    assert [r.races for r in other.records] != [r.races for r in one.records]


def test_without_reaction_times_nothing_is_raced_and_games_are_as_before():
    plain = simulate(SHRIMP, games=5, players=3, seed=9)[0]
    assert all(r.races == [] for r in plain.records) and plain.summary(3)["races"] == []


def test_each_seats_decisions_are_counted_with_what_they_set_off():
    side = simulate(SHRIMP, games=10, players=3, seed=4, reactions={1: "0.1s"})[0]
    for record in side.records:
        total = {}
        for fires in record.seat_fires:
            for rule, count in fires.items():
                total[rule] = total.get(rule, 0) + count
        # every rule a player's decision set off is counted for exactly one seat; chance and set-up for none
        assert {k: v for k, v in record.fires.items() if not k.startswith(("chance ", "step setup", "instead all_dealt", "__"))} \
            == total
        for fires in record.seat_fires:  # a claim judged is a smash claimed (Shrimp's call ends in a judgement)
            assert fires.get("step judge", 0) == fires.get("option window.smash", 0)


def test_resume_refuses_other_reaction_times(tmp_path):
    simulate(SHRIMP, games=4, players=3, seed=1, reactions={1: "2s"}, out=tmp_path)
    with pytest.raises(ResumeProblem, match="reactions"):
        simulate(SHRIMP, games=4, players=3, seed=1, reactions={1: "1s"}, out=tmp_path, resume=True)
    resumed = simulate(SHRIMP, games=6, players=3, seed=1, reactions={1: "2s"}, out=tmp_path, resume=True)
    assert resumed[0].resumed == 4 and resumed[0].played_count == 6


def test_the_command_races_seats_and_reports_races_won(tmp_path):
    result = CliRunner().invoke(app, ["simulate", "shrimp", "-p", "3", "-n", "6", "-o", str(tmp_path),
                                      "--seat", "2=random:reaction=2s..3s", "--reaction", "3=0.2s"])
    assert result.exit_code == 0, result.output
    assert "reaction times 0.5s..1.5s (seat 1), 2s..3s (seat 2), 0.2s (seat 3)" in result.output
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert summary["run"]["reactions"] == ["0.5s..1.5s", "2s..3s", "0.2s"]
    won = [seat["won_share"] for seat in summary["sides"][0]["races"]]
    assert won[1] < won[0] < won[2], won
    report = (tmp_path / "report.md").read_text()
    assert "| player 2 races won | 0.0% of " in report and "What each seat's decisions set off" in report


@pytest.mark.parametrize("arguments, said", [
    (["--reaction", "2=soon"], "--reaction 2=soon: 'soon' is not a time"),
    (["--reaction", "9=1s"], "K a seat 1 to 3"),
    (["--seat", "1=random:speed=1s"], "K=POLICY:reaction=TIME"),
    (["--seat", "1=mcts:reaction=70s"], "at most 60 s"),
])
def test_a_bad_reaction_time_on_the_command_line_is_a_usage_error(arguments, said, tmp_path):
    result = CliRunner().invoke(app, ["simulate", "shrimp", "-p", "3", "-n", "2", "-o", str(tmp_path), *arguments])
    assert result.exit_code == 2 and said in result.output and "Traceback" not in result.output, result.output
