"""A look-ahead's condition answered by what it read (issue #40): `only if not in_check(player) after it`, asked of
every candidate of a listing, reads in most of them the same few spaces with the same contents (the king's lines,
its leaps), which the candidate's move does not touch: what chess engines find with pins.

The generator (codegen/lean_look_ahead.py answer_kept_names) gives such a condition, when it reads no name the
option binds and the option only moves pieces between spaces its names give (model/moved_spaces.py), a function
of its own (held_<step>__<option>), and asks answer_kept before carrying a candidate out. answer_kept reads the
condition on the state as it stands (the position every candidate starts from) through a _ReadingState: a view
that lets it read only the boards' contents, the items' locations and attributes (each index read kept with the
value it gave), the tables and the number of players, and runs the state's methods on itself. Any other part of
the state, an iteration over a whole board or list, a value that is not a plain int, str, bool or None, a write,
or an error stops the recording, and nothing is kept. The answer is kept with every (list, index, value) read,
and holds for a later position while every index read holds its value there (checked by value at each
candidate, so a state's clone, another state of the same engine, a step undone all stay exact): the condition
is a function of what it reads. A candidate whose move writes none of the spaces read, and moves none of the
pieces whose location was read, leaves the condition reading the same values: the kept answer is its answer,
and the candidate is not carried out. Any other candidate is carried out and the condition read, as before.

As with model/uncut_ahead.py, a candidate so answered is not carried out: a rule error its statements would meet
is met when it is chosen, not when it is listed (the spaces it places from must hold a piece, or it is carried
out).
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any, Callable, Optional

_PLAIN = (int, str, bool, type(None))
_kept: dict = {}  # (held function, arguments) -> (tables, players, answer, checks)
_failed: dict = {}  # held function -> recordings that stopped
GIVE_UP_AFTER = 4  # a condition whose recording stopped this often is no longer recorded
# A candidate answered saves its look-ahead; one not answered costs a check of what was read, and each new position
# a recording. A condition's first TRIAL candidates are counted: one that answered fewer than half of them is no
# longer asked (in this process: its look-aheads carried out, as before).
TRIAL = 400
_trial: dict = {}  # held function -> [candidates asked, answered] while on trial
_given_up: set = set()  # held functions no longer asked
_passed: set = set()  # held functions asked from now on without counting


class _Unrecorded(Exception):
    """The condition read something a recording does not keep."""


class _Reading:
    """One list of the state read through, each index read kept with its value."""

    __slots__ = ("_of", "_read")

    def __init__(self, of: Any, read: dict) -> None:
        self._of, self._read = of, read

    def __getitem__(self, key: Any) -> Any:
        if type(key) is not int:
            raise _Unrecorded
        value = self._of[key]
        if type(value) not in _PLAIN:
            raise _Unrecorded
        self._read[key] = value
        return value

    def __len__(self) -> int:
        return len(self._of)

    def __iter__(self):
        raise _Unrecorded


class _Attributes:
    """The items' changing attributes (State._attrs) read through, each attribute's list a _Reading."""

    __slots__ = ("_of", "_lists", "_reads")

    def __init__(self, of: dict, reads: dict) -> None:
        self._of, self._lists, self._reads = of, {}, reads

    def __getitem__(self, name: Any) -> _Reading:
        seen = self._lists.get(name)
        if seen is None:
            if type(name) is not str:
                raise _Unrecorded
            seen = self._lists[name] = _Reading(self._of[name], self._reads.setdefault(("a", name), {}))
        return seen

    def __iter__(self):
        raise _Unrecorded


class _ReadingState:
    """The state as a recorded condition sees it: its boards, locations and attributes read through (kept),
    its tables and number of players as they are, its methods run on this view; any other part refused."""

    __slots__ = ("_st", "_t", "players", "_boards", "_loc", "_attrs", "_reads")

    def __init__(self, st: Any) -> None:
        reads: dict = {}
        self._st, self._t, self.players, self._reads = st, st._t, st.players, reads
        self._boards = tuple(_Reading(b, reads.setdefault(("b", n), {})) for n, b in enumerate(st._boards))
        self._loc = _Reading(st._loc, reads.setdefault(("l", 0), {}))
        self._attrs = None if st._attrs is None else _Attributes(st._attrs, reads)

    def __getattr__(self, name: str) -> Any:
        method = getattr(type(self._st), name, None)
        if name.startswith("__") or not callable(method) or not hasattr(method, "__get__"):
            raise _Unrecorded
        return method.__get__(self)


def _holds(st: Any, entry: tuple) -> bool:
    """Whether every index ``entry`` read holds its value in ``st``."""
    if entry[0] is not st._t or entry[1] != st.players:
        return False
    boards, loc, attrs = st._boards, st._loc, st._attrs
    for kind, key, get, values in entry[3]:
        if kind == "b":
            if get(boards[key]) != values:
                return False
        elif kind == "l":
            if get(loc) != values:
                return False
        elif attrs is None or key not in attrs or get(attrs[key]) != values:
            return False
    return True


def _record(st: Any, held: Callable, args: tuple) -> Optional[tuple]:
    """``held(st, *args)`` evaluated on ``st`` as it stands through a _ReadingState, kept with what it read, or
    None where the recording stops (see the module)."""
    view = _ReadingState(st)
    try:
        answer = held(view, *args)
    except Exception:  # (_Unrecorded, a rule error, anything: left to the look-ahead as written)
        _failed[held] = _failed.get(held, 0) + 1
        _kept.pop((held, args), None)
        return None
    checks, cells, items = [], {}, frozenset()
    for where, read in view._reads.items():
        if read:
            keys = tuple(read)
            values = tuple(read[k] for k in keys) if len(keys) > 1 else read[keys[0]]
            checks.append((where[0], where[1], itemgetter(*keys), values))
            if where[0] == "b":
                cells[where[1]] = frozenset(keys)
            elif where[0] == "l":
                items = frozenset(keys)
    if len(_kept) > 256:  # (few conditions and arguments are live at once)
        _kept.clear()
    entry = _kept[held, args] = (st._t, st.players, answer, tuple(checks), cells, items)
    return entry


def answer_kept(st: Any, held: Callable, args: tuple, board: int, spaces: tuple, sources: tuple) -> Optional[Any]:
    """What ``held(st, *args)`` answers in the position an option would leave that writes only ``spaces`` of
    ``board`` and the locations of the pieces on them (model/moved_spaces.py), placing from ``sources``: the
    answer read on ``st`` as it stands (kept, or recorded now), when none of those spaces and none of those
    pieces is among what it read; None when that is not shown (the option is then carried out, as before)."""
    trial = _trial.get(held)
    if trial is None:
        if held in _given_up:
            return None
        if held not in _passed:
            trial = _trial[held] = [0, 0]
    if trial is not None:  # (its first TRIAL candidates: counted, see TRIAL)
        if trial[0] >= TRIAL:
            del _trial[held]
            if trial[1] * 2 < trial[0]:
                _given_up.add(held)
                return None
            _passed.add(held)
            trial = None
        else:
            trial[0] += 1
    entry = _kept.get((held, args))
    if entry is None or not _holds(st, entry):
        if _failed.get(held, 0) >= GIVE_UP_AFTER:
            return None
        entry = _record(st, held, args)
        if entry is None:
            return None
    contents = st._boards[board]
    for cell in sources:
        if contents[cell] < 0:
            return None  # (the option meets its error when carried out)
    cells, items = entry[4].get(board, ()), entry[5]
    for cell in spaces:
        if cell in cells or contents[cell] in items:
            return None
    if trial is not None:
        trial[1] += 1
    return entry[2]


# ---- a listing's kept answer (issue #40, round 12): the same reading, kept for one listing only

def answer_listed(st: Any, listing: dict, held: Callable, args: tuple, board: int, spaces: tuple, sources: tuple,
                  set_on: tuple, attributes: tuple, from_zone: tuple, settled: Optional[Callable] = None,
                  settled_args: tuple = ()) -> Optional[Any]:
    """answer_kept for the candidates of one listing (``listing``: the dict it keeps while it tests them in one
    position; nothing changes between them, a look-ahead undoes what it writes): ``held(st, *args)`` read once
    for the listing through a _ReadingState, and no check of what it read at each candidate, nor a trial.
    The option (model/moved_spaces.py written_ahead) writes ``spaces`` of ``board`` and the locations of the
    pieces on them, places from ``sources`` (which must hold a piece), sets ``attributes`` of the pieces that
    stood on ``set_on`` before it, and places a piece from a zone on each of ``from_zone`` (which must be
    empty). The answer read holds for the candidate when none of those spaces was read, no piece on them had
    its location read, none of the pieces on ``set_on`` had one of ``attributes`` read, and, where a piece comes
    from a zone, no location read was of a piece off the boards. None when that is not shown (the candidate is
    then carried out, as before). What was read is kept by space (the position is the listing's): the spaces
    read or holding a piece whose location was read, and by attribute the spaces holding a piece it was read of.
    ``settled(st, *settled_args)``: the option's first write, an attribute set on the piece on a space, with the
    value it sets, worked out as things stand (model/moved_spaces.py WrittenAhead.settled): a value set to what
    the piece holds writes nothing (Shogi's capture of an unpromoted piece: its kind set to itself)."""
    if held not in _listed_passed:
        if held in _listed_given_up:
            return None
        trial = _listed_trial.setdefault(held, [0, 0])
        trial[0] += 1
        if trial[0] > LISTED_TRIAL:
            del _listed_trial[held]
            if trial[1] < LISTED_SHARE * LISTED_TRIAL:
                _listed_given_up.add(held)
                return None
            _listed_passed.add(held)
        else:
            known = _answer_listed(st, listing, held, args, board, spaces, sources, set_on, attributes, from_zone,
                                   settled, settled_args)
            if known is not None:
                trial[1] += 1
            return known
    return _answer_listed(st, listing, held, args, board, spaces, sources, set_on, attributes, from_zone, settled,
                          settled_args)


# A listing's kept answer costs a recording each listing (some ten readings of the condition) and a look at what
# was read at each candidate: a condition whose first LISTED_TRIAL candidates were answered less often than
# LISTED_SHARE of the time is no longer asked in this process (its look-aheads carried out, as before). The share is
# low: the first candidates of a game are answered least (its king behind its pieces), and a share does not tell a
# condition that pays from one that does not: Crazyhouse's first 2,000 were answered 28% of the time and its games
# 47% (1.11x), the gallery's chess 31% and 31% (perft 1.02x); a trial at 40% gave both up (benchmarks/README.md,
# helper shogi3).
LISTED_TRIAL = 2000
LISTED_SHARE = 0.1
_listed_trial: dict = {}  # held function -> [candidates asked, answered] while on trial
_listed_given_up: set = set()
_listed_passed: set = set()


def _answer_listed(st: Any, listing: dict, held: Callable, args: tuple, board: int, spaces: tuple, sources: tuple,
                   set_on: tuple, attributes: tuple, from_zone: tuple, settled: Optional[Callable],
                   settled_args: tuple) -> Optional[Any]:
    """answer_listed once its trial is passed or while it lasts."""
    key = (held, args, board)
    entry = listing.get(key)
    if entry is None:
        entry = listing[key] = _record_listed(st, held, args, board)
    if entry is False:
        return None
    blocked = entry[1]
    for cell in spaces:
        if cell in blocked:
            return None
    if sources or from_zone:
        contents = st._boards[board]
        for cell in sources:
            if contents[cell] < 0:
                return None  # (the option meets its error when carried out)
        if from_zone:
            if entry[3]:
                return None
            for cell in from_zone:
                if contents[cell] >= 0:
                    return None  # (the option meets its error when carried out)
    if set_on:
        by_attribute = entry[2]
        for name in attributes:
            read = by_attribute.get(name)
            if read:
                for cell in set_on:
                    if cell in read and not _set_to_itself(st, board, cell, name, settled, settled_args):
                        return None
    return entry[0]


def _set_to_itself(st: Any, board: int, cell: int, name: str, settled: Optional[Callable], settled_args: tuple) -> bool:
    """Whether the option's first write sets attribute ``name`` of the piece on ``cell`` to the value it holds (the
    only `set` of it there: model/moved_spaces.py). False where that is not shown (an error working it out too)."""
    if settled is None:
        return False
    try:
        found = settled(st, *settled_args)
    except Exception:  # (a rule error: the option meets it when carried out)
        return False
    item = st._boards[board][cell]
    for at, attribute, value in found:
        if at == cell and attribute == name:
            return st._attrs[name][item] == value and type(st._attrs[name][item]) is type(value)
    return False


def _record_listed(st: Any, held: Callable, args: tuple, board: int) -> Any:
    """(the answer, the spaces of ``board`` read or holding a piece whose location was read, attribute -> the
    spaces holding a piece it was read of, whether a location read was of a piece on no board), or False
    where the recording stops."""
    view = _ReadingState(st)
    try:
        answer = held(view, *args)
    except Exception:  # (_Unrecorded, a rule error, anything: left to the look-ahead as written)
        return False
    contents = st._boards[board]
    cell_of = {item: cell for cell, item in enumerate(contents) if item >= 0}
    blocked, located, by_attribute = set(), (), {}
    for where, read in view._reads.items():
        if not read:
            continue
        if where[0] == "b":
            if where[1] == board:
                blocked.update(read)
        elif where[0] == "l":
            located = [item for item in read if item >= 0]
            blocked.update(cell_of[item] for item in located if item in cell_of)
        else:
            by_attribute[where[1]] = frozenset(cell_of[item] for item in read if item in cell_of)
    t = st._t
    bounds = [(base, base + len(cells)) for base, cells in zip(t.board_base, st._boards)]
    located_off = any(not any(low <= st._loc[item] < high for low, high in bounds) for item in located)
    return answer, frozenset(blocked), by_attribute, located_off
