"""Progress of long work: a rich bar on a terminal, one plain line per stage anywhere else (CI logs)."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console
from typer.testing import CliRunner

from rulespec import pipeline
from rulespec.cli.main import app
from rulespec.cli.progress import StageProgress

runner = CliRunner()
CONTROL = re.compile("[\x1b\r]")


@pytest.fixture(autouse=True)
def plain_unless_asked(monkeypatch):
    """Rich reads these to decide whether it writes to a terminal; each test says which it wants."""
    for name in ("TTY_COMPATIBLE", "TTY_INTERACTIVE", "FORCE_COLOR"):
        monkeypatch.delenv(name, raising=False)


def staged(console: Console) -> None:
    with StageProgress(console, "verify shrimp", "examples") as progress:
        for done in range(4):
            progress("2 players", done, 3)
        progress("3 players", 0, 1)
        progress("3 players", 1, 1)


def test_plain_lines_when_not_a_terminal():
    out = io.StringIO()
    staged(Console(file=out, width=100))
    lines = out.getvalue().splitlines()
    assert len(lines) == 2
    assert re.fullmatch(r"verify shrimp: 2 players \.\.\. 3 examples, \d+ s", lines[0])
    assert re.fullmatch(r"verify shrimp: 3 players \.\.\. done, \d+ s", lines[1])
    assert not CONTROL.search(out.getvalue())


def test_a_bar_with_counts_and_an_eta_on_a_terminal():
    out = io.StringIO()
    staged(Console(file=out, width=120, force_terminal=True))
    text = out.getvalue()
    assert "\x1b[" in text and "━" in text
    assert "verify shrimp: 2 players" in text and "3/3" in text and "ETA" in text
    assert " ... " not in text  # the plain lines are for logs only


def test_a_stage_cut_short_says_so():
    out = io.StringIO()
    with pytest.raises(KeyError):
        with StageProgress(Console(file=out, width=100), "site", "rule files") as progress:
            progress("pages", 1, 5)
            raise KeyError("the work failed")
    assert re.fullmatch(r"site: pages \.\.\. stopped after 1 of 5 rule files, \d+ s\n", out.getvalue())


@pytest.fixture
def two_games(monkeypatch) -> int:
    """build --check over two bundled games, not all twenty (about two seconds each time): these tests read
    the progress it shows; every committed engine is checked in tests/core/test_generation.py."""
    from rulespec.cli import build
    games = pipeline.bundled_rulebooks()
    monkeypatch.setattr(build, "bundled_rulebooks", lambda: {name: games[name] for name in ("kuhn-poker", "shell-we")})
    return 2


def test_build_prints_one_line_per_stage_in_a_log(two_games):
    result = runner.invoke(app, ["build", "--check"])
    assert result.exit_code == 0, result.output
    count = two_games
    assert re.search(rf"^build --check: engines \.\.\. {count} engines, \d+ s$", result.stderr, re.M), result.stderr
    assert not CONTROL.search(result.output)


def test_build_draws_a_bar_when_rich_is_told_it_is_a_terminal(monkeypatch, two_games):
    monkeypatch.setenv("TTY_COMPATIBLE", "1")  # the documented way to force the bar
    result = runner.invoke(app, ["build", "--check"])
    assert result.exit_code == 0, result.output
    count = two_games
    assert "━" in result.stderr and f"{count}/{count}" in result.stderr, result.stderr
    assert " ... " not in result.stderr


def test_verify_reports_its_examples_per_player_count():
    result = runner.invoke(app, ["verify", "shrimp", "--players", "2", "--examples", "2", "--seed", "1"])
    assert result.exit_code == 0, result.output
    found = re.search(r"^verify shrimp: 2 players \.\.\. (\d+) examples?, \d+ s$", result.stderr, re.M)
    assert found and int(found.group(1)) >= 2, result.stderr
    assert not CONTROL.search(result.output)


def test_the_verify_hook_counts_examples_as_they_end():
    from rulespec.check.verify import verify
    heard: list[tuple[str, int, int]] = []
    report = verify("shrimp", players=2, max_examples=3, seed=2, save_counterexamples=None,
                    progress=lambda *call: heard.append(call))
    assert report.ok
    assert heard[0] == ("2 players", 0, 3)
    assert [done for _, done, _ in heard] == list(range(len(heard)))  # one call per example, in order
    assert len(heard) >= 4 and {stage for stage, _, _ in heard} == {"2 players"}


def test_simulate_reports_its_games(tmp_path):
    result = runner.invoke(app, ["simulate", "shell-we", "--games", "2", "--seed", "3", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert re.search(r"^simulate shell-we: games \.\.\. 2 games, \d+ s$", result.stderr, re.M), result.stderr
    assert not CONTROL.search(result.output)


def test_the_site_hook_reports_each_rule_files_pages():
    from rulespec.docs import site
    heard: list[tuple[str, int, int]] = []
    token = site._PROGRESS.set(lambda *call: heard.append(call))
    try:
        site.site_pages(games={"shrimp": pipeline.bundled_rulebooks()["shrimp"]}, house_rules=[])
    finally:
        site._PROGRESS.reset(token)
    assert heard == [("pages", 0, 1), ("pages", 1, 1)]


def test_a_one_step_stage_on_a_terminal_has_no_count_in_another_stages_unit():
    out = io.StringIO()
    with StageProgress(Console(file=out, width=120, force_terminal=True), "site", "rule files") as progress:
        progress("pages", 0, 6)
        progress("pages", 6, 6)
        progress("mkdocs build", 0, 1)  # `rulespec site` ran "0/1 rule files" here: a build is not a rule file
        progress("mkdocs build", 1, 1)
    shown = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", out.getvalue()).replace("\r", "\n")  # the text, not its styling
    lines = [line for line in shown.splitlines() if "site: " in line]
    assert any("site: pages" in line and "6/6 rule files" in line for line in lines), lines
    builds = [line for line in lines if "site: mkdocs build" in line]
    assert builds and not any("rule file" in line or "/1" in line for line in builds), builds
