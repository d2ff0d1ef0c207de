"""MkDocs hook (see mkdocs.yml): generate the pages into docs_dir before MkDocs reads it."""

from __future__ import annotations

from pathlib import Path


RULESPEC_HOOK = True  # rulespec/docs/site.py: a configuration with this hook makes its own pages


def on_pre_build(config, **kwargs) -> None:
    from rulespec.docs.site import write_site_docs
    root = Path(config.config_file_path).resolve().parent
    write_site_docs(Path(config.docs_dir), root)


def on_nav(nav, config, files, **kwargs):
    from rulespec.docs.site import SectionTitles  # the sidebar names a game's section after its title
    return SectionTitles().on_nav(nav, config, files)
