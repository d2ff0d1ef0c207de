"""The built site: `mkdocs build --strict` passes, it loads nothing from the network, and in headless
Chromium (the system's, driven by Playwright) a game page shows its board diagram and the clause anchors, every
picture on it loads, nothing is fetched from anywhere but the site, tables stay clear of the table of contents,
and the search box finds a clause by its ID (the search worker really runs, over http, and the clause's section
is the best result).

The site is the one `rulespec site` built (the README's main job and .ci/run build it before the
tests) when it is newer than everything it is made from; otherwise it is built here, into a
temporary folder.
"""

from __future__ import annotations

import contextlib
import html as html_module
import http.server
import json
import re
import os
import shutil
import threading
from functools import partial
from pathlib import Path

import pytest

import rulespec
from rulespec.resources import handwritten_docs

ROOT = Path(__file__).resolve().parents[2]
SOURCES = [ROOT / "mkdocs.yml", *ROOT.glob("rulebooks/*.rules"), *ROOT.glob("house-rules/*.rules"),
           *ROOT.glob("grammars/*"), *(ROOT / "rulespec").rglob("*.py"), *(ROOT / "rulespec" / "docs").rglob("*.*"),
           *handwritten_docs().values()]

# The session fixture builds a site: every test of this file on one xdist worker, so it is built once.
pytestmark = pytest.mark.xdist_group("site")


def _fresh(site: Path) -> bool:
    index = site / "search" / "search_index.json"
    if not index.is_file():
        return False
    newest = max(p.stat().st_mtime for p in SOURCES if p.is_file())
    return index.stat().st_mtime > newest


@pytest.fixture(scope="session")
def site(tmp_path_factory) -> Path:
    pytest.importorskip("mkdocs", reason="the docs extra is not installed (pip install -e '.[docs]')")
    pytest.importorskip("material", reason="mkdocs-material is not installed (pip install -e '.[docs]')")
    built = ROOT / "site"
    if _fresh(built):
        return built
    from rulespec.docs.site import build_site
    folder = tmp_path_factory.mktemp("site")
    return build_site(ROOT, site_dir=folder / "site", docs_dir=folder / "docs")


def test_every_game_house_rule_and_reference_page_is_built(site):
    from rulespec.pipeline import bundled_rulebooks
    for game_id in bundled_rulebooks():
        assert (site / game_id / "index.html").is_file(), game_id
    for path in (ROOT / "house-rules").glob("*.rules"):
        assert (site / "house-rules" / path.stem / "index.html").is_file()
    assert (site / "reference" / "language" / "index.html").is_file()
    assert (site / "tutorial" / "index.html").is_file()
    page = (site / "shell-we" / "index.html").read_text(encoding="utf-8")
    assert 'id="SHELL-PEARL-1"' in page
    assert 'class="tabbed-set' in page and "admonition note" in page
    assert 'class="highlight"' in page and '<span class="k' in page  # rule files are highlighted


def test_the_site_loads_nothing_from_the_network(site):
    for html in site.rglob("*.html"):
        text = html.read_text(encoding="utf-8")
        loads = re.findall(r'<(?:script|link|img|iframe)[^>]+(?:src|href)="(https?:)?//', text)
        assert not loads, f"{html.relative_to(site)} loads {loads} from the network"
        assert "fonts.googleapis" not in text and "fonts.gstatic" not in text


def test_search_index_holds_each_clause_at_its_permanent_address(site):
    index = json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))
    locations = {doc["location"]: doc for doc in index["docs"]}
    assert "shell-we/#SHELL-PEARL-1" in locations
    assert locations["shell-we/#SHELL-PEARL-1"]["title"] == "SHELL-PEARL-1"


# ----------------------------------------------------------------------------- the browser

# The system's Chromium (Debian's package; .ci/run installs it), never a browser build Playwright downloads.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run", "--disable-sync"]


def _in_ci() -> bool:
    return os.environ.get("CI", "").lower() in ("1", "true", "yes")


def _chromium() -> str:
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    if _in_ci():  # CI installs it: a missing browser is a failure
        pytest.fail("chromium is not installed, but .ci/run installs it (Debian package `chromium`)")
    pytest.skip("chromium is not installed (Debian package `chromium`; .ci/run installs it)")


@pytest.fixture(scope="module")
def browser():
    executable = _chromium()
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        if _in_ci():  # .ci/run installs the test extra
            pytest.fail("playwright is not installed, but .ci/run installs it (pip install -e '.[docs,test]')")
        pytest.skip("playwright is not installed (pip install -e '.[docs,test]')")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        try:
            yield launched
        finally:
            launched.close()


@contextlib.contextmanager
def _serve(folder: Path):
    handler = partial(http.server.SimpleHTTPRequestHandler, directory=str(folder))
    handler.log_message = lambda *args: None  # type: ignore[assignment]
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)  # a free port
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="module")
def base(site):
    with _serve(site) as url:  # over http: the search worker does not start from a file:// page
        yield url


@contextlib.contextmanager
def _page(browser, width: int = 1400, height: int = 1000):
    context = browser.new_context(viewport={"width": width, "height": height})
    try:
        yield context.new_page()
    finally:
        context.close()


# Every picture of a page, scrolled into view so that lazy ones load too: its source and whether it loaded.
_PICTURES = """async () => {
  const images = [...document.querySelectorAll('article img')];
  for (const img of images) { img.loading = 'eager'; }
  await Promise.all(images.map(img => img.complete ? null : new Promise(done => {
    img.addEventListener('load', done); img.addEventListener('error', done); })));
  return images.map(img => ({src: img.getAttribute('src'), loaded: img.complete && img.naturalWidth > 0}));
}"""


def test_a_game_page_shows_its_board_diagram_in_chromium(browser, base):
    with _page(browser) as page:
        requested: list[str] = []
        page.on("request", lambda request: requested.append(request.url))
        page.goto(f"{base}/shell-we/", wait_until="load")
        dom = page.content()
        pictures = page.evaluate(_PICTURES)
    images = re.findall(r'<img[^>]+src="([^"]+\.svg)"[^>]*>', dom)
    boards = [src for src in images if "/img/beach-" in src or src.startswith("img/beach-")]
    assert boards, f"no board picture on the page; images: {images[:5]}"
    assert "Shell We?" in dom and 'id="SHELL-PEARL-1"' in dom
    broken = [p["src"] for p in pictures if not p["loaded"]]
    assert pictures and not broken, f"pictures that do not load: {broken[:5]}"
    elsewhere = [url for url in requested if not url.startswith(base) and not url.startswith("data:")]
    assert not elsewhere, f"the page fetched {elsewhere[:5]}"


@pytest.mark.parametrize("path", ["let-them-eat-shrimp/", "let-them-eat-shrimp/advanced/",
                                  "house-rules/three-tiles/"])
def test_every_picture_of_a_page_loads_in_chromium(browser, base, path):
    with _page(browser) as page:
        page.goto(f"{base}/{path}", wait_until="load")
        pictures = page.evaluate(_PICTURES)
    broken = [p["src"] for p in pictures if not p["loaded"]]
    assert pictures and not broken, f"pictures on {path} that do not load: {broken[:5]}"


def test_the_board_picture_is_served_as_svg(site, base):
    import urllib.request
    with urllib.request.urlopen(f"{base}/shell-we/img/beach-B-4p.svg", timeout=10) as response:
        body = response.read().decode()
    assert body.startswith("<svg") and "pearl" in body


# Where the article's tables end, and where the table of contents starts (null when it is hidden).
_TABLE_EDGES = """() => {
  const toc = document.querySelector('.md-sidebar--secondary');
  const shown = toc && getComputedStyle(toc).display !== 'none' && toc.getBoundingClientRect().width > 0;
  const tables = [...document.querySelectorAll('article table')].map(t => {
    const box = t.getBoundingClientRect();  // the whole table, also where its scroll box hides it
    return {right: Math.round(box.right), text: t.innerText.slice(0, 40)};
  });
  return {toc: shown ? toc.getBoundingClientRect().left : null, tables,
          page: document.documentElement.scrollWidth, viewport: window.innerWidth};
}"""


@pytest.mark.parametrize("path", ["shell-we/", "shrimp/", "let-them-eat-shrimp/advanced/"])
@pytest.mark.parametrize("width", [1400, 1000, 600])
def test_tables_stay_clear_of_the_table_of_contents(browser, base, path, width):
    with _page(browser, width=width) as page:
        page.goto(f"{base}/{path}", wait_until="load")
        edges = page.evaluate(_TABLE_EDGES)
    assert edges["tables"], f"no table on {path}"
    assert edges["page"] <= edges["viewport"], f"{path} at {width} px scrolls sideways: {edges['page']} px wide"
    if edges["toc"] is not None:
        over = [t for t in edges["tables"] if t["right"] > edges["toc"] - 8]  # a gap of 8 px at least
        assert not over, f"{path} at {width} px: tables reach into the table of contents at {edges['toc']}: {over}"


def test_a_clause_id_is_never_broken_across_lines(browser, base):
    with _page(browser, width=1000) as page:
        page.goto(f"{base}/shell-we/", wait_until="load")
        lines = page.evaluate("() => [...document.querySelectorAll('article a.clause')].map(a => "
                              "[a.textContent, a.getClientRects().length])")
    assert len(lines) > 100
    broken = [text for text, rects in lines if rects != 1]
    assert not broken, f"clause IDs broken across lines: {broken[:5]}"


# What the search box shows: its status line, and each rendered result (link, heading, score).
_SEARCH_RESULTS = """() => ({
  status: (document.querySelector('.md-search-result__meta') || {}).textContent || '',
  query: (document.querySelector('.md-search__input') || {}).value || '',
  results: [...document.querySelectorAll('.md-search-result__item:not([hidden]) a.md-search-result__link:not([hidden])')].map(a => ({
    href: a.getAttribute('href'),
    heading: (a.querySelector('h1, h2') || {}).textContent || '',
    text: a.textContent,
    score: parseFloat((a.querySelector('article') || {dataset: {}}).dataset.mdScore || '0')})),
  hidden: document.querySelectorAll('a.md-search-result__link[hidden]').length})"""

# The search worker has answered the query: "3 matching documents", "No matching documents".
_SEARCH_ANSWERED = """query => {
  const status = (document.querySelector('.md-search-result__meta') || {}).textContent || '';
  return (document.querySelector('.md-search__input') || {}).value === query && /matching/.test(status);
}"""


def _search(page, base: str, query: str, timeout: float = 30.0) -> dict:
    """Open the home page with ``?q=`` (Material opens its search box on that query) and wait until the
    search worker has answered."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
    page.goto(f"{base}/?q={query}", wait_until="load")
    try:
        page.wait_for_function(_SEARCH_ANSWERED, arg=query, timeout=timeout * 1000)
    except PlaywrightTimeout:
        pytest.fail(f"the search box never answered {query!r} (last shown: {page.evaluate(_SEARCH_RESULTS)})")
    shown = page.evaluate(_SEARCH_RESULTS)
    return {**shown, "status": " ".join(shown["status"].split())}


@pytest.mark.parametrize("clause, path", [("SHELL-PEARL-1", "shell-we/"), ("SHRIMP-PEN-5", "shrimp/")])
def test_search_finds_a_clause_by_its_id_in_chromium(browser, base, clause, path):
    with _page(browser) as page:
        shown = _search(page, base, clause)
    results = shown["results"]
    assert results, f"no results for {clause}: {shown['status']}"
    hits = [r for r in results if r["href"].endswith(f"#{clause}")]
    assert hits, f"no result links to the clause {clause}: {[r['href'] for r in results[:10]]}"
    assert any(r["href"].startswith(f"{base}/{path}?") for r in hits), [r["href"] for r in hits]
    assert all(r["heading"].strip() == clause for r in hits)
    best = max(results, key=lambda r: r["score"])
    assert best["href"].endswith(f"#{clause}"), f"the best result for {clause} is {best}"
    # The ID is searched as one word (docs/assets/clause-search.js): every result shown holds that very ID,
    # not a longer one that begins with it (SHELL-PEARL-16), nor only some of its parts.
    exact = re.compile(rf"(^|[^A-Za-z0-9-]){re.escape(clause)}(?![A-Za-z0-9-])", re.I)
    assert all(r["href"].endswith(f"#{clause}") or exact.search(r["text"]) for r in results), \
        [(r["href"], r["text"][:80]) for r in results if not r["href"].endswith(f"#{clause}")]
    assert shown["hidden"] > 0  # the search's own answer had others (shell, pearl, 16, ...), now hidden
    assert shown["status"].startswith(f"{len(results)} matching document"), shown["status"]


def test_the_sidebar_names_each_game_by_its_title(site):
    from rulespec.pipeline import bundled_rulebooks
    html = (site / "index.html").read_text(encoding="utf-8")
    html = re.sub(r'<nav class="md-nav md-nav--secondary".*?</nav>', "", html, flags=re.S)  # tables of contents
    nav = html.split('class="md-nav md-nav--primary"', 1)[1].split('class="md-content"', 1)[0]
    shown = [" ".join(html_module.unescape(label).split())
             for label in re.findall(r'<span class="md-ellipsis">([^<]+)</span>', nav)]
    for game_id in bundled_rulebooks():
        title = rulespec.compile_rules(game_id).title
        assert title in shown, (title, shown)
        first = shown.index(title)  # the section, named and linked as its index page, how to play, its variants
        assert shown[first + 1] == f"How to play {title}", shown[first:first + 3]
        if rulespec.compile_rules(game_id).variants_available:  # the gallery's games have none
            assert shown[first + 2].startswith(f"{title} — "), shown[first:first + 4]
        folder_name = game_id.replace("-", " ").capitalize()  # what MkDocs would call it
        assert folder_name == title or folder_name not in shown, shown
    house = shown.index("Shell We? (cheap starfish)")  # a house rule first, its how to play, then its variants
    assert shown[house + 1] == "How to play Shell We? (cheap starfish)", shown[house:house + 3]
    assert shown[house + 2] == "Shell We? (cheap starfish) — Message in a Bottle", shown[house:house + 4]
