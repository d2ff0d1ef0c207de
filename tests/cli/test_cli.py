"""The `rulespec` command line, driven through typer's CliRunner (and once through the installed script)."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import types
from pathlib import Path

import pytest
from typer.testing import CliRunner

import rulespec
from rulespec import pipeline
from rulespec.cli.main import app

runner = CliRunner()
SHELL_WE = pipeline.bundled_rulebooks()["shell-we"]


def run(*args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input)


def one_line_error(result) -> str:
    """The whole complaint of a usage error: exactly one non-empty line, and no traceback."""
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1, result.output
    assert "Traceback" not in result.output
    return lines[0]


def broken_copy(tmp_path: Path, old: str, new: str) -> tuple[Path, int]:
    """shell-we.rules with one piece of text changed; returns the copy and the changed line's number."""
    text = SHELL_WE.read_text(encoding="utf-8")
    assert old in text
    line = text[: text.index(old)].count("\n") + 1
    path = tmp_path / "broken.rules"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path, line


# ----------------------------------------------------------------------------- check


def test_check_bundled_game_prints_summary_and_examples():
    result = run("check", "shell-we")
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())  # the summary paragraph is wrapped to the terminal
    assert "Shell We?" in out and "2 to 4 players" in out
    assert re.search(r"\d+ declarations", out)
    assert re.search(r"cite \d+ clause IDs", out)
    assert re.search(r"\d+ rulings", out)
    assert "pass worked_penalty" in out
    assert "FAIL" not in out and "Traceback" not in out


def test_check_accepts_a_path():
    result = run("check", str(SHELL_WE))
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("old,new", [
    ("players 2 to 4", "players 2 too 4"),  # a syntax error
    ("move tile to rack of player as draw", "move tile to rack of playr as draw"),  # a checker error
])
def test_check_broken_file_reports_file_line_col(tmp_path, old, new):
    path, line = broken_copy(tmp_path, old, new)
    result = run("check", str(path))
    assert result.exit_code == 1, result.output
    assert re.search(rf"broken\.rules:{line}:\d+: error", result.output), result.output
    assert "Traceback" not in result.output


def test_check_failing_example_exits_1(tmp_path):
    path, _ = broken_copy(tmp_path, "then penalty of player 2 = 33", "then penalty of player 2 = 34")
    result = run("check", str(path))
    assert result.exit_code == 1, result.output
    assert "FAIL worked_penalty" in result.output
    assert "does not hold" in result.output


def test_check_unknown_game_is_a_usage_error():
    result = run("check", "shel-we")
    assert result.exit_code == 2
    assert "did you mean `shell-we`" in one_line_error(result)


def test_check_missing_file_is_a_usage_error(tmp_path):
    result = run("check", str(tmp_path / "nowhere.rules"))
    assert result.exit_code == 2
    assert "no rule file" in one_line_error(result)


def test_check_unknown_variant_is_a_usage_error():
    result = run("check", "shell-we", "--variant", "no_such_variant")
    assert result.exit_code == 2
    assert "no variant `no_such_variant`" in one_line_error(result)


# ----------------------------------------------------------------------------- build


@pytest.fixture
def engines_in_tmp(tmp_path, monkeypatch) -> Path:
    """Build into a scratch folder: the pipeline resolves `engines_dir` through its own module global. Two
    bundled games, not all: these tests check what build writes and what --check says of it (each build of
    every game took about two seconds); every committed engine is compared with its rule file in
    tests/core/test_generation.py, and by CI's own `rulespec build --check`."""
    from rulespec.cli import build
    target = tmp_path / "engines"
    monkeypatch.setattr(pipeline, "engines_dir", lambda: target)
    games = pipeline.bundled_rulebooks()
    monkeypatch.setattr(build, "bundled_rulebooks", lambda: {name: games[name] for name in ("kuhn-poker", "shell-we")})
    return target


def test_build_writes_then_check_passes_then_fails_on_a_modified_copy(engines_in_tmp):
    first = run("build")
    assert first.exit_code == 0, first.output
    assert "wrote" in first.output and "shell_we.py" in first.output
    written = engines_in_tmp / "shell_we.py"
    assert written.exists()
    real = Path(rulespec.__file__).resolve().parent.parent / "engines" / "shell_we.py"
    real_before = real.read_bytes() if real.exists() else None

    clean = run("build", "--check")
    assert clean.exit_code == 0, clean.output
    assert "up to date" in clean.output

    modified = written.read_text(encoding="utf-8") + "\n# edited by hand\n"
    written.write_text(modified, encoding="utf-8")
    stale = run("build", "--check")
    assert stale.exit_code == 1, stale.output
    assert "OUT OF DATE" in stale.output and "shell_we.py" in stale.output
    assert written.read_text(encoding="utf-8") == modified, "--check must not write"
    assert (real.read_bytes() if real.exists() else None) == real_before  # the checkout's engines/ untouched

    rebuilt = run("build")
    assert rebuilt.exit_code == 0 and "wrote" in rebuilt.output
    assert run("build", "--check").exit_code == 0


def test_build_check_names_a_missing_engine(engines_in_tmp):
    result = run("build", "--check")
    assert result.exit_code == 1
    assert "shell_we.py" in result.output
    assert not engines_in_tmp.exists()


# ----------------------------------------------------------------------------- play


def test_play_watch_plays_a_two_player_game_to_the_end():
    result = run("play", "shell-we", "--players", "2", "--watch", "--seed", "1")
    assert result.exit_code == 0, result.output
    out = result.output
    assert re.search(r"^setup: chance: draw \S+ \d+, draw \S+ \d+, draw \S+ \d+ and \d+ more; player 1: start with ",
                     " ".join(out.split("\n", 1)[1].split())), out[:800]  # a deal is counted, not listed
    assert re.search(r"^turn 1, player 1: (play|draw) ", out, re.M) and "turn 1, player 1: player 1:" not in out
    assert "== game over ==" in out and out.count("beach (face A):") == 1  # the board at the end only
    assert len(out.splitlines()) < 100
    boards = run("play", "shell-we", "--players", "2", "--watch", "--boards", "--seed", "1").output
    assert "== setup ==" in boards and "== turn 1: player 1 ==" in boards and "  chance: draw" in boards
    assert boards.count("beach (face A):") > 10  # the board at every turn
    # the same seed gives the same game as rulespec.random_game
    expected = rulespec.random_game(rulespec.load("shell-we"), 2, seed=1).outcome()
    winners = " and ".join(f"player {w + 1}" for w in expected["winners"])
    words = " ".join(out.split())  # long lines wrap at words
    assert re.search(rf"game over by {expected['end'].replace('_', ' ')} .*: {winners} (wins|share the win)",
                     words), out[-800:]


def test_play_controlled_seat_reads_answers_and_explains_a_bad_one():
    result = run("play", "shell-we", "--seed", "3", "--seat", "1", input="not a move\n99\n1\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "your choices" in out and "rack of player 1 (you)" in out
    assert "not allowed: 'not a move' is not one of your choices: type a number 1 to" in out
    assert "there is no choice 99" in out
    assert re.search(r"player 1: start with \w+ \d+", out)
    assert "no more input" in out
    assert "Traceback" not in out


def test_play_refuses_a_typed_answer_in_the_players_words_not_the_rule_files_step_names():
    engine = rulespec.load("shell-we")
    state = engine.new_game(players=3)
    while state.is_chance_node():  # the CLI's table plays chance by its seeded RNG: only the step matters
        state.apply(state.chance_outcomes()[0][0])
    step = state.observation(0)["decision"]["step"]
    first = state.legal_actions(0)[0].text
    typo = first + "x"  # close to a choice, never one
    result = run("play", "shell-we", "--seed", "3", "--seat", "1", input=f"nonsense words\n{typo}\nquit\n")
    assert result.exit_code == 0, result.output
    out = result.output
    refusals = [line for line in out.splitlines() if line.startswith("not allowed:")]
    assert len(refusals) == 2, out[-1500:]
    assert "is not one of your choices" in refusals[0] and "type a number 1 to" in refusals[0]
    assert f"{typo!r} is not one of your choices; did you mean" in refusals[1]
    assert all(step not in line and "one of the choices for" not in line for line in refusals), refusals


def test_play_shows_only_the_seats_observation():
    result = run("play", "shell-we", "--seed", "3", "--seat", "1", input="")
    assert result.exit_code == 0, result.output
    # replay the CLI's game up to player 1's first decision to learn what player 2 holds
    import random
    from rulespec.runtime.engine import random_step
    state, rng = rulespec.load("shell-we").new_game(2), random.Random(3)
    while state.current_player() != 0:
        state.apply(random_step(state, rng))
    rack = state._t.zone_base["rack"]
    hidden = {state.game.ITEM_LABEL[i] for i in state._zones[rack + 1]} - {"starfish"}
    assert hidden
    assert f"rack of player 2: {len(state._zones[rack + 1])} (hidden)" in result.output
    for label in hidden:
        assert not re.search(rf"\b{label}\b", result.output), f"{label} of player 2's rack was shown"
    for item in state._zones[rack]:
        assert state.game.ITEM_LABEL[item] in result.output


def test_play_action_text_is_accepted():
    dry = run("play", "shell-we", "--seed", "3", "--seat", "1", input="")
    match = re.search(r"  1\. (start with \w+ \d+)", dry.output)
    assert match, dry.output
    result = run("play", "shell-we", "--seed", "3", "--seat", "1", input=f"{match.group(1)}\n")
    assert result.exit_code == 0, result.output
    assert f"player 1: {match.group(1)}" in result.output


def test_play_whole_game_with_a_human_seat_ends_with_the_outcome():
    result = run("play", "shell-we", "--seed", "5", "--seat", "1", input="1\n" * 2000)
    assert result.exit_code == 0, result.output[-2000:]
    assert "== game over ==" in result.output and re.search(r"rank 1: player \d", result.output)


SNAP = Path(__file__).resolve().parents[1] / "core" / "fixtures" / "snap.rules"


@pytest.mark.skipif(not SNAP.exists(), reason="the Snap fixture (a claim window) is not in this checkout")
def test_play_claim_window_lets_a_human_seat_wait():
    result = run("play", str(SNAP), "--players", "3", "--seed", "2", "--seat", "1", input="1\n0\n")
    assert result.exit_code == 0, result.output
    assert "0. wait: let the others claim first" in result.output
    assert "player 1 waits" in result.output
    whole = run("play", str(SNAP), "--players", "3", "--seed", "2", "--seat", "1", input="1\n" * 300)
    assert whole.exit_code == 0 and "== game over ==" in whole.output, whole.output[-1500:]


@pytest.mark.skipif(not SNAP.exists(), reason="the Snap fixture (a stacked zone) is not in this checkout")
def test_observation_keeps_the_order_of_a_public_stacked_zone():
    import random
    from rulespec.runtime.engine import random_step
    engine = rulespec.load(SNAP)
    for seed in range(20):
        state, rng = engine.new_game(3), random.Random(seed)
        while not state.is_terminal():
            pile = [engine.ITEM_LABEL[i] for i in state._zones[state._t.zone_base["pile"]]]
            if pile != sorted(pile):  # a pile whose order is not also its sorted order
                assert state.observation(0)["zones"]["pile"]["items"] == pile
                return
            state.apply(random_step(state, rng))
    pytest.skip("no unsorted pile came up")


def test_play_eof_at_the_first_question_exits_cleanly():
    result = run("play", "shell-we", "--seed", "1", input="")
    assert result.exit_code == 0
    assert "no more input" in result.output and "Traceback" not in result.output


def test_play_quit():
    result = run("play", "shell-we", "--seed", "1", input="help\nquit\n1\n")
    assert result.exit_code == 0
    assert "`quit` leaves the game" in result.output
    assert "you left the game: the game stops on turn 0, unfinished" in result.output


@pytest.mark.parametrize("args,words", [
    (["play", "no-such-game"], "no bundled game"),
    (["play", "shell-we", "--option", "side=C"], "option 'side' takes A, B"),
    (["play", "shell-we", "--option", "colour=red"], "has no option 'colour'"),
    (["play", "shell-we", "--option", "side"], "NAME=VALUE"),
    (["play", "shell-we", "--players", "7", "--watch"], "2 to 4 players, not 7"),
    (["play", "shell-we", "--seat", "3"], "seats are 1 to 2"),
    (["play", "shell-we", "--watch", "--seat", "1"], "--watch"),
])
def test_play_bad_input_is_one_line_and_exit_2(args, words):
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert words in one_line_error(result)


def test_play_with_option_side_b():
    result = run("play", "shell-we", "--watch", "--seed", "2", "--option", "side=B", "--players", "3")
    assert result.exit_code == 0, result.output[-1000:]
    assert "options side=B" in result.output and "(face B)" in result.output


# ----------------------------------------------------------------------------- verify and replay


@pytest.fixture
def real_verify():
    return pytest.importorskip("rulespec.check.verify")


@pytest.fixture
def fake_verify(monkeypatch, real_verify):
    """rulespec.check.verify with a canned ``verify()`` (no Hypothesis run): the CLI's side of the contract."""
    module = types.ModuleType("rulespec.check.verify")
    module.__dict__.update({k: v for k, v in vars(real_verify).items() if not k.startswith("__")})
    module.calls = []
    module.result = real_verify.VerifyReport("shell-we", "Shell We?", [2], {"side": "A"}, ())

    def verify(name_or_path, **kwargs):
        module.calls.append((name_or_path, kwargs))
        return module.result

    module.verify = verify
    monkeypatch.setitem(sys.modules, "rulespec.check.verify", module)
    return module


def test_verify_passes_arguments_and_exits_0_when_ok(fake_verify):
    result = run("verify", "shell-we", "--players", "3", "--examples", "7", "--seed", "4", "--option", "side=B")
    assert result.exit_code == 0, result.output
    assert "every property holds" in result.output
    (name, kwargs), = fake_verify.calls
    assert name == "shell-we"
    assert callable(kwargs.pop("progress"))  # the progress bar's hook (tests/cli/test_progress.py)
    assert kwargs == {"variants": (), "options": {"side": "B"}, "players": 3, "seed": 4, "max_examples": 7}


def test_verify_failure_exits_1_and_saves_a_counterexample_that_replays(fake_verify, tmp_path):
    history = rulespec.random_game(rulespec.load("shell-we"), 2, seed=9).history[:40]
    # a made-up failure whose last action is refused on replay
    actions = history + ["player 1: play red 99"]
    fake_verify.result.failures.append(
        fake_verify.Failure("made_up_property", "it broke", 2, {"side": "A"}, actions, "shell-we"))
    saved = tmp_path / "cex.txt"
    result = run("verify", "shell-we", "--save", str(saved))
    assert result.exit_code == 1, result.output
    assert "made_up_property" in result.output and saved.exists()
    assert f"rulespec replay {saved}" in result.output

    replayed = run("replay", str(saved))
    assert replayed.exit_code == 1, replayed.output
    out = replayed.output
    assert "recorded failure: made_up_property: it broke" in out
    assert f"   1. {history[0]}" in out and f"{len(history):>4}. {history[-1]}" in out
    assert f"fails: step {len(actions)} (player 1: play red 99) is refused" in out
    assert "Traceback" not in out


def test_replay_of_a_counterexample_that_no_longer_fails_exits_0(real_verify, tmp_path):
    history = rulespec.random_game(rulespec.load("shell-we"), 3, seed=4).history[:60]
    saved = real_verify.save_counterexample(
        tmp_path / "fixed.txt", real_verify.Failure("clone", "was broken once", 3, {}, history, "shell-we"))
    result = run("replay", str(saved))
    assert result.exit_code == 0, result.output
    assert "60. " in result.output and "does not happen again" in result.output


def test_verify_for_real_on_a_tiny_budget(real_verify):
    result = run("verify", "shell-we", "--players", "2", "--examples", "2", "--seed", "1")
    assert result.exit_code == 0, result.output
    assert "every property holds" in result.output


def test_verify_bad_option_is_a_usage_error(fake_verify):
    result = run("verify", "shell-we", "--option", "side=Z")
    assert result.exit_code == 2
    assert "side" in one_line_error(result)
    assert fake_verify.calls == []


def test_replay_missing_or_malformed_file_is_a_usage_error(fake_verify, tmp_path):
    result = run("replay", str(tmp_path / "none.txt"))
    assert result.exit_code == 2
    assert "no counterexample file" in one_line_error(result)
    junk = tmp_path / "junk.txt"
    junk.write_text("player 1: pass\n", encoding="utf-8")
    result = run("replay", str(junk))
    assert result.exit_code == 2
    assert "cannot read" in one_line_error(result)


def test_verify_without_the_verifier_says_so(monkeypatch):
    monkeypatch.setitem(sys.modules, "rulespec.check.verify", None)  # as if rulespec/check/verify.py did not exist
    result = run("verify", "shell-we")
    assert result.exit_code == 1
    assert "not available" in result.output and "Traceback" not in result.output


# ----------------------------------------------------------------------------- the installed entry point


def test_version():
    result = run("--version")
    assert result.exit_code == 0 and rulespec.__version__ in result.output


@pytest.mark.skipif(shutil.which("rulespec") is None, reason="the rulespec script is not installed (pip install -e .)")
def test_installed_entry_point():
    """The console script from pyproject.toml, as a person runs it (one process: startup costs seconds)."""
    result = subprocess.run(["rulespec", "check", "shell-we"], capture_output=True, text=True, timeout=300,
                            stdin=subprocess.DEVNULL)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "parses and checks" in result.stdout and "Traceback" not in result.stderr


def test_site_reports_a_broken_rule_file_by_the_path_a_user_types(tmp_path, monkeypatch):
    """`rulespec site` finds the folder's rule files from its absolute path; the error names them as
    `bad.rules:3:16`, as `rulespec check bad.rules` does, not /tmp/.../bad.rules."""
    (tmp_path / "bad.rules").write_text('game "Bad"\n  id "bad"\n  players 2 to banana\n', encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = run("site", "--no-bundled", "--markdown-only")
    assert result.exit_code == 1, result.output
    assert re.search(r"^bad\.rules:3:16: error: ", result.output, re.M), result.output
    assert str(tmp_path) not in result.output
