"""Hostile rule files, one or more per class of attack (issue #10), through the real command line.

Each file in ``hostile/`` carries a payload that would create ``PWNED`` in the working folder if any
text of it ran as code, and says on its second line what must come out::

    # expect: ok            the file is valid: `rulespec check` passes and plays its examples
    # expect: error         a RuleError: exit 1 and `path:line:column: error: ...`
    # expect: error 3:1     ... reported at that line and column

``rulespec check`` (parse, check, generate, import, run the examples) and, for valid files, a seeded
``rulespec play`` run in a fresh folder with a time limit; nothing may print a traceback or
"internal error", and ``PWNED`` must not appear. File names get the same treatment.

The first valid file goes through a process of its own (``python -m rulespec check``, then ``play``), as do
the hostile file names: the command line as a person runs it. The other files go through the same command
line in this process (Typer's runner, the same arguments, in their own folder, the same time limit): a
process each cost about two seconds of start-up (imports, the grammar built) for some 70 runs.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import threading
from dataclasses import dataclass
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rulespec.cli.main import app

HERE = Path(__file__).parent
CORPUS = sorted((HERE / "hostile").glob("*.rules"))
EXPECT = re.compile(r"^# expect: (ok|error)(?: (\d+):(\d+))?\s*$", re.MULTILINE)
LIMIT_S = 60  # generous for a slow 2-core machine; a bounded file is refused in well under a second


def rulespec(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "RULESPEC_TRACEBACK"}
    return subprocess.run([sys.executable, "-m", "rulespec", *args], cwd=cwd, capture_output=True, text=True,
                          timeout=LIMIT_S, stdin=subprocess.DEVNULL, env=env)


@dataclass
class Ran:
    """What a command run in this process gave, as a process's result reads (its output in ``stdout``)."""

    returncode: int
    stdout: str
    stderr: str = ""


def _out_of_time(signum, frame):
    raise TimeoutError(f"no answer in {LIMIT_S} s")


def rulespec_here(*args: str, cwd: Path, monkeypatch) -> Ran:
    """``rulespec ARGS`` in this process, in ``cwd``, under the same time limit as a process."""
    monkeypatch.delenv("RULESPEC_TRACEBACK", raising=False)
    monkeypatch.chdir(cwd)
    timed = threading.current_thread() is threading.main_thread()  # (signals reach the main thread only)
    before = signal.signal(signal.SIGALRM, _out_of_time) if timed else None
    if timed:
        signal.alarm(LIMIT_S)
    try:
        result = CliRunner().invoke(app, list(args))
    finally:
        if timed:
            signal.alarm(0)
            signal.signal(signal.SIGALRM, before)
    # an exception out of the command (not its exit) is what a process would print as a traceback
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return Ran(result.exit_code, result.output)


THROUGH_A_PROCESS = next(path for path in CORPUS if "# expect: ok" in path.read_text(encoding="utf-8"))


def assert_clean(result, folder: Path) -> str:
    output = result.stdout + result.stderr
    assert "Traceback" not in output and "internal error" not in output, output
    assert not (folder / "PWNED").exists(), "a payload from the rule file ran"
    return output


def test_there_is_a_corpus():
    assert len(CORPUS) >= 15
    for path in CORPUS:
        assert EXPECT.search(path.read_text(encoding="utf-8")), f"{path.name} says nothing of what must come out"


@pytest.mark.parametrize("source", CORPUS, ids=[p.stem for p in CORPUS])
def test_a_hostile_file_runs_nothing_and_ends_in_a_rule_error_or_passes(tmp_path, source, monkeypatch):
    text = source.read_bytes()
    match = EXPECT.search(text.decode("utf-8"))
    expect, line, column = match.group(1), match.group(2), match.group(3)
    path = tmp_path / source.name
    path.write_bytes(text)
    run = rulespec if source == THROUGH_A_PROCESS else \
        (lambda *args, cwd: rulespec_here(*args, cwd=cwd, monkeypatch=monkeypatch))
    result = run("check", path.name, cwd=tmp_path)
    output = assert_clean(result, tmp_path)
    if expect == "ok":
        assert result.returncode == 0, output
        played = run("play", path.name, "--seed", "1", "--watch", cwd=tmp_path)
        assert played.returncode == 0, played.stdout[-2000:] + played.stderr
        assert_clean(played, tmp_path)
    else:
        assert result.returncode == 1, output
        where = rf"{re.escape(path.name)}:{line}:{column}: error: " if line else rf"{re.escape(path.name)}:\d+:\d+: error: "
        assert re.search(where, output), output


HOSTILE_NAMES = [
    'x"""; __import__("pathlib").Path("PWNED").touch() #.rules',
    "x'''; __import__('pathlib').Path('PWNED').touch() #.rules",
    "x\n__import__('pathlib').Path('PWNED').touch()\n.rules",
    "x\r__import__('pathlib').Path('PWNED').touch().rules",
]


@pytest.mark.parametrize("name", HOSTILE_NAMES, ids=["triple-double", "triple-single", "newline", "return"])
def test_a_hostile_file_name_runs_nothing(tmp_path, name):
    shutil.copy(HERE / "hostile" / "html_in_titles.rules", tmp_path / name)
    result = rulespec("check", name, cwd=tmp_path)
    output = assert_clean(result, tmp_path)
    assert result.returncode == 0, output


def test_a_file_name_too_long_for_the_file_system_is_a_usage_problem(tmp_path):
    result = rulespec("check", "a" * 300 + ".rules", cwd=tmp_path)
    output = assert_clean(result, tmp_path)
    assert result.returncode == 2, output
    assert "cannot be a rule file" in output or "no rule file" in output, output
