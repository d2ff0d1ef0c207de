"""The checked model: every name resolved, every expression typed.

Stage three of the pipeline (rule text -> parse tree -> AST -> **checked model** -> engine).
The code generator, the docs and the property machinery read this and nothing earlier.
Expressions here say exactly what they compute (``ZoneRef``, ``ItemAttr``, ``RegionComplete``...),
so a generator never has to guess what ``X of Y`` meant.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional, Union

from ..language.ast import Loc
from ..lib.geometry import ADJACENCY_DIRECTIONS, COMPASS, COMPASS_STEPS, TRIANGLE_LINES, direction_steps  # noqa: F401

# Types of expressions.
INT, BOOL, SYMBOL, SEAT, ITEM, SPACE = "number", "truth", "symbol", "seat", "item", "space"
ZONE, ZONES, SEATS, SPACES, QUEUE, SYMBOLS, NUMBERS = "zone", "zones", "seats", "spaces", "queue", "words", "numbers"
DIRECTION, DIRECTIONS = "direction", "directions"
ELEMENT_OF = {ZONE: ITEM, ZONES: ITEM, SEATS: SEAT, SPACES: SPACE, SYMBOLS: SYMBOL, NUMBERS: INT,
              DIRECTIONS: DIRECTION}



@dataclass(frozen=True)
class E:
    """Base of typed expressions; ``text`` is the rule-file source, shown in refusals and docs."""

    type: str
    loc: Optional[Loc]
    text: str


@dataclass(frozen=True)
class Const(E):
    value: Union[int, str, bool]


@dataclass(frozen=True)
class Var(E):
    name: str


@dataclass(frozen=True)
class SeatConst(E):
    index: int  # 0-based


@dataclass(frozen=True)
class OptionRef(E):
    name: str


@dataclass(frozen=True)
class CounterRef(E):
    name: str
    seat: Optional[E]  # the player of a counter per player; the space of a counter per space


@dataclass(frozen=True)
class ScoreRef(E):
    score: str
    seat: E


@dataclass(frozen=True)
class PlayersSet(E):
    pass


@dataclass(frozen=True)
class ZoneRef(E):
    zone: str
    seat: Optional[E]  # None for a shared zone, or for "every instance" of a per-player zone


@dataclass(frozen=True)
class BoardRef(E):
    board: str


@dataclass(frozen=True)
class QueueRef(E):
    queue: str


@dataclass(frozen=True)
class ItemAttr(E):
    attr: str
    item: E
    changes: bool = False  # declared `can change`: read from the state, not from the item tables


@dataclass(frozen=True)
class SpaceAttr(E):
    board: str
    attr: str
    space: E


@dataclass(frozen=True)
class Occupant(E):
    board: str
    space: E


@dataclass(frozen=True)
class Neighbour(E):
    """The next space from ``space`` in ``direction`` (an index of COMPASS), none past the board's edge."""

    board: str
    space: E
    direction: E


@dataclass(frozen=True)
class LineOf(E):
    """``space`` and the spaces after it in ``direction``, ``length`` at most (fewer at the board's edge)."""

    board: str
    length: E
    space: E
    direction: E


@dataclass(frozen=True)
class Walk(E):
    """The spaces after ``space`` in ``direction`` while each passes ``condition`` (``var`` names the space
    tested; with ``until``, up to the first that passes)."""

    board: str
    var: str
    space: E
    direction: E
    until: bool
    condition: E


@dataclass(frozen=True)
class Ray(E):
    """The spaces after ``space`` in ``direction`` up to and including the first occupied one (a rook's
    moves and the piece it may take); the board's edge stops it too."""

    board: str
    space: E
    direction: E


@dataclass(frozen=True)
class GroupOf(E):
    """``space`` and every space of ``board`` joined to it through neighbouring spaces holding the same as it
    (a component of the same kind with the same attribute values, whichever copy; for an empty ``space``, the
    empty spaces), in board order: a group of stones, or an empty region."""

    board: str
    space: E


@dataclass(frozen=True)
class Jumps(E):
    """The spaces the leaps of ``jump`` (declared on ``board``) lead to from ``space``, in board order: those
    past the board's edge or on no space (`-`) left out."""

    board: str
    jump: str
    space: E


def lattice_directions(adjacency: str) -> tuple[int, ...]:
    """The directions (indices of COMPASS) a board of this adjacency has at all: eight on squares and on
    triangles (`adjacency` of a board of triangles is "triangles"), six on hexagons (no north or south)."""
    if adjacency == "triangles":
        return tuple(range(8))
    return tuple(d for d, step in enumerate(direction_steps(adjacency)) if step is not None)


@dataclass(frozen=True)
class Connected(E):
    """Whether a path of neighbouring spaces of ``domain`` (of ``board``), each passing ``condition``, joins a
    space where ``start`` holds to one where ``goal`` holds; ``var`` names the space tested in all three."""

    board: str
    var: str
    domain: E
    condition: E
    start: E
    goal: E


@dataclass(frozen=True)
class Directions(E):
    """A set of a board's directions, as indices of COMPASS: those its adjacency allows (``name`` empty),
    or a named set (built in, `orthogonal`, or the board's own: see Board.direction_sets). On a graph
    (type ``directions:BOARD``) its named directions, as their numbers, ``names`` their words."""

    board: str
    directions: tuple[int, ...]
    name: str = ""
    names: tuple[str, ...] = ()


@dataclass(frozen=True)
class NeighboursOf(E):
    """The spaces linked to ``space`` (on a grid, its neighbours by the board's adjacency), in board order."""

    board: str
    space: E


@dataclass(frozen=True)
class GraphDirection(E):
    """A named direction of a board declared as a graph (`links next: a-b`): ``index`` among its directions."""

    board: str
    name: str
    index: int


@dataclass(frozen=True)
class LineSet(E):
    """A named set of lines of a board declared as a graph (`lines mill: a b c, ...`): each a tuple of spaces."""

    board: str
    name: str
    lines: tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class SeatAttr(E):
    """``mark of p``: the value a seat attribute gives seat ``seat`` (values in seat order)."""

    attr: str
    values: tuple[str, ...]
    seat: E
    directions: tuple[tuple[int, ...], ...] = ()  # values naming sets of directions: each seat's set


@dataclass(frozen=True)
class Top(E):
    """The item on top of a stacked zone (the one that arrived last)."""

    zone: E


@dataclass(frozen=True)
class SeatStep(E):
    """The seat ``offset`` places clockwise (``left of p`` is +1, ``right of p`` is -1)."""

    seat: E
    offset: int


@dataclass(frozen=True)
class Others(E):
    """The other players, clockwise, starting with the one on ``seat``'s left."""

    seat: E


@dataclass(frozen=True)
class Size(E):
    collection: E


@dataclass(frozen=True)
class RegionComplete(E):
    board: str
    region: str
    space: E


@dataclass(frozen=True)
class Check(E):
    """empty / not_empty (zone, queue or space), occupied (space), occupied_neighbour (space)."""

    test: str
    subject: E
    board: Optional[str] = None


@dataclass(frozen=True)
class IsKind(E):
    item: E
    component: str


@dataclass(frozen=True)
class Holds(E):
    board: str
    space: E
    component: str


@dataclass(frozen=True)
class HoldsValue(E):
    """``s holds mark of p``, ``s holds king``: s's occupant is the component the value names (``attribute``
    None: a seat's value that names components) or has ``attribute`` equal to the value (a seat's, or a word
    of the attribute's list)."""

    board: str
    space: E
    value: E  # a SeatAttr (`mark of p`) or a Const (`king`)
    attribute: Optional[str]


@dataclass(frozen=True)
class Fits(E):
    board: str
    item: E
    space: E


@dataclass(frozen=True)
class Member(E):
    element: E
    collection: E


@dataclass(frozen=True)
class Count(E):
    var: str
    var_type: str
    domain: E
    where: Optional[E]


@dataclass(frozen=True)
class ThereIs(E):
    """``there is x in X where C``: whether ``count`` (of the x of X passing C) is more than 0; ``there is no``
    is ``negated`` (it is 0). The generator stops at the first found."""

    count: Count
    negated: bool = False


@dataclass(frozen=True)
class First(E):
    var: str
    domain: E
    where: Optional[E]


@dataclass(frozen=True)
class Total(E):
    value: E
    var: str
    var_type: str
    domain: E
    where: Optional[E]


@dataclass(frozen=True)
class BestSets(E):
    figure: str  # points | leftovers
    attribute: str
    kinds: tuple[str, ...]
    domain: E
    wild: E
    table: tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class Placements(E):
    """Every placement of a tile's shape (``item``) or of a named shape (``shape``) on a triangle board."""

    board: str
    item: Optional[E]
    shape: Optional[str]


@dataclass(frozen=True)
class CellsOf(E):
    """The spaces a placement would cover, or that a tile on the board covers."""

    board: str
    subject: E


@dataclass(frozen=True)
class FaceOf(E):
    """The name of the face a space of a board of triangles comes from (its board piece)."""

    board: str
    space: E


@dataclass(frozen=True)
class NumberOf(E):
    """`number of p`: a seat's number as `player N` writes it (from 1); `number of d`: a direction's place in
    its board's directions, in the order `directions of B` lists them, from 1 (``table``: per index of COMPASS
    that number, 0 for a direction the board does not have; None: the value's own index plus 1, a seat's or a
    graph's named direction's)."""

    value: E
    table: Optional[tuple[int, ...]] = None


@dataclass(frozen=True)
class SpaceIndex(E):
    """`index of s`: the place of ``space`` among its board's spaces in use, in board order (the order `for s in
    B` walks: a graph's `spaces` line; a map's rows from the top, each west to east), counted from 0."""

    board: str
    space: E


@dataclass(frozen=True)
class FacesInUse(E):
    """The names of the faces laid together to make a board of triangles in this game, in file order."""

    board: str


@dataclass(frozen=True)
class AttributeValues(E):
    """Every value of a component attribute, in declared order (``values of kind``)."""

    attr: str
    values: tuple[Union[str, int], ...]


@dataclass(frozen=True)
class IsMarked(E):
    board: str
    space: E
    mark: str


@dataclass(frozen=True)
class InRegion(E):
    """``s is a goal space``: the space lies in one of the board's regions (``region goal: one per letter``)."""

    board: str
    space: E
    region: str


@dataclass(frozen=True)
class Compare(E):
    op: str
    left: E
    right: E
    order: tuple[str, ...] = ()  # `<` between values of an ordered attribute: its values, lowest first


@dataclass(frozen=True)
class Extreme(E):
    """``max(value for var in domain where C)`` (or ``min``): numbers, or values of an ordered attribute
    (``order``: its values, lowest first). Over nothing it is a rule error at run time."""

    func: str
    value: E
    var: str
    var_type: str
    domain: E
    where: Optional[E]
    order: tuple[str, ...] = ()


@dataclass(frozen=True)
class Conditional(E):
    """``if C then A else B``."""

    condition: E
    then: E
    otherwise: E


@dataclass(frozen=True)
class Won(E):
    """``p won``: the game is over and ``seat`` is one of its winners (``outcome()["winners"]``)."""

    seat: E


@dataclass(frozen=True)
class HasLegalMove(E):
    """``p has a legal move``: the choice each turn runs (``step``, the turn's step, a choice) would offer seat
    ``seat`` an option now; ``p has no legal move`` is ``negated``."""

    seat: E
    step: str
    negated: bool = False


@dataclass(frozen=True)
class PlayerToMove(E):
    """``the player to move``: the seat whose turn it is."""


@dataclass(frozen=True)
class StartingPlayer(E):
    """``the starting player``: the seat `turns go clockwise from`; in a match, one seat on for each leg before."""


@dataclass(frozen=True)
class TurnNumber(E):
    """``the turn number``: 1 on the first turn, one more on each turn after; 0 during the set-up."""


@dataclass(frozen=True)
class AfterIt(E):
    """``only if C after it``: C (``condition``) read in the position option ``option`` of choice ``step``
    would leave: its statements carried out on a copy of the state, nothing after them (no end checked, no
    turn passed). ``names`` are the step's parameters and the option's bound names, handed to the copy's
    statements (so every one of them is read: the condition is tested once all are bound)."""

    condition: E
    step: str
    option: str
    names: tuple[E, ...]


@dataclass(frozen=True)
class PositionOccurred(E):
    """``the position has occurred N times``: the position at the start of this turn has been the position at
    the start of a turn ``times`` times or more, this one included (rulespec/runtime/repetition.py says what
    counts as the same position); false during the set-up, before any turn started. With ``board``
    (`the position on B has occurred N times`) the position is what B's spaces show alone: each space's
    component and attribute values (not which copy) and its counts."""

    times: E
    board: str = ""


@dataclass(frozen=True)
class Arith(E):
    op: str
    left: E
    right: E


@dataclass(frozen=True)
class Negate(E):
    operand: E


@dataclass(frozen=True)
class Not(E):
    operand: E


@dataclass(frozen=True)
class BoolOp(E):
    op: str
    operands: tuple[E, ...]


@dataclass(frozen=True)
class Span(E):
    """``low..high``: the whole numbers from low to high (none when high < low), in order."""

    low: E
    high: E


@dataclass(frozen=True)
class DefinedValue(E):
    """A use of a definition: ``four_in_a_row(p)``, or ``pot`` without parameters."""

    name: str
    args: tuple[E, ...]


@dataclass(frozen=True)
class Builtin(E):
    func: str  # abs, min, max
    args: tuple[E, ...]


# ----------------------------------------------------------------------------- statements


@dataclass(frozen=True)
class S:
    loc: Optional[Loc]


@dataclass(frozen=True)
class Move(S):
    item: E
    to: E  # ZoneRef with a seat for per-player zones
    cause: Optional[str]


@dataclass(frozen=True)
class Place(S):
    board: str
    item: E
    space: E
    cause: Optional[str]


@dataclass(frozen=True)
class Then(S):
    step: str
    args: tuple[E, ...]


@dataclass(frozen=True)
class Enqueue(S):
    queue: str
    step: str
    args: tuple[E, ...]


@dataclass(frozen=True)
class Resolve(S):
    queue: str


@dataclass(frozen=True)
class SetCounter(S):
    counter: str
    seat: Optional[E]  # the player of a counter per player; the space of a counter per space
    value: E
    add: bool = False


@dataclass(frozen=True)
class SetAttribute(S):
    """``set colour of d to white`` (``add 1 to level of d``): an attribute declared `can change`."""

    attr: str
    item: E
    value: E
    add: bool = False


@dataclass(frozen=True)
class If(S):
    condition: E
    then: tuple[S, ...]
    otherwise: tuple[S, ...]


@dataclass(frozen=True)
class ForEach(S):
    var: str
    var_type: str
    domain: E
    body: tuple[S, ...]
    start: Optional[E] = None  # `from SEAT`: the domain's seats clockwise, that one first


@dataclass(frozen=True)
class Repeat(S):
    times: E
    body: tuple[S, ...]


@dataclass(frozen=True)
class Roll(S):
    """`roll cup of p`: every die in the holder back to the dice supply, then one chance step per die
    (``body`` says it in plain statements: the generated code and the work estimate are its body's)."""

    dice: str  # the die component
    holder: str
    seat: Optional[E]
    count: E
    body: tuple[S, ...]


@dataclass(frozen=True)
class Shuffle(S):
    """`shuffle bag`: the zone put in one of its orders by the chance step `shuffle_bag`, started as `then`
    starts a step (``body``: that `then`)."""

    zone: str
    seat: Optional[E]
    body: tuple[S, ...]


@dataclass(frozen=True)
class Lose(S):
    """`lose a die from cup of p`: one die of the holder set aside for good in the `lost` zone, so that
    `roll` no longer rolls it (``body`` says it in plain statements, as Roll's)."""

    dice: str  # the die component
    holder: str
    lost: str  # the zone of the dice set aside
    seat: Optional[E]
    body: tuple[S, ...]


@dataclass(frozen=True)
class Nothing(S):
    pass


@dataclass(frozen=True)
class Let(S):
    """``let NAME be VALUE``: read as the variable NAME by the statements after it in its block."""

    name: str
    value: E


@dataclass(frozen=True)
class NextTurn(S):
    seat: E


# ----------------------------------------------------------------------------- declarations


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
    visibility: str  # public | hidden | owner | top (only the top of a pile is seen)
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
    visibility: str  # public | hidden | owner
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
class Param:
    name: str
    type: str


@dataclass(frozen=True)
class Binding:
    var: str
    type: str
    domain: E


@dataclass(frozen=True)
class ChoiceOption(Cited):
    template: str
    bindings: tuple[Binding, ...]
    conditions: tuple[E, ...]  # the guard's conjuncts, in order
    body: tuple[S, ...]
    shown: tuple[tuple[str, E], ...] = ()  # values its text works out (`{col of c}`), by field
    number: Optional[E] = None  # `numbered EXPR`: its action number, where the game says `actions numbered`


@dataclass(frozen=True)
class Outcome:
    template: str
    var: str
    var_type: str
    draw_from: Optional[E]
    faces: tuple  # words (str) or numbers (int)
    pick_from: Optional[E] = None
    pick_where: Optional[E] = None
    shown: tuple[tuple[str, E], ...] = ()  # values its text works out, by field
    weights: tuple[int, ...] = ()  # `weighted (9, 1)`: each face's weight (none: every face weighted 1)
    weight: Optional[E] = None  # `weighted by EXPR`: each picked candidate's weight (None: 1)
    shuffle: Optional[E] = None  # the zone a shuffle orders: its outcome is the zone's order, bottom first
    more_vars: tuple[str, ...] = ()  # `for a, b picked from C`: the other names, each of var_type, picked from C
    number: Optional[E] = None  # `numbered EXPR`: the outcome's number, where the game says `chance outcomes numbered`

    @property
    def names(self) -> tuple[str, ...]:
        """Every name the outcome binds, in order: its parts, as the step that resolves it receives them."""
        return (self.var,) + self.more_vars


@dataclass(frozen=True)
class Definition(Cited):
    """``define NAME(PARAMS): VALUE``: a named condition or value; its type is its value's."""

    params: tuple[Param, ...]
    value: E


@dataclass(frozen=True)
class TurnLimit(Cited):
    """``at most EXPR turns``: the turn limit worked out per configuration (rulespec/model/turn_limit.py)."""

    value: E


@dataclass(frozen=True)
class DecisionLimit(Cited):
    """``at most EXPR decisions``: the most decisions a game takes (each seat's choice one, chance none), worked
    out per configuration; a claim `rulespec verify` checks (rulespec/model/turn_limit.py)."""

    value: E
    largest: int  # its value in the configuration that allows the most


@dataclass(frozen=True)
class ActionNumbers(Cited):
    """``actions numbered 0 to EXPR``: the adapters' action numbers, each option's from its `numbered EXPR`; EXPR
    worked out per configuration (rulespec/model/action_numbers.py)."""

    value: E
    largest: int  # its value in the configuration that allows the most


@dataclass(frozen=True)
class ChanceNumbers(ActionNumbers):
    """``chance outcomes numbered 0 to EXPR``: the adapters' chance outcome numbers, each chance step's outcome's
    from its `numbered EXPR` (rulespec/model/action_numbers.py); OpenSpiel's max_chance_outcomes is EXPR + 1."""


@dataclass(frozen=True)
class Step(Cited):
    kind: str  # auto | choice | chance
    params: tuple[Param, ...]
    body: tuple[S, ...] = ()
    by: Optional[E] = None  # None for a choice: any player (a claim window), or each player (``together``)
    options: tuple[ChoiceOption, ...] = ()
    outcome: Optional[Outcome] = None
    together: bool = False  # `by each player`: a simultaneous decision, every seat in secret, resolved together
    together_where: Optional[E] = None  # which seats choose; also the first condition of every option


@dataclass(frozen=True)
class Event:
    board: str
    causes: tuple[str, ...]


@dataclass(frozen=True)
class Trigger(Cited):
    event: Event
    body: tuple[S, ...]


@dataclass(frozen=True)
class Instead(Cited):
    step: str
    params: tuple[Param, ...]
    condition: E
    body: tuple[S, ...]


@dataclass(frozen=True)
class End(Cited):
    timing: str
    each_var: Optional[str]
    each_domain: Optional[E]
    condition: E
    winner: Optional[E]
    then_step: Optional[str] = None  # run before the game is scored
    then_args: tuple[E, ...] = ()
    draw: bool = False  # `the game is a draw`: every seat ties for first, whatever the ranking


@dataclass(frozen=True)
class Score(Cited):
    var: str
    value: E


@dataclass(frozen=True)
class Ranking(Cited):
    keys: tuple[tuple[str, Optional[str]], ...]


@dataclass(frozen=True)
class Returns(Cited):
    """Each seat's payoff at the end: ``result`` (win / draw / loss; a draw is every seat tied for first) or
    ``value`` (a number per seat ``var``)."""

    form: str
    win: int = 1
    draw: int = 0
    loss: int = -1
    var: Optional[str] = None
    value: Optional[E] = None
    total: Optional[int] = None  # declared: the payoffs always add up to this (`zero-sum`: 0)
    between: Optional[tuple[int, int]] = None  # declared `between L and H`: each seat's payoff lies in it


@dataclass(frozen=True)
class Invariant(Cited):
    title: str
    form: str
    condition: Optional[E]
    event: Optional[Event]
    queue: Optional[str]
    causes: tuple[str, ...]


@dataclass(frozen=True)
class Match(Cited):
    title: str
    legs: tuple[tuple[str, str], ...]
    totals: tuple[str, ...]


@dataclass(frozen=True)
class ExampleLine:
    what: str
    loc: Optional[Loc]
    number: Optional[int] = None
    name: Optional[str] = None
    value: Optional[str] = None
    expr: Optional[E] = None
    target: Optional[E] = None  # zone or board for "given ...: items"
    items: tuple[tuple[str, Optional[str]], ...] = ()
    args: tuple[E, ...] = ()
    position: tuple[tuple[str, int, int], ...] = ()  # `given position:` lines, each (text, line, column)
    exprs: tuple[E, ...] = ()  # seats: who wins, the ranking
    values: tuple[str, ...] = ()  # texts: actions, outcomes, draws, a component's label
    ratios: tuple[tuple[int, int], ...] = ()  # (numerator, denominator): payoffs, probabilities
    board: Optional[str] = None  # the board of a space fact
    space: Optional[int] = None  # the space's index on it (row-major)
    body: tuple["ExampleLine", ...] = ()  # `for every ...`: the lines each instance runs


@dataclass(frozen=True)
class Example(Cited):
    title: str
    lines: tuple[ExampleLine, ...]
    variants: tuple[str, ...] = ()  # the variants it is about: `with variant`, or the variant adding it
    with_options: tuple[tuple[str, str], ...] = ()  # `with option NAME = VALUE`


@dataclass(frozen=True)
class ExampleElsewhere:
    """An example the rule file declares (or its base, or one of their variants) that a model does not run."""

    name: str
    title: str
    loc: Optional[Loc]
    variants: tuple[str, ...]  # the variants it is about
    reason: str  # why it does not run here, in words: "about variant bottles, not applied"


@dataclass(frozen=True)
class SeatAttribute(Cited):
    """``each player has a mark: cross, nought``: player 1's value first."""

    values: tuple[str, ...]


@dataclass(frozen=True)
class Model:
    """Everything a generator needs, checked and resolved. Order of every tuple is the file's order."""

    game_id: str
    title: str
    source_path: str
    source_text: str
    rulebook: Optional[str]
    game_cites: tuple[str, ...]
    min_players: int
    max_players: int
    max_turns: Optional[int]
    variants_applied: tuple[str, ...]
    variants_available: tuple[tuple[str, str], ...]
    variant_cites: tuple[str, ...]  # what the variants' own headers cite
    rulings: tuple[Ruling, ...]
    options: tuple[Option, ...]
    components: tuple[Component, ...]
    leave_outs: tuple[LeaveOut, ...]
    zones: tuple[Zone, ...]
    counters: tuple[Counter, ...]
    queues: tuple[Queue, ...]
    boards: tuple[Board, ...]
    shapes: tuple[Shape, ...]
    fits: tuple[Fit, ...]
    setup: Optional[Step]
    turns: Optional[Cited]
    turn_step: Optional[str]
    first_seat: int
    skip_var: Optional[str]
    skip_when: Optional[E]
    steps: tuple[Step, ...]
    triggers: tuple[Trigger, ...]
    insteads: tuple[Instead, ...]
    ends: tuple[End, ...]
    scores: tuple[Score, ...]
    ranking: Optional[Ranking]
    invariants: tuple[Invariant, ...]
    examples: tuple[Example, ...]
    match: Optional[Match] = None
    causes: tuple[str, ...] = field(default=())
    definitions: tuple[Definition, ...] = ()
    returns: Optional[Returns] = None  # None: +1 / 0 / -1 from the ranking (rulespec.runtime.engine)
    seat_attributes: tuple[SeatAttribute, ...] = ()
    # A house rule that seats other player counts than its base leaves out the base's examples and
    # leave-outs for the counts it no longer seats ("example four_players", "the leave-out with 4 players").
    left_out_of_base: tuple[str, ...] = ()
    dice: tuple[Dice, ...] = ()
    # The examples the file declares that this model does not run (about other variants, or left out), and why.
    examples_elsewhere: tuple[ExampleElsewhere, ...] = ()
    asks_legal_moves: bool = False  # some rule asks `p has a legal move` (of the turn's choice)
    counts_positions: bool = False  # some rule asks `the position has occurred N times`: the state records them
    counts_positions_on: tuple[str, ...] = ()  # boards some rule asks `the position on B has occurred N times` of
    turn_limit: Optional[TurnLimit] = None  # `at most EXPR turns`; max_turns is then its largest value
    decision_limit: Optional[DecisionLimit] = None  # `at most EXPR decisions`
    action_numbers: Optional[ActionNumbers] = None  # `actions numbered 0 to EXPR`: each option's `numbered`
    chance_numbers: Optional[ChanceNumbers] = None  # `chance outcomes numbered 0 to EXPR`: each chance step's
    clause_texts: tuple[ClauseText, ...] = ()  # what the cited clauses say, in the file's words (file order)

    @property
    def changing_attributes(self) -> dict[str, tuple[str, ...]]:
        """Each attribute declared `can change` -> the components whose attribute it is that may change."""
        found: dict[str, tuple[str, ...]] = {}
        for c in self.components:
            for attr in c.changing:
                found[attr] = found.get(attr, ()) + (c.name,)
        return found

    def cited_clauses(self) -> set[str]:
        """Every clause ID cited anywhere in the model."""
        found: set[str] = set(self.game_cites) | set(self.variant_cites)
        for group in (self.rulings, self.options, self.components, self.leave_outs, self.zones, self.counters,
                      self.queues, self.boards, self.shapes, self.fits, self.steps, self.triggers, self.insteads, self.ends,
                      self.scores, self.invariants, self.examples, self.definitions, self.seat_attributes, self.dice):
            for decl in group:
                found.update(decl.cites)
                found.update(decl.rulings)
                for option in getattr(decl, "options", ()):
                    found.update(option.cites)
                    found.update(option.rulings)
                for face in getattr(decl, "faces", ()):
                    found.update(face.cites)
                    found.update(face.rulings)
        for single in (self.setup, self.turns, self.ranking, self.match, self.returns):
            if single is not None:
                found.update(single.cites)
                found.update(single.rulings)
        return found
