"""The generated module's lines as they are written, and how a declaration's citations read in them."""

from __future__ import annotations

from typing import Optional

from .quoting import comment


def cites_text(decl) -> str:
    parts = []
    if decl.cites:
        parts.append("[" + ", ".join(decl.cites) + "]")
    if decl.rulings:
        parts.append("ruling " + ", ".join(decl.rulings))
    return " ".join(parts)


class Writer:
    def __init__(self) -> None:
        self.lines: list[str] = []
        self.level = 0

    def line(self, text: str = "", note: Optional[str] = None) -> None:
        """One line of code; ``note`` (any text, rule text included) becomes a trailing comment."""
        if note is not None:
            text += "  " + comment(note)
        self.lines.append(("    " * self.level + text) if text else "")

    def indent(self) -> None:
        self.level += 1

    def dedent(self) -> None:
        self.level -= 1

    def text(self) -> str:
        return "\n".join(self.lines).rstrip() + "\n"
