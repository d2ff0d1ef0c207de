"""Big simulations are safe: games stream into the output folder, an interrupted run resumes without
replaying or double-counting a game, and the summary of a resumed run is the uninterrupted one's."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rulespec.cli.main import app
from rulespec.play.simulate import GAMES_FILE, ResumeProblem, comparison_plans, simulate, write_report

HOUSE = Path(__file__).resolve().parents[2] / "house-rules"
PLANS = comparison_plans(HOUSE / "three-tiles.rules")
runner = CliRunner()


def recorded(out: Path) -> list[dict]:
    rows = [json.loads(line) for line in (out / GAMES_FILE).read_text(encoding="utf-8").splitlines()]
    return sorted(rows, key=lambda row: (row["side"], row["seed"]))


def without_run_counts(summary: dict) -> dict:
    summary = json.loads(json.dumps(summary))
    summary.pop("resumed")
    for side in summary["sides"]:
        side.pop("resumed")
    return summary


class Interrupt:
    """A progress callback that stops the run (as Ctrl-C would) once ``after`` games are recorded."""

    def __init__(self, after: int):
        self.after, self.seen = after, 0

    def __call__(self, games: int) -> None:
        self.seen += games
        if self.seen >= self.after:
            raise KeyboardInterrupt


def test_an_interrupted_run_resumes_to_the_uninterrupted_summary_game_by_game(tmp_path):
    whole, part = tmp_path / "whole", tmp_path / "part"
    sides = simulate(PLANS, games=40, players=2, seed=5, out=whole, chunk=10)
    expected = write_report(sides, 2, whole, "t")
    with pytest.raises(KeyboardInterrupt):
        simulate(PLANS, games=40, players=2, seed=5, out=part, chunk=10, progress=Interrupt(30))
    assert len(recorded(part)) == 30
    with (part / GAMES_FILE).open("a", encoding="utf-8") as games:
        games.write('{"side": 1, "seed": 44, "actio')  # a line cut short by a kill mid-write
    resumed = simulate(PLANS, games=40, players=2, seed=5, out=part, chunk=10, resume=True)
    assert [side.resumed for side in resumed] == [30, 0]
    assert all(not side.records for side in resumed)  # streamed: only aggregates stay in memory
    summary = write_report(resumed, 2, part, "t")
    assert summary["resumed"] == 30
    assert recorded(part) == recorded(whole)  # every game once, the same games
    assert without_run_counts(summary) == without_run_counts(expected)
    again = simulate(PLANS, games=40, players=2, seed=5, out=part, chunk=10, resume=True)
    assert [side.resumed for side in again] == [40, 40] and len(recorded(part)) == 80  # nothing replayed


def test_resume_refuses_a_folder_of_other_settings_or_none(tmp_path):
    simulate(PLANS, games=4, players=2, seed=5, out=tmp_path)
    with pytest.raises(ResumeProblem, match="other settings .*first_seed"):
        simulate(PLANS, games=4, players=2, seed=6, out=tmp_path, resume=True)
    with pytest.raises(ResumeProblem, match="no simulation to resume"):
        simulate(PLANS, games=4, players=2, out=tmp_path / "empty", resume=True)


def test_the_command_resumes_and_says_so(tmp_path):
    out = tmp_path / "out"
    first = runner.invoke(app, ["simulate", str(HOUSE / "three-tiles.rules"), "-n", "6", "-o", str(out)])
    assert first.exit_code == 0, first.output
    lines = (out / GAMES_FILE).read_text(encoding="utf-8").splitlines()
    (out / GAMES_FILE).write_text("\n".join(lines[:5]) + "\n", encoding="utf-8")
    second = runner.invoke(app, ["simulate", str(HOUSE / "three-tiles.rules"), "-n", "6", "-o", str(out), "--resume"])
    assert second.exit_code == 0, second.output
    assert "resumed: 5 games" in second.output
    assert json.loads((out / "summary.json").read_text())["resumed"] == 5
    assert len(recorded(out)) == 12
    other = runner.invoke(app, ["simulate", str(HOUSE / "three-tiles.rules"), "-n", "6", "-o", str(out),
                                "--resume", "--seed", "9"])
    assert other.exit_code != 0 and "other settings" in other.output and "Traceback" not in other.output


def test_the_games_left_to_play_are_runs_of_seeds_one_bit_each():
    from rulespec.play.simulate import SeedSet, _chunks
    done = SeedSet(10, 30)
    for seed in (12, 13, 20):
        done.add(seed)
    assert 12 in done and 14 not in done and 9 not in done and 40 not in done
    assert len(done.bits) == 4  # 30 seeds in 4 bytes, whatever a run's length
    assert [(c.start, c.stop) for c in _chunks(10, 30, 5, done)] == \
           [(10, 12), (14, 19), (19, 20), (21, 26), (26, 31), (31, 36), (36, 40)]
    with pytest.raises(ValueError):
        done.add(40)
