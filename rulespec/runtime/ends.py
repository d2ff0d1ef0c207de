"""End checks tested only where the board changed (rulespec.model.reads says which ends qualify).

An indexed end is "some unit u of a board where test(u)", and test(u) reads the board only at the
spaces of u's footprint (fixed by geometry: u's space, a line from it, a neighbour). The generated end
check asks :meth:`EndIndex.units` which units to test. When every end of the check holds false, the
generated code records how many writes the state had made then (``State._ends_seen``: (timing, board)
-> ``State._writes()``), nothing else: no copy of the board. The next check reads the spaces written since
from the state's own journal of writes (``State._written``, which every placement, removal and shift
appends to) and tests only the units whose footprint holds one of them: a unit none of whose spaces was
written is as it was when it held false. The journal is trusted, not checked against the board, because
nothing else changes a board and keeps the record: a look-ahead puts back the journal and the record
with the board, an undone step takes all three from its replay, a clone starts its journal at its
original's count, a state read back or given as a position has no record. A test that writes a board
behind the engine's back clears ``_ends_seen`` (else the next check trusts the journal). With no record,
or a record older than the writes the state's journal holds (a clone of a state written since its last
check; the journal emptied at WRITTEN_KEPT), every unit is tested.

``verify_indexed_ends(engine)`` is the debug switch: every end check then also tests every end in full
and raises AssertionError when the two disagree (tests/codegen/test_indexed_ends.py plays many games so).
"""

from __future__ import annotations

from itertools import chain, islice
from typing import TYPE_CHECKING, Any, Optional

if TYPE_CHECKING:
    from .state import State
    from .tables import Tables

UNIT = -1  # a footprint term's direction: the unit's own (rulespec.model.reads.UNIT)


class EndIndex:
    """The units of one indexed end and, per game configuration, which units each space can change."""

    __slots__ = ("key", "board", "directions", "footprint", "requires", "line", "by_set", "by_seat", "added_only",
                 "_by_tables")

    def __init__(self, timing: str, board: int, directions: tuple[int, ...], footprint: tuple[tuple, ...],
                 requires: tuple[tuple, ...] = (), line: int = 0, by_set: bool = False, by_seat: bool = False,
                 added_only: bool = False):
        self.key = (timing, board)  # where State._ends_seen keeps the writes made when the ends last held false
        # True: the test reads the seat to move (a check tests that seat's units alone), so the record is
        # that seat's, (timing, board, seat), written by the check as the other
        self.by_seat = by_seat
        # True: a unit is a space whose test reads it only as its group and what it holds, on a board whose
        # pieces are only ever added (rulespec/model/only_added.py): a space written since the record changed
        # its own group (its neighbours holding the same are in it, those holding another are as they were)
        # and the empty spaces' groups beside it, so of its neighbours only the empty ones are tested
        self.added_only = added_only
        # True: the test of a unit depends only on the set of spaces of its line (`count(t in line of N
        # from s towards d where C) = N`, C reading t alone), so of the units with the same spaces (the
        # line from either end) one is tested
        self.by_set = by_set
        self.board = board
        self.directions = directions  # () when a unit is a space alone, else units are (space, direction)
        self.footprint = footprint
        self.requires = requires  # ("line", direction, length): lines a unit's test needs whole (else false)
        # > 0: each unit is (space, direction, its whole line of this length towards direction), so the
        # generated test reads the line from the unit (no table look-up per unit, never None)
        self.line = line
        self._by_tables: dict[Any, tuple] = {}

    def units(self, st: "State", seat: Optional[int] = None) -> tuple:
        """The units to test now: all of them with no record, else those a changed space can reach (for
        ``seat`` to move, by_seat: since that seat's record)."""
        return self.units_and_one(st, seat)[0]

    def units_and_one(self, st: "State", seat: Optional[int] = None) -> tuple[tuple, Optional[int]]:
        """(the units to test now, the one space written since the record when just one was, else None). Each
        of the units holds that space, so where a unit's test needs every space of its line to pass one test
        (by_set), a seat for which that space fails it has no unit to test (see the codegen's
        indexed_end_test)."""
        every, reach, order = self._by_tables.get(st._t) or self._tables(st._t)
        mark = st._ends_seen.get(self.key if seat is None else self.key + (seat,))
        if mark is None:
            return every, None
        written = st._written
        since = mark - st._written_before  # where the writes since the record start in this state's journal
        if since == len(written):
            return (), None
        if not 0 <= since < len(written):  # (the record is older than the journal: no list of what changed)
            return every, None
        base, size = st._t.board_base[self.board], len(reach)
        if since == len(written) - 1:  # (one space written since: most often, a placement)
            cell = written[since] - base
            if not 0 <= cell < size:
                return (), None
            if self.added_only:
                contents = st._boards[self.board]
                return tuple(unit for unit in reach[cell] if unit == cell or contents[unit] < 0), cell
            return reach[cell], cell
        changed = [at - base for at in dict.fromkeys(islice(written, since, None)) if 0 <= at - base < size]
        if not changed:
            return (), None
        units = reach[changed[0]] if len(changed) == 1 else \
            sorted(set(chain.from_iterable(map(reach.__getitem__, changed))), key=order.__getitem__)
        if self.added_only:
            contents = st._boards[self.board]
            units = tuple(unit for unit in units if unit in changed or contents[unit] < 0)
        return units, (changed[0] if len(changed) == 1 else None)

    def _tables(self, t: "Tables") -> tuple:
        """Every unit in the order a full test takes them, and per space the units whose footprint holds it."""
        b = self.board
        spaces = t.cells_in_use[b]
        every = tuple((s, d) for s in spaces for d in self.directions) if self.directions else tuple(spaces)
        every = tuple(unit for unit in every if self.possible(t, unit))
        if self.line:
            every = tuple((s, d, t.lines(b, d, self.line)[s]) for s, d in every)
            if self.by_set:
                first: dict[frozenset, tuple] = {}
                for unit in every:
                    first.setdefault(frozenset(unit[2]), unit)
                every = tuple(first.values())
        reach: list[list] = [[] for _ in range(len(t.in_use[b]))]
        for unit in every:
            for space in self.spaces_read(t, unit[:2] if self.line else unit):
                reach[space].append(unit)
        found = self._by_tables[t] = (every, tuple(tuple(units) for units in reach),
                                      {unit: k for k, unit in enumerate(every)})
        return found

    def possible(self, t: "Tables", unit) -> bool:
        """Whether the board has every whole line the test of ``unit`` needs (without one it is false)."""
        space, direction = unit if self.directions else (unit, None)
        return all(len(t.lines(self.board, direction if d == UNIT else d, length)[space]) == length
                   for _, d, length in self.requires)

    def spaces_read(self, t: "Tables", unit) -> set[int]:
        """The spaces the test of ``unit`` may read."""
        space, direction = unit if self.directions else (unit, None)
        found = set()
        for term in self.footprint:
            if term[0] == "here":
                found.add(space)
                continue
            if term[0] == "group":  # (its test reads the unit's space only as its group: rulespec.model.reads)
                found.add(space)
                found.update(t.neighbours[self.board][space])
                continue
            d = direction if term[1] == UNIT else term[1]
            if term[0] == "line":
                found.update(t.lines(self.board, d, term[2])[space])
            else:  # neighbour
                neighbour = t.toward[self.board][d][space]
                if neighbour is not None:
                    found.add(neighbour)
        return found


def verify_indexed_ends(engine: Any) -> None:
    """Debug switch: each generated end check of ``engine`` (an Engine instance) also tests every end of its
    timing in full, one by one, and raises AssertionError when they disagree."""
    checks = dict(engine._end_checks)
    for timing, check in checks.items():
        ends = tuple((k, end) for k, end in enumerate(engine.ENDS) if end.timing == timing)
        checks[timing] = _both(check, ends, timing)
    engine._end_checks = checks
    engine._after_step = checks.get("after_step")


def _both(check, ends: tuple, timing: str):
    def checked(st: "State") -> Optional[tuple]:
        expected = None
        for k, end in ends:
            winners = end.check(st)
            if winners is not None:
                expected = (k, winners)
                break
        found = check(st)
        if (found if found is None else found[:2]) != expected:  # (a check may add the step its `then` runs)
            raise AssertionError(f"the {timing} end check found {found!r}, testing every end in full found "
                                 f"{expected!r} (turn {st._turn_number}, history {st.history})")
        return found

    checked.__wrapped__ = check
    return checked
