"""A game named by a file's content (a house rule's `extends`, a counterexample's `# game:` line, an
OpenSpiel game string, the adapters' game) is a bundled game or a `.rules` file below an allowed
folder; anything else is refused before it is opened, and no other file's text reaches a message
(issue #37, class 4; rulespec/pipeline/rule_paths.py)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import rulespec
from rulespec.cli.main import app
from rulespec.language.errors import RuleError
from rulespec.pipeline import bundled_house_rules, compile_rules
from rulespec.pipeline.rule_paths import RULES_PATH_ENV, RulePathRefused, confined_rule_file
from rulespec.check.verify import load_counterexample

ROOT = Path(__file__).resolve().parents[2]
SECRET = "s3cretTOKEN4711"
GAME = (ROOT / "rulebooks" / "tic-tac-toe.rules").read_text(encoding="utf-8")


@pytest.fixture
def places(tmp_path, monkeypatch):
    """A project folder and, beside it, files it must not read: a rule file and a text file holding a
    secret, links to them and to the environment, a folder and a pipe named like rule files."""
    monkeypatch.delenv(RULES_PATH_ENV, raising=False)
    project, outside = tmp_path / "project", tmp_path / "outside"
    project.mkdir()
    outside.mkdir()
    (outside / "secret.rules").write_text(f"{SECRET} is my password\n", encoding="utf-8")
    (outside / "secret.txt").write_text(f"{SECRET}\n", encoding="utf-8")
    (outside / "base.rules").write_text(GAME, encoding="utf-8")
    (project / "notes.txt").write_text(f"{SECRET} = 1\n", encoding="utf-8")
    (project / "link-out.rules").symlink_to(outside / "secret.rules")
    (project / "link-env.rules").symlink_to("/proc/self/environ")
    (project / "link-loop.rules").symlink_to(project / "link-loop.rules")
    (project / "folder.rules").mkdir()
    os.mkfifo(project / "pipe.rules")  # would block a reader for ever
    return project, outside


def hostile_names(project: Path, outside: Path) -> list[str]:
    """What a stranger's file may name, each refused: absolute paths, `../`, links out, other suffixes."""
    return [
        "/proc/self/environ", "../../../../../../proc/self/environ", str(outside / "secret.rules"),
        "../outside/secret.rules", str(outside / "secret.txt"), "../outside/secret.txt", "notes.txt",
        "link-out.rules", "link-env.rules", "link-loop.rules", "folder.rules", "pipe.rules",
        "sub/../../outside/secret.rules", "no\0where.rules", "",
    ]


# ----------------------------------------------------------------------------- extends


def extends_problem(path: Path):
    with pytest.raises(RuleError) as info:
        compile_rules(path)
    assert len(info.value.diagnostics) == 1, str(info.value)
    return info.value.diagnostics[0], str(info.value)


def test_extends_names_no_file_outside_its_folder(places):
    project, outside = places
    for number, name in enumerate(hostile_names(project, outside)):
        if "\0" in name:
            continue  # (the parser refuses a control character in a rule file first)
        house = project / f"house-{number}.rules"
        house.write_text(f'# a house rule\nextends "{name}"\n', encoding="utf-8")
        problem, text = extends_problem(house)
        assert (Path(problem.path), problem.line, problem.column) == (house, 2, 1), text
        assert problem.message.startswith(f'this file extends "{name}", which '), text
        assert problem.hint, text
        assert SECRET not in text and "password" not in text


def test_extends_reads_below_its_folder_and_an_allowed_one(places, monkeypatch):
    project, outside = places
    (project / "rules").mkdir()
    (project / "rules" / "base.rules").write_text(GAME, encoding="utf-8")
    (project / "link-in.rules").symlink_to(project / "rules" / "base.rules")
    for name in ("rules/base.rules", "./rules/../rules/base.rules", "link-in.rules", "tic-tac-toe"):
        house = project / "house.rules"
        house.write_text(f'extends "{name}"\n', encoding="utf-8")
        assert compile_rules(house).title == "Tic-tac-toe"
    house.write_text('extends "../outside/base.rules"\n', encoding="utf-8")
    problem, text = extends_problem(house)
    assert "outside the folders rule files are read from" in problem.message
    assert "--allow-dir" in problem.hint and str(project) in problem.hint
    assert rulespec.load(house, allowed_dirs=[outside]).new_game(2) is not None  # the API's allowance
    with pytest.raises(TypeError, match="allowed_dirs is a list of folders"):
        rulespec.load(house, allowed_dirs=str(outside))
    monkeypatch.setenv(RULES_PATH_ENV, str(outside))  # the environment's
    assert compile_rules(house).title == "Tic-tac-toe"


def test_the_command_line_allows_a_folder(places, monkeypatch):
    project, outside = places
    monkeypatch.chdir(project)
    monkeypatch.setenv(RULES_PATH_ENV, "")  # (restored after: --allow-dir adds to it for the process)
    (project / "house.rules").write_text('extends "../outside/base.rules"\n', encoding="utf-8")
    refused = CliRunner().invoke(app, ["check", "house.rules"])
    assert refused.exit_code == 1 and "house.rules:1:1" in refused.output
    assert "outside the folders rule files are read from" in refused.output
    allowed = CliRunner().invoke(app, ["--allow-dir", str(outside), "check", "house.rules"])
    assert allowed.exit_code == 0, allowed.output
    assert "ok house.rules parses and checks" in allowed.output


def test_bundled_games_and_house_rules_stay_names():
    assert confined_rule_file("tic-tac-toe", Path(), [Path()], "here") == ROOT / "rulebooks" / "tic-tac-toe.rules"
    for name, path in bundled_house_rules().items():  # (a house rule extending one is issue #42's to allow)
        assert confined_rule_file(name, Path("/nowhere"), [], "here") == path
    with pytest.raises(RulePathRefused, match="did you mean `tic-tac-toe`"):
        confined_rule_file("tic-tac-tow", Path(), [Path()], "here")


# ----------------------------------------------------------------------------- replay


def test_a_counterexample_names_no_file_outside(places, monkeypatch):
    project, outside = places
    monkeypatch.chdir(project)
    for number, name in enumerate(hostile_names(project, outside)):
        saved = project / f"cex-{number}.txt"
        saved.write_text(f"# property: x\n# game: {name}\n# players: 2\n", encoding="utf-8")
        with pytest.raises(ValueError) as info:
            load_counterexample(saved)
        assert str(info.value).startswith(f"{saved}:2: its game is {name!r}, which "), info.value
        assert SECRET not in str(info.value)
        result = CliRunner().invoke(app, ["replay", str(saved)])
        assert result.exit_code == 2, result.output
        assert f"{saved}:2: its game is" in result.output and SECRET not in result.output


def test_a_counterexample_replays_a_game_beside_it_or_allowed(places, monkeypatch):
    project, outside = places
    monkeypatch.chdir(project)
    monkeypatch.setenv(RULES_PATH_ENV, "")
    (outside / "cex.txt").write_text(f"# game: {outside / 'base.rules'}\n# players: 2\n", encoding="utf-8")
    beside = CliRunner().invoke(app, ["replay", str(outside / "cex.txt")])  # below the counterexample's folder
    assert beside.exit_code == 0 and "does not happen again" in beside.output, beside.output
    (project / "cex.txt").write_text(f"# game: {outside / 'base.rules'}\n# players: 2\n", encoding="utf-8")
    refused = CliRunner().invoke(app, ["replay", "cex.txt"])
    assert refused.exit_code == 2 and "cex.txt:1: its game is" in refused.output, refused.output
    allowed = CliRunner().invoke(app, ["--allow-dir", str(outside), "replay", "cex.txt"])
    assert allowed.exit_code == 0 and "does not happen again" in allowed.output, allowed.output


# ----------------------------------------------------------------------------- the adapters


def test_the_adapters_load_no_file_outside(places, monkeypatch):
    pyspiel = pytest.importorskip("pyspiel")
    import rulespec.openspiel as rso
    import rulespec.pettingzoo as rsp
    project, outside = places
    monkeypatch.chdir(project)
    for name in hostile_names(project, outside):
        loaders = [lambda: rso.load_game(name), lambda: rsp.env(name)]
        if "\0" not in name:  # (pyspiel's game strings are C strings)
            loaders.append(lambda: pyspiel.load_game(f"rulespec(game={name})"))
        for loader in loaders:
            with pytest.raises(RulePathRefused) as info:
                loader()
            assert f"cannot load {name!r}, which " in str(info.value)
            assert SECRET not in str(info.value)


def test_the_adapters_load_a_rule_file_below_the_working_directory_or_allowed(places, monkeypatch):
    pytest.importorskip("pyspiel")
    import rulespec.openspiel as rso
    import rulespec.pettingzoo as rsp
    project, outside = places
    (project / "mine.rules").write_text(GAME, encoding="utf-8")
    monkeypatch.chdir(project)
    assert rso.load_game("mine.rules").num_players() == 2
    assert rsp.env("mine.rules").possible_agents == ["player_1", "player_2"]
    with pytest.raises(RulePathRefused, match="outside the folders"):
        rso.load_game(str(outside / "base.rules"))
    monkeypatch.setenv(RULES_PATH_ENV, str(outside))
    assert rso.load_game(str(outside / "base.rules")).num_players() == 2
    assert rso.load_game("shell-we/three-tiles").num_players() == 2  # a bundled house rule by its name


# ----------------------------------------------------------------------------- the environment, for real


def test_no_reader_echoes_the_environment(tmp_path):
    """/proc/self/environ of a process holding a secret, named directly and through a link, by every
    reader, through the command line and the adapters: refused, and the secret printed nowhere."""
    (tmp_path / "env.rules").symlink_to("/proc/self/environ")
    for number, name in enumerate(("/proc/self/environ", "env.rules")):
        (tmp_path / f"house-{number}.rules").write_text(f'extends "{name}"\n', encoding="utf-8")
        (tmp_path / f"cex-{number}.txt").write_text(f"# game: {name}\n# players: 2\n", encoding="utf-8")
    adapters = ("import pyspiel, rulespec.openspiel, rulespec.pettingzoo\n"
                "for name in ('/proc/self/environ', 'env.rules'):\n"
                "    for load in (lambda: pyspiel.load_game(f'rulespec(game={name})'),\n"
                "                 lambda: rulespec.pettingzoo.env(name)):\n"
                "        try:\n"
                "            load()\n"
                "        except Exception as error:\n"
                "            print(type(error).__name__, error)\n")
    environment = dict(os.environ, RULESPEC_TEST_SECRET=SECRET)
    environment.pop(RULES_PATH_ENV, None)
    runs = [[sys.executable, "-m", "rulespec", "check", f"house-{n}.rules"] for n in (0, 1)]
    runs += [[sys.executable, "-m", "rulespec", "replay", f"cex-{n}.txt"] for n in (0, 1)]
    runs.append([sys.executable, "-c", adapters])
    for command in runs:
        done = subprocess.run(command, cwd=tmp_path, env=environment, capture_output=True, text=True, timeout=120)
        output = done.stdout + done.stderr
        assert SECRET not in output and "RULESPEC_TEST_SECRET" not in output, output
        assert "Traceback" not in output and "internal error" not in output, output
        if "-c" in command:
            assert output.count("RulePathRefused cannot load") == 4, output
        else:
            assert done.returncode in (1, 2) and ("which is neither" in output or "which is outside" in output), output


# ----------------------------------------------------------------------------- a folder's rule files (the site)


def test_the_site_reads_no_link_out_of_a_folder(places, monkeypatch):
    from rulespec.docs.site import own_rule_files
    project, outside = places
    listed = project / "rules"
    listed.mkdir()
    (listed / "mine.rules").write_text(GAME, encoding="utf-8")
    targets = {"link-pipe.rules": project / "pipe.rules", "link-out.rules": outside / "secret.rules",
               "link-env.rules": Path("/proc/self/environ"), "link-loop.rules": listed / "link-loop.rules"}
    for link, target in targets.items():
        (listed / link).symlink_to(target)
        with pytest.raises(RulePathRefused) as info:
            own_rule_files([listed])
        assert f"cannot load {link!r}, which is outside" in str(info.value) and SECRET not in str(info.value)
        (listed / link).unlink()
    assert own_rule_files([listed]) == [listed / "mine.rules"]
    (project / "pipe.rules").unlink()
    (project / "folder.rules").rmdir()
    monkeypatch.chdir(project)
    result = CliRunner().invoke(app, ["site", "--markdown-only", "-o", str(project / "site")])
    assert result.exit_code == 2 and "cannot load 'link-env.rules', which is outside" in result.output, result.output
    assert SECRET not in result.output
