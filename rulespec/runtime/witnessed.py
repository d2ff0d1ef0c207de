"""`connected` answered by the path that last joined its start to its goal (its witness), while the spaces of
that path hold what they held: a `connected` whose tests read the board only at the space they test (what it
holds, where it is) and otherwise only values that key the record (a seat, an option...). Such a path is a
claim about contents alone: while each of its spaces holds the same, each passes the same tests, so the path
still joins a start to a goal, whatever else changed (a look-ahead's wall put up away from it, a later turn,
another game of the same set-up). The records are kept by the set-up's tables, per expression and values: the
last few paths found, each a claim that is never changed; when a space of each holds something else the
question is worked out afresh (breadth first, so the path kept is a shortest one and few changes touch it).

rulespec/model/reads.py (connected_witnessed) decides where a `connected` qualifies, rulespec/codegen/connected.py
writes the call; a game with no such `connected` neither imports nor runs any of this.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any, Callable, Optional

# The paths kept per key, the newest first: a change that cuts the newest (a wall put up across it in a
# look-ahead) most often leaves one found before it whole.
PATHS_KEPT = 4


def connected_witnessed(st: Any, board: int, key: tuple, passes: Callable[[int], bool],
                        start: Callable[[int], bool], goal: Callable[[int], bool],
                        starts: Optional[Callable[[], Any]] = None) -> bool:
    """Whether a path of neighbouring spaces of ``board`` in use, each passing ``passes``, joins one where
    ``start`` holds to one where ``goal`` holds (State._connected), answered by a kept path when its spaces
    hold what they held when it was found. ``starts()``: the spaces in use where ``start`` holds, in board
    order, when the generator knows them (rulespec/codegen/held_spaces.py: where the pieces it asks for stand),
    asked only when no kept path answers; None: every space of the board is tested."""
    contents = st._boards[board]
    t = st._t
    kept = t.witnesses.get(key)
    uncut = t.uncut
    if uncut is not None and uncut[0] == board:  # (asked by holds_uncut: true only where a kept path answers)
        cut, used = uncut[1], uncut[2]
        for read, held, cells in kept or ():
            if cells.isdisjoint(cut) and read(contents) == held:
                if used is not None:
                    used |= cells
                return True
        return False
    if kept is not None:
        for read, held, _ in kept:
            if read(contents) == held:
                return True
    if starts is None:
        frontier = [c for c in t.cells_in_use[board] if start(c) and passes(c)]
    else:
        frontier = [c for c in starts() if passes(c)]
    came_from = dict.fromkeys(frontier, -1)  # a space tested -> the space it was reached from (-1: a start)
    for cell in frontier:
        if goal(cell):
            return _witness(t, key, contents, came_from, cell)
    neighbours, in_use = t.neighbours[board], t.in_use[board]
    while frontier:
        reached = []
        for cell in frontier:
            for n in neighbours[cell]:
                if n not in came_from and in_use[n]:
                    if passes(n):
                        came_from[n] = cell
                        if goal(n):
                            return _witness(t, key, contents, came_from, n)
                        reached.append(n)
                    else:
                        came_from[n] = None  # (tested, does not pass: never on a path)
        frontier = reached
    return False


def _witness(t: Any, key: tuple, contents: list, came_from: dict, cell: int) -> bool:
    """Keeps the path that ends at ``cell`` (a goal) as ``key``'s witness, with what its spaces hold now."""
    path = []
    while cell != -1:
        path.append(cell)
        cell = came_from[cell]
    read = itemgetter(*path)
    witnesses = t.witnesses
    if len(witnesses) > 4096:  # (keys are an expression and a few seats or values: a game has few)
        witnesses.clear()
    witnesses[key] = ((read, read(contents), frozenset(path)),) + witnesses.get(key, ())[:PATHS_KEPT - 1]
    return True


def holds_uncut(st: Any, board: int, cut: tuple, condition: Callable[[], bool], listing: Optional[dict] = None,
                key: str = "") -> bool:
    """Whether ``condition()`` (an option's `only if C after it`, C asking witnessed `connected` over ``board``
    only positively: rulespec/model/uncut_ahead.py) holds in the position as it stands with each `connected`
    true only where a kept path answers that passes through none of ``cut``, the spaces the option places on:
    then C holds after the option too. False when that does not show it (the option is then carried out) or
    when ``cut`` is not a plain placement (a space past the edge, taken, or twice).

    ``listing``: a dict a listing keeps while it tests its candidates in one position (nothing changes between
    them: a look-ahead undoes what it writes). C is then asked once for the listing (``key``: which C) with no
    space cut, keeping the spaces of the paths that answered: a candidate that cuts none of them leaves each of
    those paths whole, so each `connected` that held still holds after it, and so does C (it asks them only
    positively, and what else it reads the option does not write)."""
    contents = st._boards[board]
    for cell in cut:
        if cell is None or contents[cell] >= 0:
            return False
    if len(set(cut)) != len(cut):
        return False
    if listing is not None:
        found = listing.get(key)
        if found is None:
            found = listing[key] = _asked_uncut(st, board, (), condition, set())
        if found[0] and found[1].isdisjoint(cut):
            return True
    return _asked_uncut(st, board, cut, condition, None)[0]


def _asked_uncut(st: Any, board: int, cut: tuple, condition: Callable[[], bool], used: Optional[set]) -> tuple:
    """(``condition()`` with each witnessed `connected` over ``board`` true only where a kept path missing
    ``cut`` answers, the spaces of the paths that answered when ``used`` is a set to gather them in)."""
    t = st._t
    t.uncut = (board, cut, used)
    try:
        return condition(), used
    finally:
        t.uncut = None
