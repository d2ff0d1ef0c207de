"""The README's rule file and its engine API example are real: the rule file checks with `rulespec check`
(its executable example passes) and the API example runs against it, saying what its comments say."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _block(language: str) -> str:
    blocks = re.findall(rf"```{language}\n(.*?)```", README, re.S)
    assert len(blocks) == 1, f"the README has {len(blocks)} ```{language} blocks, not one"
    return blocks[0]


def _run(command: list[str], folder: Path) -> subprocess.CompletedProcess:
    return subprocess.run(command, cwd=folder, capture_output=True, text=True, timeout=120)


def test_the_readme_rule_file_checks_and_its_example_passes(tmp_path):
    (tmp_path / "last-stick.rules").write_text(_block("rules"), encoding="utf-8")
    result = _run([sys.executable, "-m", "rulespec", "check", "last-stick.rules"], tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "ok last-stick.rules parses and checks" in result.stdout
    assert "examples (1 of 1 pass)" in result.stdout


def test_the_readme_api_example_runs_on_that_rule_file(tmp_path):
    (tmp_path / "last-stick.rules").write_text(_block("rules"), encoding="utf-8")
    api = _block("python")
    assert 'rulespec.load("last-stick.rules"' in api
    result = _run([sys.executable, "-c", api], tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == ("[Action(player=0, text='take 1'), Action(player=0, text='take 2'), "
                        "Action(player=0, text='take 3')]")
    assert "'winners': [0]" in lines[1]  # 8 sticks: take 3, 3, then player 1 takes the last 2
    assert lines[2] == "[1.0, -1.0]" and lines[3] == "True"  # as the comments say
    assert "game over: last_stick, winners player 1" in lines


def test_the_readme_stays_short():
    assert len(README.splitlines()) <= 250
