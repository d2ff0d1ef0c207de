"""Every whole line of N spaces of a board, each set of spaces once (#40): what "N in a row anywhere on the
board" walks (codegen/whole_lines.py).

`there is s in grid where there is d in directions of grid where count(t in line of 5 from s towards d where
t holds colour of p) = 5` asks whether some whole line of five passes a test of its spaces. Walked as written it
visits every space and every direction (288 pairs on 6 x 6), most of them with no whole line, and each line
twice (from either end). The answer depends only on the sets of spaces of the whole lines, so the table lists
those, in the order the walk would meet them first (space by space in board order, the directions in the order
given), each once. A table may keep only the lines a function of the generated module lets through (the
board's geometry alone decides it: codegen/whole_lines.py), asked once per set-up and value of the names it reads.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .related import Geometry

if TYPE_CHECKING:
    from .tables import Tables


class WholeLines(dict):
    """(board, directions, length) -> every whole line of that length from a space in use towards one of the
    directions, as a tuple of spaces from its first, each set of spaces once: made the first time it is read.
    (board, directions, length, keeps, *names) -> those of them that ``keeps(geometry, space, line, *names)``
    lets through."""

    def __init__(self, tables: "Tables"):
        super().__init__()
        self._tables = tables

    def __missing__(self, key: tuple[int, tuple[int, ...], int]) -> tuple[tuple[int, ...], ...]:
        board, directions, length, *kept_by = key
        first: dict[frozenset, tuple[int, ...]] = {}
        tables = self._tables
        keeps = None
        if kept_by:
            keeps, names, geometry = kept_by[0], kept_by[1:], Geometry(tables)
        for cell in tables.cells_in_use[board]:
            for direction in directions:
                line = tables.full_lines[board, direction, length][cell]
                if line is not None and (keeps is None or keeps(geometry, cell, line, *names)):
                    first.setdefault(frozenset(line), line)
        table = self[key] = tuple(first.values())
        return table
