"""Diagnostics for rule files: file:line:column, the offending line with a caret, what was
expected in words a person knows, and a hint. Every stage reports problems through these."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Optional, Sequence

from ..lib.suggestions import close_matches


@dataclass(frozen=True)
class Diagnostic:
    path: str
    line: int
    column: int
    message: str
    source_line: str = ""
    width: int = 1
    expected: tuple[str, ...] = ()
    hint: Optional[str] = None
    severity: str = "error"

    def render(self) -> str:
        out = [f"{self.path}:{self.line}:{self.column}: {self.severity}: {self.message}"]
        if self.source_line:
            gutter = f"{self.line:5} | "
            out.append(gutter + self.source_line.rstrip("\n"))
            caret_pad = " " * (len(gutter) - 2) + "| " + " " * max(self.column - 1, 0)
            out.append(caret_pad + "^" * max(1, min(self.width, max(1, len(self.source_line) - self.column + 1))))
        if self.expected:
            out.append("  expected: " + _join_or(self.expected))
        if self.hint:
            out.append("  hint: " + self.hint)
        return "\n".join(out)


class RuleError(Exception):
    """One or more problems in a rule file. ``str()`` gives the full, readable report."""

    def __init__(self, diagnostics: Sequence[Diagnostic]):
        self.diagnostics = tuple(diagnostics)
        super().__init__(self.render())

    def render(self) -> str:
        errors = sum(1 for d in self.diagnostics if d.severity == "error")
        body = "\n\n".join(d.render() for d in self.diagnostics)
        plural = "problem" if len(self.diagnostics) == 1 else "problems"
        return f"{body}\n\n{len(self.diagnostics)} {plural} ({errors} error{'s' if errors != 1 else ''})"


def _join_or(words: Sequence[str]) -> str:
    words = list(words)
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " or " + words[-1]


def did_you_mean(word: str, candidates: Iterable[str], cutoff: float = 0.6) -> Optional[str]:
    """A hint naming the closest known name, if one is close enough."""
    candidates = sorted(set(candidates) - {word})
    close = close_matches(word, candidates, n=1, cutoff=cutoff)  # (bounded work: language/suggestions.py)
    if not close:  # a difference in capitals only: `Component` for `component`
        close = [c for c in candidates if c.lower() == word.lower()][:1]
    return f"did you mean `{close[0]}`?" if close else None


class SourceText:
    """A rule file's text, to quote lines in diagnostics."""

    def __init__(self, path: str, text: str):
        self.path = path
        # Lines end at "\n" only, as the parser counts them (str.splitlines would also split at form
        # feeds and Unicode separators, and the quoted line would then not be the one reported).
        self.lines = [line[:-1] if line.endswith("\r") else line for line in text.split("\n")]
        if self.lines and self.lines[-1] == "":
            self.lines.pop()

    @classmethod
    def of(cls, path: str, own_path: str, own_text: str) -> "SourceText":
        """The rule file at ``path``: ``own_text`` when it is the file being read (``own_path``), else read from
        disk (a base a house rule extends); no lines when it cannot be read, the report keeping its place."""
        if path == own_path:
            return cls(path, own_text)
        try:
            with open(path, encoding="utf-8") as handle:
                return cls(path, handle.read())
        except OSError:
            return cls(path, "")

    def line(self, number: int) -> str:
        return self.lines[number - 1] if 1 <= number <= len(self.lines) else ""

    def diagnostic(self, line: int, column: int, message: str, *, width: int = 1,
                   expected: Sequence[str] = (), hint: Optional[str] = None, severity: str = "error") -> Diagnostic:
        return Diagnostic(self.path, line, column, message, self.line(line), width, tuple(expected), hint, severity)
