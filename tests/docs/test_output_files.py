"""Issue #37, class 1: every file rulespec writes or deletes stays in its output folder
(rulespec/output_files.py), for every command that writes: `site --markdown-only`, `site -o DIR`,
`docs FILE -o DIR` (and `--html`), `build`, `init`, a verify counterexample and `simulate --out`.
Each hostile case puts a file outside the folder and checks it is still there, byte for byte; and a
folder's mkdocs.yml that would run code (hooks, Python tags) is refused without --trust-config."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from rulespec.cli.main import app
from rulespec.output_files import ForeignFolder, OutputFolder, UnsafePath, claim_folder

ROOT = Path(__file__).resolve().parents[2]
PEBBLES = ROOT / "tests" / "core" / "fixtures" / "pebbles.rules"
GEMS = ROOT / "tests" / "core" / "fixtures" / "gems.rules"
SECRET = b"export PATH=/usr/bin  # a start-up file of the user's\n"
runner = CliRunner()


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    """A file outside every output folder (a shell start-up file, say), and a folder of the user's."""
    folder = tmp_path / "home"
    folder.mkdir()
    (folder / ".bashrc").write_bytes(SECRET)
    return folder / ".bashrc"


def untouched(path: Path) -> None:
    assert path.is_file() and not path.is_symlink() and path.read_bytes() == SECRET
    assert sorted(p.name for p in path.parent.iterdir()) == [".bashrc"]  # nothing written beside it


def refused(result, *words: str) -> str:
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and "internal error" not in result.output
    for word in words:
        assert word in result.output, result.output
    return result.output


# ----------------------------------------------------------------------------- the helper itself


@pytest.mark.parametrize("path", ["../x", "a/../../x", "..", "/abs/x", "", ".", "./", "a\0b"])
def test_a_path_that_leaves_the_folder_is_refused(tmp_path, path):
    folder = OutputFolder(tmp_path / "out")
    with pytest.raises(UnsafePath) as refusal:
        folder.write_text(path, "page")
    assert str(tmp_path / "out") in str(refusal.value)
    with pytest.raises(UnsafePath):
        folder.delete(path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"] and not any((tmp_path / "out").iterdir())


def test_a_link_as_the_page_or_a_folder_on_the_way_is_refused(tmp_path, outside):
    folder = OutputFolder(tmp_path / "out")
    (tmp_path / "out" / "page.md").symlink_to(outside)
    (tmp_path / "out" / "sub").symlink_to(outside.parent, target_is_directory=True)
    for path in ("page.md", "sub/.bashrc", "sub/new.md"):
        with pytest.raises(UnsafePath, match="symbolic link"):
            folder.write_text(path, "page")
        with pytest.raises(UnsafePath, match="symbolic link"):
            folder.delete(path)
    with pytest.raises(UnsafePath):
        folder.open_append("page.md")
    untouched(outside)


def test_a_linked_output_folder_is_refused_even_with_force(tmp_path, outside, monkeypatch):
    (tmp_path / "out").symlink_to(outside.parent, target_is_directory=True)
    with pytest.raises(UnsafePath, match="output folder is a symbolic link"):
        OutputFolder(tmp_path / "out")
    with pytest.raises(UnsafePath):
        claim_folder(tmp_path / "out", ".generated", force=True)
    (tmp_path / "real").mkdir()
    (tmp_path / "real" / "linked").symlink_to(outside.parent, target_is_directory=True)
    monkeypatch.chdir(tmp_path)
    with pytest.raises(UnsafePath, match="linked is a symbolic link"):  # a relative path through a link
        OutputFolder(Path("real") / "linked" / "deeper")
    untouched(outside)


def test_writes_replace_and_deletes_remove_only_regular_files(tmp_path):
    folder = OutputFolder(tmp_path / "out")
    assert folder.write_text("a/b.md", "one") and not folder.write_text("a/b.md", "one")
    assert folder.write_text("a/b.md", "two") and (tmp_path / "out" / "a" / "b.md").read_text() == "two"
    assert oct((tmp_path / "out" / "a" / "b.md").stat().st_mode & 0o777) != oct(0o600)  # readable like a page
    with pytest.raises(UnsafePath, match="not a regular file"):
        folder.delete("a")
    assert folder.delete("a/b.md") and not folder.delete("a/b.md")
    assert [p.name for p in (tmp_path / "out").rglob("*")] == ["a"]  # no temporary file left


def test_a_foreign_folder_is_claimed_only_with_its_marker_or_force(tmp_path, outside):
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "mine.txt").write_text("mine")
    with pytest.raises(ForeignFolder, match="did not write"):
        claim_folder(tmp_path / "out", ".marker")
    (tmp_path / "out" / ".marker").symlink_to(outside)  # a link is no marker
    with pytest.raises(ForeignFolder):
        claim_folder(tmp_path / "out", ".marker")
    claim_folder(tmp_path / "out", ".marker", force=True)
    (tmp_path / "out" / ".marker").unlink()
    (tmp_path / "out" / ".marker").write_text("")
    owned = claim_folder(tmp_path / "out", ".marker")
    (tmp_path / "out" / "link").symlink_to(outside.parent, target_is_directory=True)
    (tmp_path / "out" / "sub").mkdir()
    (tmp_path / "out" / "sub" / "link").symlink_to(outside)
    owned.empty()  # links removed, never followed
    assert not any((tmp_path / "out").iterdir())
    untouched(outside)


# ----------------------------------------------------------------------------- the docs writer


def hostile_manifest(docs: Path, outside: Path) -> None:
    """A cloned folder's .generated listing paths outside, and a link among the pages."""
    docs.mkdir(parents=True, exist_ok=True)
    (docs / "link.md").symlink_to(outside)
    (docs / ".generated").write_text(f"../.bashrc\n{outside}\n../home/.bashrc\nlink.md\nsub/../../x\n")


def test_write_pages_reports_and_keeps_manifest_entries_outside(tmp_path, outside):
    from rulespec.docs.pages import Page
    from rulespec.docs.site import write_pages
    docs = outside.parent / "docs"
    hostile_manifest(docs, outside)
    kept: list[UnsafePath] = []
    write_pages(docs, [Page("index.md", "# Index\n")], refused=kept.append)
    assert sorted(problem.path for problem in kept) == sorted(["../.bashrc", str(outside), "../home/.bashrc",
                                                               "link.md", "sub/../../x"])
    assert (docs / "link.md").is_symlink() and outside.read_bytes() == SECRET
    assert (docs / ".generated").read_text() == "index.md\n"


def test_site_markdown_only_keeps_outside_files_and_refuses_links(tmp_path, outside, monkeypatch):
    work = outside.parent
    monkeypatch.chdir(work)
    (work / "gems.rules").write_bytes(GEMS.read_bytes())
    hostile_manifest(work / "docs", outside)
    result = runner.invoke(app, ["site", "--markdown-only", "--no-bundled"])
    assert result.exit_code == 0, result.output
    assert result.output.count("kept: refused") == 5
    assert outside.read_bytes() == SECRET and (work / "docs" / "rules" / "gems.md").is_file()
    (work / "docs" / "rules" / "gems.md").unlink()
    (work / "docs" / "rules" / "gems.md").symlink_to(outside)  # a page that is a link to a start-up file
    refused(runner.invoke(app, ["site", "--markdown-only", "--no-bundled"]), "symbolic link")
    assert outside.read_bytes() == SECRET


def test_site_markdown_only_replaces_a_foreign_folder_only_with_force(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "gems.rules").write_bytes(GEMS.read_bytes())
    (tmp_path / "notes").mkdir()
    (tmp_path / "notes" / "mine.md").write_bytes(SECRET)
    refused(runner.invoke(app, ["site", "--markdown-only", "--no-bundled", "-o", "notes"]), "--force")
    assert [p.name for p in (tmp_path / "notes").iterdir()] == ["mine.md"]
    done = runner.invoke(app, ["site", "--markdown-only", "--no-bundled", "-o", "notes", "--force"])
    assert done.exit_code == 0, done.output
    assert (tmp_path / "notes" / "mine.md").read_bytes() == SECRET  # forced: written in, nothing of theirs deleted
    (tmp_path / "linked").symlink_to(tmp_path / "notes", target_is_directory=True)
    refused(runner.invoke(app, ["site", "--markdown-only", "--no-bundled", "-o", "linked", "--force"]),
            "symbolic link")


def test_docs_keeps_outside_files_and_refuses_links(tmp_path, outside, monkeypatch):
    monkeypatch.chdir(tmp_path)
    hostile_manifest(tmp_path / "out" / "docs", outside)
    result = runner.invoke(app, ["docs", str(PEBBLES), "-o", "out"])
    assert result.exit_code == 0, result.output
    assert result.output.count("kept: refused") == 5 and outside.read_bytes() == SECRET
    (tmp_path / "out" / "docs" / "index.md").unlink()
    (tmp_path / "out" / "docs" / "index.md").symlink_to(outside)
    refused(runner.invoke(app, ["docs", str(PEBBLES), "-o", "out"]), "symbolic link")
    (tmp_path / "out" / "docs" / "index.md").unlink()
    (tmp_path / "out" / "mkdocs.yml").unlink()
    (tmp_path / "out" / "mkdocs.yml").symlink_to(outside)
    refused(runner.invoke(app, ["docs", str(PEBBLES), "-o", "out", "--force"]), "symbolic link")
    (tmp_path / "out" / "mkdocs.yml").unlink()
    (tmp_path / "out" / "mkdocs.yml").write_text("site_name: ours\n")  # someone else's configuration
    refused(runner.invoke(app, ["docs", str(PEBBLES), "-o", "out"]), "--force")
    assert (tmp_path / "out" / "mkdocs.yml").read_text() == "site_name: ours\n"
    untouched(outside)


def test_a_kept_manifest_entry_is_shown_with_its_control_characters_escaped(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    docs = tmp_path / "out" / "docs"
    docs.mkdir(parents=True)
    (docs / ".generated").write_text("../\x1b[2J\x1b]0;owned\x07x\u200b\n", encoding="utf-8")
    result = runner.invoke(app, ["docs", str(PEBBLES), "-o", "out"])
    assert result.exit_code == 0, result.output
    kept = [line for line in result.output.splitlines() if line.startswith("kept: ")]
    assert len(kept) == 1, result.output
    assert "\\x1b[2J" in kept[0] and "\\x07" in kept[0] and "\\u200b" in kept[0]
    assert not any(char in result.output for char in "\x1b\x07\u200b")


def _needs_docs_extra() -> None:
    pytest.importorskip("mkdocs", reason="the docs extra is not installed (pip install -e '.[docs]')")
    pytest.importorskip("material", reason="mkdocs-material is not installed (pip install -e '.[docs]')")


def test_docs_html_does_not_empty_a_foreign_or_linked_site_folder(tmp_path, outside, monkeypatch):
    _needs_docs_extra()
    monkeypatch.chdir(tmp_path)
    (tmp_path / "out" / "site").mkdir(parents=True)
    (tmp_path / "out" / "site" / "mine.html").write_bytes(SECRET)
    refused(runner.invoke(app, ["docs", str(PEBBLES), "-o", "out", "--html"]), "--force")
    assert [p.name for p in (tmp_path / "out" / "site").iterdir()] == ["mine.html"]
    (tmp_path / "out" / "site" / "mine.html").unlink()
    (tmp_path / "out" / "site").rmdir()
    (tmp_path / "out" / "site").symlink_to(outside.parent, target_is_directory=True)
    refused(runner.invoke(app, ["docs", str(PEBBLES), "-o", "out", "--html", "--force"]), "symbolic link")
    untouched(outside)


def test_site_out_does_not_empty_a_foreign_or_linked_folder(tmp_path, outside, monkeypatch):
    _needs_docs_extra()
    monkeypatch.chdir(tmp_path)
    (tmp_path / "gems.rules").write_bytes(GEMS.read_bytes())
    refused(runner.invoke(app, ["site", "--no-bundled", "-o", str(outside.parent)]), "--force")
    untouched(outside)
    (tmp_path / "public").symlink_to(outside.parent, target_is_directory=True)
    refused(runner.invoke(app, ["site", "--no-bundled", "-o", "public", "--force"]), "symbolic link")
    untouched(outside)


@pytest.mark.parametrize("site_dir", ["..", "../elsewhere", ".", "{tmp}/elsewhere"])
def test_a_site_dir_outside_the_folder_of_mkdocs_yml_is_refused(tmp_path, monkeypatch, site_dir):
    _needs_docs_extra()
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    (work / "gems.rules").write_bytes(GEMS.read_bytes())
    (work / "mkdocs.yml").write_text(f"site_name: x\nsite_dir: {site_dir.format(tmp=tmp_path)}\n")
    refused(runner.invoke(app, ["site", "--no-bundled", "--force"]), "site")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["work"]
    assert sorted(p.name for p in work.iterdir()) == ["gems.rules", "mkdocs.yml"]


@pytest.mark.parametrize("link", ["page.md", "folder"])
def test_a_link_among_a_folders_own_pages_is_read_into_no_site(tmp_path, outside, monkeypatch, link):
    """A user's own mkdocs.yml: its docs folder is copied to build from; a link there would read any file
    of the machine into the built site (the page) or a whole folder (the folder)."""
    _needs_docs_extra()
    work = tmp_path / "work"
    (work / "docs").mkdir(parents=True)
    monkeypatch.chdir(work)
    (work / "gems.rules").write_bytes(GEMS.read_bytes())
    (work / "mkdocs.yml").write_text("site_name: x\n")
    (work / "docs" / "mine.md").write_text("# Mine\n")
    target = outside if link == "page.md" else outside.parent
    (work / "docs" / link).symlink_to(target, target_is_directory=target.is_dir())
    refused(runner.invoke(app, ["site", "--no-bundled"]), "symbolic link", link)
    assert not (work / "site").exists()
    untouched(outside)


HOOK = "from pathlib import Path\nPath({where!r}).write_text('ran')\n"


@pytest.mark.parametrize("config", [
    "site_name: x\nhooks:\n  - evil.py\n",
    "site_name: !!python/object/apply:os.system ['touch {where}']\n",
    "site_name: x\nmarkdown_extensions:\n  - toc:\n      slugify: !!python/name:os.system\n",
    "site_name: !ENV [HOME]\n",
    "site_name: x\ntheme:\n  name: material\n  custom_dir: overrides\n",
    "site_name: x\nplugins:\n  - macros\n",
    "INHERIT: base.yml\n",
])
def test_a_folders_mkdocs_yml_that_runs_code_is_refused_without_trust(tmp_path, monkeypatch, config):
    _needs_docs_extra()
    monkeypatch.chdir(tmp_path)
    where = tmp_path / "ran"
    (tmp_path / "gems.rules").write_bytes(GEMS.read_bytes())
    (tmp_path / "evil.py").write_text(HOOK.format(where=str(where)))
    (tmp_path / "base.yml").write_text("hooks: [evil.py]\n")
    (tmp_path / "mkdocs.yml").write_text(config.format(where=where))
    output = refused(runner.invoke(app, ["site", "--no-bundled"]), "--trust-config", "mkdocs.yml")
    assert not where.exists() and not (tmp_path / "site").exists()
    assert "mkdocs.yml:" in output or "base.yml:" in output  # where it is asked for


def test_rulespecs_own_configurations_need_no_trust():
    from rulespec.docs.site import SITE_CONFIG, untrusted_settings
    assert untrusted_settings(ROOT / "mkdocs.yml") == []  # its hook is rulespec's own file
    assert untrusted_settings(SITE_CONFIG) == []
    assert untrusted_settings(ROOT / "rulespec" / "cli" / "templates" / "project" / "mkdocs.yml") == []


def test_a_copy_of_the_hook_in_a_strangers_folder_is_not_rulespecs(tmp_path):
    from rulespec.docs.site import untrusted_settings
    (tmp_path / "rulespec" / "docs").mkdir(parents=True)
    (tmp_path / "rulespec" / "docs" / "mkdocs_hook.py").write_text("import os\n")
    (tmp_path / "mkdocs.yml").write_text("hooks:\n  - rulespec/docs/mkdocs_hook.py\n")
    assert [line.split(": ", 1)[1] for line in untrusted_settings(tmp_path / "mkdocs.yml")] == \
        ["the hook rulespec/docs/mkdocs_hook.py (runs as Python)"]


# ----------------------------------------------------------------------------- the other writers


def test_build_writes_no_engine_through_a_link(tmp_path, outside, monkeypatch):
    import rulespec.cli.build
    engines = tmp_path / "engines"
    engines.mkdir()
    monkeypatch.setattr(rulespec.cli.build, "bundled_rulebooks", lambda: {"pebbles": PEBBLES})
    monkeypatch.setattr(rulespec.cli.build, "committed_engine_path", lambda game_id: engines / f"{game_id}.py")
    (engines / "pebbles.py").symlink_to(outside)
    refused(runner.invoke(app, ["build"]), "symbolic link")
    untouched(outside)
    (engines / "pebbles.py").unlink()
    assert runner.invoke(app, ["build"]).exit_code == 0 and "Engine" in (engines / "pebbles.py").read_text()


def test_init_writes_nothing_through_a_link(tmp_path, outside, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "project").mkdir()
    (tmp_path / "project" / "README.md").symlink_to(outside)
    refused(runner.invoke(app, ["init", "project"]), "README.md")  # a link counts as a file that is there
    refused(runner.invoke(app, ["init", "project", "--force"]), "symbolic link")
    (tmp_path / "project" / "README.md").unlink()
    (tmp_path / "project" / ".github").symlink_to(outside.parent, target_is_directory=True)
    refused(runner.invoke(app, ["init", "project", "--force"]), "symbolic link")
    assert sorted(p.name for p in (tmp_path / "project").iterdir()) == [".github"]  # nothing written at all
    untouched(outside)


def test_a_counterexample_is_not_written_through_a_link(tmp_path, outside):
    from rulespec.check.verify import Failure, save_counterexample
    failure = Failure("ends", "no end", 2, {}, ["take 1"], "pebbles")
    (tmp_path / "ce.txt").symlink_to(outside)
    with pytest.raises(UnsafePath, match="symbolic link"):
        save_counterexample(tmp_path / "ce.txt", failure)
    (tmp_path / "folder").symlink_to(outside.parent, target_is_directory=True)
    with pytest.raises(UnsafePath, match="symbolic link"):
        save_counterexample(tmp_path / "folder" / "ce.txt", failure)
    untouched(outside)
    assert save_counterexample(tmp_path / "new" / "ce.txt", failure).read_text().startswith("# game: pebbles")


@pytest.mark.parametrize("linked", ["report.md", "summary.json", "games.jsonl", "run.json"])
def test_simulate_writes_nothing_through_a_link(tmp_path, outside, monkeypatch, linked):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / linked).symlink_to(outside)
    refused(runner.invoke(app, ["simulate", str(PEBBLES), "--games", "2", "-o", "out"]), "symbolic link")
    untouched(outside)
    (tmp_path / "linked").symlink_to(tmp_path / "out", target_is_directory=True)
    refused(runner.invoke(app, ["simulate", str(PEBBLES), "--games", "2", "-o", "linked"]), "symbolic link")
