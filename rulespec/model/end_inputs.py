"""What an end reads, when all it reads that a game changes is counters, zones and attributes that can change.

Such an end is a function of those alone (and of what never changes in a game: numbers, options, seats, the
components' fixed attributes, the values of an attribute). Once it has held false, it holds false for as long
as they are as they were, so the generated check keeps their values where it last held false and tests the
end again only when one of them differs (codegen/ends.py, `Ends.end_test_kept`). The record is compared,
never trusted: whatever changed the state (a step, an undone step, a position read back, an example's
`given`), an end whose inputs are equal to the record's is false.

Battleship's `fleet_sunk` (every ship of a player sunk: a count of the ships whose parts, in the fleet zone,
were all hit, each hit looked up in the opponent's hits zone) reads the counter `placed`, the zones `fleet`
and `hits` and the attribute `ship`; a shot that misses changes none of them (only `misses` and `shots`),
so the end is not worked out again after it.

The lever is for ends worth keeping: the end's worst-case work (model/cost.py's estimate of its condition) is at
least KEPT_WORK evaluations, so that working it out costs far more than comparing and copying the lists it
reads. Where it is less (Liar's Dice's bid that stood, a count of a few dice tested once a game, at the call;
phantom tic-tac-toe's three in a row among a few marks, which change at nearly every move), a record costs
about what it saves, or more. An end that reads only counters is the counter-only skip's
(reads.counters_read), an end that reads a board is the board index's (reads.board_index), and anything
else (a board's spaces, a queue, a score, the turn, a legal move, who won) leaves the end as it is.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from . import ir
from .reads import NotLocal, substitute

# Expressions that read nothing a game changes (besides what their parts read).
_STATIC = (ir.Const, ir.SeatConst, ir.OptionRef, ir.PlayersSet, ir.Var, ir.AttributeValues)
# Collections walked that no game changes: the seats, numbers, the values of an attribute, a board's spaces
# (which spaces are in use; what they hold is read by other expressions, which are refused).
_FIXED_SETS = (ir.PlayersSet, ir.Others, ir.Span, ir.BoardRef, ir.AttributeValues)
_WALKS = (ir.Count, ir.Total, ir.First, ir.Extreme)
# The least worst-case work (evaluations, model/cost.py) of an end kept by what it reads: Battleship's
# fleet_sunk is estimated at 11,558,621, Liar's Dice's bid_stood at 1,458 (kept, it took 10% longer a step:
# benchmarks/bench_end_inputs.py), phantom tic-tac-toe's three_in_a_row at 853.
KEPT_WORK = 10_000
# The least worst-case work of one whose zones are each read at one fixed seat only (`stones of player 1`): its
# record is that seat's zone alone, which the other seat's steps leave as it was (Dark Hex's `connected` of a
# player's stones, estimated at 1,874: 1.12x, benchmarks/bench_end_inputs.py).
KEPT_WORK_ONE_SEAT = 1_000


@dataclass(frozen=True)
class EndInputs:
    """The counters, zones and changing attributes an end (or a part of one) reads (each sorted), and how many
    walks it has (of anything: seats, numbers, zones)."""

    counters: tuple[str, ...]
    zones: tuple[str, ...]
    attributes: tuple[str, ...]
    walks: int = 0
    one_seat: tuple[tuple[str, int], ...] = ()  # (zone, seat) of each zone one per player read at that seat alone

    def beyond_counters(self) -> bool:
        """Whether it reads a zone or an attribute (an end reading counters alone is the counter-only skip's)."""
        return bool(self.zones or self.attributes)

    def seat_by_seat(self) -> bool:
        """Whether every zone it reads is read at one fixed seat only (``one_seat``), none whole."""
        return bool(self.zones) and len(self.one_seat) == len(self.zones)

    def cheap(self) -> bool:
        """Whether it reads counters alone (and what never changes), walking nothing: cheaper to test than a
        record is to compare (a guard such as `called of p = 1`, tested before the record is looked at)."""
        return not (self.zones or self.attributes or self.walks)


def end_inputs(end: ir.End, model: ir.Model) -> Optional[EndInputs]:
    """What ``end`` reads (its condition and its `for each` domain, definitions unfolded) when that is only
    counters, zones, changing attributes and what never changes; None otherwise."""
    reader = _Reader(model)
    try:
        if end.each_domain is not None:
            reader.collection(end.each_domain, 0, 0)
        reader.read(end.condition)  # (a `for each`, over a few seats, is not counted as a walk)
    except NotLocal:
        return None
    return reader.inputs()


def expression_inputs(e: ir.E, model: ir.Model) -> Optional[EndInputs]:
    """What one expression (a conjunct of an end's condition) reads, as end_inputs; None: something else."""
    reader = _Reader(model)
    try:
        reader.read(e)
    except NotLocal:
        return None
    return reader.inputs()


class _Reader:
    """Collects what expressions read; NotLocal for anything but counters, zones, changing attributes and what
    never changes."""

    def __init__(self, model: ir.Model) -> None:
        self.definitions = {d.name: d for d in model.definitions}
        self.min_players = model.min_players
        self.seats: dict[str, set] = {}  # zone -> the fixed seats it is read at (None: a seat not fixed, or shared)
        self.counters: set[str] = set()
        self.zones: set[str] = set()
        self.attributes: set[str] = set()
        self.walks = 0

    def inputs(self) -> EndInputs:
        one_seat = tuple((zone, seat) for zone in sorted(self.zones) for seat in self.seats.get(zone, {None})
                         if len(self.seats.get(zone, ())) == 1 and seat is not None)
        return EndInputs(tuple(sorted(self.counters)), tuple(sorted(self.zones)), tuple(sorted(self.attributes)),
                         self.walks, one_seat)

    def collection(self, e: ir.E, depth: int, walks: int) -> None:
        """A collection read as a whole or walked: a zone, or one no game changes."""
        if isinstance(e, ir.ZoneRef):
            self.zones.add(e.zone)
            fixed = isinstance(e.seat, ir.SeatConst) and e.seat.index < self.min_players  # (a seat in every game)
            self.seats.setdefault(e.zone, set()).add(e.seat.index if fixed else None)
            if e.seat is not None:
                self.read(e.seat, depth, walks)
            return
        if not isinstance(e, _FIXED_SETS):
            raise NotLocal(e.text)
        self.read(e, depth, walks)

    def read(self, e: ir.E, depth: int = 0, walks: int = 0) -> None:
        read, collection = self.read, self.collection
        if isinstance(e, _STATIC) or isinstance(e, ir.BoardRef):
            return
        if isinstance(e, ir.CounterRef):
            self.counters.add(e.name)
            if e.seat is not None:
                read(e.seat, depth, walks)
            return
        if isinstance(e, ir.ItemAttr):
            if e.changes:
                self.attributes.add(e.attr)
            read(e.item, depth, walks)
        elif isinstance(e, ir.IsKind):
            read(e.item, depth, walks)
        elif isinstance(e, (ir.SeatAttr, ir.SeatStep, ir.Others)):
            read(e.seat, depth, walks)
        elif isinstance(e, (ir.Compare, ir.Arith)):
            read(e.left, depth, walks)
            read(e.right, depth, walks)
        elif isinstance(e, (ir.Not, ir.Negate)):
            read(e.operand, depth, walks)
        elif isinstance(e, (ir.BoolOp, ir.Builtin)):
            for part in (e.operands if isinstance(e, ir.BoolOp) else e.args):
                read(part, depth, walks)
        elif isinstance(e, ir.Conditional):
            for part in (e.condition, e.then, e.otherwise):
                read(part, depth, walks)
        elif isinstance(e, ir.Span):
            read(e.low, depth, walks)
            read(e.high, depth, walks)
        elif isinstance(e, ir.Size):
            collection(e.collection, depth, walks)
        elif isinstance(e, ir.Member):
            collection(e.collection, depth, walks)
            read(e.element, depth, walks)
        elif isinstance(e, ir.Top):
            if not isinstance(e.zone, ir.ZoneRef):
                raise NotLocal(e.text)
            collection(e.zone, depth, walks)
        elif isinstance(e, ir.Check):
            if e.test not in ("empty", "not_empty") or not isinstance(e.subject, ir.ZoneRef):
                raise NotLocal(e.text)  # (a space's emptiness reads a board)
            collection(e.subject, depth, walks)
        elif isinstance(e, ir.ThereIs):
            read(e.count, depth, walks)
        elif isinstance(e, (ir.SpaceAttr, ir.SpaceIndex, ir.IsMarked, ir.InRegion, ir.FaceOf)):
            read(e.space, depth, walks)  # (where a space lies and what it is never change)
        elif isinstance(e, ir.Connected) and isinstance(e.domain, ir.BoardRef):
            self.walks += 1  # (a board's spaces and their neighbours never change; what they hold is refused)
            for part in (e.condition, e.start, e.goal):
                read(part, depth, walks + 1)
        elif isinstance(e, _WALKS):
            self.walks += 1
            collection(e.domain, depth, walks)
            for part in (e.where, getattr(e, "value", None)):
                if part is not None:
                    read(part, depth, walks + 1)
        elif isinstance(e, ir.DefinedValue):
            definition = self.definitions.get(e.name)
            if definition is None or depth > 32:
                raise NotLocal(e.text)
            for arg in e.args:
                read(arg, depth, walks)
            # (its parameters stand for the arguments, read above: `stones of p` with `player 1` for p is read
            # at that seat)
            value = substitute(definition.value, {p.name: a for p, a in zip(definition.params, e.args)}, set())
            read(value, depth + 1, walks)
        else:
            raise NotLocal(e.text)
