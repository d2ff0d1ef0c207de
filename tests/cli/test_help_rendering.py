"""The help reads as the README and the manual (docs/guide/) show it, whatever typer the resolver picked:
a flag has no metavar (`--watch`, not `--watch <bool>`) and usage lines name arguments plainly (`GAME`,
not `{GAME}`).

typer 0.27 and later render both differently; pyproject.toml pins typer below that, and these tests
fail when a resolution breaks the pin's promise.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from rulespec.cli.main import app


def _help(*command: str) -> str:
    """`rulespec COMMAND --help` as a terminal 100 columns wide shows it."""
    env = {**os.environ, "COLUMNS": "100", "TERM": "dumb", "NO_COLOR": "1"}
    result = subprocess.run([sys.executable, "-m", "rulespec", *command, "--help"], capture_output=True,
                            text=True, env=env, timeout=120, stdin=subprocess.DEVNULL)
    assert result.returncode == 0, result.stderr
    return result.stdout


def _usage(text: str) -> str:
    lines = [line.strip() for line in text.splitlines() if line.strip().startswith("Usage:")]
    assert len(lines) == 1, text
    return lines[0]


def test_play_help_shows_flags_without_a_metavar_and_the_game_plainly():
    text = _help("play")
    assert "<bool>" not in text, text
    assert _usage(text) == "Usage: rulespec play [OPTIONS] GAME", text
    watch = next(line for line in text.splitlines() if "--watch" in line)
    assert re.search(r"--watch\s+Every seat plays automatically", watch), watch


def _commands() -> list[str]:
    import typer.main
    return sorted(typer.main.get_command(app).commands)


@pytest.mark.parametrize("command", _commands())
def test_every_command_help_has_no_bool_metavar_and_no_braces_in_usage(command):
    result = CliRunner().invoke(app, [command, "--help"], env={"COLUMNS": "100"})
    assert result.exit_code == 0, result.output
    assert "<bool>" not in result.output, result.output
    assert "{" not in _usage(result.output), result.output


# simulate is being rewritten by another change (#13 cluster work); its docstring keeps breaks too.
@pytest.mark.parametrize("name", ["check", "build", "play", "verify", "replay", "profile", "init", "docs", "site"])
def test_help_paragraphs_are_wrapped_by_the_terminal_not_by_the_source(name):
    """typer's rich help keeps every line break of a paragraph after the first, so a docstring wrapped
    at 110 columns read as ragged lines cut mid-sentence (`rulespec site --help`, and its entry in the
    command list ran to ten lines)."""
    import typer.main
    command = typer.main.get_command(app).commands[name]
    later = (command.help or "").split("\n\n")[1:]
    assert not [p for p in later if "\n" in p.strip() and not p.startswith("\b")], command.help
    listed = _help()
    entry = re.search(rf"^│ {name} +(.*?)(?=^│ \S|^╰)", listed, re.M | re.S)
    assert entry and len(entry.group(0).splitlines()) <= 3, listed
