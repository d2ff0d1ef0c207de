"""`rulespec site` in a folder of the user's own, outside this checkout: with no mkdocs.yml (the default
configuration), with the user's own mkdocs.yml (kept, the pages' extensions added, their docs folder
never written to), and without the docs extra (a clear message, exit 2). Each build is a real
`mkdocs build --strict`, run as a user would run it: the `rulespec` command in that folder."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from html import unescape
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rulespec.cli.main import app

ROOT = Path(__file__).resolve().parents[2]
FIXTURE = ROOT / "tests" / "core" / "fixtures" / "gems.rules"
HOUSE_RULE = '''# Our table's house rule: shorter games.
extends "shell-we"

game "Shell We? (short game)" [SHELL-OBJ-1, SHELL-COMP-7]
  id "shell-we-short-game"
  rulebook "shell-we.txt"
  players 2 to 4 [SHELL-COMP-5, SHELL-SETUP-3]
  at most 300 turns [SHELL-INV-12]
'''


def _needs_docs_extra() -> None:
    pytest.importorskip("mkdocs", reason="the docs extra is not installed (pip install -e '.[docs]')")
    pytest.importorskip("material", reason="mkdocs-material is not installed (pip install -e '.[docs]')")


def _rulespec(folder: Path, *args: str) -> subprocess.CompletedProcess:
    """The `rulespec` command in ``folder``, as a user runs it (its own process, no terminal)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    return subprocess.run([sys.executable, "-m", "rulespec", *args], cwd=folder, capture_output=True, text=True,
                          timeout=1200, env=env, stdin=subprocess.DEVNULL)


def _page(site: Path, path: str) -> str:
    return (site / path).read_text(encoding="utf-8")


def _h1(html: str) -> str:
    heading = re.search(r"<h1[^>]*>(.*?)</h1>", html, re.S).group(1)
    return unescape(re.sub(r"<[^>]+>", "", heading)).replace("¶", "").strip()


@pytest.fixture
def user_folder(tmp_path: Path) -> Path:
    """A user's folder outside the checkout: a game of their own, and a house rule in rules/."""
    folder = tmp_path / "my-games"
    folder.mkdir()
    assert ROOT not in folder.resolve().parents
    shutil.copy(FIXTURE, folder / "gems.rules")
    (folder / "rules").mkdir()
    (folder / "rules" / "short-game.rules").write_text(HOUSE_RULE, encoding="utf-8")
    return folder


def test_a_folder_without_mkdocs_yml_gets_the_default_site(user_folder: Path):
    _needs_docs_extra()
    done = _rulespec(user_folder, "site")
    assert done.returncode == 0, done.stdout + done.stderr
    site = user_folder / "site"
    assert "built site/index.html" in done.stdout
    game = _page(site, "rules/gems/index.html")
    assert _h1(game) == "Gems" and "gems.rules" in game
    house = _page(site, "rules/short-game/index.html")
    assert "What this changes" in house and "at most 300 turns" in house
    assert 'href="../../shell-we/' in house  # the bundled game it extends is on the site, and linked
    index = _page(site, "index.html")
    assert "Your rule files" in index and "rules/gems/" in index and "rules/short-game/" in index
    assert (site / "shell-we" / "index.html").is_file() and (site / "house-rules").is_dir()  # the bundled ones
    assert "assets/rulespec.css" in game and "tabbed-set" in game  # the theme's extensions and stylesheet
    assert sorted(p.name for p in user_folder.iterdir()) == ["gems.rules", "rules", "site"]  # nothing else written


def test_a_users_own_mkdocs_yml_is_kept_and_its_docs_are_not_written_to(user_folder: Path):
    _needs_docs_extra()
    (user_folder / "mkdocs.yml").write_text("site_name: Our table games\n", encoding="utf-8")
    (user_folder / "docs").mkdir()
    welcome = "# Welcome to our table\n\nHouse rules of the Tuesday club.\n"
    (user_folder / "docs" / "index.md").write_text(welcome, encoding="utf-8")
    done = _rulespec(user_folder, "site", "--no-bundled", "--out", "public")
    assert done.returncode == 0, done.stdout + done.stderr
    site = user_folder / "public"
    index = _page(site, "index.html")
    assert "Tuesday club" in index and "<title>Our table games</title>" in index  # their page and name win
    game = _page(site, "rules/gems/index.html")
    assert _h1(game) == "Gems"
    assert "assets/rulespec.css" in game and "tabbed-set" in game  # what the pages need, added to their config
    assert not (site / "shell-we").exists()  # --no-bundled
    assert (user_folder / "rules" / "short-game.rules").is_file() and (site / "rules" / "short-game").is_dir()
    assert sorted(p.name for p in (user_folder / "docs").iterdir()) == ["index.md"]
    assert (user_folder / "docs" / "index.md").read_text(encoding="utf-8") == welcome


def test_a_users_own_mkdocs_yml_without_its_docs_folder_builds_and_makes_no_folder(user_folder: Path):
    """All of a user's pages may be generated: MkDocs refuses a missing docs_dir, rulespec site does not."""
    _needs_docs_extra()
    (user_folder / "mkdocs.yml").write_text("site_name: Our table games\ndocs_dir: pages\n", encoding="utf-8")
    done = _rulespec(user_folder, "site", "--no-bundled", "gems.rules")
    assert done.returncode == 0, done.stdout + done.stderr
    assert _h1(_page(user_folder / "site", "rules/gems/index.html")) == "Gems"
    assert not (user_folder / "pages").exists()  # their docs folder is never made, nor written to


def test_the_users_site_is_built_strictly(user_folder: Path):
    """A broken link in the user's own page fails the build, as `mkdocs build --strict` does."""
    _needs_docs_extra()
    (user_folder / "mkdocs.yml").write_text("site_name: Our table games\n", encoding="utf-8")
    (user_folder / "docs").mkdir()
    (user_folder / "docs" / "about.md").write_text("# About\n\nSee [the missing page](missing.md).\n",
                                                   encoding="utf-8")
    done = _rulespec(user_folder, "site", "--no-bundled", "gems.rules")
    assert done.returncode == 1, done.stdout + done.stderr
    assert "missing.md" in done.stderr and "the site did not build" in done.stderr


def test_paths_name_rule_files_and_folders(user_folder: Path):
    from rulespec.docs.site import own_rule_files
    assert own_rule_files(folder=user_folder) == [user_folder / "gems.rules",
                                                  user_folder / "rules" / "short-game.rules"]
    assert own_rule_files([user_folder / "rules"]) == [user_folder / "rules" / "short-game.rules"]
    assert own_rule_files([ROOT / "rulebooks", user_folder / "gems.rules"]) == [user_folder / "gems.rules"]
    with pytest.raises(FileNotFoundError, match="nowhere.rules"):
        own_rule_files([user_folder / "nowhere.rules"])


def test_a_missing_path_is_a_usage_problem(user_folder: Path, monkeypatch):
    monkeypatch.chdir(user_folder)
    result = CliRunner().invoke(app, ["site", "nowhere.rules"])
    assert result.exit_code == 2, result.output
    assert "no rule file or folder nowhere.rules" in result.output


@pytest.mark.parametrize("missing", ["mkdocs", "material"])
def test_without_the_docs_extra_the_message_says_what_to_install(user_folder: Path, monkeypatch, missing):
    monkeypatch.chdir(user_folder)
    monkeypatch.setitem(sys.modules, missing, None)  # `import mkdocs` (or material) raises ImportError
    result = CliRunner().invoke(app, ["site"])
    assert result.exit_code == 2, result.output
    assert "pip install 'rulespec[docs]'" in result.output and "Traceback" not in result.output
    assert not (user_folder / "site").exists()


def test_markdown_only_needs_no_mkdocs_and_spares_a_folder_it_did_not_write(user_folder: Path, monkeypatch):
    monkeypatch.chdir(user_folder)
    monkeypatch.setitem(sys.modules, "mkdocs", None)
    result = CliRunner().invoke(app, ["site", "--markdown-only", "--no-bundled"])
    assert result.exit_code == 0, result.output
    assert "# Gems" in (user_folder / "docs" / "rules" / "gems.md").read_text(encoding="utf-8")
    (user_folder / "notes").mkdir()
    (user_folder / "notes" / "mine.md").write_text("mine\n", encoding="utf-8")
    refused = CliRunner().invoke(app, ["site", "--markdown-only", "--out", "notes"])
    assert refused.exit_code == 2 and "did not write" in refused.output
    assert sorted(p.name for p in (user_folder / "notes").iterdir()) == ["mine.md"]


def test_the_default_configuration_is_the_one_this_checkout_inherits(tmp_path: Path):
    """A folder without an mkdocs.yml gets the theme, plugins, extensions, stylesheet and link checks of
    this checkout's site: mkdocs.yml inherits them from the same file."""
    _needs_docs_extra()
    from mkdocs.config import load_config
    from rulespec.docs.site import SITE_CONFIG, _site_config
    (tmp_path / "docs").mkdir()
    default, theirs = _site_config(None, tmp_path, {}, load_config)
    checkout = load_config(str(ROOT / "mkdocs.yml"))
    assert theirs == set() and Path(default.docs_dir) == tmp_path / "docs"
    for key in ("site_name", "markdown_extensions", "extra_css", "validation", "strict"):
        assert default[key] == checkout[key], key
    assert default.theme.name == checkout.theme.name == "material" and dict(default.theme) == dict(checkout.theme)
    assert sorted(default.plugins) == sorted(p for p in checkout.plugins if "mkdocs_hook" not in p)
    assert default.plugins["material/search"].config == checkout.plugins["material/search"].config
    assert "INHERIT: rulespec/docs/site_config.yml" in (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    assert SITE_CONFIG.is_file()


def test_a_folder_without_rule_files_is_told_so(tmp_path: Path, monkeypatch):
    """Run from the wrong folder, `rulespec site --no-bundled` built an empty site and said nothing; with
    the bundled games, a note says none of the pages are the user's."""
    monkeypatch.chdir(tmp_path)
    empty = CliRunner().invoke(app, ["site", "--no-bundled"])
    assert empty.exit_code == 2, empty.output
    assert "no rule files of yours here" in empty.output and "nothing to build" in empty.output
    assert not (tmp_path / "site").exists()
    (tmp_path / "games").mkdir()
    given = CliRunner().invoke(app, ["site", "--no-bundled", "games"])
    assert given.exit_code == 2 and "in the folders given" in given.output, given.output

    # The bundled pages written here are Shell We?'s and its house rules' (the site's every bundled page is
    # built and checked once, in tests/docs/test_site.py): the note and a bundled-only site are what is asked.
    from rulespec.docs import site
    shell_we = {name: path for name, path in site.bundled_rulebooks().items() if name == "shell-we"}
    its_house_rules = {name: path for name, path in site.bundled_house_rules().items() if name.startswith("shell-we/")}
    monkeypatch.setattr(site, "bundled_rulebooks", lambda: dict(shell_we))
    monkeypatch.setattr(site, "bundled_house_rules", lambda: dict(its_house_rules))
    bundled_only = CliRunner().invoke(app, ["site", "--markdown-only", "--out", "md"])
    assert bundled_only.exit_code == 0, bundled_only.output
    assert "note: no rule files of yours here" in bundled_only.output
    assert (tmp_path / "md" / "shell-we" / "index.md").is_file()


def test_no_note_when_the_folder_has_rule_files(user_folder: Path, monkeypatch):
    monkeypatch.chdir(user_folder)
    result = CliRunner().invoke(app, ["site", "--markdown-only", "--no-bundled", "--out", "md"])
    assert result.exit_code == 0, result.output
    assert "no rule files of yours" not in result.output
