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
PATHS_KEPT = 8


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
    used = None
    if uncut is not None and uncut[0] == board:  # (asked by holds_uncut)
        cut, used = uncut[1], uncut[2]
        if cut:  # (true only where a kept path misses the spaces cut)
            for read, held, cells, _ in kept or ():
                if cells.isdisjoint(cut) and read(contents) == held:
                    return True
            return False
    if kept is not None:  # (with nothing cut, asked as ever; the spaces of the path that answers are gathered)
        for read, held, cells, _ in kept:
            if read(contents) == held:
                if used is not None:
                    used |= cells
                return True
    # Searched afresh, breadth first from the starts, to a goal or to a space from which a kept path still
    # leads to a goal (its spaces from there to its goal pass: those whose contents changed are tested
    # again), which the new path then follows: a pawn that moved one step is joined to its old path at once.
    on_kept = _kept_ends(kept, contents, passes, goal)
    if starts is None:
        frontier = [c for c in t.cells_in_use[board] if start(c) and passes(c)]
    else:
        frontier = [c for c in starts() if passes(c)]
    came_from = dict.fromkeys(frontier, -1)  # a space tested -> the space it was reached from (-1: a start)
    for cell in frontier:
        if cell in on_kept or goal(cell):
            return _witness(t, key, contents, came_from, cell, on_kept.get(cell, ()), used)
    neighbours, in_use = t.neighbours[board], t.in_use[board]
    while frontier:
        reached = []
        for cell in frontier:
            for n in neighbours[cell]:
                if n not in came_from and in_use[n]:
                    if passes(n):
                        came_from[n] = cell
                        if n in on_kept or goal(n):
                            return _witness(t, key, contents, came_from, n, on_kept.get(n, ()), used)
                        reached.append(n)
                    else:
                        came_from[n] = None  # (tested, does not pass: never on a path)
        frontier = reached
    return False


def _kept_ends(kept: Optional[tuple], contents: list, passes: Callable[[int], bool],
               goal: Callable[[int], bool]) -> dict:
    """Each space from which a kept path still leads to its goal -> that path's spaces from its goal up to the
    space, not including it (a path is kept goal first). A space whose content is what it was when the path
    was found passes as it did; another is tested again (the goal also as a goal)."""
    found: dict = {}
    for read, held, _, path in kept or ():
        for i, cell in enumerate(path):
            if contents[cell] != (held[i] if len(path) > 1 else held) and not (passes(cell) and (i or goal(cell))):
                break
            found.setdefault(cell, path[:i])
    return found


def _witness(t: Any, key: tuple, contents: list, came_from: dict, cell: int, tail: tuple,
             used: Optional[set]) -> bool:
    """Keeps the path that ends at ``cell`` (a goal, or a space a kept path leads to a goal from: ``tail``,
    that path's spaces from its goal up to ``cell``) as ``key``'s witness, goal first, with what its spaces
    hold now (and gathers its spaces in ``used``, when holds_uncut asks)."""
    path = list(tail)
    while cell != -1:
        path.append(cell)
        cell = came_from[cell]
    read = itemgetter(*path)
    witnesses = t.witnesses
    if len(witnesses) > 4096:  # (keys are an expression and a few seats or values: a game has few)
        witnesses.clear()
    cells = frozenset(path)
    witnesses[key] = ((read, read(contents), cells, tuple(path)),) + witnesses.get(key, ())[:PATHS_KEPT - 1]
    if used is not None:
        used |= cells
    return True


def holds_uncut(st: Any, board: int, cut: tuple, condition: Callable[[], bool], listing: Optional[dict] = None,
                key: str = "") -> bool:
    """Whether ``condition()`` (an option's `only if C after it`, C asking witnessed `connected` over ``board``
    only positively: rulespec/model/uncut_ahead.py) holds in the position as it stands with each `connected`
    true only where a kept path answers that passes through none of ``cut``, the spaces the option places on:
    then C holds after the option too. False when that does not show it (the option is then carried out) or
    when ``cut`` is not a plain placement (a space past the edge, taken, or twice).

    ``listing``: a dict a listing keeps while it tests its candidates in one position (nothing changes between
    them: a look-ahead undoes what it writes). C is then asked once for the listing (``key``: which C) as it
    stands (a `connected` no kept path answers is searched), keeping the spaces of the paths that answered: a
    candidate that cuts none of them leaves each of those paths whole, so each `connected` that held still
    holds after it, and so does C (it asks them only positively, and what else it reads the option does not
    write)."""
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
