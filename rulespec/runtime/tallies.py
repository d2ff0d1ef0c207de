"""A count of a board's spaces whose test reads the space only as what never changes about what it holds
(`count(s in morris where s holds colour of p)`, `count(s in B where is_a(s, king))`), answered from a tally
the state keeps: how many items of each kind of piece stand on each board.

A kind of piece here is a class of items alike in all that never changes (their component and the attributes
not declared `can change`: Engine._steady_kind), numbered by Engine._tally_class; such a test gives one answer
for every item of a class, so the count is the sum of the tallies of the classes that pass (asked of one item
of each, the first time a count meets that class with those values) and, when an empty space passes, the
spaces in use that hold nothing. On a board of one item a space, the items on it are its occupied spaces.

The tally (``st._tally``: per board, a count per class) is made from the items' locations the first time a
count asks for it, and from then on mended by the primitives that put an item on a board or take it off
(State._place, _occupy, _take; a move from space to space of one board changes no count), each change
journalled in a look-ahead and so undone with it. A state made any other way starts without one: a clone, a
state read back, a new game (made again when first asked: one pass over the items). A look-ahead that finds
none counts from the locations without keeping what it made (its writes before would not be in it).
rulespec/codegen/board_tallies.py decides which counts are written so; a game with none never makes a tally.
"""

from __future__ import annotations

from bisect import bisect_right
from typing import Any, Callable, Optional


class TallyTests(dict):
    """A count's test of a space's content (an item, or -1 for an empty space) for the values of the names it
    reads besides the space: ``tests[values]`` is a list with an entry per class of items (Engine._tally_class)
    and a last one for an empty space, each None until a count meets it (a test that could not be asked of
    some content is asked only where a count meets it, as the test written space by space is). At most 4,096
    values are kept."""

    __slots__ = ("test",)

    def __init__(self, test: Callable[..., Any]):
        super().__init__()
        self.test = test

    def __missing__(self, values: tuple) -> list[Optional[bool]]:
        if len(self) > 4096:
            self.clear()
        found = self[values] = []  # (sized by the first count, which knows the engine's classes)
        return found


def count_tallied(st: Any, board: int, tests: TallyTests, *values: Any) -> int:
    """How many spaces in use of ``board`` (one item a space) pass ``tests`` with ``values``: the tallies of
    the classes of items that pass, and the empty spaces when an empty space passes."""
    tally = st._tally
    if tally is None:
        tally = tallies_of(st)
        if st._journal is None:  # (in a look-ahead the writes before it are not in it: made, not kept)
            st._tally = tally
    engine = st._engine
    answers, test, firsts = tests[values], tests.test, engine._tally_firsts
    if not answers:
        answers.extend([None] * (len(firsts) + 1))
    found = held = 0
    for cls, count in enumerate(tally[board]):
        if count:
            held += count
            answer = answers[cls]
            if answer is None:
                answer = answers[cls] = bool(test(firsts[cls], *values))
            if answer:
                found += count
    free = len(st._t.cells_in_use[board]) - held
    if free:
        answer = answers[-1]
        if answer is None:
            answer = answers[-1] = bool(test(-1, *values))
        if answer:
            found += free
    return found


def tallies_of(st: Any) -> list[list[int]]:
    """Per board, how many items of each class stand on it, from the items' locations (an item on a board is
    located at its first cell)."""
    engine, t = st._engine, st._t
    classes, bases = engine._tally_class, t.board_base
    tally = [[0] * len(engine._tally_firsts) for _ in bases]
    zones = t.zone_count
    for item, where in enumerate(st._loc):
        if where >= zones:
            tally[bisect_right(bases, where) - 1][classes[item]] += 1
    return tally


class Tallying:
    """State's part: the tally mended when an item comes onto a board or leaves it (see above)."""

    __slots__ = ()

    def _tallied(self, board: int, item: int, change: int) -> None:
        """``item`` has come onto ``board`` (change 1) or left it (-1): its class's count there mended."""
        row = self._tally[board]
        cls = self._engine._tally_class[item]
        if self._journal is not None:  # (a look-ahead: undone with the rest, runtime/imagining.py)
            self._journal.append((row, cls, row[cls]))
        row[cls] += change
