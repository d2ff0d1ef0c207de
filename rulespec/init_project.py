"""`rulespec init [DIR]`: a starter project of one's own, from the templates in rulespec/templates/project/.

It writes a small original game (Tide Pool) as a rule file, a ``properties/`` folder that ``pytest
properties/`` verifies it from through the rulespec pytest plugin (configured in ``pytest.ini``), an
``mkdocs.yml`` for ``rulespec site``, a GitHub Actions workflow running the three commands and a README
naming them. Nothing is overwritten unless asked (``force``).
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources
from pathlib import Path

TEMPLATES = "templates/project"

# template (under rulespec/templates/project/) -> where it goes in the new project. Python files are
# stored as .tmpl, so neither pytest nor an import ever picks them up inside the rulespec package.
FILES = {
    "game.rules": "tide-pool.rules",
    "pytest.ini": "pytest.ini",
    "properties/conftest.py.tmpl": "properties/conftest.py",
    "properties/test_tide_pool.py.tmpl": "properties/test_tide_pool.py",
    "mkdocs.yml": "mkdocs.yml",
    "github-workflow.yml": ".github/workflows/rulespec.yml",
    "gitignore": ".gitignore",
    "README.md": "README.md",
}
RULE_FILE = FILES["game.rules"]


class ExistingFiles(Exception):
    """Files the project would overwrite: the caller decides (``rulespec init`` exits 2)."""

    def __init__(self, paths: list[Path]):
        self.paths = paths
        super().__init__(", ".join(map(str, paths)))


@dataclass(frozen=True)
class Written:
    folder: Path
    files: list[Path]  # relative to folder, in the order written

    @property
    def rule_file(self) -> Path:
        return self.folder / RULE_FILE


def template_text(name: str) -> str:
    return resources.files("rulespec").joinpath(TEMPLATES, name).read_text(encoding="utf-8")


def init_project(folder: Path, force: bool = False) -> Written:
    """Write the starter project into ``folder`` (made if missing). Raises :class:`ExistingFiles`
    listing every file that is already there, before writing anything, unless ``force``."""
    folder = Path(folder)
    if folder.exists() and not folder.is_dir():
        raise NotADirectoryError(f"{folder} is a file, not a folder")
    existing = [Path(target) for target in FILES.values() if (folder / target).exists()]
    if existing and not force:
        raise ExistingFiles(existing)
    texts = {target: template_text(name) for name, target in FILES.items()}  # all read before any is written
    written = []
    for target, text in texts.items():
        path = folder / target
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        written.append(Path(target))
    return Written(folder, written)
