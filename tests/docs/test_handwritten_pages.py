"""The site's hand-written pages live in the top-level docs/ (rulespec/resources.py: handwritten_docs), the
generated ones beside them: the site writer never writes over or deletes a hand-written page, every site
has them, and the wheel carries them."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from rulespec import resources
from rulespec.docs import site
from rulespec.docs.pages import Page

ROOT = Path(__file__).resolve().parents[2]
TUTORIAL = "# Write your own house rule\n\nBy hand.\n"


@pytest.fixture
def home(tmp_path, monkeypatch) -> Path:
    """A docs/ of hand-written pages, standing in for the checkout's."""
    docs = tmp_path / "docs"
    (docs / "guide").mkdir(parents=True)
    (docs / "assets").mkdir()
    (docs / "tutorial.md").write_text(TUTORIAL, encoding="utf-8")
    (docs / "guide" / "engine-api.md").write_text("# The engine API\n", encoding="utf-8")
    (docs / "assets" / "rulespec.css").write_text("body {}\n", encoding="utf-8")
    monkeypatch.setattr(resources, "docs_dir", lambda: docs)
    return docs


def test_the_hand_written_pages_are_the_markdown_pages_guide_and_assets_but_index(home, tmp_path):
    (home / "index.md").write_text("# The rules, generated\n", encoding="utf-8")  # the hook writes it
    (home / "shell-we").mkdir()
    (home / "shell-we" / "index.md").write_text("# Shell We?\n", encoding="utf-8")
    outside = tmp_path / "secret.md"
    outside.write_text("not a page\n", encoding="utf-8")
    (home / "guide" / "linked.md").symlink_to(outside)  # a link would read a file from elsewhere into the site
    (home / "linked-folder").symlink_to(tmp_path, target_is_directory=True)
    assert set(resources.handwritten_docs()) == {"tutorial.md", "guide/engine-api.md", "assets/rulespec.css"}


def test_an_old_manifest_listing_a_hand_written_page_does_not_delete_it(home):
    (home / site.MANIFEST).write_text("tutorial.md\nshell-we/index.md\n", encoding="utf-8")
    (home / "shell-we").mkdir()
    (home / "shell-we" / "index.md").write_text("# Shell We?\n", encoding="utf-8")
    site.write_pages(home, [Page("index.md", "# The rules, generated\n")], keep=resources.handwritten_docs())
    assert (home / "tutorial.md").read_text(encoding="utf-8") == TUTORIAL
    assert not (home / "shell-we").exists()  # a generated page no longer made is deleted
    assert (home / site.MANIFEST).read_text(encoding="utf-8") == "index.md\n"


def test_the_generated_pages_go_beside_the_hand_written_ones_and_never_over_them(home, monkeypatch):
    written = [Page("index.md", "# The rules, generated\n"), Page("tutorial.md", "# Generated over it\n"),
               Page("shell-we/index.md", "# Shell We?\n")]
    monkeypatch.setattr(site, "site_pages", lambda root=None: written)
    site.write_site_docs(home)  # no manifest yet, hand-written files there: still rulespec's own folder
    assert (home / "tutorial.md").read_text(encoding="utf-8") == TUTORIAL
    assert (home / "shell-we" / "index.md").is_file()
    assert (home / site.MANIFEST).read_text(encoding="utf-8").split() == ["index.md", "shell-we/index.md"]


def test_another_folder_with_pages_of_its_own_is_still_refused(home, tmp_path):
    other = tmp_path / "theirs"
    other.mkdir()
    (other / "tutorial.md").write_text("mine\n", encoding="utf-8")
    with pytest.raises(site.ForeignFolder):
        site.write_site_docs(other)
    assert (other / "tutorial.md").read_text(encoding="utf-8") == "mine\n"


def test_every_site_has_the_hand_written_pages_as_they_are(home):
    pages = {page.path: page.text for page in site.site_pages(games={}, house_rules=[], own=[])}
    assert pages["guide/engine-api.md"] == "# The engine API\n" and pages["assets/rulespec.css"] == "body {}\n"
    assert "tutorial.md" not in pages  # it walks through the bundled Shell We? and its house rules


def test_the_wheel_carries_every_hand_written_page():
    mapped = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))[
        "tool"]["hatch"]["build"]["targets"]["wheel"]["force-include"]
    pages = resources.handwritten_docs()
    assert {"tutorial.md", "safety.md", "guide/index.md", "guide/engine-api.md", "assets/rulespec.css"} <= set(pages)
    for relative in pages:
        source = f"docs/{relative}"
        covering = [s for s in mapped if source == s or source.startswith(s.rstrip("/") + "/")]
        assert covering, f"{source} is not force-included into the wheel (pyproject.toml)"
        assert mapped[covering[0]] + source[len(covering[0]):] == f"rulespec/_data/{source}"
