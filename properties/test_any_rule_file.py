"""verify() on every bundled rule file (through the rulespec pytest plugin), and on broken copies of one
that it must catch.

A broken copy is the bundled Shell We? rule file with one rule changed by text substitution; the
rule file's own invariants must catch it, with a shrunk action list that replays to the violation.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import Phase
from hypothesis import settings as Settings
from typer.testing import CliRunner

import rulespec
from rulespec.cli.main import app
from rulespec.pipeline.rule_paths import RULES_PATH_ENV
from rulespec.pipeline import bundled_rulebooks
from rulespec.check.verify import load_counterexample, replay, replay_and_check, save_counterexample, verify

ROOT = Path(__file__).resolve().parent.parent
BUNDLED = bundled_rulebooks()
SHELL_WE = BUNDLED["shell-we"]


FIXTURES = sorted((ROOT / "tests" / "core" / "fixtures").glob("*.rules"))


def test_the_plugin_verifies_every_bundled_rule_file_and_every_fixture_game(request):
    """Every bundled rule file, and the small games of the core tests (they use what Shell We? does not:
    claim windows, stacked zones, ties drawn by lot, other boards), is an item of the rulespec plugin
    (`rulebooks/shell-we.rules::properties[3 players]`...): configured in pyproject.toml, collected with
    this folder, verified for every player count the game allows with the profile's budget. Here: the
    configuration names them all, and the plugin's items for them are the ones expected."""
    from rulespec.check.pytest_plugin import RuleFileSettings, _plan
    plan = _plan(request.config)
    assert plan is not None, "pyproject.toml's [tool.pytest.ini_options] has no rulespec_files"
    assert plan.problem is None, plan.problem
    assert plan.testdir == Path(__file__).resolve().parent
    wanted = [p.resolve() for p in list(BUNDLED.values()) + FIXTURES]
    assert sorted(plan.files) == sorted(wanted)
    assert all(settings == RuleFileSettings() for settings in plan.files.values())  # every count, the profile's
    collected = {item.nodeid for item in request.session.items}
    for path in wanted:
        game = rulespec.load(path)
        prefix = path.relative_to(ROOT).as_posix()
        expected = {f"{prefix}::properties[{n} players]" for n in range(game.min_players, game.max_players + 1)}
        expected |= {f"{prefix}::example[{e.name}]" for e in game.model.examples} | {f"{prefix}::check"}
        if any(nodeid.startswith(prefix + "::") for nodeid in collected):  # when this run collected them
            assert expected <= collected, sorted(expected - collected)


def _broken_copy(tmp_path: Path, name: str, old: str, new: str, count: int = 1) -> Path:
    text = SHELL_WE.read_text(encoding="utf-8")
    assert text.count(old) >= count, f"the rule file no longer contains {old!r}: update this mutation"
    broken = text.replace(old, new, count)
    assert broken != text
    path = tmp_path / f"{name}.rules"
    path.write_text(broken, encoding="utf-8")
    return path


MUTATIONS = {
    # a pearl's bonus tile placed as a regular tile: it needs no neighbour, so `adjacency` breaks
    "bonus-as-regular": ("    place tile on space as bonus\n", "    place tile on space as regular\n",
                         "invariant:adjacency"),
    # the first tile of a turn no longer has to touch the tiles already on the beach
    "no-adjacency": ("only if tile is shell and tile fits space and space is empty and space has an occupied "
                     "neighbour\n", "only if tile is shell and tile fits space and space is empty\n",
                     "invariant:adjacency"),
}


# The first mutation's run takes the whole path: Hypothesis shrinks the counterexample, and the printed replay
# command runs in a process of its own (`python -m rulespec`). The second's is the same search with the failure
# kept as found (no shrink phase: shrinking took two thirds of its run) and its printed command run through the
# command line in this process (Typer's runner, the same arguments, from the checkout): both are caught, replay,
# report, save and read back as before.
WHOLE_PATH = "bonus-as-regular"


@pytest.mark.parametrize("name", list(MUTATIONS))
def test_a_broken_rule_file_is_caught_with_a_replayable_counterexample(name, tmp_path, budget, monkeypatch):
    old, new, expected = MUTATIONS[name]
    broken = _broken_copy(tmp_path, name, old, new)
    as_found = None if name == WHOLE_PATH else Settings(phases=[Phase.generate])
    report = verify(broken, players=3, max_examples=50, stateful_step_count=50, derandomize=True,
                    max_applies=budget.max_applies, fast_forward=budget.fast_forward,
                    save_counterexamples=tmp_path / "found", settings=as_found)
    assert not report.ok
    failure = report.failures[0]
    assert failure.property == expected, report.render()
    assert (failure.players, failure.options, failure.game) == (3, {"side": "A"}, str(broken))
    assert failure.actions, "a counterexample needs actions"

    # the action list replays, and the violation happens at its last action, not before
    state = replay(broken, failure.actions, players=3, options=failure.options)
    assert any(v.startswith(expected.split(":", 1)[1] + ":") for v in state._violations), state._violations
    before = replay(broken, failure.actions[:-1], players=3, options=failure.options)
    assert before._violations == []
    assert failure.actions[-1].startswith("player ")

    # the report names the property, lists the actions and says how to replay them
    text = report.render()
    assert expected in text and "FAILED" in text
    assert f"1. {failure.actions[0]}" in text and f"{len(failure.actions)}. {failure.actions[-1]}" in text
    assert failure.path is not None and failure.path.exists()
    # (the game is outside the counterexample's folder and the working directory: the command allows its folder)
    assert f"python -m rulespec --allow-dir {tmp_path} replay {failure.path}" in text

    # the printed command replays it and reports the violation again
    command = text.split("replay: ", 1)[1].splitlines()[0]
    assert command == f"python -m rulespec --allow-dir {tmp_path} replay {failure.path}"
    arguments = ["--allow-dir", str(tmp_path), "replay", str(failure.path)]
    if name == WHOLE_PATH:
        done = subprocess.run([sys.executable, "-m", "rulespec", *arguments], cwd=ROOT,
                              capture_output=True, text=True, timeout=300)
        returncode, stdout, output = done.returncode, done.stdout, done.stdout + done.stderr
    else:
        monkeypatch.delenv("RULESPEC_TRACEBACK", raising=False)
        # (--allow-dir adds to RULESPEC_RULES_PATH for the process: put back as it was after the test)
        monkeypatch.setenv(RULES_PATH_ENV, os.environ.get(RULES_PATH_ENV, ""))
        monkeypatch.chdir(ROOT)
        ran = CliRunner().invoke(app, arguments)
        assert ran.exception is None or isinstance(ran.exception, SystemExit), repr(ran.exception)
        returncode, stdout, output = ran.exit_code, ran.stdout, ran.output
    assert returncode == 1, output
    assert expected.split(":", 1)[1] in stdout and "Traceback" not in output

    # and so does the in-process replay that an unsaved failure's command runs
    printed = io.StringIO()
    found = replay_and_check(str(broken), failure.actions, 3, failure.options, out=printed)
    assert expected in [f.property for f in found], printed.getvalue()

    # the saved counterexample reads back to the same failure
    again = load_counterexample(failure.path, allowed_dirs=[tmp_path])  # (its game is not below its folder)
    assert (again.game, again.players, again.options, again.actions, again.property) == \
        (failure.game, 3, failure.options, failure.actions, expected)
    copy = save_counterexample(tmp_path / "copy.txt", again)
    assert copy.read_text(encoding="utf-8").splitlines()[:2] == [f"# game: {broken}", "# players: 3"]
    assert load_counterexample(copy, allowed_dirs=[tmp_path]).actions == failure.actions


def test_the_unbroken_copy_is_not_reported(tmp_path):
    """The same run on an identical copy passes: the failures above come from the changed rule."""
    same = tmp_path / "same.rules"
    same.write_text(SHELL_WE.read_text(encoding="utf-8"), encoding="utf-8")
    report = verify(same, players=3, max_examples=8, stateful_step_count=30, derandomize=True,
                    max_applies=8, save_counterexamples=None,
                    settings=Settings(phases=[Phase.generate]))
    assert report.ok, report.render()
