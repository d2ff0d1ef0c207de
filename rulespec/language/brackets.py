"""Brackets that do not pair up, told at the bracket itself.

While a `(` or `[` is open, the parser reads line breaks as spaces, so a bracket left open makes it
stumble lines later, on a word that is fine where it stands (`only` read as `on` + `ly`). When a parse
fails, the brackets of the rule text are paired here, outside quoted texts (text in quotes is text)
and comments, and a bracket that closes nothing, closes the wrong kind, or is still open where the
parse failed and is never closed, is reported at its own line and column."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable, Iterator, Optional, Sequence

from .errors import Diagnostic, SourceText

CLOSER_OF = {"(": ")", "[": "]"}
OPENER_OF = {")": "(", "]": "["}

# A quoted text (`""` is a quote inside it; one not closed runs to the end of the line, as the lexer
# refuses it there), a comment, or a bracket: the first two are skipped whole.
_SCANNED = re.compile(r'"(?:[^"\n]|"")*"?|#[^\n]*|[()\[\]]')


@dataclass(frozen=True)
class Bracket:
    char: str
    line: int
    column: int

    def before(self, line: int, column: int) -> bool:
        return (self.line, self.column) < (line, column)


@dataclass(frozen=True)
class Pairing:
    """How the brackets of a text pair up: each closer that closes nothing (with the opener it found
    instead, if any), and, in order, the openers never closed."""

    unmatched_closers: tuple[tuple[Bracket, Optional[Bracket]], ...]
    never_closed: tuple[Bracket, ...]
    events: tuple[Bracket, ...]


def brackets_of(lines: Iterable[str]) -> Iterator[Bracket]:
    """Every bracket of the lines, outside quoted texts and comments, in reading order."""
    for number, text in enumerate(lines, start=1):
        for match in _SCANNED.finditer(text):
            if match.group(0) in "()[]":
                yield Bracket(match.group(0), number, match.start() + 1)


def pair(brackets: Iterable[Bracket]) -> Pairing:
    events = tuple(brackets)
    open_now: list[Bracket] = []
    unmatched: list[tuple[Bracket, Optional[Bracket]]] = []
    for bracket in events:
        if bracket.char in CLOSER_OF:
            open_now.append(bracket)
        elif open_now and open_now[-1].char == OPENER_OF[bracket.char]:
            open_now.pop()
        else:  # closes nothing, or the wrong kind: the opener stays open (it may still be closed later)
            unmatched.append((bracket, open_now[-1] if open_now else None))
    return Pairing(tuple(unmatched), tuple(open_now), events)


def open_at(pairing: Pairing, line: int, column: int) -> list[Bracket]:
    """The openers still open just before (line, column), innermost last."""
    stray = {closer for closer, _ in pairing.unmatched_closers}
    open_now: list[Bracket] = []
    for bracket in pairing.events:
        if not bracket.before(line, column):
            break
        if bracket.char in CLOSER_OF:
            open_now.append(bracket)
        elif bracket not in stray and open_now:
            open_now.pop()
    return open_now


def bracket_problem(source: SourceText, line: int, column: int, stumbled_at: str = "", at_end: bool = False,
                    at_block_end: bool = False) -> Optional[Diagnostic]:
    """The report of an unpaired bracket that explains a parse failing at (line, column), if there is one.

    ``stumbled_at`` is the word the parse failed at; ``at_end`` says the file ended first, ``at_block_end``
    that a block ended there (which, inside a bracket, only the file's end does). A closer that closes
    nothing before that place is the mistake; so is an opener still open there that is never closed, or
    (closed later, by a bracket that belongs elsewhere) one opened on an earlier line when the parse
    failed at the first word of a line no deeper than the opener's: a new line was meant."""
    pairing = pair(brackets_of(source.lines))
    still_open = open_at(pairing, line, column)
    if at_end or at_block_end and still_open:
        at_end, line, column = True, len(source.lines) + 1, 1
        still_open = open_at(pairing, line, column)
    for closer, opener in pairing.unmatched_closers:
        if closer.before(line, column + 1):
            return _unmatched_closer(source, closer, opener)
    unclosed = frozenset(pairing.never_closed)
    never_closed = [b for b in still_open if b in unclosed]
    if never_closed:
        return _never_closed(source, never_closed[-1], line, column, stumbled_at, at_end)
    if _starts_its_line(source, line, column):
        indent = _indent(source.line(line))
        earlier = [b for b in still_open if b.line < line and indent <= _indent(source.line(b.line))]
        if earlier:
            return _never_closed(source, earlier[-1], line, column, stumbled_at, at_end)
    return None


def text_bracket_problem(text: str) -> Optional[tuple[int, str, str]]:
    """(offset, message, hint) of the first unpaired bracket of a one-line value (a text's `{...}`)."""
    pairing = pair(brackets_of([text]))
    if pairing.unmatched_closers:
        closer, opener = pairing.unmatched_closers[0]
        message, hint = _closer_words(closer, opener)
        return closer.column - 1, message, hint
    if pairing.never_closed:
        opener = pairing.never_closed[-1]
        closer = CLOSER_OF[opener.char]
        return opener.column - 1, f"this `{opener.char}` is never closed", f"add the missing `{closer}`"
    return None


def _unmatched_closer(source: SourceText, closer: Bracket, opener: Optional[Bracket]) -> Diagnostic:
    message, hint = _closer_words(closer, opener)
    expected: Sequence[str] = (f"`{CLOSER_OF[opener.char]}`",) if opener is not None else ()
    return source.diagnostic(closer.line, closer.column, message, expected=expected, hint=hint)


def _closer_words(closer: Bracket, opener: Optional[Bracket]) -> tuple[str, str]:
    if opener is None:
        return (f"this `{closer.char}` closes nothing: there is no `{OPENER_OF[closer.char]}` before it",
                f"remove it, or add the `{OPENER_OF[closer.char]}` it was meant to close")
    return (f"this `{closer.char}` does not close the `{opener.char}` opened at line {opener.line}, "
            f"column {opener.column}",
            f"close `{opener.char}` with `{CLOSER_OF[opener.char]}` (and `{OPENER_OF[closer.char]}` with "
            f"`{closer.char}`)")


def _never_closed(source: SourceText, opener: Bracket, line: int, column: int, stumbled_at: str,
                  at_end: bool) -> Diagnostic:
    closer = CLOSER_OF[opener.char]
    word = f"`{stumbled_at}`" if stumbled_at and "\n" not in stumbled_at and len(stumbled_at) <= 30 else ""
    if line == opener.line and not at_end:
        place = f"{word} (column {column})" if word else f"column {column}"
        hint = f"add the missing `{closer}`; the line goes wrong at {place} while it is still open"
    else:
        stumbled = ("the file ended first" if at_end else
                    f"the mistake only shows at {word + ' on ' if word else ''}line {line}")
        hint = f"add the missing `{closer}`; while a bracket is open, line breaks are ignored, so {stumbled}"
    return source.diagnostic(opener.line, opener.column, f"this `{opener.char}` is never closed",
                             expected=(f"`{closer}`",), hint=hint)


def _starts_its_line(source: SourceText, line: int, column: int) -> bool:
    return column == _indent(source.line(line)) + 1


def _indent(text: str) -> int:
    return len(text) - len(text.lstrip(" \t"))
