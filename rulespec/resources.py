"""Where the bundled grammar, rule files, house rules and committed engines live, in a source checkout
or an installed wheel.

A checkout is the folder above the package when it holds this project's pyproject.toml and grammar; an
installed wheel carries the same folders inside the package (``rulespec/_data/...``, ``rulespec/_engines``,
mapped by pyproject.toml). Deciding once, rather than trying each place in turn, means a stray
``engines/`` or ``rulebooks/`` folder beside an installed package is never picked up.
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent
_CHECKOUT = _PACKAGE.parent


def in_checkout() -> bool:
    """True when the package runs from a source checkout (editable install or the repository itself)."""
    return (_CHECKOUT / "pyproject.toml").is_file() and (_CHECKOUT / "grammars" / "rulespec.lark").is_file()


def _bundled(checkout_folder: str, packaged: Path) -> Path:
    return _CHECKOUT / checkout_folder if in_checkout() else packaged


def grammar_path() -> Path:
    return _bundled("grammars", _PACKAGE / "_data" / "grammars") / "rulespec.lark"


def rulebooks_dir() -> Path:
    return _bundled("rulebooks", _PACKAGE / "_data" / "rulebooks")


def house_rules_dir() -> Path:
    return _bundled("house-rules", _PACKAGE / "_data" / "house-rules")


def engines_dir() -> Path:
    """The committed engines: the checkout's engines/ (what `rulespec build` writes), or their copy in the wheel."""
    return _bundled("engines", _PACKAGE / "_engines")


def docs_dir() -> Path:
    """The hand-written pages of the site: the checkout's docs/ (where the hook also writes the generated
    pages, beside them), or their copy in the wheel."""
    return _bundled("docs", _PACKAGE / "_data" / "docs")


# The hand-written pages of docs/ (docs/.gitignore says the same): its Markdown pages but index.md, and
# everything under these folders. The rest of a checkout's docs/ is generated.
HANDWRITTEN_FOLDERS = ("guide", "assets")
GENERATED_HOME = "index.md"


def handwritten_docs() -> dict[str, Path]:
    """Each hand-written page (and stylesheet) by its path in the site, e.g. ``guide/engine-api.md``:
    regular files only, never a link (it would read a file from elsewhere into the site)."""
    root = docs_dir()
    found = [p for p in root.glob("*.md") if p.name != GENERATED_HOME]
    for folder in HANDWRITTEN_FOLDERS:
        found += (root / folder).rglob("*") if (root / folder).is_dir() and not (root / folder).is_symlink() else []
    inside = root.resolve()
    return {p.relative_to(root).as_posix(): p for p in sorted(found)
            if p.is_file() and not p.is_symlink() and inside in p.resolve().parents}
