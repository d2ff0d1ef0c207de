"""`rulespec init [DIR]`: a starter project whose rule file checks and whose `pytest properties/` passes
through the rulespec plugin (a game of its own, or a house rule with --extends); it never overwrites a
file unless --force."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
import yaml
from typer.testing import CliRunner

from rulespec.cli.main import app
from rulespec.cli.init_project import FILES

runner = CliRunner()

EXPECTED = {"tide-pool.rules", "pytest.ini", "properties/conftest.py", "properties/test_games_end.py",
            "mkdocs.yml", "docs/.gitkeep", ".github/workflows/rulespec.yml", ".gitignore", "README.md"}


def _files(folder) -> set[str]:
    return {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()}


def workflow_commands(project) -> list[str]:
    """What the starter project's CI workflow runs, after installing rulespec."""
    workflow = yaml.safe_load((project / ".github/workflows/rulespec.yml").read_text(encoding="utf-8"))
    runs = [step["run"] for step in workflow["jobs"]["rules"]["steps"] if "run" in step]
    assert runs[0] == "python -m pip install 'rulespec[docs]'"
    return runs[1:]


def test_init_writes_a_project_that_checks_and_whose_properties_pass(tmp_path):
    project = tmp_path / "my-game"
    result = runner.invoke(app, ["init", str(project)])
    assert result.exit_code == 0, result.output
    assert set(FILES.values()) == EXPECTED and _files(project) == EXPECTED
    assert "rulespec check tide-pool.rules" in result.output and "pytest properties/" in result.output

    checked = runner.invoke(app, ["check", str(project / "tide-pool.rules")])
    assert checked.exit_code == 0, checked.output
    assert "examples (2 of 2 pass)" in checked.output

    readme = (project / "README.md").read_text(encoding="utf-8")
    workflow = (project / ".github/workflows/rulespec.yml").read_text(encoding="utf-8")
    for command in ("rulespec check tide-pool.rules", "pytest properties/", "rulespec site"):
        assert command in readme
    assert workflow_commands(project) == ['for file in *.rules; do rulespec check "$file"; done',
                                          "python -m pytest properties/", "rulespec site --no-bundled"]
    assert "tide-pool" not in workflow  # it names no file the user may rename

    environment = {k: v for k, v in os.environ.items() if k not in ("PYTEST_ADDOPTS", "HYPOTHESIS_PROFILE")}
    done = subprocess.run([sys.executable, "-m", "pytest", "properties/", "-v", "-p", "no:cacheprovider"],
                          cwd=project, capture_output=True, text=True, timeout=600, env=environment)
    assert done.returncode == 0, done.stdout + done.stderr
    for nodeid in ("tide-pool.rules::check", "tide-pool.rules::example[gold_counts_three]",
                   "tide-pool.rules::example[thrown_back_stays]", "tide-pool.rules::properties[2 players]",
                   "tide-pool.rules::properties[3 players]", "tide-pool.rules::properties[4 players]",
                   "properties/test_games_end.py::test_seeded_games_end_with_an_outcome[tide-pool.rules]"):
        assert f"{nodeid} PASSED" in done.stdout, done.stdout
    assert "7 passed" in done.stdout


def test_the_starter_project_names_no_rule_file_in_its_tests_or_ci_so_a_renamed_one_still_passes(tmp_path):
    """Its tests and its workflow find the rule files by pattern (pytest.ini's rulespec_files): renaming the
    game's file breaks neither."""
    assert runner.invoke(app, ["init", str(tmp_path)]).exit_code == 0
    (tmp_path / "tide-pool.rules").rename(tmp_path / "rock-pool.rules")
    environment = {k: v for k, v in os.environ.items() if k not in ("PYTEST_ADDOPTS", "HYPOTHESIS_PROFILE")}
    check_all, run_tests, _site = workflow_commands(tmp_path)  # (the site's is built in the test below)
    checked = subprocess.run(["bash", "-e", "-c", check_all], cwd=tmp_path, capture_output=True, text=True,
                             timeout=600, env=environment)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "rock-pool.rules parses and checks" in checked.stdout and "examples (2 of 2 pass)" in checked.stdout
    done = subprocess.run([*run_tests.split(), "-v", "-p", "no:cacheprovider"], cwd=tmp_path, capture_output=True,
                          text=True, timeout=600, env=environment)
    assert done.returncode == 0, done.stdout + done.stderr
    for nodeid in ("rock-pool.rules::check", "rock-pool.rules::properties[2 players]",
                   "properties/test_games_end.py::test_seeded_games_end_with_an_outcome[rock-pool.rules]"):
        assert f"{nodeid} PASSED" in done.stdout, done.stdout
    assert "tide-pool" not in done.stdout + done.stderr


def test_init_refuses_to_overwrite_and_writes_nothing(tmp_path):
    (tmp_path / "README.md").write_text("mine\n", encoding="utf-8")
    result = runner.invoke(app, ["init", str(tmp_path)])
    assert result.exit_code == 2
    assert "already has README.md" in result.output and "--force" in result.output
    assert "Traceback" not in result.output
    assert _files(tmp_path) == {"README.md"}  # not even the files that were not there
    assert (tmp_path / "README.md").read_text(encoding="utf-8") == "mine\n"


def test_init_force_overwrites(tmp_path):
    (tmp_path / "README.md").write_text("mine\n", encoding="utf-8")
    result = runner.invoke(app, ["init", str(tmp_path), "--force"])
    assert result.exit_code == 0, result.output
    assert _files(tmp_path) == EXPECTED
    assert "rulespec site" in (tmp_path / "README.md").read_text(encoding="utf-8")


def test_init_into_a_file_is_a_usage_problem(tmp_path):
    target = tmp_path / "taken"
    target.write_text("x", encoding="utf-8")
    result = runner.invoke(app, ["init", str(target)])
    assert result.exit_code == 2
    assert "cannot write a project into" in result.output and "Traceback" not in result.output


def test_init_defaults_to_the_current_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["init"])
    assert result.exit_code == 0, result.output
    assert _files(tmp_path) == EXPECTED
    assert "cd " not in result.output  # already there


def test_init_extends_a_bundled_game_with_a_house_rule_that_checks_and_is_collected(tmp_path):
    result = runner.invoke(app, ["init", str(tmp_path), "--extends", "shell-we"])
    assert result.exit_code == 0, result.output
    assert _files(tmp_path) == (EXPECTED - {"tide-pool.rules"}) | {"shell-we-house.rules"}
    text = (tmp_path / "shell-we-house.rules").read_text(encoding="utf-8")
    assert text.count('extends "shell-we"') == 1 and 'game "Shell We? (house rule)"' in text
    checked = runner.invoke(app, ["check", str(tmp_path / "shell-we-house.rules")])
    assert checked.exit_code == 0, checked.output
    assert "Shell We? (house rule) (shell-we-house," in checked.output
    assert "rulespec check shell-we-house.rules" in (tmp_path / "README.md").read_text(encoding="utf-8")
    for name in ("README.md", ".github/workflows/rulespec.yml", "properties/test_games_end.py"):
        assert "tide-pool" not in (tmp_path / name).read_text(encoding="utf-8")
    texts = "".join((tmp_path / name).read_text(encoding="utf-8") for name in EXPECTED - {"tide-pool.rules"})
    assert "$" not in texts.replace('"$file"', "")  # every template value filled in (the workflow's shell loop aside)
    done = subprocess.run([sys.executable, "-m", "pytest", "properties/", "--co", "-q", "-p", "no:cacheprovider"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    ids = done.stdout.splitlines()
    assert "shell-we-house.rules::check" in ids and "shell-we-house.rules::properties[4 players]" in ids
    assert any(line.startswith("shell-we-house.rules::example[") for line in ids)


def test_init_extends_only_a_bundled_game(tmp_path):
    result = runner.invoke(app, ["init", str(tmp_path), "--extends", "no-such-game"])
    assert result.exit_code == 2
    assert "no bundled game called 'no-such-game'" in result.output and "shell-we" in result.output
    assert _files(tmp_path) == set()


def test_the_starter_projects_mkdocs_yml_builds_its_site(tmp_path, monkeypatch):
    pytest.importorskip("mkdocs")
    pytest.importorskip("material")  # the docs extra, which .ci/run installs
    assert runner.invoke(app, ["init", str(tmp_path)]).exit_code == 0
    monkeypatch.chdir(tmp_path)
    site_command = workflow_commands(tmp_path)[-1].split()  # the workflow's own: the user's games only
    assert site_command[:2] == ["rulespec", "site"]
    result = runner.invoke(app, site_command[1:])
    assert result.exit_code == 0, result.output
    page = tmp_path / "site" / "rules" / "tide-pool" / "index.html"
    assert page.is_file(), sorted(p.relative_to(tmp_path).as_posix() for p in (tmp_path / "site").rglob("*.html"))
    assert "Tide Pool" in page.read_text(encoding="utf-8")
    assert _files(tmp_path / "docs") == {".gitkeep"}  # the site never writes into the user's docs folder


def test_init_keeps_a_projects_pytest_settings_in_pyproject_and_says_what_to_add(tmp_path):
    """A pytest.ini beside them would replace them (pytest reads the first configuration it finds): the
    project's own tests would lose their markers."""
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text('[project]\nname = "mine"\nversion = "0"\n\n[tool.pytest.ini_options]\n'
                         'markers = ["slow: a slow test"]\n', encoding="utf-8")
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_mine.py").write_text(
        "import pytest\n\n\n@pytest.mark.slow\ndef test_mine():\n    pass\n", encoding="utf-8")
    result = runner.invoke(app, ["init", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert not (tmp_path / "pytest.ini").exists()
    assert "kept your pytest settings in pyproject.toml" in result.output
    assert 'rulespec_files = ["tide-pool.rules"]' in result.output and "[tool.pytest.ini_options]" in result.output

    pyproject.write_text(pyproject.read_text(encoding="utf-8") + 'rulespec_files = ["tide-pool.rules"]\n',
                         encoding="utf-8")
    environment = {k: v for k, v in os.environ.items() if k not in ("PYTEST_ADDOPTS", "HYPOTHESIS_PROFILE")}
    done = subprocess.run([sys.executable, "-m", "pytest", "--strict-markers", "-v", "-p", "no:cacheprovider",
                           "-p", "no:randomly", "tests/", "properties/", "-k", "mine or check or example"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=600, env=environment)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "tests/test_mine.py::test_mine PASSED" in done.stdout, done.stdout
    assert "tide-pool.rules::check PASSED" in done.stdout, done.stdout


@pytest.mark.parametrize("name, text, section, line", [
    ("tox.ini", "[tox]\nenvlist = py\n\n[pytest]\naddopts = -q\n", "[pytest]", "rulespec_files = tide-pool.rules"),
    ("setup.cfg", "[tool:pytest]\naddopts = -q\n", "[tool:pytest]", "rulespec_files = tide-pool.rules"),
])
def test_init_keeps_pytest_settings_in_tox_ini_and_setup_cfg(tmp_path, name, text, section, line):
    (tmp_path / name).write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["init", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert not (tmp_path / "pytest.ini").exists()
    assert f"kept your pytest settings in {name}" in result.output
    assert section in result.output and line in result.output


def test_init_writes_pytest_ini_beside_a_pyproject_without_pytest_settings(tmp_path):
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "mine"\nversion = "0"\n', encoding="utf-8")
    (tmp_path / "tox.ini").write_text("[tox]\nenvlist = py\n", encoding="utf-8")
    result = runner.invoke(app, ["init", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "pytest.ini").is_file() and "kept your pytest settings" not in result.output
