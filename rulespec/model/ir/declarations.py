"""The checked model's declarations of what a game is made of: options, components, zones, dice, counters,
queues, boards (faces, direction sets, jumps), shapes, fits and seat attributes; ``Cited``, the base of
every declaration, with the clauses it cites."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Union

from ...language.ast import Loc
from ...lib.geometry import ADJACENCY_DIRECTIONS, TRIANGLE_LINES
from .expressions import E


@dataclass(frozen=True)
class Cited:
    name: str
    loc: Optional[Loc]
    cites: tuple[str, ...]
    rulings: tuple[str, ...]


@dataclass(frozen=True)
class Ruling(Cited):
    title: str
    text: str


@dataclass(frozen=True)
class ClauseText:
    """What a rulebook clause says, in the rule file's own words (`clause ID "..."`)."""

    name: str  # the clause ID
    loc: Optional[Loc]
    text: str


@dataclass(frozen=True)
class Option(Cited):
    title: str
    values: tuple[str, ...]  # as written (the digits of a number)
    default: str
    numeric: bool = False  # the values are numbers: rules read the option as a number


@dataclass(frozen=True)
class Component(Cited):
    attributes: tuple[tuple[str, tuple[Union[str, int], ...]], ...]
    copies: int
    shown_as: Optional[str]
    ordered: tuple[str, ...] = ()  # its attributes whose values compare (`rank (jack < queen < king)`)
    changing: tuple[str, ...] = ()  # its attributes the rules may set during play (`colour can change`)
    # `kind (pawn 8, knight 2, king)`: (attribute, one count per value) when the copies of a combination go by its
    # value of that attribute (times nothing: `x N` is not written with counts); None: `copies` of each
    counts: Optional[tuple[str, tuple[int, ...]]] = None

    @property
    def copies_table(self) -> Union[int, tuple[str, tuple[tuple[Union[str, int], int], ...]]]:
        """Its copies as the engine's COMPONENTS table has them: a number for every combination alike, or
        (attribute, ((value, count), ...)) (rulespec.runtime.helpers.build_item_tables reads both)."""
        if self.counts is None:
            return self.copies
        attribute, counts = self.counts
        return attribute, tuple(zip(dict(self.attributes)[attribute], counts))

    @property
    def total(self) -> int:
        """How many components it makes: every copy of every combination of its values."""
        combinations = 1
        for name, values in self.attributes:
            combinations *= sum(self.counts[1]) if self.counts and name == self.counts[0] else len(values)
        return combinations * self.copies

    @property
    def has_copies(self) -> bool:
        """Whether some combination of its values is made more than once (identical copies)."""
        return self.copies > 1 or bool(self.counts and max(self.counts[1]) > 1)


@dataclass(frozen=True)
class LeaveOut(Cited):
    players: int
    attribute: str
    values: tuple[str, ...]


@dataclass(frozen=True)
class Zone(Cited):
    per_player: bool
    visibility: str  # public | hidden | owner | others (all but the owner) | top (only the top of a pile is seen)
    start: Optional[str]  # in_play | left_out | None
    stacked: bool = False
    start_component: Optional[str] = None
    size_unseen: bool = False  # a seat that may not see the contents does not see how many there are
    # (component, count, seat from 0 or None): `holds 3 ticket` (in each player's zone of one per player),
    # `player 1 holds the button` (that player's only): the first copies in play of the component start here
    start_copies: tuple[tuple[str, int, Optional[int]], ...] = ()
    at_most: Optional[int] = None  # `at most N`: it never holds more (each player's, of one per player)


@dataclass(frozen=True)
class Dice(Cited):
    """`dice die: face 1..6, numdice per player in cup, seen by owner`. ``name`` is the die component; the
    checker declares it with the holder zone, the hidden ``supply`` of dice not rolled (a copy of each
    face for every die there may be, so that no roll ever depends on another) and the chance step."""

    attribute: str
    values: tuple[Union[str, int], ...]  # its faces
    count: str  # the digits of a number, or a numeric option's name
    per_player: bool
    holder: str
    visibility: str  # public | hidden | owner | others
    supply: str
    step: str
    lost: Optional[str] = None  # the zone of the dice set aside for good (`lost to`), if any


@dataclass(frozen=True)
class Counter(Cited):
    per_player: bool
    start: int
    board: Optional[str] = None  # a counter per space of this board (`counter seeds per space of pits`)
    outside_position: bool = False  # not read by `the position has occurred N times` (runtime/repetition.py)
    # what it holds: a number, or a seat, a direction, a graph's direction or a word (model/counter_values.py),
    # kept as the index of its value in ``values`` (-1: none); ``start`` is then an index too
    holds: str = "number"
    values: tuple = ()


@dataclass(frozen=True)
class Queue(Cited):
    pass


@dataclass(frozen=True)
class Face(Cited):
    condition: Optional[E]
    # region letter per cell, row-major over (rows x columns); "." where no region. On a board of triangles a
    # face may cover a band of rows only ("-" elsewhere), and every face that applies is laid.
    cells: tuple[str, ...]


@dataclass(frozen=True)
class DirectionSet(Cited):
    """A named set of a board's directions (indices of the board's directions: COMPASS on a grid)."""

    directions: tuple[int, ...]


@dataclass(frozen=True)
class Jump(Cited):
    """A leap a board declares: each (rows down the map, columns east) it may go at once."""

    offsets: tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class Board(Cited):
    row_attribute: str
    row_values: tuple[Union[str, int], ...]  # numbers for numbered rows (`rows row 1..6`)
    column_attribute: str
    column_values: tuple[int, ...]
    adjacency: str
    regions: tuple[str, ...]
    faces: tuple[Face, ...]
    lattice: str = "grid"  # grid | triangles | graph
    shape_attribute: str = ""
    marks: tuple[tuple[str, str], ...] = ()  # (letter, mark name); on a graph (space, set name): `spaces south: A`
    row_option: str = ""  # `rows row 1..size`: the rows past the option's value are not in use
    column_option: str = ""
    direction_sets: tuple[DirectionSet, ...] = ()  # its own (`directions forward: ...`); see built_in_sets
    jumps: tuple[Jump, ...] = ()

    # A graph (lattice "graph"): its spaces are row_values (one column); links by space number, both ways;
    # each named direction's links (from, to); named line sets; each space's place in the drawing (x, y).
    links: tuple[tuple[int, int], ...] = ()
    directions: tuple[tuple[str, tuple[tuple[int, int], ...]], ...] = ()
    line_sets: tuple[tuple[str, tuple[tuple[int, ...], ...]], ...] = ()
    drawn_at: tuple[tuple[int, int], ...] = ()

    def direction_set(self, name: str) -> Optional[tuple[int, ...]]:
        """The directions of the set ``name`` on this board: its own, else one built in; None if neither."""
        own = next((d.directions for d in self.direction_sets if d.name == name), None)
        return own if own is not None else built_in_sets(self.lattice, self.adjacency).get(name)


def built_in_sets(lattice: str, adjacency: str) -> dict[str, tuple[int, ...]]:
    """The sets of directions every board of its lattice has by name: on squares `orthogonal`, `diagonal`
    and `all`; on hexagons and triangles `all` (the ways its lines run)."""
    if lattice == "triangles":
        return {"all": TRIANGLE_LINES}
    if adjacency == "hexagonal":
        return {"all": ADJACENCY_DIRECTIONS["hexagonal"]}
    return {name: ADJACENCY_DIRECTIONS[name] for name in ("orthogonal", "diagonal", "all")}


@dataclass(frozen=True)
class Shape(Cited):
    cells: tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class Fit(Cited):
    component: str
    board: str
    condition: Optional[E]


@dataclass(frozen=True)
class SeatAttribute(Cited):
    """``each player has a mark: cross, nought``: player 1's value first."""

    values: tuple[str, ...]

