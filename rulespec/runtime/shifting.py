"""`place occupant of s on t` on one board: the piece that stands on s goes to t (a chess move, a checkers
step), written by the generator as State._shift (rulespec/codegen/statements.py stmt_Place).

The same as `_place(board, _occupant(board, s), t, cause)`, with the same writes, journal (a look-ahead puts them
back alike) and triggers; but the item's space is s itself, so it is taken from there without looking for
where it is (State._take goes through every board and a tile's cells). A board of triangles, whose tiles cover
several cells, and every case that raises, are left to _place, which says what is wrong.

In a look-ahead (runtime/imagining.py) it journals only what it writes and a look-ahead may read: the two spaces'
contents, the item's location and the board's mask where it keeps one. The spaces' causes (what placed each piece)
are neither written nor journalled there: no generated code reads them, only a state's JSON and its picture do,
and a look-ahead is undone before either is asked for.
"""

from __future__ import annotations

from .common import WRITTEN_KEPT


class Shifting:
    """State's move of a piece from one space of a board to another (its part)."""

    __slots__ = ()

    def _shift(self, board: int, source: int, target: int, cause: str) -> None:
        t = self._t
        contents = self._boards[board]
        item = contents[source]
        if item < 0 or t.tile_span[board] != 1 or not t.in_use[board][target] or contents[target] >= 0:
            self._place(board, self._occupant(board, source), target, cause)  # (raises, or a tile)
            return
        journal, bits = self._journal, t.cell_bit[board]
        if journal is None:
            causes = self._causes[board]
            causes[source] = None
            causes[target] = cause
        else:  # (a look-ahead, runtime/imagining.py: what it reads journalled, not the causes, see above)
            journal += ((contents, source, item), (contents, target, -1), (self._loc, item, self._loc[item]))
            if bits:
                journal.append((self._masks, board, self._masks[board]))
        contents[source] = -1
        contents[target] = item
        if self._looks_on is not None:  # (kept once a position's key asked for it: runtime/looks_kept.py)
            self._looked(board, source, -1)
            self._looked(board, target, item)
        base, written = t.board_base[board], self._written
        written.append(base + source)
        written.append(base + target)
        if bits:
            self._masks[board] = self._masks[board] & ~bits[source] | bits[target]
        self._loc[item] = base + target
        if len(written) > WRITTEN_KEPT:
            self._written_before += len(written)
            self._written = []
        engine = self._engine
        if (engine._triggers_by_board if self._journal is None else engine._triggers_ahead_by_board)[board] \
                or engine._event_invariants_by_board[board]:
            self._placed(board, item, target, cause)
        else:
            self._last_cause = cause  # (_placed, with nothing to fire)
