"""`connected` worked out on integers: a flood fill whose tests read the tested space only through what it
holds (``t is empty``, ``t holds colour of p`` with an attribute that never changes), so that each test is a
function of the space's content alone (an item's index, or -1 for empty) and of values fixed for the call
(a seat, an option...). Such a fill reads one small table per call (FillTests) instead of calling the tests
space by space: the flood is index look-ups on the board's contents and neighbour tables.

placed_reaches answers such a fill in the position an option would leave that places an item on the fill's
start and only takes things off after (`only if C after it`: model/placed_fill.py) from the position as it
stands, when that decides it, so that the option is carried out only where it does not.

While scores are worked out (Results._scores sets read_only_fills) a fill from one space answers for every
space its flood passed through: a score over the whole board (Go's area) costs a flood a region.

rulespec/codegen/connected.py decides where a `connected` qualifies (from the code of its tests) and writes
the table's test; a game with no such `connected` runs none of this (the runtime's results import
read_only_fills, which then keeps nothing that is ever read).
"""

from __future__ import annotations

from typing import Any, Callable, Optional

BLOCKED, PASSES, REACHED = 0, 1, 2  # what a space's content means to a fill: a goal passes too (REACHED)


class FillTests(dict):
    """A fill's test of a content: ``tests[values]`` (the values of the names the tests read besides the space,
    as a tuple) is a list with one entry per content: BLOCKED, PASSES or REACHED (the space passes and is a
    goal), the last entry for an empty space (-1). An entry is worked out the first time a fill meets that
    content (None until then), so a test that could not be asked of some content (it would fail) is asked
    only where the fill meets it, as the tests written space by space are. At most 4,096 values are kept."""

    __slots__ = ("test", "size")

    def __init__(self, test: Callable[..., int], items: int):
        super().__init__()
        self.test, self.size = test, items + 1  # (every item, then the empty space)

    def __missing__(self, values: tuple) -> list[Optional[int]]:
        if len(self) > 4096:
            self.clear()
        found = self[values] = [None] * self.size
        return found


def connected_on_contents(st: Any, board: int, starts: Any, tests: FillTests, *values: Any) -> bool:
    """Whether a path of neighbouring spaces of ``board`` in use, each passing, joins one of ``starts`` (spaces
    in use) to a goal: State._fill with ``tests`` read from a table by each space's content."""
    table, test = tests[values], tests.test
    contents = st._boards[board]
    frontier = []
    for cell in starts:
        content = contents[cell]
        found = table[content]
        if found is None:
            found = table[content] = test(content, *values)
        if found == REACHED:
            return True
        if found:
            frontier.append(cell)
    return _flood(st, board, frontier, table, test, values)


def connected_from_space(st: Any, board: int, cell: Optional[int], tests: FillTests, *values: Any) -> bool:
    """connected_on_contents from the one space ``cell``: none (past the board's edge) and a space not in use
    reach nothing. While a position is only read, the answer kept for the space (read_only_fills)."""
    kept = _READ_ONLY
    if kept is not None:
        entry = kept.get((board, id(tests), values))
        if entry is not None and entry[0] is st._boards[board] and entry[1] is tests:
            answer = entry[2].get(cell)
            if answer is not None:
                return answer
    if cell is None or not st._t.in_use[board][cell]:
        return False
    table, test = tests[values], tests.test
    content = st._boards[board][cell]
    found = table[content]
    if found is None:
        found = table[content] = test(content, *values)
    if kept is None:
        if found == REACHED:
            return True
        return found == PASSES and _flood(st, board, [cell], table, test, values)
    contents = st._boards[board]
    key = (board, id(tests), values)
    entry = kept.get(key)
    if entry is None or entry[0] is not contents or entry[1] is not tests:
        entry = kept[key] = (contents, tests, {})
    if found == PASSES:
        return _region_answer(st, board, cell, table, test, values, entry[2])
    answer = entry[2][cell] = found == REACHED
    return answer


# While a position is only read (Results._scores: scores are values, which write nothing), the answers of the
# fills from one space, by fill and space: see read_only_fills.
_READ_ONLY: Optional[dict] = None


def read_only_fills(on: Optional[dict]) -> Optional[dict]:
    """Sets the answers kept while a position is only read (a new dict: from now on; None: no longer) and
    returns what was set before, for the caller to put back. Meanwhile a fill from one space answers for its
    region: every space its flood passed through (a space that passes and is no goal) joins the start by such
    spaces, so its own fill meets the same spaces and goals and has the same answer, kept; a later fill from
    one of them (Go's area score asks `reaches(s, p)` of every empty point) is a look-up, so a score over the
    whole board costs one flood a region, not one a space. Kept by the board, the fill's tests and the values
    they read, with the board's contents and the tests held while kept, so nothing is answered for another."""
    global _READ_ONLY
    before, _READ_ONLY = _READ_ONLY, on
    return before


def _region_answer(st: Any, board: int, cell: int, table: list, test: Callable[..., int], values: tuple,
                   answers: dict) -> bool:
    """connected_from_space from ``cell`` (it passes and is no goal) while the position is only read: its flood's
    answer, kept in ``answers`` for every space of its region (read_only_fills): the flood goes on past the first
    goal it meets, so that one flood a region answers every space of it."""
    contents = st._boards[board]
    t = st._t
    neighbours, in_use = t.neighbours[board], t.in_use[board]
    region, frontier, seen = [cell], [cell], {cell}
    answer = False
    while frontier:  # (the whole region, past a goal met: every space of it is then answered by this flood)
        for n in neighbours[frontier.pop()]:
            if n not in seen and in_use[n]:
                seen.add(n)
                content = contents[n]
                found = table[content]
                if found is None:
                    found = table[content] = test(content, *values)
                if found == PASSES:
                    frontier.append(n)
                    region.append(n)
                elif found:
                    answer = True
    for c in region:
        answers[c] = answer
    return answer


def placed_reaches(st: Any, board: int, cell: int, item: int, tests: FillTests, *values: Any) -> bool:
    """connected_from_space from ``cell`` in the position an option would leave that places ``item`` on it
    and only empties other spaces (model/placed_fill.py), decided on the board as it stands: True when the
    fill surely reaches a goal there (``cell`` empty and in use now, ``item`` passes, an empty space is a
    goal, and a path from ``cell`` as if it held ``item`` reaches a goal now: a space emptied only becomes a
    goal, so the path stays); False when this does not decide (the option is then carried out)."""
    if st._boards[board][cell] >= 0 or not st._t.in_use[board][cell]:
        return False
    table, test = tests[values], tests.test
    empty, placed = table[-1], table[item]
    if empty is None:
        empty = table[-1] = test(-1, *values)
    if placed is None:
        placed = table[item] = test(item, *values)
    if empty != REACHED or placed == BLOCKED:
        return False
    if placed == REACHED:
        return True
    contents, in_use = st._boards[board], st._t.in_use[board]
    for n in st._t.neighbours[board][cell]:  # (most often a neighbour is empty: a goal next to it)
        if contents[n] < 0 and in_use[n]:
            return True
    return _flood(st, board, [cell], table, test, values)


def _flood(st: Any, board: int, frontier: list, table: list, test: Callable[..., int], values: tuple) -> bool:
    """Whether a path of neighbouring spaces in use, each passing, joins one of ``frontier`` (spaces that pass
    and are no goal) to a goal: a flood fill outwards from them that stops at the first goal met."""
    contents, t = st._boards[board], st._t
    seen = set(frontier)
    neighbours, in_use = t.neighbours[board], t.in_use[board]
    while frontier:
        for n in neighbours[frontier.pop()]:
            if n not in seen and in_use[n]:
                seen.add(n)
                content = contents[n]
                found = table[content]
                if found is None:
                    found = table[content] = test(content, *values)
                if found:
                    if found == REACHED:
                        return True
                    frontier.append(n)
    return False
