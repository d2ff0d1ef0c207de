"""`rulespec init [DIR]`: a starter project of one's own, from the templates in rulespec/cli/templates/project/.

It writes a rule file (Tide Pool, a small original game; or, with ``extends``, a house rule of a bundled
game), a ``properties/`` folder that ``pytest properties/`` verifies it from through the rulespec pytest
plugin (configured in ``pytest.ini``), an ``mkdocs.yml`` for ``rulespec site``, a GitHub Actions workflow
running the three commands and a README naming them. Nothing is overwritten unless asked (``force``).
Templates are filled with :class:`string.Template` (``$rule_file``, ``$title``...).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from string import Template
from typing import Optional

from ..output_files import OutputFolder

TEMPLATES = "templates/project"

# template (under rulespec/cli/templates/project/) -> where it goes in the new project. Python files are
# stored as .tmpl, so neither pytest nor an import ever picks them up inside the rulespec package.
FILES = {
    "game.rules": "tide-pool.rules",  # or house-rule.rules, as GAME-house.rules
    "pytest.ini": "pytest.ini",
    "properties/conftest.py.tmpl": "properties/conftest.py",
    "properties/test_games_end.py.tmpl": "properties/test_games_end.py",
    "mkdocs.yml": "mkdocs.yml",
    "docs/gitkeep": "docs/.gitkeep",  # pages of the user's own for the site; MkDocs skips dot files
    "github-workflow.yml": ".github/workflows/rulespec.yml",
    "gitignore": ".gitignore",
    "README.md": "README.md",
}


class UnknownGame(Exception):
    """``extends`` names no bundled game."""

    def __init__(self, game: str, bundled: list[str]):
        self.game, self.bundled = game, bundled
        super().__init__(f"no bundled game called {game!r} (bundled games: {', '.join(bundled) or 'none'})")


class ExistingFiles(Exception):
    """Files the project would overwrite: the caller decides (``rulespec init`` exits 2)."""

    def __init__(self, paths: list[Path]):
        self.paths = paths
        super().__init__(", ".join(map(str, paths)))


@dataclass(frozen=True)
class Written:
    folder: Path
    files: list[Path]  # relative to folder, in the order written
    rule_file: Path  # the rule file written, in folder
    # The folder's own pytest configuration, kept (no pytest.ini written): its file and the lines to add.
    pytest_settings: Optional["PytestSettings"] = None


@dataclass(frozen=True)
class PytestSettings:
    file: str  # pyproject.toml, tox.ini, setup.cfg
    section: str  # [tool.pytest.ini_options]
    lines: list[str]  # what to add under it


def existing_pytest_settings(folder: Path, rule_file: str) -> Optional[PytestSettings]:
    """The pytest configuration ``folder`` already has, if any, in a file pytest reads after pytest.ini.
    A pytest.ini beside it would silently replace it (pytest uses the first configuration it finds), so
    that the project's own tests lose their markers and options; the caller keeps it and says what to add."""
    import configparser
    import tomllib
    pyproject = folder / "pyproject.toml"
    if pyproject.is_file():
        try:
            pytest_table = tomllib.loads(pyproject.read_text(encoding="utf-8")).get("tool", {}).get("pytest")
        except (tomllib.TOMLDecodeError, UnicodeDecodeError, OSError):
            pytest_table = None
        if isinstance(pytest_table, dict) and "ini_options" in pytest_table:
            return PytestSettings("pyproject.toml", "[tool.pytest.ini_options]", [f'rulespec_files = ["{rule_file}"]'])
        if isinstance(pytest_table, dict):
            return PytestSettings("pyproject.toml", "[tool.pytest]", [f'rulespec_files = ["{rule_file}"]'])
    for name, section in (("tox.ini", "pytest"), ("setup.cfg", "tool:pytest")):
        parser = configparser.ConfigParser(interpolation=None)
        try:
            parser.read(folder / name, encoding="utf-8")
        except (configparser.Error, UnicodeDecodeError, OSError):
            continue
        if parser.has_section(section):
            return PytestSettings(name, f"[{section}]", [f"rulespec_files = {rule_file}"])
    return None


def template_text(name: str) -> str:
    return resources.files("rulespec.cli").joinpath(TEMPLATES, name).read_text(encoding="utf-8")


def house_rule(game: str) -> tuple[str, dict[str, str]]:
    """The file name of a house rule of the bundled ``game`` and the values of its template: the game's
    own `game` declaration, copied with a title and an id of the house rule's own."""
    from ..pipeline import bundled_rulebooks
    bundled = bundled_rulebooks()
    if game not in bundled:
        raise UnknownGame(game, list(bundled))
    source = bundled[game].read_text(encoding="utf-8")
    found = re.search(r"^game \"([^\"]*)\".*\n(?:[ \t]+.*\n)*", source, re.M)
    if found is None:
        raise UnknownGame(game, list(bundled))
    title = found.group(1)
    declaration = found.group(0).replace(f'game "{title}"', f'game "{title} (house rule)"', 1)
    declaration = re.sub(r'^([ \t]+id )"([^"]*)"', lambda m: f'{m.group(1)}"{m.group(2)}-house"', declaration,
                         count=1, flags=re.M)
    name = f"{game}-house.rules"
    return name, {"game": game, "base_title": title, "title": f"{title} (house rule)",
                  "declaration": declaration.rstrip("\n"), "about": f"A house rule of {title}"}


def init_project(folder: Path, force: bool = False, extends: Optional[str] = None) -> Written:
    """Write the starter project into ``folder`` (made if missing): Tide Pool, or a house rule of the
    bundled game ``extends``. Raises :class:`ExistingFiles` listing every file that is already there,
    before writing anything, unless ``force``; :class:`UnknownGame` for an ``extends`` not bundled."""
    folder = Path(folder)
    if folder.exists() and not folder.is_dir():
        raise NotADirectoryError(f"{folder} is a file, not a folder")
    files = dict(FILES)
    values = {"title": "Tide Pool", "about": "A game"}
    if extends is not None:
        rule_file, values = house_rule(extends)
        del files["game.rules"]
        files = {"house-rule.rules": rule_file, **files}
    else:
        rule_file = files["game.rules"]
    values["rule_file"] = rule_file
    settings = None
    if not (folder / "pytest.ini").exists() and not (folder / ".pytest.ini").exists():
        settings = existing_pytest_settings(folder, rule_file)
        if settings is not None:
            del files["pytest.ini"]
    existing = [Path(target) for target in files.values() if os.path.lexists(folder / target)]
    if existing and not force:
        raise ExistingFiles(existing)
    texts = {target: Template(template_text(name)).safe_substitute(values)  # all made before any is written
             for name, target in files.items()}
    output = OutputFolder(folder)
    for target in texts:
        output.inside(target)  # a link in the way (a cloned folder's) refuses the whole project, before any write
    written = []
    for target, text in texts.items():
        output.write_text(target, text)
        written.append(Path(target))
    return Written(folder, written, folder / rule_file, settings)
