"""Positions seen before: what `the position has occurred N times` reads.

A game whose rules ask it (its engine's COUNTS_POSITIONS) keeps in each state a record, ``st._seen``: each
position seen at the start of a turn (its key) and how often, the start of the current turn's last. The
record is made at turn starts, not after every step: a position is what the player to move faces, and
half-way through a turn (a step queued, a compound move half done) the state is no position a rulebook
counts. Engine._next_turn records, after the player to move is known and before the ends checked at turn
start (so those read the position just reached); a position read from text (game.position, an example's
`given` lines) has no past: its record starts with the position given, seen once.

The same position: equal documents of the two states (rulespec/runtime/serialise.py, what to_json writes)
in the parts named in POSITION (the rest are NOT_POSITION), each piece read by what it shows (its component
and its attribute values now), not by which copy it is: two white knights that swap squares leave the
position as it was (as FIDE's and OpenSpiel's repetition count it). So what every board space holds, what
every zone holds (a stacked zone in its order, any other as a collection: a hand is the same hand in any
order), the counters (but those declared `not part of the position`), the player to move, the phase, the
turn given to a player next, the steps queued and the leg of a match are the position; a part a state gains
later is named in one list or the other. Left out: what is
fixed for the whole game, how the game got here (the turn number, the moves, what fired, the causes of the
pieces' moves, the legs played) and the procedure of the turn under way.

A key is exact: a tuple made straight from the state's lists (each piece by the number of what it shows, see
Looks), so the record is a dict whose hash look-up compares keys in full on a hit, and no collision can ever
count two positions as one. Written out (to_json, a position's text) each key is a 128-bit BLAKE2 digest of
those parts as JSON (32 hex digits): compact, the same in every process, and saying nothing a person could
read of hidden contents; the record is never part of an observation. A record read back holds digests: a
position seen again is found there by its digest (digest_of), and from then on by its exact key.
The record is replaced, never changed in place, so clones share it.

`the position on B has occurred N times` compares a board alone (a game's engine lists such boards in
COUNTS_POSITIONS_ON, and each state keeps a record per board, ``st._seen_on[B]``, made at the same moments and in
the same way): what each space of B shows, the component's kind and its attribute values as they are now (not
which copy of it stands there), and the counts of the counters kept per space of B (but those declared `not part
of the position`). Two boards showing the same are the same position, whatever else differs (zones, other
counters, the player to move): a Go board seen again, as superko rules ask.
"""

from __future__ import annotations

import bisect
import functools
import hashlib
import json
import operator
from typing import TYPE_CHECKING, Callable

from .looks_kept import looks_on

if TYPE_CHECKING:
    from .state import State

NOT_POSITION = frozenset((
    "game", "variants", "players", "options",  # the same for the whole game
    "turn_number", "history", "violations", "fired", "causes", "legs",  # how the game got here
    "stack", "chosen", "over",  # the procedure of the turn under way (empty at a turn start), or its end
    "seen", "seen_on",  # the records themselves
))
# The parts of a state's document the key reads (attributes: into what each piece shows). A part a state
# gains is one or the other (tests/core/test_repetition.py holds every document's parts to the two lists).
POSITION = frozenset(("phase", "turn_seat", "next_seat", "leg", "boards", "zones", "counters", "queues", "attributes"))

_DIGESTS_KEPT = 65536  # the digests of exact keys a game keeps, made when a record is written out


def _values_of(items: tuple, column) -> tuple:
    """The values of ``column`` at ``items``, as a tuple (operator.itemgetter of one item gives the value alone)."""
    return tuple(column[item] for item in items)


class Looks:
    """What pieces show, numbered per game (an engine's ``_looks``): a piece's component and its attribute
    values (two copies alike look alike), the numbers standing for them in exact keys."""

    def __init__(self, engine) -> None:
        self.of_item = tuple((kind, tuple((attr, values[item]) for attr, values in engine.ITEM_ATTRS.items()
                                          if item in values))
                             for item, kind in enumerate(engine.ITEM_KIND))
        self.listed: list[tuple] = []  # number -> look
        self.numbers: dict[tuple, int] = {}  # look -> number
        # Each item's number as its attributes are at the start, and -1 for an empty space (index -1).
        self.at_start = tuple(map(self.number, self.of_item)) + (-1,)
        # Where attributes change: an item by the first like it in what never changes (State._group's), and
        # (that item, the changing values now) -> the number of the look they make.
        self.steady = engine._steady_kind
        self.changing: dict[tuple, int] = {}
        self.digests: dict[tuple, str] = {}
        # The items of a component with an attribute that can change, where they are few among many: the others
        # show what they started with for the whole game, so `now` reads only these (a game of 4,745 slips and
        # 32 pieces whose kind can change reads 32). None: every item, or most, may change (read them all).
        changeable = tuple(item for item in range(len(engine.ITEM_KIND))
                           if any(item in engine.ITEM_ATTRS.get(attr, {}) for attr in engine.CHANGING))
        self.changeable = changeable if 4 * len(changeable) <= len(engine.ITEM_KIND) else None
        # now's last answer where it reads the changeable items alone: ((the attributes' names, each column's
        # values of those items), the numbers made of them), given again while the values are the same (the looks
        # a value makes never change: Looks.changing). Callers read the numbers, never change them.
        self.changeable_values = (operator.itemgetter(*changeable) if len(changeable) > 1
                                  else functools.partial(_values_of, changeable))  # (picklable, as a state is)
        self.kept_now = None

        # The items alone in what they show, all game: of a component none of whose attributes can change, and
        # no other item shows the same. A zone (not stacked) of such items only is the same collection of looks
        # exactly when it is the same items, so its key is its items, sorted (an "alone" key), not each item's
        # look: Kriegspiel's 4,745 slips, each a move's number. Kept as runs of consecutive items (first, last):
        # a zone's sorted items lie within one run when its first and last do.
        changing_kinds = {kind for _, kinds in engine.CHANGING.values() for kind in kinds}
        alike = {}
        for look in self.at_start[:-1]:
            alike[look] = alike.get(look, 0) + 1
        alone = [item for item, kind in enumerate(engine.ITEM_KIND)
                 if kind not in changing_kinds and alike[self.at_start[item]] == 1]
        self.runs_first, self.runs_last = [], []
        # Each zone's latest "alone" keys (KEPT_ALONE of them), each with what the zone held then: [(a copy of its
        # items, the key)], the latest first. A zone holding exactly the same items again (compared in full, at C
        # speed) has the same key, the very object (its hash made once): not sorted, copied nor hashed again.
        # Kept per zone for every state of the game (clones, look-aheads, an undo): whatever state asks, the key
        # given is the one its zone's items make.
        self.kept_alone: dict[int, list] = {}
        for item in alone:
            if self.runs_last and self.runs_last[-1] == item - 1:
                self.runs_last[-1] = item
            else:
                self.runs_first.append(item)
                self.runs_last.append(item)

    SPARSE = True  # (the lever's switch, for its A/B: benchmarks/bench_kriegspiel_levers.py)
    KEPT = True  # (likewise: a zone's "alone" key kept from the last key made while the zone holds the same, and
    # now's numbers while the changeable items' values are the same)
    ALONE = True  # (likewise: a zone of items alone in their looks keyed by its items)
    ALONE_FROM = 16  # (a zone of fewer items is keyed by their looks: as cheap, and no run to look up)

    def alone_key(self, items: list):
        """A zone's key by its items, sorted, when every one is alone in what it shows (see above); else None."""
        ordered = sorted(items)
        run = bisect.bisect_right(self.runs_first, ordered[0]) - 1
        if run < 0 or ordered[-1] > self.runs_last[run]:
            return None
        return _Kept(("alone", tuple(ordered)))

    KEPT_ALONE = 4  # (the alone keys kept per zone: a zone often holds again what it held a few turns before)

    def kept_alone_key(self, number: int, items: list):
        """alone_key of zone ``number``: a key made lately for it where the zone holds exactly what it held then
        (lists of other lengths differ at once), else made and kept, the latest first."""
        kept = self.kept_alone.get(number)
        if kept is None:
            kept = self.kept_alone[number] = []
        for at, (held, key) in enumerate(kept):
            if held == items:
                if at:
                    kept.insert(0, kept.pop(at))
                return key
        key = self.alone_key(items)
        kept.insert(0, (items.copy(), key))
        del kept[Looks.KEPT_ALONE:]
        return key

    def number(self, look: tuple) -> int:
        found = self.numbers.get(look)
        if found is None:
            found = self.numbers[look] = len(self.listed)
            self.listed.append(look)
        return found

    def now(self, st: "State"):
        """Each item's number as it shows now (an attribute that changes read as it is), -1 at index -1."""
        attrs = st._attrs
        if attrs is None:
            return self.at_start
        changeable = self.changeable
        if changeable is not None and Looks.SPARSE:  # (the rest show what they started with)
            if Looks.KEPT:  # the changeable items' values, column by column (C speed): as last time, its numbers
                values = ("changeable", tuple(attrs), tuple(map(self.changeable_values, attrs.values())))
                kept = self.kept_now
                if kept is not None and kept[0] == values:
                    return kept[1]
            numbers = list(self.at_start)
            columns = tuple(attrs.values())
            steady, changing = self.steady, self.changing
            for item in changeable:
                way = (steady[item], tuple([column[item] for column in columns]))
                found = changing.get(way)
                if found is None:
                    found = changing[way] = self.number(self.look(way, attrs))
                numbers[item] = found
            if Looks.KEPT:
                self.kept_now = (values, numbers)
            return numbers
        if Looks.KEPT:  # (every item's values, as above)
            values = ("every", tuple(attrs), tuple(map(tuple, attrs.values())))
            kept = self.kept_now
            if kept is not None and kept[0] == values:
                return kept[1]
        ways = list(zip(self.steady, zip(*attrs.values())))  # (the values lists end in None: one past the items)
        numbers = list(map(self.changing.get, ways))
        if None in numbers:  # a look not met before in this game
            for item, found in enumerate(numbers):
                if found is None:
                    numbers[item] = self.changing[ways[item]] = self.number(self.look(ways[item], attrs))
        numbers.append(-1)
        if Looks.KEPT:
            self.kept_now = (values, numbers)
        return numbers

    def look(self, way: tuple, attrs: dict) -> tuple:
        """What an item shows: the steady item's component and attributes, those that change as ``way`` has them."""
        steady, now = way
        at = dict(zip(attrs, now))
        kind, values = self.of_item[steady]
        return kind, tuple((attr, at[attr] if attr in at else value) for attr, value in values)

    def text(self, n: int) -> str:
        """What look number ``n`` shows, as text to compare and sort (the digest's form)."""
        return json.dumps(self.listed[n], separators=(",", ":"))


# ---------------------------------------------------------------------------- the whole position


def exact_key(st: "State") -> tuple:
    """The position of ``st``, exactly: two states hold the same position exactly when these are equal."""
    looks = st._engine._looks
    now = looks.now(st)
    at = now.__getitem__
    boards = tuple(map(tuple, looks_on(st, now)))  # (what each space shows: runtime/looks_kept.py)
    stacked = st._t.stacked
    outside = st._engine.NOT_POSITION_COUNTERS
    counters = tuple(sorted((name, tuple(value) if type(value) is list else value)
                            for name, value in st._counters.items() if name not in outside))
    queues = tuple(sorted((name, json.dumps(entries, separators=(",", ":")) if entries else "")
                          for name, entries in st._queues.items()))
    alone_from = Looks.ALONE_FROM if Looks.ALONE and looks.runs_first else None
    alone = looks.kept_alone_key if Looks.KEPT else lambda number, items: looks.alone_key(items)
    zones = []
    for number, items in enumerate(st._zones):
        if number in stacked:
            zones.append(tuple(map(at, items)))
        else:
            zones.append(alone_from is not None and len(items) >= alone_from and alone(number, items)
                         or tuple(sorted(map(at, items))))
    return (st._phase, st._turn_seat, st._next_seat, st._leg, boards, tuple(zones), counters, queues)


def digest_of(st: "State", key: tuple) -> str:
    """The written-out key of an exact one: a digest of the position's parts as JSON, pieces by what they show
    (a zone that is not stacked in the order of their texts)."""
    looks = st._engine._looks
    found = looks.digests.get(key)
    if found is None:
        phase, turn_seat, next_seat, leg, boards, zones, counters, queues = key
        text = looks.text
        stacked = st._t.stacked
        parts = {"phase": phase, "turn_seat": turn_seat, "next_seat": next_seat, "leg": leg,
                 "boards": [[None if n < 0 else text(n) for n in cells] for cells in boards],
                 "zones": [[text(n) for n in items] if number in stacked else sorted(text(n) for n in _looks_of(looks, items))
                           for number, items in enumerate(zones)],
                 "counters": {name: list(value) if type(value) is tuple else value for name, value in counters},
                 "queues": {name: json.loads(entries) if entries else [] for name, entries in queues}}
        found = _digest(json.dumps(parts, sort_keys=True, separators=(",", ":")))
        _keep(looks, key, found)
    return found


def _looks_of(looks: Looks, items: tuple):
    """A zone's part of an exact key as looks: an "alone" key's items by what each shows (it never changes)."""
    if items and items[0] == "alone":
        return [looks.at_start[item] for item in items[1]]
    return items


def position_key(st: "State") -> str:
    """The position of ``st`` as its written-out key (digest_of)."""
    return digest_of(st, exact_key(st))


def record_position(st: "State") -> None:
    """The position of ``st`` seen once more, at the start of a turn: its count goes up by one, and it moves
    last (the current turn's position)."""
    st._seen = _seen_again(st._seen, exact_key(st), lambda key: digest_of(st, key))


def start_record(st: "State") -> None:
    """A position with no past (read from text, or given by an example): seen once, itself."""
    st._seen = {}
    record_position(st)


def times_occurred(st: "State") -> int:
    """How often the position at the start of this turn has been the position at a turn start, this one
    included; 0 before the first turn."""
    seen = st._seen
    return next(reversed(seen.values())) if seen else 0


# ---------------------------------------------------------------------------- a board's position


def exact_board_key(st: "State", name: str) -> tuple:
    """What the spaces of board ``name`` show in ``st``, exactly: equal keys, the same board position."""
    engine = st._engine
    b = engine._board_index[name]
    outside = engine.NOT_POSITION_COUNTERS
    counts = tuple(tuple(st._counters[counter]) for counter, board in engine.SPACE_COUNTERS.items()
                   if board == b and counter not in outside)
    return tuple(looks_on(st)[b]), counts


def board_digest_of(st: "State", key: tuple) -> str:
    """The written-out key of an exact board key: a digest of what each space shows and the counts, as JSON."""
    looks = st._engine._looks
    found = looks.digests.get(key)
    if found is None:
        cells, counts = key
        shown = [None if n < 0 else looks.listed[n] for n in cells]
        found = _digest(json.dumps([shown, [list(c) for c in counts]], separators=(",", ":")))
        _keep(looks, key, found)
    return found


def board_position_key(st: "State", name: str) -> str:
    """What the spaces of board ``name`` show in ``st``, as its written-out key (board_digest_of)."""
    return board_digest_of(st, exact_board_key(st, name))


def record_board_positions(st: "State") -> None:
    """Each counted board's position seen once more, at the start of a turn (its record replaced, as above)."""
    records = dict(st._seen_on)
    for name in st._engine.COUNTS_POSITIONS_ON:
        records[name] = _seen_again(records.get(name, {}), exact_board_key(st, name),
                                    lambda key: board_digest_of(st, key))
    st._seen_on = records


def start_board_records(st: "State", written=()) -> None:
    """Boards whose position has no past (read from text without one, or given by an example): each seen once,
    itself; the boards named in ``written`` keep the record read with them."""
    records = {name: st._seen_on[name] for name in written if name in st._seen_on}
    for name in st._engine.COUNTS_POSITIONS_ON:
        if name not in records:
            records[name] = {exact_board_key(st, name): 1}
    st._seen_on = records


def times_occurred_on(st: "State", name: str) -> int:
    """How often board ``name`` has shown what it shows at the start of this turn at a turn start, this one
    included; 0 before the first turn."""
    seen = st._seen_on.get(name)
    return next(reversed(seen.values())) if seen else 0


# ---------------------------------------------------------------------------- records


def _seen_again(seen: dict, key: tuple, digest: Callable[[tuple], str]) -> dict:
    """A new record: ``seen`` with ``key`` seen once more, last. Positions read back are known by their digests
    (strings), which come first in a record (a position seen again moves last under its exact key)."""
    seen = dict(seen)  # (a new record: clones share the old one)
    count = seen.pop(key, 0)
    if not count and seen and type(next(iter(seen))) is str:
        count = seen.pop(digest(key), 0)
    seen[key] = count + 1
    return seen


def record_to_list(st: "State", seen: dict, board: bool = False) -> list[list]:
    """A record as JSON: ``[key, count]`` pairs by written-out key, the earlier positions by key, the current
    turn's last (two states with the same record write the same)."""
    if not seen:
        return []
    digest = board_digest_of if board else digest_of
    pairs = [[key if type(key) is str else digest(st, key), count] for key, count in seen.items()]
    *earlier, current = pairs
    return sorted(earlier) + [current]


class _Kept(tuple):
    """A part of a key kept from one key to the next (Looks.kept_alone_key): a tuple, equal to the same tuple,
    hashed once (a tuple hashes its items every time it is looked up: 4,745 of them in an "alone" key)."""

    def __hash__(self) -> int:
        found = self.__dict__.get("hashed")
        if found is None:
            found = self.__dict__["hashed"] = tuple.__hash__(self)
        return found


def _digest(text: str) -> str:
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


def _keep(looks: Looks, key: tuple, digest: str) -> None:
    if len(looks.digests) >= _DIGESTS_KEPT:
        looks.digests.clear()
    looks.digests[key] = digest
