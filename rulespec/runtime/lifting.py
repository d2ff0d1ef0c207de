"""`move occupant of s to Z`: the piece that stands on space s goes to a zone (a capture taken off the board,
Kalah's stones lifted into the hand), written by the generator as State._lift (rulespec/codegen/statements.py
stmt_Move).

The same as `_move(_occupant(board, s), zone, cause)`, with the same writes, journal (a look-ahead puts them
back alike), tallies and looks, in the same order; but the item's space is s itself, so it is taken from there
without looking for where it is (State._take goes through every board and a tile's cells). A board of triangles,
whose tiles cover several cells, and an empty space (which raises) are left to _move and _occupant.

In a look-ahead (runtime/imagining.py) it journals only what it writes and a look-ahead may read: the item's
location, the space's contents, the board's mask where it keeps one, and where the item went into the zone (taken
out again when undone, not the zone copied). The space's cause is neither written nor journalled there: no
generated code reads causes, only a state's JSON and its picture do, and a look-ahead is undone before either is
asked for.
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
        journal, bits = self._journal, t.cell_bit[board]
        if self._tally is not None:  # (kept once a count asked for it: runtime/tallies.py)
            self._tallied(board, item, -1)
        if journal is None:
            self._causes[board][source] = None
        else:  # (a look-ahead, runtime/imagining.py: what it reads journalled, not the cause, see above)
            journal += ((self._loc, item, at), (contents, source, item))
            if bits:
                journal.append((self._masks, board, self._masks[board]))
        contents[source] = -1
        if self._looks_on is not None:  # (kept once a position's key asked for it: runtime/looks_kept.py)
            self._looked(board, source, -1)
        self._written.append(at)
        if bits:
            self._masks[board] &= ~bits[source]
        items = self._zones[zone]
        if zone in t.stacked:
            items.append(item)
            into = len(items) - 1
        else:
            into = bisect.bisect(items, item)
            items.insert(into, item)
        if journal is not None:  # (put back by taking it out again: not a copy of the zone)
            journal.append((items, slice(into, into + 1), ()))
        self._loc[item] = zone
        self._last_cause = cause
