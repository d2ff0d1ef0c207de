"""The bundled games and house rules by name (``shell-we``, ``shell-we/three-tiles``): what the pipeline
resolves a name to, and what a rule file's content may name (rulespec.pipeline.rule_paths)."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

from ..language.errors import RuleError
from ..resources import house_rules_dir, rulebooks_dir


def parse_file(path):
    from ..language.parser import parse_file
    return parse_file(path)


def bundled_rulebooks() -> dict[str, Path]:
    """Bundled rule files by game id (the file name without `.rules`)."""
    return {p.stem: p for p in sorted(rulebooks_dir().glob("*.rules"))}


def bundled_house_rules() -> dict[str, Path]:
    """Bundled house rules by name: the id of the game a house rule extends, a slash, the house rule's
    file name without `.rules` (``shell-we/three-tiles``). A file that does not parse has no name here
    (its path still reaches it, and reports the error)."""
    named = {}
    for path in sorted(house_rules_dir().glob("*.rules")):
        base = _extends_of(path)
        if base is not None:
            named[f"{base}/{path.stem}"] = path
    return named


_EXTENDS: dict[tuple[Path, int], Optional[str]] = {}  # (house rule, its mtime) -> the game it extends


def _extends_of(path: Path) -> Optional[str]:
    """The game a house rule's `extends` names (a path's file name without `.rules`), or None; each
    file is parsed once per process while it is unchanged."""
    key = (path, path.stat().st_mtime_ns)
    if key not in _EXTENDS:
        try:
            declarations = parse_file(path).declarations
        except RuleError:
            declarations = []
        extends = next((d for d in declarations if d.kind == "extends"), None)
        _EXTENDS[key] = None if extends is None else (
            Path(extends.base).stem if Path(extends.base).suffix == ".rules" else extends.base)
    return _EXTENDS[key]


def bundled_name(path: str | Path) -> Optional[str]:
    """The name a bundled game or house rule goes by (``shell-we``, ``shell-we/three-tiles``), or None
    for any other file."""
    try:
        resolved = Path(path).resolve()
    except OSError:
        return None
    for folder, named in ((rulebooks_dir(), bundled_rulebooks), (house_rules_dir(), bundled_house_rules)):
        if resolved.parent == folder.resolve():
            return next((name for name, p in named().items() if p.resolve() == resolved), None)
    return None
