"""A counter kept per space of a board (`counter seeds per space of pits`) as a position writes it: the
board's rows in order, split by `/`, a number per space of a row (`-` a space not in use), e.g.
``counter seeds: 4 4 4/4 4 4``. On a graph, whose spaces are names and no rows, each space's name and
count, in the board's order: ``counter seeds: A 4, B 4, ..., f 4``. The state keeps it as a list with a number per space (0 where none is in
use), like a counter per player keeps one per seat.
"""

from __future__ import annotations

from typing import Sequence

from .numbers import COUNTER_LIMIT, NotAWholeNumber, whole_number
from .tables import BoardInfo

NOT_IN_USE = "-"


def counts_text(board: BoardInfo, in_use: Sequence[bool], counts: Sequence[int]) -> str:
    """``4 4 4/4 4 4``: each row's counts, rows in the board's order; on a graph ``A 4, B 4, ...``."""
    if board.kind == "graph":
        return ", ".join(f"{board.label(c)} {counts[c]}" for c in range(board.size))
    width = len(board.columns)
    rows = []
    for start in range(0, board.size, width):
        rows.append(" ".join(str(counts[c]) if in_use[c] else NOT_IN_USE for c in range(start, start + width)))
    return "/".join(rows)


def read_counts(text: str, board: BoardInfo, in_use: Sequence[bool]) -> list[int]:
    """The counts of ``text`` (as counts_text writes them); ValueError says what is wrong."""
    if board.kind == "graph":
        return _read_graph_counts(text, board)
    rows = [row.split() for row in text.split("/")]
    width = len(board.columns)
    if len(rows) != len(board.rows):
        raise ValueError(f"board {board.name} has {len(board.rows)} rows, not {len(rows)}: write each row's "
                         f"counts, rows split by `/`")
    counts = []
    for number, row in enumerate(rows):
        if len(row) != width:
            raise ValueError(f"row {board.rows[number]} of board {board.name} has {width} spaces, not {len(row)}")
        for offset, word in enumerate(row):
            cell = number * width + offset
            if not in_use[cell]:
                if word != NOT_IN_USE:
                    raise ValueError(f"{board.label(cell)} is not in use: write `{NOT_IN_USE}` there")
                counts.append(0)
                continue
            try:
                counts.append(whole_number(word, -COUNTER_LIMIT, COUNTER_LIMIT))
            except NotAWholeNumber as error:
                raise ValueError(f"{board.label(cell)}: {error}") from None
    return counts


def _read_graph_counts(text: str, board: BoardInfo) -> list[int]:
    """``A 4, B 4, ...``: every space of the graph once, by name, in any order."""
    counts: dict[int, int] = {}
    for part in text.split(","):
        words = part.split()
        if len(words) != 2:
            raise ValueError(f"write each space of {board.name} by name with its count: "
                             f"`{board.label(0)} 4, ...`, not `{part.strip()}`")
        name, word = words
        if name not in board.labels:
            raise ValueError(f"board {board.name} has no space {name!r}")
        cell = board.labels.index(name)
        if cell in counts:
            raise ValueError(f"{name} is written twice")
        try:
            counts[cell] = whole_number(word, -COUNTER_LIMIT, COUNTER_LIMIT)
        except NotAWholeNumber as error:
            raise ValueError(f"{name}: {error}") from None
    missing = [board.label(c) for c in range(board.size) if c not in counts]
    if missing:
        raise ValueError(f"no count for {', '.join(missing)}: write every space of {board.name}")
    return [counts[c] for c in range(board.size)]
