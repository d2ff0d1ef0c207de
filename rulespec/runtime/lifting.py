"""`move occupant of s to Z`: the piece that stands on space s goes to a zone (a capture taken off the board,
Kalah's stones lifted into the hand), written by the generator as State._lift (rulespec/codegen/statements.py
stmt_Move).

The same as `_move(_occupant(board, s), zone, cause)`, with the same writes, journal (a look-ahead puts them
back alike), tallies and looks, in the same order; but the item's space is s itself, so it is taken from there
without looking for where it is (State._take goes through every board and a tile's cells). A board of triangles,
whose tiles cover several cells, and an empty space (which raises) are left to _move and _occupant.
"""

from __future__ import annotations

import bisect


class Lifting:
    """State's move of a piece from a space of a board to a zone (its part)."""

    __slots__ = ()

    def _lift(self, board: int, source: int, zone: int, cause: str) -> None:
        t = self._t
        contents = self._boards[board]
        item = contents[source]
        if item < 0 or t.tile_span[board] != 1:
            self._move(self._occupant(board, source), zone, cause)  # (raises, or a tile)
            return
        at = t.board_base[board] + source  # (where the item is: a piece on a grid is located at its space)
        if self._journal is not None:  # (a look-ahead: runtime/imagining.py)
            self._journal_move(item, at, zone)
        if self._tally is not None:  # (kept once a count asked for it: runtime/tallies.py)
            self._tallied(board, item, -1)
        if self._journal is not None:
            self._journal_cells(board, (source,), None)
        contents[source] = -1
        if self._looks_on is not None:  # (kept once a position's key asked for it: runtime/looks_kept.py)
            self._looked(board, source, -1)
        self._causes[board][source] = None
        self._written.append(at)
        bits = t.cell_bit[board]
        if bits:
            self._masks[board] &= ~bits[source]
        if zone in t.stacked:
            self._zones[zone].append(item)
        else:
            bisect.insort(self._zones[zone], item)
        self._loc[item] = zone
        self._last_cause = cause
