"""`--out` names a folder: `rulespec docs`, `simulate` and `site` refuse an existing file at once, before
any work, with one line and exit code 2 (issue #10, part 7b); an existing folder is written in as before."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rulespec.cli.console import EXIT_USAGE
from rulespec.cli.main import app

ROOT = Path(__file__).resolve().parents[2]
PEBBLES = ROOT / "tests" / "core" / "fixtures" / "pebbles.rules"
runner = CliRunner()


def run(*args: str):
    started = time.monotonic()
    result = runner.invoke(app, list(args))
    return result, time.monotonic() - started


def refused(result) -> str:
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert result.exit_code == EXIT_USAGE == 2, result.output
    assert len(lines) == 1, result.output
    assert "Traceback" not in result.output and "internal error" not in result.output
    assert "FileExistsError" not in result.output
    return lines[0]


@pytest.fixture
def a_file(tmp_path, monkeypatch) -> Path:
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "site.txt"
    path.write_text("mine\n", encoding="utf-8")
    return path


@pytest.fixture
def no_games(monkeypatch):
    """Fail the test if any game is played."""
    import rulespec.play.simulate

    def played(*args, **kwargs):
        raise AssertionError("a game was played before --out was checked")

    monkeypatch.setattr(rulespec.play.simulate, "simulate", played)


@pytest.mark.parametrize("command", [["docs", str(PEBBLES)], ["docs", "shell-we", "--html"],
                                     ["simulate", str(PEBBLES), "--games", "500"],
                                     ["simulate", "shell-we", "--games", "100000"], ["site"]])
def test_an_existing_file_is_refused_at_once(a_file, no_games, command):
    result, seconds = run(*command, "--out", "site.txt")
    assert refused(result) == "error: --out site.txt is a file, not a folder"
    assert seconds < 5, f"took {seconds:.1f} s: the command did its work before checking --out"
    assert a_file.read_text(encoding="utf-8") == "mine\n"  # untouched


@pytest.mark.parametrize("command", [["docs", str(PEBBLES)], ["simulate", str(PEBBLES), "--games", "500"]])
def test_a_folder_inside_a_file_is_refused_too(a_file, no_games, command):
    result, _ = run(*command, "-o", "site.txt/deeper")
    assert refused(result) == "error: --out site.txt/deeper: site.txt is a file, not a folder"


def test_the_default_folder_being_a_file_is_refused(tmp_path, monkeypatch, no_games):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "docs-pebbles").write_text("mine\n", encoding="utf-8")
    (tmp_path / "simulate-pebbles").write_text("mine\n", encoding="utf-8")
    assert refused(run("docs", str(PEBBLES))[0]) == "error: --out docs-pebbles is a file, not a folder"
    assert refused(run("simulate", str(PEBBLES))[0]) == "error: --out simulate-pebbles is a file, not a folder"


def test_docs_writes_into_an_existing_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "keep.txt").write_text("kept\n", encoding="utf-8")
    result, _ = run("docs", str(PEBBLES), "--out", "out")
    assert result.exit_code == 0, result.output
    assert (tmp_path / "out" / "docs" / "index.md").is_file() and (tmp_path / "out" / "mkdocs.yml").is_file()
    assert (tmp_path / "out" / "keep.txt").read_text(encoding="utf-8") == "kept\n"


def test_simulate_writes_into_an_existing_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "out").mkdir()
    result, _ = run("simulate", str(PEBBLES), "--games", "3", "--out", "out")
    assert result.exit_code == 0, result.output
    assert (tmp_path / "out" / "report.md").is_file() and (tmp_path / "out" / "summary.json").is_file()
