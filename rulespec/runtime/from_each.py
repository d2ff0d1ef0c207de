"""A `connected` from the space a name gives, asked of many spaces of one board as it stands (#40: Havannah's
ring, `there is c in grid where not connected(t in grid where t = c or not mine(t, p) from t = c to
on_border(t))`, a flood from each of 169 spaces after every step), answered for every space by one flood.

``connected(t in B where [t = s or] C(t) from t = s to G(t))``, C and G reading the board only at t and values
(rulespec/model/reads.py connected_from_each): the fill from s passes through spaces passing C (and s itself
when `t = s or` is written) and stops at one passing where G holds. So with R the spaces passing C whose
component (of spaces passing C) holds one where G holds, made by one flood from those: a space s passing C
is connected exactly when it is in R; one that does not, when `t = s or` is written and G holds on s or a
neighbour of s is in R; else never (its own fill starts nowhere). The spaces connected are made at once.

The answers depend on the board's contents alone (and the values, the set-up): they are kept for the last
contents asked about, per expression and values, with a copy of those contents compared at each question
(checked, never trusted). The first questions at new contents are answered by the fill from s as written
(one question, a look-ahead's, is cheaper so); from the second, R is made and read. A test that
fails while R is made (it was never asked there before) leaves the fills as written for those contents.
"""

from __future__ import annotations

from typing import Any, Callable

FLOOD_FROM = 2  # the question at the same contents from which R is made
_FAILED = "failed"

# key -> [the set-up's tables, a copy of the contents, questions asked at them, the spaces connected or None or
#         _FAILED]
_kept: dict = {}


def connected_from_each(st: Any, board: int, key: tuple, cell: int, or_self: bool,
                        tests: Callable[..., tuple[Callable[[int], bool], Callable[[int], bool]]],
                        goal_fixed: bool = False) -> bool:
    """The `connected` above from ``cell`` (``key``: the expression and the values C and G read;
    ``tests(st, *values)``: C and G as tests of a space; ``or_self``: `t = s or` is written; ``goal_fixed``: G
    reads nothing that changes, so the spaces where it holds are found once per set-up and key)."""
    t = st._t
    contents = st._boards[board]
    found = _kept.get(key)
    if found is None or found[0] is not t or found[1] != contents:
        if len(_kept) > 64:
            _kept.clear()
        found = _kept[key] = [t, contents.copy(), 0, None]
    found[2] += 1
    reached = found[3]
    if reached is None and found[2] >= FLOOD_FROM:
        reached = found[3] = _reach(st, board, *tests(st, *key[1:]), key if goal_fixed else None, or_self)
    if reached is None or reached is _FAILED:
        passes, goal = tests(st, *key[1:])
        if or_self:
            def passes(c: int, _c=passes) -> bool:
                return c == cell or _c(c)
        return st._connected_from(board, (cell,) if t.in_use[board][cell] else (), passes, None, goal)
    return cell in reached


def _reach(st: Any, board: int, passes: Callable[[int], bool], goal: Callable[[int], bool], key, or_self: bool):
    """The spaces connected (see above: R, and with ``or_self`` the spaces failing C where G holds or next to R),
    or _FAILED when a test fails on a space. ``key``: where G reads nothing that changes, the key its spaces are
    kept by in the set-up's tables."""
    t = st._t
    try:
        passing = {c for c in t.cells_in_use[board] if passes(c)}
        if key is None:
            frontier = [c for c in passing if goal(c)]
        else:
            goals = t.reach_plans.get(("goals",) + key)
            if goals is None:
                goals = t.reach_plans[("goals",) + key] = tuple(c for c in t.cells_in_use[board] if goal(c))
            frontier = [c for c in goals if c in passing]
    except Exception:
        return _FAILED
    within = set(frontier)
    neighbours = t.neighbours[board]
    while frontier:
        for n in neighbours[frontier.pop()]:
            if n in passing and n not in within:
                within.add(n)
                frontier.append(n)
    if not or_self:
        return within
    connected = set(within)
    try:
        for c in t.cells_in_use[board]:
            if c in passing:
                continue
            if (goal(c) if key is None else c in goals) or any(n in within for n in neighbours[c]):
                connected.add(c)
    except Exception:
        return _FAILED
    return connected
