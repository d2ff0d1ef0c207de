"""A reader that leaves early (`rulespec play ... | head -1`) is no problem: exit 0, no message."""

from __future__ import annotations

import subprocess
import sys

import pytest


@pytest.mark.parametrize("command", [
    ["play", "shell-we", "--watch", "--boards", "--seed", "1"],  # long output: the pipe breaks while printing
    ["check", "shrimp"],  # short output, still buffered when the command ends: the final flush breaks
    ["play", "--help"],  # click's own output, outside any command body
    ["--version"],
])
def test_a_closed_pipe_exits_0_quietly(command):
    process = subprocess.Popen([sys.executable, "-m", "rulespec", *command], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE)
    reads_a_line = "--watch" in command
    first = process.stdout.readline() if reads_a_line else b""
    process.stdout.close()  # like `head -1`: read (at most) one line, then go away
    stderr = process.stderr.read()
    assert process.wait(timeout=300) == 0, stderr
    assert stderr == b""
    if reads_a_line:
        assert first.startswith(b"Shell We?: 2 players, seed 1")
