"""Optimal scoring of a holding split into sets of distinct kinds.

Why: many end-of-game rules pay for sets of *different* kinds ("2 different
score 1, 3 different score 3, ...") and let a wildcard stand in for a missing
kind.  Greedy grouping is wrong in general, so this module finds the exact
optimum by dynamic programming.

Rules modelled
--------------
* ``counts[k]`` real items of kind ``k``; ``wildcards`` extra items.
* A set holds real items of pairwise distinct kinds plus wildcards, each
  wildcard standing for a kind not otherwise in the set; so a set's size is at
  most ``len(counts)``.  A set made only of wildcards is allowed (unless
  ``max_wild_per_set`` forbids it).  A set scores ``table[size]``; sizes
  absent from the table cannot be formed.
* Every item is in at most one set; items left over score 0.
* ``min_real_per_set`` (default 0) asks every set for at least that many real
  items; 1 means a wildcard only completes a set and never forms one alone.

Which optimum is reported
-------------------------
Partitions are compared by, in order:

1. the higher total score;
2. then the FEWER wildcards used;
3. then the MORE real items left unused (the tie-break figure in the result).

With ``leftovers_first=True`` steps 2 and 3 swap: among the best scores, the
partition leaving the most real items unused wins (the choice a player makes
when left-over items break ties), and only then the fewer wildcards.

If several partitions are still equal, the reported one is the one whose
list of sets is lexicographically smallest, each set written as
``(sorted kind indices, wildcard count)`` and the list sorted ascending.
:func:`brute_force_best` applies the very same rule, so both agree exactly.

How
---
Kinds are interchangeable for the optimum's *value*, so the DP state is the
count vector sorted in descending order (zeros dropped) plus the wildcards
left, memoised.  From a state, the next set is described only by its number
of real items ``r`` and wildcards ``w``: by an exchange argument, if some
partition works then one works where that set takes the ``r`` kinds with the
most items left.  So each state has at most ``(kinds + 1) * (wildcards + 1)``
moves; stopping (leaving the rest unused) is always allowed.  The reported
sets are then rebuilt with real kind indices, smallest set first, by checking
candidate sets against the memoised optimum.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator, Mapping, Sequence

__all__ = ["ScoredSet", "SetScore", "best_score", "brute_force_best"]

# Objective vector: (score, -wildcards used, -real items used); maximise lexicographically.
_Key = tuple[int, int, int]
_ZERO: _Key = (0, 0, 0)


@dataclass(frozen=True, order=True)
class ScoredSet:
    """One set of the reported partition: real kind indices, wildcards, points."""

    kinds: tuple[int, ...]
    wildcards: int
    points: int

    @property
    def size(self) -> int:
        return len(self.kinds) + self.wildcards


@dataclass(frozen=True)
class SetScore:
    """Best partition of a holding.

    ``unused`` holds the unused real items per kind; ``unused_real`` their
    total (the tie-break figure); wildcard figures are for explanation.
    """

    score: int
    sets: tuple[ScoredSet, ...]
    unused: tuple[int, ...]
    unused_real: int
    wildcards_used: int
    wildcards_unused: int


def _validate(
    counts: Sequence[int], wildcards: int, table: Mapping[int, int], max_wild_per_set: int | None
) -> tuple[tuple[int, ...], dict[int, int]]:
    counts = tuple(int(c) for c in counts)
    if any(c < 0 for c in counts):
        raise ValueError("counts must be >= 0")
    if wildcards < 0:
        raise ValueError("wildcards must be >= 0")
    if max_wild_per_set is not None and max_wild_per_set < 0:
        raise ValueError("max_wild_per_set must be >= 0 or None")
    clean: dict[int, int] = {}
    for size, points in table.items():
        if not isinstance(size, int) or not isinstance(points, int):
            raise TypeError("table sizes and points must be ints (exact comparison is needed)")
        if size < 1:
            raise ValueError("set sizes must be >= 1")
        if size <= len(counts):  # larger sets need more distinct kinds than exist
            clean[size] = points
    return counts, clean


def _set_key(points: int, real: int, wild: int, leftovers_first: bool = False) -> _Key:
    return (points, -real, -wild) if leftovers_first else (points, -wild, -real)


def _add(a: _Key, b: _Key) -> _Key:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2])


class _Solver:
    """Memoised optimum value for canonical states (sorted counts, wildcards).

    Evaluated with an explicit stack rather than recursion, so large holdings
    cannot hit Python's recursion limit.
    """

    def __init__(self, n_kinds: int, table: dict[int, int], max_wild: int | None, min_real: int = 0,
                 leftovers_first: bool = False) -> None:
        self.table = table
        self.max_wild = n_kinds if max_wild is None else min(max_wild, n_kinds)
        self.min_real = min_real
        self.leftovers_first = leftovers_first
        self.memo: dict[tuple[tuple[int, ...], int], _Key] = {}

    @staticmethod
    def canonical(counts: Sequence[int], wildcards: int) -> tuple[tuple[int, ...], int]:
        return (tuple(sorted((c for c in counts if c), reverse=True)), wildcards)

    def moves(self, state: tuple[tuple[int, ...], int]) -> Iterator[tuple[_Key, tuple[tuple[int, ...], int]]]:
        """(key of the set formed, next canonical state) for every set worth trying.

        Exchange argument: if a partition exists, one exists in which any given
        set holds the kinds with the most items left; so only the top ``real``
        kinds of the sorted state are tried for a set with ``real`` real items.
        """
        counts, wildcards = state
        for real in range(self.min_real, len(counts) + 1):
            after = tuple(c - 1 for c in counts[:real]) + counts[real:]
            for wild in range(0, min(wildcards, self.max_wild) + 1):
                points = self.table.get(real + wild)
                if points is None or real + wild == 0:
                    continue
                yield _set_key(points, real, wild, self.leftovers_first), self.canonical(after, wildcards - wild)

    def value(self, counts: Sequence[int], wildcards: int) -> _Key:
        root = self.canonical(counts, wildcards)
        memo = self.memo
        stack = [root]
        while stack:
            state = stack[-1]
            if state in memo:
                stack.pop()
                continue
            moves = list(self.moves(state))
            missing = [nxt for _, nxt in moves if nxt not in memo]
            if missing:
                stack.extend(missing)
                continue
            best = _ZERO  # stopping here: everything left stays unused
            for key, nxt in moves:
                cand = _add(key, memo[nxt])
                if cand > best:
                    best = cand
            memo[state] = best
            stack.pop()
        return memo[root]


def _sets_in_order(counts: tuple[int, ...], wildcards: int, table: dict[int, int], max_wild: int,
                   min_real: int = 0) -> Iterator[ScoredSet]:
    """Every formable set in ascending ``(kinds, wildcards)`` order."""
    n = len(counts)

    def kinds_lex(prefix: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        yield prefix
        start = prefix[-1] + 1 if prefix else 0
        for k in range(start, n):
            if counts[k] > 0:
                yield from kinds_lex(prefix + (k,))

    for kinds in kinds_lex(()):
        if len(kinds) < min_real:
            continue
        for wild in range(0, min(wildcards, max_wild) + 1):
            points = table.get(len(kinds) + wild)
            if points is not None and len(kinds) + wild > 0:
                yield ScoredSet(kinds, wild, points)


def _result(counts: tuple[int, ...], wildcards: int, sets: Sequence[ScoredSet]) -> SetScore:
    unused = list(counts)
    wild_used = 0
    for s in sets:
        for k in s.kinds:
            unused[k] -= 1
        wild_used += s.wildcards
    return SetScore(
        score=sum(s.points for s in sets),
        sets=tuple(sorted(sets)),
        unused=tuple(unused),
        unused_real=sum(unused),
        wildcards_used=wild_used,
        wildcards_unused=wildcards - wild_used,
    )


def best_score(
    counts: Sequence[int],
    wildcards: int,
    table: Mapping[int, int],
    *,
    max_wild_per_set: int | None = None,
    min_real_per_set: int = 0,
    leftovers_first: bool = False,
) -> SetScore:
    """Best partition of ``counts`` (+ ``wildcards``) into sets of distinct kinds.

    ``table`` maps set size to points, e.g. ``{2: 1, 3: 3, 4: 5}``.  See the
    module docstring for the exact tie-breaking rule.  Runs in time polynomial
    in the item counts for a fixed number of kinds (memoised states are sorted
    count vectors).
    """
    counts, clean = _validate(counts, wildcards, table, max_wild_per_set)
    solver = _Solver(len(counts), clean, max_wild_per_set, min_real_per_set, leftovers_first)
    remaining = list(counts)
    wild_left = wildcards
    chosen: list[ScoredSet] = []
    target = solver.value(remaining, wild_left)
    while target != _ZERO:
        # The smallest set that appears in some optimal completion comes first.
        for s in _sets_in_order(tuple(remaining), wild_left, clean, solver.max_wild, min_real_per_set):
            after = list(remaining)
            for k in s.kinds:
                after[k] -= 1
            rest = solver.value(after, wild_left - s.wildcards)
            if _add(_set_key(s.points, len(s.kinds), s.wildcards, leftovers_first), rest) == target:
                chosen.append(s)
                remaining, wild_left, target = after, wild_left - s.wildcards, rest
                break
        else:  # pragma: no cover - would mean the DP and the rebuild disagree
            raise AssertionError("could not rebuild the optimal partition")
    return _result(counts, wildcards, chosen)


def brute_force_best(
    counts: Sequence[int],
    wildcards: int,
    table: Mapping[int, int],
    *,
    max_wild_per_set: int | None = None,
    min_real_per_set: int = 0,
    leftovers_first: bool = False,
) -> SetScore:
    """Reference answer by enumerating every multiset of sets (small inputs only).

    Used by tests to check :func:`best_score`; same rules, same tie-breaks.
    """
    counts, clean = _validate(counts, wildcards, table, max_wild_per_set)
    max_wild = len(counts) if max_wild_per_set is None else min(max_wild_per_set, len(counts))
    candidates = list(_sets_in_order(counts, wildcards, clean, max_wild, min_real_per_set))
    best: tuple[_Key, tuple[ScoredSet, ...]] | None = None

    def search(start: int, remaining: list[int], wild_left: int, chosen: list[ScoredSet]) -> None:
        nonlocal best
        score = sum(s.points for s in chosen)
        wild_used = wildcards - wild_left
        real_used = sum(counts) - sum(remaining)
        key = (score, -real_used, -wild_used) if leftovers_first else (score, -wild_used, -real_used)
        listing = tuple(chosen)  # already ascending: candidates are tried in order
        if best is None or key > best[0] or (key == best[0] and listing < best[1]):
            best = (key, listing)
        for i in range(start, len(candidates)):
            s = candidates[i]
            if s.wildcards > wild_left or any(remaining[k] == 0 for k in s.kinds):
                continue
            for k in s.kinds:
                remaining[k] -= 1
            chosen.append(s)
            search(i, remaining, wild_left - s.wildcards, chosen)  # i: a set may repeat
            chosen.pop()
            for k in s.kinds:
                remaining[k] += 1

    search(0, list(counts), wildcards, [])
    assert best is not None
    return _result(counts, wildcards, best[1])
