"""A generated page (:class:`Page`) and the Markdown pieces the game's page and the pages beside it share:
a link to a clause, the variants' titles, natural order, indenting, English next to the rule-file text."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Sequence

from ..model import ir
from .escape import fenced, md_text


@dataclass
class Page:
    """A generated page: its Markdown, and the pictures it links to (paths relative to the docs folder)."""

    path: str
    text: str
    files: dict[str, str] = field(default_factory=dict)
    title: str = ""


def clause_link(clause: str) -> str:
    """A link to a clause's entry in the index; the stylesheet keeps it on one line (no break at a hyphen:
    SHELL- / STAR-1)."""
    return f"[{md_text(clause)}](#{clause}){{ .clause }}"


def variant_titles(model: ir.Model) -> list[str]:
    """The titles of the variants applied (their names where a variant has none)."""
    titles = dict(model.variants_available)
    return [titles.get(name) or name for name in model.variants_applied]


def natural_key(text: str) -> list:
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", text)]


def indent(lines: Sequence[str], by: int = 4) -> list[str]:
    pad = " " * by
    return [pad + line if line.strip() else "" for line in lines]


def tabs(english: Sequence[str], source: str) -> list[str]:
    """mkdocs-material content tabs: the English next to the rule-file text."""
    lines = ['=== "English"', ""]
    lines += indent(list(english) or ["(nothing to say)"])
    lines += ["", '=== "Rule file"', ""]
    lines += fenced(source, "rules", indent="    ")
    lines += [""]
    return lines
