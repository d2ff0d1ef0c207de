"""The built site: `mkdocs build --strict` passes, it loads nothing from the network, and in headless
Chromium a game page shows its board diagram and the clause anchors, and the search box finds a clause by
its ID (the search worker really runs, over http, and the clause's section is the best result).

The site is the one `rulespec site` built (the README's main job and .ci/run build it before the
tests) when it is newer than everything it is made from; otherwise it is built here, into a
temporary folder.
"""

from __future__ import annotations

import contextlib
import fcntl
import http.server
import json
import re
import os
import select
import shutil
import subprocess
import threading
import time
from functools import partial
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SOURCES = [ROOT / "mkdocs.yml", *ROOT.glob("rulebooks/*.rules"), *ROOT.glob("house-rules/*.rules"),
           *ROOT.glob("grammars/*"), *(ROOT / "rulespec").rglob("*.py"), *(ROOT / "rulespec" / "docs").rglob("*.*")]


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


def _chromium() -> str:
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    if os.environ.get("CI", "").lower() in ("1", "true", "yes"):  # CI installs it: a missing browser is a failure
        pytest.fail("chromium is not installed, but .ci/run installs it (Debian package `chromium`)")
    pytest.skip("chromium is not installed (Debian package `chromium`; .ci/run installs it)")


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


def _dump_dom(url: str, profile: Path, budget_ms: int = 5000) -> str:
    command = [_chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
               "--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-sync",
               f"--user-data-dir={profile}", f"--virtual-time-budget={budget_ms}", "--dump-dom", url]
    result = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr[-2000:]
    return result.stdout


def test_a_game_page_shows_its_board_diagram_in_chromium(site, tmp_path):
    with _serve(site) as base:
        dom = _dump_dom(f"{base}/shell-we/", tmp_path / "profile")
    images = re.findall(r'<img[^>]+src="([^"]+\.svg)"[^>]*>', dom)
    boards = [src for src in images if "/img/beach-" in src or src.startswith("img/beach-")]
    assert boards, f"no board picture on the page; images: {images[:5]}"
    assert "Shell We?" in dom and 'id="SHELL-PEARL-1"' in dom


def test_the_board_picture_is_served_as_svg(site, tmp_path):
    import urllib.request
    with _serve(site) as base:
        with urllib.request.urlopen(f"{base}/shell-we/img/beach-B-4p.svg", timeout=10) as response:
            body = response.read().decode()
    assert body.startswith("<svg") and "pearl" in body


class _DevTools:
    """Headless Chromium driven over the DevTools protocol on a pipe (``--remote-debugging-pipe``: the browser
    reads commands from its fd 3 and writes replies and events to its fd 4, each a JSON text ending in NUL),
    so a test can wait in real time for a page's scripts. ``--dump-dom`` with a virtual time budget cannot
    wait for the search worker: virtual time runs past while the worker builds its index, and the DOM is
    dumped with "Initializing search" still showing."""

    def __init__(self, profile: Path, log: Path):
        def above_stdio(fd: int) -> int:  # out of the way of the child's fds 3 and 4
            moved = fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 10)
            os.close(fd)
            return moved

        to_browser, self._out = map(above_stdio, os.pipe())
        self._in, from_browser = map(above_stdio, os.pipe())

        def wire():
            os.dup2(to_browser, 3)
            os.dup2(from_browser, 4)

        command = [_chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                   "--disable-background-networking", "--disable-component-update", "--no-first-run",
                   "--disable-sync", f"--user-data-dir={profile}", "--remote-debugging-pipe", "about:blank"]
        with open(log, "wb") as stderr:
            self._browser = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=stderr, stderr=stderr,
                                             pass_fds=(3, 4), preexec_fn=wire)
        os.close(to_browser)
        os.close(from_browser)
        self._log, self._buffer, self._next_id = log, b"", 0

    def call(self, method: str, params: dict | None = None, session: str | None = None, timeout: float = 30.0):
        self._next_id += 1
        message = {"id": self._next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self._out, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + timeout
        while True:
            while b"\0" in self._buffer:
                raw, self._buffer = self._buffer.split(b"\0", 1)
                reply = json.loads(raw)
                if reply.get("id") == self._next_id:  # anything else is an event: not needed here
                    assert "error" not in reply, f"{method}: {reply['error']}"
                    return reply["result"]
            ready, _, _ = select.select([self._in], [], [], max(0.0, deadline - time.monotonic()))
            chunk = os.read(self._in, 1 << 20) if ready else b""
            if not chunk:
                log = self._log.read_text(errors="replace")[-2000:]
                pytest.fail(f"chromium did not answer {method} ({'timed out' if not ready else 'it exited'}): {log}")
            self._buffer += chunk

    def open(self, url: str) -> str:
        """Open ``url`` in a new tab; the session to evaluate in."""
        target = self.call("Target.createTarget", {"url": url})["targetId"]
        return self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]

    def evaluate(self, session: str, expression: str):
        reply = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True}, session)
        assert "exceptionDetails" not in reply, reply["exceptionDetails"]
        return reply["result"].get("value")

    def close(self):
        try:
            if self._browser.poll() is None:
                with contextlib.suppress(OSError):
                    os.write(self._out, json.dumps({"id": 0, "method": "Browser.close"}).encode() + b"\0")
                self._browser.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self._browser.kill()
            self._browser.wait()
        finally:
            os.close(self._out)
            os.close(self._in)


# What the search box shows: its status line, and each rendered result (link, heading, score).
_SEARCH_RESULTS = """JSON.stringify({
  status: (document.querySelector('.md-search-result__meta') || {}).textContent || '',
  query: (document.querySelector('.md-search__input') || {}).value || '',
  results: [...document.querySelectorAll('.md-search-result__item a.md-search-result__link')].map(a => ({
    href: a.getAttribute('href'),
    heading: (a.querySelector('h1, h2') || {}).textContent || '',
    score: parseFloat((a.querySelector('article') || {dataset: {}}).dataset.mdScore || '0')}))})"""


def _search(browser: _DevTools, base: str, query: str, timeout: float = 30.0) -> dict:
    """Open the home page with ``?q=`` (Material opens its search box on that query) and wait until the
    search worker has answered."""
    session = browser.open(f"{base}/?q={query}")
    deadline = time.monotonic() + timeout
    while True:
        shown = json.loads(browser.evaluate(session, _SEARCH_RESULTS) or "{}")
        status = " ".join(shown.get("status", "").split())
        if shown.get("query") == query and "matching" in status:  # "3 matching documents", "No matching ..."
            return {**shown, "status": status}
        if time.monotonic() > deadline:
            pytest.fail(f"the search box never answered {query!r} (last shown: {shown})")
        time.sleep(0.1)


@pytest.mark.parametrize("clause, page", [("SHELL-PEARL-1", "shell-we/"), ("SHRIMP-PEN-5", "shrimp/")])
def test_search_finds_a_clause_by_its_id_in_chromium(site, tmp_path, clause, page):
    browser = _DevTools(tmp_path / "profile", tmp_path / "chromium.log")
    try:
        with _serve(site) as base:  # over http: the search worker does not start from a file:// page
            shown = _search(browser, base, clause)
    finally:
        browser.close()
    results = shown["results"]
    assert results, f"no results for {clause}: {shown['status']}"
    hits = [r for r in results if r["href"].endswith(f"#{clause}")]
    assert hits, f"no result links to the clause {clause}: {[r['href'] for r in results[:10]]}"
    assert any(r["href"].startswith(f"{base}/{page}?") for r in hits), [r["href"] for r in hits]
    assert all(r["heading"].strip() == clause for r in hits)
    best = max(results, key=lambda r: r["score"])
    assert best["href"].endswith(f"#{clause}"), f"the best result for {clause} is {best}"
