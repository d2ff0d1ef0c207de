"""The whole documentation site: every bundled game and its variants, the house rules, the language
reference and the tutorial, written as Markdown and SVG into the docs folder, then built by MkDocs.

``write_site_docs(docs_dir)`` writes only files whose content changed (so ``mkdocs serve`` does not
loop) and deletes pages it wrote before that are gone now (a file ``.generated`` lists them). The
docs folder holds nothing else: everything in it is generated, and its own ``.gitignore`` keeps
the generated files out of git. ``build_site`` runs ``mkdocs build --strict`` through MkDocs' API;
the hook in ``mkdocs.yml`` calls ``write_site_docs`` first, so a plain ``mkdocs build`` works too.
"""

from __future__ import annotations

import logging
import re
from contextvars import ContextVar
from pathlib import Path
from typing import Callable, Iterable, Optional, Sequence

from ..pipeline import bundled_rulebooks
from .escape import html_attr, md_code, md_text, yaml_str
from .pages import Page, diff_section, GamePage
from .sources import load_source

PACKAGE = Path(__file__).resolve().parent
STATIC = PACKAGE / "static"  # hand-written pages and the stylesheet, copied as they are
MANIFEST = ".generated"
# progress(stage, done, total) of the site being built (see rulespec/progress.py): a context variable,
# because MkDocs' hook, not build_site, calls site_pages
_PROGRESS: ContextVar[Optional[Callable[[str, int, int], None]]] = ContextVar("site_progress", default=None)


def project_root() -> Path:
    """The checkout this package runs from (where mkdocs.yml and house-rules/ are)."""
    return PACKAGE.parent.parent


def house_rule_files(root: Optional[Path] = None) -> list[Path]:
    folder = (root or project_root()) / "house-rules"
    return sorted(folder.glob("*.rules")) if folder.is_dir() else []


def game_pages(path: Path, folder: str, *, game_link=None, page_name: str = "index") -> list[Page]:
    """A rule file's page and one page per variant it offers, in ``folder`` of the docs."""
    source = load_source(path)
    prefix = f"{folder}/" if folder else ""

    def variant_page(name: str) -> str:
        # Several house rules share one folder and may offer variants of the same name: name each variant's
        # page after its rule file's page, so that no two pages (or their pictures) are written to one path.
        return page_name if not name else name if page_name == "index" else f"{page_name}-{name}"

    def variant_link(name: str) -> Optional[str]:
        return f"{variant_page(name)}.md"

    pages = [GamePage(source, f"{prefix}{page_name}.md", game_link=game_link,
                      variant_link=variant_link).render(diff_section(source))]
    for variant in source.variant_decls:
        applied = load_source(path, [variant.name])
        pages.append(GamePage(applied, f"{prefix}{variant_page(variant.name)}.md", game_link=game_link,
                              variant_link=variant_link).render(diff_section(applied)))
    return pages


def site_pages(root: Optional[Path] = None, games: Optional[dict[str, Path]] = None,
               house_rules: Optional[Sequence[Path]] = None) -> list[Page]:
    """Every page of the site (Markdown and pictures), in memory."""
    from .reference import reference_page
    from .sources import clear_cache
    clear_cache()
    root = root or project_root()
    games = dict(bundled_rulebooks()) if games is None else games
    house_rules = house_rule_files(root) if house_rules is None else list(house_rules)
    pages: list[Page] = []
    progress = _PROGRESS.get() or (lambda stage, done, total: None)
    rule_files = len(games) + len(house_rules)
    progress("pages", 0, rule_files)
    game_index = []
    for game_id, path in games.items():
        made = game_pages(path, game_id, game_link=lambda gid, depth=1: _game_link(gid, games, depth))
        pages += made
        game_index.append((game_id, made))
        progress("pages", len(game_index), rule_files)
    house_index = []
    for path in house_rules:
        page = game_pages(path, "house-rules", page_name=page_name(path),
                          game_link=lambda gid: _game_link(gid, games, 1))
        pages += page
        house_index.append((path, page[0]))
        progress("pages", len(game_index) + len(house_index), rule_files)
    pages.append(reference_page())
    pages.append(_index_page(game_index, house_index))
    for static in sorted(STATIC.rglob("*")):
        if static.is_file():
            pages.append(Page(str(static.relative_to(STATIC)).replace("\\", "/"), static.read_text(encoding="utf-8")))
    return pages


def page_name(path: Path) -> str:
    """A house rule's page is named after its file, in letters, digits, `-` and `_` only (a file name may
    hold anything, but it becomes a URL and a link in the index)."""
    return re.sub(r"[^A-Za-z0-9_-]+", "-", path.stem).strip("-") or "house-rule"


def _game_link(game_id: str, games: dict, depth: int) -> Optional[str]:
    return ("../" * depth) + f"{game_id}/index.md" if game_id in games else None


def _index_page(games: list[tuple[str, list[Page]]], house: list[tuple[Path, Page]]) -> Page:
    lines = ["# The rules, generated", "",
             "Every page here is generated from a rule file: the English is written from the checked model, "
             "next to the rule-file text it came from, and every board picture is drawn from the board's data. "
             "Nothing is copied from a rulebook.", "", "## Games", ""]
    for game_id, made in games:
        main = made[0]
        line = f"- [{md_text(main.title)}]({main.path})"
        if len(made) > 1:
            line += " — variants: " + ", ".join(f"[{md_text(p.title.rsplit(' — ', 1)[-1])}]({p.path})"
                                                for p in made[1:])
        lines.append(line)
    lines.append("")
    if house:
        lines += ["## House rules", "",
                  "Rule files that start from a bundled game (`extends \"...\"`) and change some of its "
                  "declarations. Each page shows what it changes, as a diff.", ""]
        for path, page in house:
            lines.append(f"- [{md_text(page.title)}]({page.path}) ({md_code(f'house-rules/{path.name}')})")
        lines.append("")
    lines += ["## Writing rules", "",
              "- [Write your own house rule](tutorial.md): a tutorial, from a copy of a game to a checked, verified "
              "and simulated variant.",
              "- [The language reference](reference/language.md): every construct of the rule language, each with "
              "an example that the test suite compiles.", ""]
    return Page("index.md", "\n".join(lines), title="The rules, generated")


def write_pages(docs_dir: Path, pages: Iterable[Page]) -> list[Path]:
    """Write pages and their pictures; remove files a previous run wrote that are not written now."""
    docs_dir = Path(docs_dir)
    docs_dir.mkdir(parents=True, exist_ok=True)
    written: list[str] = []
    changed: list[Path] = []

    def put(relative: str, text: str) -> None:
        target = docs_dir / relative
        written.append(relative)
        if target.exists() and target.read_text(encoding="utf-8") == text:
            return
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
        changed.append(target)

    for page in pages:
        put(page.path, page.text)
        for relative, text in page.files.items():
            put(relative, text)
    manifest = docs_dir / MANIFEST
    if manifest.exists():
        for old in manifest.read_text(encoding="utf-8").splitlines():
            if old and old not in written and (docs_dir / old).is_file():
                (docs_dir / old).unlink()
                changed.append(docs_dir / old)
    listing = "\n".join(sorted(set(written))) + "\n"
    if not manifest.exists() or manifest.read_text(encoding="utf-8") != listing:
        manifest.write_text(listing, encoding="utf-8")
    ignore = docs_dir / ".gitignore"
    if not ignore.exists():
        ignore.write_text("# Everything here is generated by `rulespec site` (rulespec/docs/site.py).\n*\n!.gitignore\n",
                          encoding="utf-8")
    _remove_empty_folders(docs_dir)
    return changed


def _remove_empty_folders(folder: Path) -> None:
    for sub in sorted((p for p in folder.rglob("*") if p.is_dir()), key=lambda p: len(p.parts), reverse=True):
        if not any(sub.iterdir()):
            sub.rmdir()


def write_site_docs(docs_dir: Path, root: Optional[Path] = None,
                    progress: Optional[Callable[[str, int, int], None]] = None) -> list[Path]:
    """``progress("pages", done, total)`` hears of each rule file's pages made."""
    token = _PROGRESS.set(progress) if progress is not None else None
    try:
        return write_pages(docs_dir, site_pages(root))
    finally:
        if token is not None:
            _PROGRESS.reset(token)


def build_site(root: Optional[Path] = None, site_dir: Optional[Path] = None, docs_dir: Optional[Path] = None,
               strict: bool = True, progress: Optional[Callable[[str, int, int], None]] = None) -> Path:
    """``mkdocs build --strict`` for the project's mkdocs.yml (the hook generates the pages first).
    ``progress(stage, done, total)`` hears of the pages made ("pages"), then of "mkdocs build"."""
    try:
        from mkdocs.commands.build import build
        from mkdocs.config import load_config
    except ImportError as error:  # pragma: no cover - the docs extra is not installed
        raise RuntimeError("MkDocs is not installed: run `python -m pip install -e '.[docs]'`") from error
    root = root or project_root()
    overrides: dict = {"strict": strict}
    if site_dir is not None:
        overrides["site_dir"] = str(Path(site_dir).resolve())
    if docs_dir is not None:
        Path(docs_dir).mkdir(parents=True, exist_ok=True)
        overrides["docs_dir"] = str(Path(docs_dir).resolve())
    else:
        (root / "docs").mkdir(exist_ok=True)
    logger = logging.getLogger("mkdocs")
    handler = logging.StreamHandler()
    handler.setLevel(logging.WARNING)
    handler.setFormatter(logging.Formatter("mkdocs %(levelname)s: %(message)s"))
    logger.addHandler(handler)

    def report(stage: str, done: int, total: int) -> None:
        progress(stage, done, total)
        if stage == "pages" and done == total:  # the hook has made every page: MkDocs renders them now
            progress("mkdocs build", 0, 1)

    token = _PROGRESS.set(report if progress is not None else None)
    try:
        config = load_config(str(root / "mkdocs.yml"), **overrides)
        build(config)
    finally:
        logger.removeHandler(handler)
        _PROGRESS.reset(token)
    if progress is not None:
        progress("mkdocs build", 1, 1)
    return Path(config.site_dir)


# ----------------------------------------------------------------------------- the sidebar


class SectionTitles:
    """An MkDocs event handler: without a ``nav`` of its own, MkDocs names a folder's section in the sidebar
    after the folder ("Let them eat shrimp") and lists its pages by file name (a house rule's variants before
    the house rule); this names the section after the title of the folder's index page, the game's title
    ("Let Them Eat Shrimp!"), and lists the index page first, then the others by title. The hook and
    ``build_site`` both use it."""

    def on_nav(self, nav, config=None, files=None, **kwargs):
        from mkdocs.structure.nav import Section
        if config is not None and config.get("nav"):
            return nav  # a nav written by hand names and orders its own sections
        todo = list(nav.items)
        while todo:
            item = todo.pop()
            if not isinstance(item, Section):
                continue
            todo += item.children
            titles = {id(child): _front_matter_title(child) for child in item.children}
            index = next((c for c in item.children if getattr(c, "is_index", False)), None)
            if index is not None and titles[id(index)]:
                item.title = titles[id(index)]  # as a page's own title is given: HTML-escaped (see pages.py)
            item.children.sort(key=lambda c: (c is not index, isinstance(c, Section),
                                              (titles[id(c)] or c.title or "").lower()))
        return nav


def _front_matter_title(item) -> str:
    """The ``title`` of a nav item's page front matter ("" for a section or a page without one)."""
    from mkdocs.utils.meta import get_data
    file = getattr(item, "file", None)
    if file is None or not file.src_uri.endswith(".md"):
        return ""
    title = get_data(file.content_string)[1].get("title")
    return title.strip() if isinstance(title, str) else ""


# ----------------------------------------------------------------------------- one rule file on its own

STANDALONE_CONFIG = """\
# Generated by `rulespec docs`: the pages of one rule file, built with `mkdocs build --strict`.
site_name: {title}
docs_dir: docs
site_dir: site
theme:
  name: material
  font: false
  features: [content.tabs.link, search.highlight, search.share]
plugins:
  - search:
      separator: '[\\s\\-,:!=\\[\\]()"/]+|\\.(?!\\d)'  # as in the site's mkdocs.yml
markdown_extensions:
  - toc:
      permalink: true
      toc_depth: 3
  - admonition
  - attr_list
  - md_in_html
  - tables
  - pymdownx.details
  - pymdownx.superfences
  - pymdownx.highlight
  - pymdownx.inlinehilite
  - pymdownx.tabbed:
      alternate_style: true
extra_css: [assets/rulespec.css]
validation:
  omitted_files: warn
  absolute_links: warn
  unrecognized_links: warn
  anchors: warn
"""


def standalone_config(title: str) -> str:
    """The mkdocs.yml of one rule file's pages. The theme prints the site name into the pages as it is
    (unescaped, in attributes too), so the game's title is written HTML-escaped."""
    return STANDALONE_CONFIG.format(title=yaml_str(html_attr(title)))


def write_standalone(path: Path, out: Path) -> list[Page]:
    """The pages of one rule file (and its variants) as a small MkDocs project in ``out``."""
    from .sources import clear_cache
    clear_cache()
    pages = game_pages(path, "")
    stylesheet = STATIC / "assets" / "rulespec.css"
    pages.append(Page("assets/rulespec.css", stylesheet.read_text(encoding="utf-8")))
    out.mkdir(parents=True, exist_ok=True)
    write_pages(out / "docs", pages)
    config = out / "mkdocs.yml"
    config.write_text(standalone_config(pages[0].title), encoding="utf-8")
    return pages


def build_standalone(out: Path) -> Path:
    from mkdocs.commands.build import build
    from mkdocs.config import load_config
    config = load_config(str(out / "mkdocs.yml"), strict=True)
    build(config)
    return Path(config.site_dir)
