"""The checked model's expressions: their types, and every expression that is not a question of a board.

Values and references (a constant, a name, a counter, a zone, an item's attribute, a seat's), tests, counts
and totals over a domain, comparisons, arithmetic and the questions of play (``p won``, ``the turn number``,
``only if C after it``). What a board answers is in board_expressions.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Union

from ...language.ast import Loc

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
class NumberOf(E):
    """`number of p`: a seat's number as `player N` writes it (from 1); `number of d`: a direction's place in
    its board's directions, in the order `directions of B` lists them, from 1 (``table``: per index of COMPASS
    that number, 0 for a direction the board does not have; None: the value's own index plus 1, a seat's or a
    graph's named direction's); `number of v`: a component attribute's value's place among its values."""

    value: E
    table: Optional[tuple[int, ...]] = None
    # `number of rank of c`: an attribute's values in declared order, when ``value`` is one of them (its place
    # from 1; `none`, a word counter's empty value, is 0)
    values: Optional[tuple] = None


@dataclass(frozen=True)
class AttributeValues(E):
    """Every value of a component attribute, in declared order (``values of kind``)."""

    attr: str
    values: tuple[Union[str, int], ...]


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
    ``seat`` an option now; ``p has no legal move`` is ``negated``. With ``among``: whether those options of
    ``step`` (any choice by one player, ``seat`` its chooser) would offer anything now, for the step's arguments
    as they stand where it is asked (an option's own conditions)."""

    seat: E
    step: str
    negated: bool = False
    # the options it looks at (none: every one): an option offered only when no other is (`only when no other
    # option is offered`) asks it of the step's other options, those without that line, as its first condition
    among: tuple[str, ...] = ()


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

