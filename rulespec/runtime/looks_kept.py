"""What each space of each board shows, kept by the state for the keys of positions seen before
(runtime/repetition.py): a board's key is what its spaces show (each piece by the number of its look, -1 for
an empty space), made at every turn start of a game that counts positions; mapping 81 spaces' contents to
their looks each time was most of a Go turn's superko test.

``st._looks_on`` (per board, a look number per space) is made from the boards when a key first asks for it, and
from then on mended by the primitives that write a space (State._place, _occupy, _take, _shift), each change
journalled in a look-ahead and so undone with it; a clone, a state read back and a new game start without one
(made again when first asked). It is kept only where no attribute can change (a piece's look is then fixed:
an attribute set would change the look of a piece that stays where it is); elsewhere, and in a look-ahead that
finds none, the looks are read afresh each time, as before.
"""

from __future__ import annotations

from typing import Any


def looks_on(st: Any, now: Any = None) -> list:
    """Per board, the look number of what each space holds (-1: empty); ``now``: Looks.now(st), if made."""
    rows = st._looks_on
    if rows is None:
        at = (now if now is not None else st._engine._looks.now(st)).__getitem__
        rows = [list(map(at, cells)) for cells in st._boards]
        if st._attrs is None and st._journal is None:  # (kept: see above)
            st._looks_on = rows
    return rows


class LooksKept:
    """State's part: what a space shows mended when it is written (see above)."""

    __slots__ = ()

    def _looked(self, board: int, cell: int, item: int) -> None:
        """Space ``cell`` of ``board`` now holds ``item`` (-1: nothing): its look mended."""
        row = self._looks_on[board]
        if self._journal is not None:  # (a look-ahead: undone with the rest, runtime/imagining.py)
            self._journal.append((row, cell, row[cell]))
        row[cell] = self._engine._looks.at_start[item]
