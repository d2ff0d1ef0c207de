"""Positions seen before: what `the position has occurred N times` reads.

A game whose rules ask it (its engine's COUNTS_POSITIONS) keeps in each state a record, ``st._seen``: each
position seen at the start of a turn (its key) and how often, the start of the current turn's last. The
record is made at turn starts, not after every step: a position is what the player to move faces, and
half-way through a turn (a step queued, a compound move half done) the state is no position a rulebook
counts. Engine._next_turn records, after the player to move is known and before the ends checked at turn
start (so those read the position just reached); a position read from text (game.position, an example's
`given` lines) has no past: its record starts with the position given, seen once.

The same position: equal documents of the two states (rulespec/runtime/serialise.py, what to_json writes)
once the parts in NOT_POSITION are left out, each piece read by what it shows (its component and its attribute
values now), not by which copy it is: two white knights that swap squares leave the position as it was (as
FIDE's and OpenSpiel's repetition count it). So what every board space holds, what every zone holds (a stacked
zone in its order, any other as a collection: a hand is the same hand in any order), the
counters (but those declared `not part of the position`), the player to move, the phase, the turn given to a player next, the steps queued and the leg of
a match are the position, and so is any part a state gains later unless it is named here. Left out: what is
fixed for the whole game, how the game got here (the turn number, the moves, what fired, the causes of the
pieces' moves, the legs played) and the procedure of the turn under way.

A key is a 128-bit BLAKE2 digest of those parts as JSON (32 hex digits): compact, the same in every process,
and saying nothing a person could read of hidden contents; the record is never part of an observation.
The record is replaced, never changed in place, so clones share it.

`the position on B has occurred N times` compares a board alone (a game's engine lists such boards in
COUNTS_POSITIONS_ON, and each state keeps a record per board, ``st._seen_on[B]``, made at the same moments and in
the same way): what each space of B shows, the component's kind and its attribute values as they are now (not
which copy of it stands there), and the counts of the counters kept per space of B (but those declared `not part
of the position`). Two boards showing the same are the same position, whatever else differs (zones, other
counters, the player to move): a Go board seen again, as superko rules ask.
"""

from __future__ import annotations

import hashlib
import json
from typing import TYPE_CHECKING

from .serialise import state_to_dict

if TYPE_CHECKING:
    from .state import State

NOT_POSITION = frozenset((
    "game", "variants", "players", "options",  # the same for the whole game
    "turn_number", "history", "violations", "fired", "causes", "legs",  # how the game got here
    "stack", "chosen", "over",  # the procedure of the turn under way (empty at a turn start), or its end
    "seen", "seen_on",  # the records themselves
))


def position_key(st: "State") -> str:
    """The position of ``st`` as a key: two states hold the same position exactly when their keys are equal."""
    document = state_to_dict(st)
    parts = {name: part for name, part in document.items() if name not in NOT_POSITION}
    # Pieces by what they show, not by which copy (the attributes that change are read into what they show).
    parts.pop("attributes", None)
    shows = _shown(st)
    stacked = st._t.stacked
    parts["boards"] = [[None if item < 0 else shows[item] for item in cells] for cells in st._boards]
    parts["zones"] = [[shows[item] for item in items] if number in stacked else sorted(shows[item] for item in items)
                      for number, items in enumerate(st._zones)]
    outside = st._engine.NOT_POSITION_COUNTERS
    if outside:  # counters the rules declare `not part of the position`
        parts["counters"] = {name: value for name, value in parts["counters"].items() if name not in outside}
    text = json.dumps(parts, sort_keys=True, separators=(",", ":"))
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


def _shown(st: "State") -> list[str]:
    """What each item shows now, as text to compare and sort: its component and its attribute values."""
    looks, attrs = st._engine._item_looks, st._attrs
    if attrs is not None:
        looks = [(kind, tuple((attr, attrs[attr][item] if attr in attrs else value) for attr, value in values))
                 for item, (kind, values) in enumerate(looks)]
    return [json.dumps(look, separators=(",", ":")) for look in looks]


def record_position(st: "State") -> None:
    """The position of ``st`` seen once more, at the start of a turn: its count goes up by one, and it moves
    last (the current turn's position)."""
    key = position_key(st)
    seen = dict(st._seen)  # (a new record: clones share the old one)
    seen[key] = seen.pop(key, 0) + 1
    st._seen = seen


def start_record(st: "State") -> None:
    """A position with no past (read from text, or given by an example): seen once, itself."""
    st._seen = {}
    record_position(st)


def item_looks(engine) -> tuple:
    """What each item shows on a space, as its attributes are at the start: its component and its attribute
    values (two copies alike look alike)."""
    return tuple((kind, tuple((attr, values[item]) for attr, values in engine.ITEM_ATTRS.items() if item in values))
                 for item, kind in enumerate(engine.ITEM_KIND))


def board_position_key(st: "State", name: str) -> str:
    """What the spaces of board ``name`` show in ``st``, as a key: equal keys, the same board position."""
    engine = st._engine
    b = engine._board_index[name]
    looks, attrs = engine._item_looks, st._attrs
    if attrs is None:
        shown = [looks[item] if item >= 0 else None for item in st._boards[b]]
    else:  # attributes that can change: their values now
        shown = [None if item < 0 else (looks[item][0], tuple((attr, attrs[attr][item] if attr in attrs else value)
                                                              for attr, value in looks[item][1]))
                 for item in st._boards[b]]
    outside = engine.NOT_POSITION_COUNTERS
    counts = [st._counters[counter] for counter, board in engine.SPACE_COUNTERS.items()
              if board == b and counter not in outside]
    text = json.dumps([shown, counts], separators=(",", ":"))
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


def record_board_positions(st: "State") -> None:
    """Each counted board's position seen once more, at the start of a turn (its record replaced, as above)."""
    records = dict(st._seen_on)
    for name in st._engine.COUNTS_POSITIONS_ON:
        key = board_position_key(st, name)
        seen = dict(records.get(name, {}))
        seen[key] = seen.pop(key, 0) + 1
        records[name] = seen
    st._seen_on = records


def start_board_records(st: "State", written=()) -> None:
    """Boards whose position has no past (read from text without one, or given by an example): each seen once,
    itself; the boards named in ``written`` keep the record read with them."""
    records = {name: st._seen_on[name] for name in written if name in st._seen_on}
    for name in st._engine.COUNTS_POSITIONS_ON:
        if name not in records:
            records[name] = {board_position_key(st, name): 1}
    st._seen_on = records


def times_occurred_on(st: "State", name: str) -> int:
    """How often board ``name`` has shown what it shows at the start of this turn at a turn start, this one
    included; 0 before the first turn."""
    seen = st._seen_on.get(name)
    return next(reversed(seen.values())) if seen else 0


def times_occurred(st: "State") -> int:
    """How often the position at the start of this turn has been the position at a turn start, this one
    included; 0 before the first turn."""
    seen = st._seen
    return next(reversed(seen.values())) if seen else 0
