"""What writing a position and reading it back share (the format: rulespec/runtime/position.py): the limits,
:class:`InvalidPosition`, how one engine names its components in a position, a list of them made short
(`starfish x5`, `red 0..17`), the `game over:` line read, a line of the text and a piece of it quoted in a
message."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Optional, Sequence

from .numbers import WHOLE_LIMIT, NotAWholeNumber, whole_number
from .state_check import InvalidState

if TYPE_CHECKING:  # a position is read into, and written from, these; engine.py and state.py call position.py
    from .engine import Engine

MAX_POSITION_CHARS = 200_000  # a position is read in one pass; longer texts are refused before reading
MAX_REPEATED_FRAMES = 10_000  # `pending STEP(...) xN`: N at most this
MAX_LETTERS = 36  # a grid with more kinds of component than this is written as `space: component` lines
_UNSAFE = re.compile(r"[,():;\n]|^\s|\s$| x\d+$|\.\.")  # labels that cannot stand bare in a list


class InvalidPosition(InvalidState):
    """A position that cannot be read: ``line`` and ``column`` (from 1) in the position's text, the
    ``reason`` and a ``hint``; ``str()`` is ``"line L, column C: reason (hint)"``."""

    def __init__(self, line: int, column: int, reason: str, hint: Optional[str] = None, text: str = ""):
        self.line, self.column, self.hint, self.text = line, column, hint, text
        super().__init__(f"position line {line}, column {column}", reason + (f" ({hint})" if hint else ""))
        self.reason = reason


class _Names:
    """How one engine writes and reads items, seats, spaces and letters."""

    def __init__(self, engine: Engine):
        self.engine = engine
        labels = engine.ITEM_LABEL
        groups: dict[str, set] = {}
        for item, label in enumerate(labels):
            groups.setdefault(label, set()).add(engine._copy_group[item])
        # A label names its items when they are interchangeable copies and it reads back as one token.
        self.bare = {label for label, group in groups.items() if len(group) == 1 and not _UNSAFE.search(label)
                     and not re.fullmatch(r"item \d+|the rest|empty", label)}
        self.items_of: dict[str, list[int]] = {}
        for item, label in enumerate(labels):
            self.items_of.setdefault(label, []).append(item)
        # A look no piece is made with (`king 0`): read as a piece that can change into it, written as it reads
        self.unmade = {label: (kind, combo) for kind, combo, label in engine._unmade_looks}
        for label in self.unmade:
            self.items_of.setdefault(label, [])
            if not _UNSAFE.search(label):
                self.bare.add(label)

    def item(self, item: int, labels: Optional[Sequence[str]] = None) -> str:
        """How an item is written: its label (in ``labels``, a state's, where an attribute can change)."""
        label = (self.engine.ITEM_LABEL if labels is None else labels)[item]
        return label if label in self.bare else f"item {item}"


def _names(engine: Engine) -> _Names:
    names = engine.__dict__.get("_position_names")
    if names is None:
        names = engine.__dict__["_position_names"] = _Names(engine)
    return names


def _compress(tokens: list[str], known: set[str]) -> list[str]:
    """`starfish x5` for copies in a row, `red 0..17` for a run of numbered labels."""
    counted: list[tuple[str, int]] = []
    for token in tokens:
        if counted and counted[-1][0] == token:
            counted[-1] = (token, counted[-1][1] + 1)
        else:
            counted.append((token, 1))
    out: list[str] = []
    i = 0
    while i < len(counted):
        token, n = counted[i]
        match = re.fullmatch(r"(.*\D)(\d+)", token)
        if n == 1 and match and token in known:
            prefix, first = match.group(1), int(match.group(2))
            j = i + 1
            while (j < len(counted) and counted[j][1] == 1 and counted[j][0] == f"{prefix}{first + j - i}"):
                j += 1
            if j - i >= 3:
                out.append(f"{prefix}{first}..{first + j - i - 1}")
                i = j
                continue
        out.append(token if n == 1 else f"{token} x{n}")
        i += 1
    return out


def _read_over(engine: Engine, text: str) -> Optional[dict]:
    """The end a `game over:` line's text says (`END, winners player 1` or `END, no winners`), or None."""
    m = re.fullmatch(r"(\w+),\s*(?:no winners|winners\s+(player\s+\d+(?:\s*,\s*player\s+\d+)*))", text.strip())
    if not m:
        return None
    end = next((e for e in engine.ENDS if e.name == m.group(1)), None)
    if end is None and m.group(1) != "turn_limit":
        return None
    try:
        winners = sorted({whole_number(w, 1, WHOLE_LIMIT) - 1 for w in re.findall(r"\d+", m.group(2) or "")})
    except NotAWholeNumber:
        return None
    return {"end": m.group(1), "winners": winners, "cites": list(end.cites) if end is not None else []}


class _Line:
    """One line of a position's text: its number (from 1), its indent, and its text stripped and as written."""
    __slots__ = ("number", "indent", "text", "raw")

    def __init__(self, number: int, raw: str):
        self.number, self.raw = number, raw
        stripped = raw.lstrip(" \t")
        self.indent = len(raw) - len(stripped)
        self.text = stripped.rstrip()


def _short(text: str, limit: int = 60) -> str:
    """A piece of the text as a message quotes it, cut at ``limit`` characters."""
    return repr(text if len(text) <= limit else text[:limit] + "...")
