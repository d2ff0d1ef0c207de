"""Where the bundled grammar and rule files live, in a source checkout or an installed wheel."""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent
_CHECKOUT = _PACKAGE.parent


def _first_existing(*candidates: Path) -> Path:
    for candidate in candidates:
        if candidate.exists():
            return candidate
    return candidates[0]


def grammar_path() -> Path:
    return _first_existing(_CHECKOUT / "grammars" / "rulespec.lark", _PACKAGE / "_data" / "grammars" / "rulespec.lark")


def rulebooks_dir() -> Path:
    return _first_existing(_CHECKOUT / "rulebooks", _PACKAGE / "_data" / "rulebooks")


def engines_dir() -> Path:
    return _CHECKOUT / "engines"
