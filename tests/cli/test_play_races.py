"""`rulespec play --seat`: in a claim window the person races the bots, whose claims come after their
reaction times (drawn from the seeded rng) while the person types. With `--clock simulated` (piped
input) an answer carries its time (`@2 smash the lemon`), so a race is exact and replays; with
`--clock wall` the bots' claims come due in real time (a line read with a timeout)."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from pathlib import Path

from typer.testing import CliRunner

from rulespec.cli.main import app
from rulespec.cli.timed_input import TimedLines

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[2]
# Shrimp with 2 players and seed 4: player 1 turns a card (answer 1), then the claim window opens, in
# which player 1 may smash (1) or call without smashing (2), and player 2, the bot, claims too.
SHRIMP = ["play", "shrimp", "--seat", "1", "--seed", "4", "--clock", "simulated"]


def test_a_person_slower_than_the_bot_loses_the_race():
    result = runner.invoke(app, SHRIMP + ["--reaction", "2=1s"], input="1\n@2 1\n")
    assert result.exit_code == 0, result.output
    assert "too late for player 1: player 2 was faster (1.00 s, player 1 2.00 s)" in result.output
    assert "player 1: smash the lemon" not in result.output  # the late claim was refused
    assert "player 2: call without smashing the lemon (1.00 s)" in result.output


def test_a_person_faster_than_the_bot_wins_the_race():
    result = runner.invoke(app, SHRIMP + ["--reaction", "2=5s"], input="1\n@2 1\n")
    assert result.exit_code == 0, result.output
    assert "player 1: smash the lemon" in result.output
    assert "player 1 was faster (2.00 s); too late: player 2 (5.00 s)" in result.output
    assert "your decision (call)" in result.output  # the winner goes on to call


def test_help_and_mistakes_take_time_too():
    result = runner.invoke(app, SHRIMP + ["--reaction", "2=3s"], input="1\n@1 help\n@2.5 9\n@3.5 1\n")
    assert result.exit_code == 0, result.output
    assert "there is no choice 9" in result.output  # answered in time, but not a choice
    assert "too late for player 1: player 2 was faster (3.00 s, player 1 3.50 s)" in result.output


def test_the_same_seed_and_answers_replay_the_same_race():
    answers = "1\n@0.5 2\n" + "1\n" * 30
    first = runner.invoke(app, SHRIMP + ["--reaction", "lognormal(1, 0.5)"], input=answers)
    again = runner.invoke(app, SHRIMP + ["--reaction", "lognormal(1, 0.5)"], input=answers)
    assert first.exit_code == 0 and first.output == again.output
    assert " s)" in first.output  # the bots' times were drawn and told


def test_reaction_times_are_checked():
    bad = runner.invoke(app, SHRIMP + ["--reaction", "1=2s"], input="")
    assert bad.exit_code == 2 and "player 1 is yours" in bad.output
    worse = runner.invoke(app, SHRIMP + ["--reaction", "2=in a minute"], input="")
    assert worse.exit_code == 2 and "is not a time" in worse.output and "Traceback" not in worse.output
    clock = runner.invoke(app, ["play", "shrimp", "--clock", "sundial"], input="")
    assert clock.exit_code == 2 and "--clock is wall or simulated" in clock.output


def test_a_line_is_read_with_a_timeout():
    read, write = os.pipe()
    lines = TimedLines(os.fdopen(read, "r"))
    started = time.monotonic()
    assert lines.readline(0.2) is None and time.monotonic() - started >= 0.19  # nothing typed: timed out
    threading.Timer(0.05, lambda: os.write(write, b"smash\n")).start()
    assert lines.readline(5) == "smash\n"  # typed in time
    os.write(write, b"too late\n")
    time.sleep(0.1)
    assert lines.discard_typed() == ["too late\n"]
    os.close(write)
    assert lines.readline(5) == "" and lines.readline(None) == ""  # end of input, for good


def _play_in_wall_clock_time(reaction: str, delay: float) -> str:
    """Shrimp against one bot in real time: answer the turn, wait for the window's prompt, then
    `delay` seconds, then smash; the transcript."""
    process = subprocess.Popen([sys.executable, "-m", "rulespec", *SHRIMP[:-1], "wall", "--reaction",
                                f"2={reaction}"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})
    output = b""

    def until(marker: bytes, count: int = 1) -> None:
        nonlocal output
        deadline = time.monotonic() + 120
        while output.count(marker) < count and time.monotonic() < deadline:
            chunk = os.read(process.stdout.fileno(), 4096)
            if not chunk:
                break
            output += chunk

    until(b"player 1> ")
    process.stdin.write(b"1\n")
    process.stdin.flush()
    until(b"player 1> ", 2)  # the claim window's prompt: the bot's clock runs
    time.sleep(delay)
    process.stdin.write(b"1\nquit\n")
    process.stdin.flush()
    rest, _ = process.communicate(timeout=120)
    return (output + rest).decode()


def test_in_wall_clock_time_a_slow_answer_loses_and_a_quick_one_wins():
    lost = _play_in_wall_clock_time("0.3s", 1.5)
    assert "too late for player 1: player 2 was faster (0.30 s)" in lost, lost[-1500:]
    won = _play_in_wall_clock_time("30s", 0.0)
    assert "player 1: smash the lemon" in won and "too late: player 2 (30.00 s)" in won, won[-1500:]
