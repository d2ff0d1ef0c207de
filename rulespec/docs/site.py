"""The whole documentation site: every bundled game and its variants, the house rules, a user's own
rule files, the language reference and the tutorial, written as Markdown and SVG, then built by MkDocs.

``build_site(folder)`` works in any folder, in one of three ways:

- the folder's ``mkdocs.yml`` uses the hook (rulespec/docs/mkdocs_hook.py: this checkout's does):
  the hook writes the pages into its docs folder, so ``mkdocs build`` and ``mkdocs serve`` work too;
- the folder has an ``mkdocs.yml`` of its own (a user's project): its settings are kept, the
  extensions and stylesheet the pages need are added, and the pages are built in a temporary docs
  folder together with a copy of its own docs folder (its own files win), which is never written to;
- no ``mkdocs.yml``: the default configuration (SITE_CONFIG, which this checkout's mkdocs.yml
  inherits too) in a temporary folder.

Its own rule files (``rule_files``: rule files or folders of them) get pages under ``rules/``, house
rules among them too. ``write_site_docs(docs_dir)`` writes only files whose content changed (so ``mkdocs
serve`` does not loop) and deletes pages it wrote before that are gone now (a file ``.generated`` lists
them); its own ``.gitignore`` keeps the generated files out of git.
"""

from __future__ import annotations

import logging
import re
import shutil
import tempfile
from contextvars import ContextVar
from pathlib import Path
from typing import Callable, Iterable, Optional, Sequence

from ..pipeline import bundled_house_rules, bundled_name, bundled_rulebooks
from .escape import html_attr, md_code, md_text, yaml_str
from .pages import Page, diff_section, GamePage
from .sources import load_source

PACKAGE = Path(__file__).resolve().parent
STATIC = PACKAGE / "static"  # hand-written pages and the stylesheet, copied as they are
MANIFEST = ".generated"
# Theme, plugins, Markdown extensions, stylesheet and link checks of every site: this checkout's
# mkdocs.yml inherits it (INHERIT), and a folder without an mkdocs.yml is built with it.
SITE_CONFIG = PACKAGE / "site_config.yml"
OWN_FOLDER = "rules"  # where the pages of a user's own rule files go in the site
DOCS_EXTRA = "pip install 'rulespec[docs]'"
# progress(stage, done, total) of the site being built (see rulespec/progress.py): a context variable,
# because MkDocs' hook, not build_site, calls site_pages
_PROGRESS: ContextVar[Optional[Callable[[str, int, int], None]]] = ContextVar("site_progress", default=None)
# The user's own rule files of the site being built (the hook reads them too, as it does the progress).
_OWN_RULE_FILES: ContextVar[Sequence[Path]] = ContextVar("site_rule_files", default=())
_BUNDLED: ContextVar[bool] = ContextVar("site_bundled", default=True)  # with the bundled games and house rules


class DocsExtraMissing(RuntimeError):
    """MkDocs or its Material theme is not installed."""


def project_root() -> Path:
    """The checkout this package runs from (where mkdocs.yml and house-rules/ are), if it runs from one."""
    return PACKAGE.parent.parent


def house_rule_files(root: Optional[Path] = None) -> list[Path]:
    """The house rules of a checkout's ``house-rules/``; without a root, the bundled ones (shipped in
    the wheel, or this checkout's)."""
    if root is None:
        return sorted(bundled_house_rules().values())
    folder = Path(root) / "house-rules"
    return sorted(folder.glob("*.rules")) if folder.is_dir() else []


def own_rule_files(paths: Sequence[Path | str] = (), folder: Optional[Path] = None) -> list[Path]:
    """A user's rule files: each path given (a rule file, or a folder: its ``*.rules``); none given, the
    ``*.rules`` of ``folder`` (default: the current one) and of its ``rules/``. The bundled games and
    house rules are left out (they have their own pages); a path that is missing raises FileNotFoundError."""
    found: list[Path] = []
    if paths:
        for given in map(Path, paths):
            if given.is_dir():
                found += sorted(given.glob("*.rules"))
            elif given.is_file():
                found.append(given)
            else:
                raise FileNotFoundError(f"no rule file or folder {given}")
    else:
        here = Path(folder) if folder is not None else Path.cwd()
        for where in (here, here / OWN_FOLDER):
            found += sorted(where.glob("*.rules")) if where.is_dir() else []
    bundled = {p.resolve() for p in [*bundled_rulebooks().values(), *house_rule_files()]}
    unique: dict[Path, Path] = {}
    for path in found:
        if path.resolve() not in bundled:
            unique.setdefault(path.resolve(), path)
    return list(unique.values())


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
               house_rules: Optional[Sequence[Path]] = None, own: Optional[Sequence[Path]] = None) -> list[Page]:
    """Every page of the site (Markdown and pictures), in memory: the games (default: the bundled ones),
    the house rules (default: those of ``root``'s house-rules/, or the bundled ones without a root) and
    the user's own rule files (default: those of the build under way), under ``rules/``. A build
    ``bundled=False`` has no bundled games or house rules by default."""
    from .reference import reference_page
    from .sources import clear_cache, load_source
    clear_cache()
    bundled = _BUNDLED.get()
    games = (dict(bundled_rulebooks()) if bundled else {}) if games is None else games
    house_rules = (house_rule_files(root) if bundled else []) if house_rules is None else list(house_rules)
    own = list(_OWN_RULE_FILES.get()) if own is None else list(own)
    pages: list[Page] = []
    progress = _PROGRESS.get() or (lambda stage, done, total: None)
    rule_files = len(games) + len(house_rules) + len(own)
    progress("pages", 0, rule_files)
    own_names = _unique_page_names(own)
    links = {game_id: f"{game_id}/index.md" for game_id in games}
    for path, name in zip(own, own_names):  # a game of the user's own is linked by its id from its house rules
        links[load_source(path).model.game_id] = f"{OWN_FOLDER}/{name}.md"
    done = 0
    game_index = []
    for game_id, path in games.items():
        made = game_pages(path, game_id, game_link=lambda gid, depth=1: _game_link(gid, links, depth))
        pages += made
        game_index.append((game_id, made))
        done += 1
        progress("pages", done, rule_files)
    house_index = []
    for path in house_rules:
        page = game_pages(path, "house-rules", page_name=page_name(path),
                          game_link=lambda gid: _game_link(gid, links, 1))
        pages += page
        house_index.append((path, page[0]))
        done += 1
        progress("pages", done, rule_files)
    own_index = []
    for path, name in zip(own, own_names):
        made = game_pages(path, OWN_FOLDER, page_name=name, game_link=lambda gid: _game_link(gid, links, 1))
        pages += made
        own_index.append((path, made))
        done += 1
        progress("pages", done, rule_files)
    pages.append(reference_page())
    tutorial = "shell-we" in games and bool(house_index)  # it links Shell We? and the bundled house rules
    pages.append(_index_page(game_index, house_index, own_index, tutorial=tutorial))
    for static in sorted(STATIC.rglob("*")):
        if static.is_file() and (tutorial or static.name != "tutorial.md"):
            pages.append(Page(str(static.relative_to(STATIC)).replace("\\", "/"), static.read_text(encoding="utf-8")))
    return pages


def page_name(path: Path) -> str:
    """A house rule's page is named after its file, in letters, digits, `-` and `_` only (a file name may
    hold anything, but it becomes a URL and a link in the index)."""
    return re.sub(r"[^A-Za-z0-9_-]+", "-", path.stem).strip("-") or "house-rule"


def _unique_page_names(paths: Sequence[Path]) -> list[str]:
    """Page names for the user's rule files, one each (``a.rules`` and ``rules/a.rules``: ``a``, ``a-2``)."""
    names: list[str] = []
    for path in paths:
        name, n = page_name(path), 2
        while name in names or name == "index":
            name, n = f"{page_name(path)}-{n}", n + 1
        names.append(name)
    return names


def _game_link(game_id: str, links: dict[str, str], depth: int) -> Optional[str]:
    return ("../" * depth) + links[game_id] if game_id in links else None


def _shown_rule_file(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return path.name


def _game_line(made: Sequence[Page], after_title: str = "") -> str:
    """The index's line for a game: its page, then its variants' pages by their own titles."""
    main = made[0]
    line = f"- [{md_text(main.title)}]({main.path}){after_title}"
    if len(made) > 1:
        line += " — variants: " + ", ".join(f"[{md_text(p.title.rsplit(' — ', 1)[-1])}]({p.path})" for p in made[1:])
    return line


def _index_page(games: list[tuple[str, list[Page]]], house: list[tuple[Path, Page]],
                own: Sequence[tuple[Path, list[Page]]] = (), tutorial: bool = True) -> Page:
    lines = ["# The rules, generated", "",
             "Every page here is generated from a rule file: the English is written from the checked model, "
             "next to the rule-file text it came from, and every board picture is drawn from the board's data. "
             "Nothing is copied from a rulebook.", ""]
    if own:
        lines += ["## Your rule files", ""]
        for path, made in own:
            lines.append(_game_line(made, f" ({md_code(_shown_rule_file(path))})"))
        lines.append("")
    lines += ["## Games" if not own else "## Bundled games", ""]
    for game_id, made in games:
        lines.append(_game_line(made))
    lines.append("")
    if house:
        lines += ["## House rules", "",
                  "Rule files that start from a bundled game (`extends \"...\"`) and change some of its "
                  "declarations. Each page shows what it changes, as a diff.", ""]
        for path, page in house:
            name = bundled_name(path) or f"house-rules/{path.name}"  # the name every command takes
            lines.append(f"- [{md_text(page.title)}]({page.path}) ({md_code(name)})")
        lines.append("")
    lines += ["## Writing rules", ""]
    if tutorial:
        lines.append("- [Write your own house rule](tutorial.md): a tutorial, from a copy of a game to a checked, "
                     "verified and simulated variant.")
    lines += ["- [The language reference](reference/language.md): every construct of the rule language, each with "
              "an example that the test suite compiles.",
              "- [Positions](positions.md): a state written down as text (`state.to_position()`, "
              "`game.position(text)`, `given position:` in an example).",
              "- [Use a game in OpenSpiel / PettingZoo](adapters.md): any rule file as an OpenSpiel game or a "
              "PettingZoo environment, for agents, search and learning.", ""]
    return Page("index.md", "\n".join(lines), title="The rules, generated")


def write_pages(docs_dir: Path, pages: Iterable[Page], keep: Iterable[str] = ()) -> list[Path]:
    """Write pages and their pictures, except over the files ``keep`` names (relative paths); remove
    files a previous run wrote that are not written now."""
    keep = set(keep)
    docs_dir = Path(docs_dir)
    docs_dir.mkdir(parents=True, exist_ok=True)
    written: list[str] = []
    changed: list[Path] = []

    def put(relative: str, text: str) -> None:
        if relative in keep:
            return
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
                    progress: Optional[Callable[[str, int, int], None]] = None,
                    rule_files: Optional[Sequence[Path]] = None, bundled: Optional[bool] = None) -> list[Path]:
    """The site's pages written into ``docs_dir`` (see ``site_pages``; ``rule_files``: the user's own,
    ``bundled``: with the bundled games and house rules; default: as the build under way says).
    ``progress("pages", done, total)`` hears of each rule file's pages made."""
    tokens = [(var, var.set(value)) for var, value in ((_PROGRESS, progress), (_BUNDLED, bundled),
                                                         (_OWN_RULE_FILES, rule_files)) if value is not None]
    try:
        return write_pages(docs_dir, site_pages(root))
    finally:
        for var, token in reversed(tokens):
            var.reset(token)


def require_docs_extra() -> None:
    """MkDocs and the Material theme, or DocsExtraMissing saying how to install them."""
    import importlib
    for module, what in (("mkdocs", "MkDocs"), ("material", "the Material theme for MkDocs")):
        try:
            importlib.import_module(module)
        except ImportError:
            raise DocsExtraMissing(f"the site needs {what}, which is not installed: {DOCS_EXTRA}") from None


def config_file(folder: Path) -> Optional[Path]:
    """The MkDocs configuration of a folder, if it has one."""
    return next((folder / name for name in ("mkdocs.yml", "mkdocs.yaml") if (folder / name).is_file()), None)


def uses_hook(config) -> bool:
    """Whether a loaded configuration generates the pages itself, through rulespec's hook."""
    return any(getattr(module, "RULESPEC_HOOK", False) for module in (config.get("hooks") or {}).values())


def build_site(root: Optional[Path] = None, site_dir: Optional[Path] = None, docs_dir: Optional[Path] = None,
               strict: bool = True, progress: Optional[Callable[[str, int, int], None]] = None,
               rule_files: Optional[Sequence[Path]] = None, bundled: bool = True) -> Path:
    """``mkdocs build --strict`` of the site of ``root`` (default: this checkout): its mkdocs.yml, or
    the default configuration when it has none (see the module's notes); ``rule_files`` are the user's
    own (default: the ``*.rules`` of ``root`` and of its ``rules/``); ``bundled``: with the bundled
    games and house rules. ``site_dir`` defaults to the
    configuration's (``site`` beside it). ``progress(stage, done, total)`` hears of the pages made
    ("pages"), then of "mkdocs build". Raises DocsExtraMissing without MkDocs and Material."""
    require_docs_extra()
    from mkdocs.commands.build import build
    from mkdocs.config import load_config
    root = Path(root or project_root())
    own = own_rule_files(rule_files or (), folder=root)
    found = config_file(root)
    overrides: dict = {"strict": strict}
    if site_dir is not None:
        overrides["site_dir"] = str(Path(site_dir).resolve())
    elif found is None:
        overrides["site_dir"] = str((root / "site").resolve())
    if docs_dir is not None:
        Path(docs_dir).mkdir(parents=True, exist_ok=True)
        overrides["docs_dir"] = str(Path(docs_dir).resolve())
    logger = logging.getLogger("mkdocs")
    handler = logging.StreamHandler()
    handler.setLevel(logging.WARNING)
    handler.setFormatter(logging.Formatter("mkdocs %(levelname)s: %(message)s"))
    logger.addHandler(handler)

    def report(stage: str, done: int, total: int) -> None:
        progress(stage, done, total)
        if stage == "pages" and done == total:  # every page is made: MkDocs renders them now
            progress("mkdocs build", 0, 1)

    token = _PROGRESS.set(report if progress is not None else None)
    own_token = _OWN_RULE_FILES.set(tuple(own))
    bundled_token = _BUNDLED.set(bundled)
    try:
        with tempfile.TemporaryDirectory(prefix="rulespec-site-") as scratch:
            config, theirs = _site_config(found, Path(scratch), overrides, load_config)
            if not uses_hook(config):  # the hook makes the pages of its own configuration
                write_pages(Path(config.docs_dir), site_pages(), keep=theirs)
                config.plugins["rulespec-section-titles"] = SectionTitles()  # the hook's own on_nav does this
            build(config)
    finally:
        logger.removeHandler(handler)
        _PROGRESS.reset(token)
        _OWN_RULE_FILES.reset(own_token)
        _BUNDLED.reset(bundled_token)
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


def _site_config(found: Optional[Path], scratch: Path, overrides: dict, load_config):
    """The loaded MkDocs configuration of a site (see the module's notes), and the files of the user's
    own docs folder (which the generated pages do not replace). Pages that the hook does not make go to
    a docs folder in ``scratch``, unless ``overrides`` names one."""
    if found is None:
        default = scratch / "mkdocs.yml"
        default.write_text(f"INHERIT: {yaml_str(str(SITE_CONFIG))}\n", encoding="utf-8")
        overrides.setdefault("docs_dir", str(scratch / "docs"))
        Path(overrides["docs_dir"]).mkdir(parents=True, exist_ok=True)
        return load_config(str(default), **overrides), set()
    # MkDocs refuses a configuration whose docs folder is missing, and a user's may well be (all their
    # pages are generated): look at it with a scratch folder in its place until we know whose it is.
    their_docs = found.parent / str(_raw_config(found).get("docs_dir") or "docs")
    first = dict(overrides)
    if "docs_dir" not in overrides and not their_docs.is_dir():
        (scratch / "docs").mkdir(parents=True, exist_ok=True)
        first["docs_dir"] = str(scratch / "docs")
    config = load_config(str(found), **first)
    if uses_hook(config):
        if "docs_dir" in first and "docs_dir" not in overrides:
            their_docs.mkdir(parents=True, exist_ok=True)  # the hook writes its pages there, as mkdocs serve does
            config = load_config(str(found), **overrides)
        Path(config.docs_dir).mkdir(parents=True, exist_ok=True)
        return config, set()
    # A user's own configuration: keep it, add what the pages need, and build a copy of its docs folder.
    needed = _raw_config(SITE_CONFIG)
    extensions = list(_raw_config(found).get("markdown_extensions") or [])
    have = {_extension_name(e) for e in extensions}
    extensions += [e for e in needed["markdown_extensions"] if _extension_name(e) not in have]
    css = list(config.extra_css) + [c for c in needed["extra_css"] if c not in config.extra_css]
    theirs: set[str] = set()
    if "docs_dir" not in overrides:
        docs = scratch / "docs"
        if their_docs.is_dir():
            shutil.copytree(their_docs, docs)
            theirs = {p.relative_to(docs).as_posix() for p in docs.rglob("*") if p.is_file()}
        docs.mkdir(exist_ok=True)
        overrides["docs_dir"] = str(docs)
    return load_config(str(found), markdown_extensions=extensions, extra_css=css, **overrides), theirs


def _raw_config(path: Path) -> dict:
    from mkdocs.utils.yaml import yaml_load
    with open(path, encoding="utf-8") as stream:
        return yaml_load(stream) or {}


def _extension_name(entry) -> str:
    return next(iter(entry)) if isinstance(entry, dict) else str(entry)


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
