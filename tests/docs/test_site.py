"""The built site: `mkdocs build --strict` passes, it loads nothing from the network, and in headless
Chromium a game page shows its board diagram and the clause anchors; the search index holds each clause
ID as one term, at the clause's permanent address.

The site is the one `rulespec site` built (the README's main job and .ci/run build it before the
tests) when it is newer than everything it is made from; otherwise it is built here, into a
temporary folder.
"""

from __future__ import annotations

import contextlib
import http.server
import json
import re
import os
import shutil
import socket
import subprocess
import threading
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


def test_search_index_holds_clause_ids_as_single_terms(site):
    index = json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))
    assert "-" not in index["config"]["separator"]  # SHELL-PEARL-1 stays one search term
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
