"""Groups of a board whose pieces are only ever added (rulespec/model/only_added.py), kept as the stones come: a
union-find of the spaces, with the mask of each group's spaces (bit c: space c), mended by the spaces written
since it was last asked, not flooded (#40, the game of Y's end; OpenSpiel keeps the same).

A record (``Joined``) is kept in the state's records (``st._reach``, by key) with the board's contents it
stands for. At a question the board is compared with those contents (State._changed_since: checked, never
trusted): a space that joins (held nothing the record counts, now holds something it does) is joined to its
neighbours of the same class; a space the record counts that changed (a stone taken, moved, another one put
there: never in the games proved so, but a test may write a board, or a step be undone) makes it again from
the board. So the record is always the board's, whatever wrote it; where pieces are only added, making it
again never happens in play. A record is changed in place by the state that made it (``owner``); a clone that
shares it copies it first (two list copies and a dict's), so the original's stays its own.

``group_touches`` reads it: `there is a in group of s where G(a)`, G reading only where a is (and values that
key it), as whether s's group meets the mask of the spaces where G holds (worked out once per setup). Groups
are of spaces holding alike pieces (Engine._steady_kind: only where no attribute can change); an empty
space's group (the empty region) is flooded as before.
"""

from __future__ import annotations

from typing import Any, Callable, Optional


class Joined:
    """A board's components under a class of what a space holds (see above)."""

    __slots__ = ("seen", "mark", "parent", "masks", "kinds", "owner")

    def copy(self, owner: int) -> "Joined":
        other = Joined()
        other.seen, other.mark, other.parent, other.masks = self.seen, self.mark, self.parent.copy(), self.masks.copy()
        other.kinds, other.owner = self.kinds.copy(), owner
        return other


def _find(parent: list, cell: int) -> int:
    """The root of ``cell``'s component (path halving)."""
    while True:
        up = parent[cell]
        if up == cell:
            return cell
        top = parent[cell] = parent[up]
        cell = top


def _join(joined: Joined, cells, kind: Callable[[int], Any], neighbours: tuple) -> None:
    """Join each of ``cells`` (spaces the record does not count yet) whose class is not None to its neighbours
    of the same class."""
    parent, masks, kinds = joined.parent, joined.masks, joined.kinds
    for cell in cells:
        k = kind(cell)
        if k is None:
            continue
        parent[cell] = cell
        kinds[cell] = k
        mask = 1 << cell
        for n in neighbours[cell]:
            if kinds[n] == k:
                other = _find(parent, n)
                if other != cell:
                    parent[other] = cell
                    mask |= masks.pop(other)
        masks[cell] = mask


def joined_now(st: Any, board: int, key: tuple, kind: Callable[[int], Any]) -> Joined:
    """The record ``key`` of ``board`` for the board as it stands: mended from the spaces changed since it was
    made, or made again (see above). ``kind(cell)``: the class of what the space holds now, None for a space
    no component counts."""
    reach = st._reach
    joined = reach.get(key)
    cells = st._boards[board]
    if joined is not None:
        if joined.seen == cells:
            return joined
        now, changed = st._changed_since(board, joined.seen, joined.mark)
        parent = joined.parent
        for cell in changed:
            if parent[cell] >= 0:  # (a space it counts changed: made again)
                joined = None
                break
        else:
            if joined.owner != id(st):  # (shared with a clone or the state it was cloned from: copied first)
                joined = joined.copy(id(st))
                st._reach = reach = reach.copy()
                reach[key] = joined
            _join(joined, changed, kind, st._t.neighbours[board])
            joined.seen, joined.mark = now, st._written_before + len(st._written)
            return joined
    joined = Joined()
    joined.seen, joined.mark = st._contents_now(board), st._written_before + len(st._written)
    joined.parent, joined.masks, joined.kinds = [-1] * len(cells), {}, [None] * len(cells)
    joined.owner = id(st)
    _join(joined, st._t.cells_in_use[board], kind, st._t.neighbours[board])
    st._reach = reach = reach.copy()  # (a new dict: the old one may be a clone's too)
    reach[key] = joined
    return joined


def space_mask(st: Any, board: int, key: tuple, test: Callable[..., Callable[[int], bool]]) -> tuple[int, int]:
    """(the mask of the spaces in use of ``board`` where ``test(st, *key[1:])`` holds, the mask of those where it
    fails: raises), worked out once per setup and key (the test reads nothing that changes)."""
    found = st._t.reach_plans.get(key)
    if found is None:
        holds = test(st, *key[1:])
        mask = fails = 0
        for cell in st._t.cells_in_use[board]:
            try:
                if holds(cell):
                    mask |= 1 << cell
            except Exception:
                fails |= 1 << cell
        found = st._t.reach_plans[key] = (mask, fails)
    return found


def _members(st: Any, board: int, cell: int) -> Optional[int]:
    """The mask of ``cell``'s group, from the record; None for an empty space (its region is flooded) or where an
    attribute can change."""
    contents = st._boards[board]
    if st._attrs is not None or contents[cell] < 0:
        return None
    joined = st._reach.get(("joined", board))
    if joined is None or joined.seen != contents:  # (else the record is the board's as it stands: joined_now's first test)
        kinds = st._engine._steady_kind
        joined = joined_now(st, board, ("joined", board), lambda c: kinds[contents[c]] if contents[c] >= 0 else None)
    return joined.masks[_find(joined.parent, cell)]


def group_touches(st: Any, board: int, cell: int, key: tuple, test: Callable[..., Callable[[int], bool]]) -> bool:
    """`there is a in group of s where G(a)`, G reading only where a is: whether ``cell``'s group has a space in
    G's mask (``key``: (('group', number), the values G reads); ``test(st, *values)``: G as a test of a space)."""
    mask, fails = st._t.reach_plans.get(key) or space_mask(st, board, key, test)
    members = _members(st, board, cell)
    if members is not None and not members & fails:
        return members & mask != 0
    holds = test(st, *key[1:])  # (an empty space's region; or G may fail on a member: as written, in order)
    return any(holds(c) for c in st._group(board, cell))


def group_count(st: Any, board: int, cell: int, key: tuple, test: Callable[..., Callable[[int], bool]]) -> int:
    """`count(a in group of s where G(a))`, G reading only where a is: how many spaces of ``cell``'s group are in
    G's mask (the arguments as group_touches')."""
    mask, fails = st._t.reach_plans.get(key) or space_mask(st, board, key, test)
    members = _members(st, board, cell)
    if members is not None and not members & fails:
        return (members & mask).bit_count()
    holds = test(st, *key[1:])  # (as group_touches)
    return len([1 for c in st._group(board, cell) if holds(c)])
