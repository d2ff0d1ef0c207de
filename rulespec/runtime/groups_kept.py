"""`group of s` worked out once for a board as it stands (#40): a game that asks a group again before the
board changes (an end asking three things of one group, or of each stone of it; Go's capture counting a group
and then taking it off) floods it once. The groups found are kept for the last board contents asked about,
with a copy of those contents; that copy is compared with the board at each question (checked, never
trusted: a board undone, read back or written by a test is simply a different board) and a group is kept for
each of its spaces. Only where no attribute can change (State._attrs is None): an attribute change writes no
space, and a group is made of spaces holding the same kind with the same attributes."""

from __future__ import annotations

from itertools import repeat
from typing import Any, Callable

# (the contents list asked about, a copy of it then, space -> its group), for the last board asked about
_last: tuple = (None, None, {})


def kept_group(st: Any, board: int, cell: int, flood: Callable[[int, int], tuple[int, ...]]) -> tuple[int, ...]:
    """``flood(board, cell)``'s group, flooded only when no group holding ``cell`` was found on this board as it
    stands now."""
    global _last
    contents = st._boards[board]
    last = _last
    if last[0] is contents and last[1] == contents:
        found = last[2].get(cell)
        if found is not None:
            return found
        groups = last[2]
    else:
        groups = {}
        _last = (contents, contents[:], groups)
    found = flood(board, cell)
    groups.update(zip(found, repeat(found)))
    return found
