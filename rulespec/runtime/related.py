"""The spaces a geometric condition lets through from each space, per game set-up (issue #40).

A condition that the board's fixed geometry alone decides (model/geometric.py: rows, columns, neighbours,
arithmetic, options) gives the same answer for the same spaces all game; the generated engine asks it once
per space and set-up (codegen/related_spaces.py) and reads the answer from here afterwards.
"""

from __future__ import annotations

from typing import Any

from .board_reading import BoardReading


class Related(dict):
    """(the generated function that answers a geometric condition, the spaces it is asked from) -> the
    spaces in use it lets through, in board order: each made the first time it is read."""

    def __init__(self, tables: Any):
        super().__init__()
        self._geometry = Geometry(tables)

    def __missing__(self, key: tuple) -> tuple[int, ...]:
        answer, *spaces = key
        found = self[key] = answer(self._geometry, *spaces)
        return found


class RelatedMasks(dict):
    """(a board, then a key of Related) -> the bit mask of the spaces Related answers, by the board's bits of its
    spaces (a board of MASKED_BOARDS: the state keeps its occupied spaces' mask), so that a count of the occupied
    ones among them is a popcount (codegen/counts.py): each made the first time it is read."""

    def __init__(self, tables: Any):
        super().__init__()
        self._tables = tables

    def __missing__(self, key: tuple) -> int:
        board, *related = key
        bits = self._tables.cell_bit[board]
        found = self[key] = sum(bits[cell] for cell in self._tables.related[tuple(related)])
        return found


class InUseOf(dict):
    """(a board, a row's or column's spaces in board order) -> those of them in use in this set-up, in board
    order (a walk narrowed to one row or column, codegen/narrowing.py): each made the first time it is read."""

    def __init__(self, tables: Any):
        super().__init__()
        self._in_use = tables.in_use

    def __missing__(self, key: tuple) -> tuple[int, ...]:
        board, spaces = key
        in_use = self._in_use[board]
        found = self[key] = tuple(cell for cell in spaces if in_use[cell])
        return found


class Geometry:
    """What a geometric condition's code reads of its `st`: the set-up's tables, its options, its player
    count (never a position)."""

    __slots__ = ("_t", "_options", "players")

    def __init__(self, tables: Any):
        self._t, self._options, self.players = tables, tables._options, tables.players

    _neighbour = BoardReading._neighbour  # (a neighbour's neighbour: none past the edge stays none)
    _line = BoardReading._line  # (a line from a space: the set-up's line tables)
