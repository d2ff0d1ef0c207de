"""Typed syntax tree of a rule file.

Stage two of the pipeline (rule text -> parse tree -> **AST** -> checked model -> engine).
Every node is a frozen, keyword-only dataclass with a ``kind`` tag and the source location it came
from, so later stages can point at the exact text when something is wrong. Later stages copy a node
with ``dataclasses.replace`` and walk it with ``dataclasses.fields``.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, fields
from typing import Literal, Optional, Union


def _normalised(value):
    """A field's value as a frozen tree holds it: a list as a tuple, a str subclass (a Lark token) as
    a plain str, inside tuples too."""
    cls = value.__class__
    if cls is str or cls is int or value is None:
        return value
    if cls is list or cls is tuple:
        items = tuple(_normalised(item) for item in value)
        return value if cls is tuple and all(a is b for a, b in zip(items, value)) else items
    if isinstance(value, str):
        return str(value)
    return value


def after_named_step(step: str) -> str:
    """The timing of an end `checked after step STEP`."""
    return "after:" + step


def named_step_of(timing: str) -> Optional[str]:
    """The step an end of this timing is checked after (`checked after step STEP`), else None."""
    return timing[len("after:"):] if timing.startswith("after:") else None


@functools.cache
def _field_names(cls: type) -> tuple[str, ...]:
    return tuple(field.name for field in fields(cls))


@dataclass(frozen=True, kw_only=True)
class Loc:
    """Where a node starts and ends in its rule file (1-based lines and columns)."""

    file: str
    line: int
    column: int
    end_line: int
    end_column: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


@dataclass(frozen=True, kw_only=True)
class Node:
    loc: Loc

    def __post_init__(self):
        """The parser hands over lists and Lark's tokens (str subclasses); a node keeps them as tuples
        and plain str, so that a tree is hashable and compares by its text alone."""
        for name in _field_names(self.__class__):
            value = getattr(self, name)
            if value.__class__ is not str and value.__class__ is not int and value is not None:
                normal = _normalised(value)
                if normal is not value:
                    object.__setattr__(self, name, normal)


@dataclass(frozen=True, kw_only=True)
class Clause(Node):
    """A declaration that encodes part of a rulebook: it cites clause IDs and rulings."""

    cites: tuple[str, ...] = ()
    rulings: tuple[str, ...] = ()


# ----------------------------------------------------------------------------- expressions


@dataclass(frozen=True, kw_only=True)
class Num(Node):
    kind: Literal["num"] = "num"
    value: int


@dataclass(frozen=True, kw_only=True)
class Name(Node):
    kind: Literal["name"] = "name"
    id: str


@dataclass(frozen=True, kw_only=True)
class SeatLiteral(Node):
    """``player 2``: a seat written out in an example."""

    kind: Literal["seat"] = "seat"
    word: str
    number: int


@dataclass(frozen=True, kw_only=True)
class Of(Node):
    """``NAME of X``: a zone of a seat, an attribute, a neighbour seat, a region, a size..."""

    kind: Literal["of"] = "of"
    attr: str
    target: "Expr"


@dataclass(frozen=True, kw_only=True)
class Call(Node):
    kind: Literal["call"] = "call"
    func: str
    args: tuple["Expr", ...]


@dataclass(frozen=True, kw_only=True)
class Count(Node):
    kind: Literal["count"] = "count"
    var: str
    domain: "Expr"
    where: Optional["Expr"] = None


@dataclass(frozen=True, kw_only=True)
class ThereIs(Node):
    """``there is x in X where C`` (``there is no ...``: ``negated``): whether some element of X passes C."""

    kind: Literal["there_is"] = "there_is"
    var: str
    domain: "Expr"
    where: Optional["Expr"] = None
    negated: bool = False


@dataclass(frozen=True, kw_only=True)
class First(Node):
    """``any(x in X where C)``: one element of X for which C holds (the first in its stable order)."""

    kind: Literal["first"] = "first"
    var: str
    domain: "Expr"
    where: Optional["Expr"] = None


@dataclass(frozen=True, kw_only=True)
class Total(Node):
    kind: Literal["total"] = "total"
    value: "Expr"
    var: str
    domain: "Expr"
    where: Optional["Expr"] = None


@dataclass(frozen=True, kw_only=True)
class BestSets(Node):
    """``points of best sets of ATTR in X with W wild scoring (2 sets score 1, ...)``: the best split of
    X into sets of distinct ATTR values (W wildcards), giving its points or the real items left over."""

    kind: Literal["best_sets"] = "best_sets"
    figure: Literal["points", "leftovers"]
    attribute: str
    domain: "Expr"
    wild: "Expr"
    table: tuple[tuple[int, int], ...]


@dataclass(frozen=True, kw_only=True)
class Placements(Node):
    """``placements of X on BOARD``: every way to put X (a tile, or a shape by name) on a triangle board."""

    kind: Literal["placements"] = "placements"
    subject: "Expr"
    board: str


@dataclass(frozen=True, kw_only=True)
class IsASpace(Node):
    """``space is a NAME space``: the space lies in a region called NAME (or carries the mark NAME)."""

    kind: Literal["is_a_space"] = "is_a_space"
    subject: "Expr"
    name: str


@dataclass(frozen=True, kw_only=True)
class IsMarked(Node):
    """``space is marked NAME``: the space carries that mark on the board's map."""

    kind: Literal["is_marked"] = "is_marked"
    subject: "Expr"
    mark: str


@dataclass(frozen=True, kw_only=True)
class Compare(Node):
    kind: Literal["compare"] = "compare"
    op: Literal["=", "!=", "<", "<=", ">", ">="]
    left: "Expr"
    right: "Expr"


@dataclass(frozen=True, kw_only=True)
class Arith(Node):
    kind: Literal["arith"] = "arith"
    op: Literal["+", "-", "*", "mod", "div"]
    left: "Expr"
    right: "Expr"


@dataclass(frozen=True, kw_only=True)
class Negate(Node):
    kind: Literal["negate"] = "negate"
    operand: "Expr"


@dataclass(frozen=True, kw_only=True)
class Turned(Node):
    """`d turned right` (``way`` "right") or `d turned left`: a direction turned one step among the board's."""

    kind: Literal["turned"] = "turned"
    direction: "Expr"
    way: Literal["right", "left"]


@dataclass(frozen=True, kw_only=True)
class Not(Node):
    kind: Literal["not"] = "not"
    operand: "Expr"


@dataclass(frozen=True, kw_only=True)
class BoolOp(Node):
    kind: Literal["bool"] = "bool"
    op: Literal["and", "or"]
    operands: tuple["Expr", ...]


@dataclass(frozen=True, kw_only=True)
class Test(Node):
    """A one-word predicate: ``X is empty``, ``X is occupied``, ``X has an occupied neighbour``..."""

    kind: Literal["test"] = "test"
    test: Literal["empty", "not_empty", "occupied", "complete", "occupied_neighbour", "none"]
    subject: "Expr"


@dataclass(frozen=True, kw_only=True)
class IsKind(Node):
    """``tile is shell`` (the item is of that component) or ``space holds starfish``; with ``seat``,
    ``space holds mark of p`` (``component`` is then the seat attribute ``mark``)."""

    kind: Literal["is_kind"] = "is_kind"
    subject: "Expr"
    component: str
    holds: bool = False
    seat: Optional["Expr"] = None


@dataclass(frozen=True, kw_only=True)
class Fits(Node):
    kind: Literal["fits"] = "fits"
    item: "Expr"
    space: "Expr"


@dataclass(frozen=True, kw_only=True)
class Span(Node):
    """``low..high``: the whole numbers from low to high, both included (empty when high < low)."""

    kind: Literal["span"] = "span"
    low: "Expr"
    high: "Expr"


@dataclass(frozen=True, kw_only=True)
class Neighbour(Node):
    """``neighbour of s towards d``: the next space from s in direction d, none past the board's edge."""

    kind: Literal["neighbour"] = "neighbour"
    space: "Expr"
    direction: "Expr"


@dataclass(frozen=True, kw_only=True)
class LineOf(Node):
    """``line of N from s towards d``: s and the spaces after it in direction d, N at most (fewer at the edge)."""

    kind: Literal["line_of"] = "line_of"
    length: "Expr"
    space: "Expr"
    direction: "Expr"


@dataclass(frozen=True, kw_only=True)
class Walk(Node):
    """``walk(t from s towards d while C)``: the spaces after s in direction d, as long as each passes C
    (``until C``: up to the first that passes, not included); the board's edge stops it too."""

    kind: Literal["walk"] = "walk"
    var: str
    space: "Expr"
    direction: "Expr"
    until: bool
    condition: "Expr"


@dataclass(frozen=True, kw_only=True)
class GroupOf(Node):
    """``group of s``: s and every space joined to it through neighbouring spaces that hold the same as s (a
    component of the same kind with the same attributes; for an empty s, the empty spaces)."""

    kind: Literal["group_of"] = "group_of"
    space: "Expr"


@dataclass(frozen=True, kw_only=True)
class Ray(Node):
    """``ray from s towards d``: the spaces after s in direction d up to and including the first occupied
    one; the board's edge stops it too."""

    kind: Literal["ray"] = "ray"
    space: "Expr"
    direction: "Expr"


@dataclass(frozen=True, kw_only=True)
class NamedDirections(Node):
    """``orthogonal directions of B``: a set of directions by name, built in or declared on board B."""

    kind: Literal["named_directions"] = "named_directions"
    name: str
    board: "Expr"


@dataclass(frozen=True, kw_only=True)
class Jumps(Node):
    """``knight jumps from s``: the spaces the jump the board declares leads to from s, on the board."""

    kind: Literal["jumps"] = "jumps"
    jump: str
    space: "Expr"


@dataclass(frozen=True, kw_only=True)
class Connected(Node):
    """``connected(s in D where C from A to B)``: a path of neighbouring spaces of D, each passing C, joins a
    space where A holds to a space where B holds (s names the space tested in C, A and B)."""

    kind: Literal["connected"] = "connected"
    var: str
    domain: "Expr"
    condition: "Expr"
    start: "Expr"
    goal: "Expr"


@dataclass(frozen=True, kw_only=True)
class Member(Node):
    kind: Literal["member"] = "member"
    element: "Expr"
    collection: "Expr"


@dataclass(frozen=True, kw_only=True)
class Extreme(Node):
    """``max(V for x in X where C)`` / ``min(...)``: the largest (smallest) V over X; numbers or the
    values of an ordered attribute."""

    kind: Literal["extreme"] = "extreme"
    func: str
    value: "Expr"
    var: str
    domain: "Expr"
    where: Optional["Expr"] = None


@dataclass(frozen=True, kw_only=True)
class Conditional(Node):
    """``if C then A else B``: A when C holds, else B."""

    kind: Literal["conditional"] = "conditional"
    condition: "Expr"
    then: "Expr"
    otherwise: "Expr"


@dataclass(frozen=True, kw_only=True)
class Won(Node):
    """``p won``: the game is over and seat p is one of its winners."""

    kind: Literal["won"] = "won"
    seat: "Expr"


@dataclass(frozen=True, kw_only=True)
class HasLegalMove(Node):
    """``p has a legal move`` (``p has no legal move``: ``negated``): the choice each turn runs would offer
    seat p at least one option now."""

    kind: Literal["has_legal_move"] = "has_legal_move"
    seat: "Expr"
    negated: bool = False


@dataclass(frozen=True, kw_only=True)
class TurnValue(Node):
    """``the player to move`` (the seat whose turn it is), ``the turn number`` (1 on the first turn) or ``the
    starting player`` (the seat the first turn goes to)."""

    kind: Literal["turn_value"] = "turn_value"
    value: Literal["player_to_move", "turn_number", "starting_player"]


@dataclass(frozen=True, kw_only=True)
class PositionOccurred(Node):
    """``the position has occurred N times``: the position at the start of this turn has been the position at
    the start of a turn at least ``times`` times, this one included (what counts as the same position:
    rulespec/runtime/repetition.py). ``the position on B has occurred N times`` compares board B alone."""

    kind: Literal["position_occurred"] = "position_occurred"
    times: "Expr"
    board: Optional[str] = None  # `the position on B has occurred N times`: only what B's spaces show counts


Expr = Union[Num, Name, SeatLiteral, Of, Call, Count, ThereIs, First, Total, BestSets, Placements, IsMarked, IsASpace, Compare, Arith, Negate, Turned, Not, BoolOp, Test, IsKind, Fits, Member, Span, Neighbour, LineOf, Walk, Ray, GroupOf, NamedDirections, Jumps, Connected, Extreme, Conditional, Won, HasLegalMove, TurnValue, PositionOccurred]

# ----------------------------------------------------------------------------- statements


@dataclass(frozen=True, kw_only=True)
class Move(Node):
    kind: Literal["move"] = "move"
    item: Expr
    to: Expr
    cause: Optional[str] = None


@dataclass(frozen=True, kw_only=True)
class Place(Node):
    kind: Literal["place"] = "place"
    item: Expr
    space: Expr
    cause: Optional[str] = None


@dataclass(frozen=True, kw_only=True)
class Then(Node):
    kind: Literal["then"] = "then"
    step: str
    args: tuple[Expr, ...]


@dataclass(frozen=True, kw_only=True)
class Enqueue(Node):
    kind: Literal["enqueue"] = "enqueue"
    step: str
    args: tuple[Expr, ...]
    queue: str


@dataclass(frozen=True, kw_only=True)
class Resolve(Node):
    kind: Literal["resolve"] = "resolve"
    queue: str


@dataclass(frozen=True, kw_only=True)
class SetCounter(Node):
    kind: Literal["set"] = "set"
    counter: str
    seat: Optional[Expr] = None
    value: Expr


@dataclass(frozen=True, kw_only=True)
class AddCounter(Node):
    kind: Literal["add"] = "add"
    counter: str
    seat: Optional[Expr] = None
    value: Expr


@dataclass(frozen=True, kw_only=True)
class If(Node):
    kind: Literal["if"] = "if"
    condition: Expr
    then: tuple["Stmt", ...]
    otherwise: tuple["Stmt", ...] = ()


@dataclass(frozen=True, kw_only=True)
class ForEach(Node):
    kind: Literal["for"] = "for"
    var: str
    domain: Expr
    body: tuple["Stmt", ...]
    start: Optional[Expr] = None  # `from SEAT`: the seats clockwise, that one first


@dataclass(frozen=True, kw_only=True)
class Repeat(Node):
    kind: Literal["repeat"] = "repeat"
    times: Expr
    body: tuple["Stmt", ...]


@dataclass(frozen=True, kw_only=True)
class Nothing(Node):
    kind: Literal["nothing"] = "nothing"


@dataclass(frozen=True, kw_only=True)
class Let(Node):
    """``let NAME be VALUE``: the value, worked out here, named for the statements after it in its block."""

    kind: Literal["let"] = "let"
    name: str
    value: Expr


@dataclass(frozen=True, kw_only=True)
class Roll(Node):
    """``roll cup of p``: each die of a dice holder rolled again (see DiceDecl)."""

    kind: Literal["roll"] = "roll"
    holder: Expr


@dataclass(frozen=True, kw_only=True)
class Shuffle(Node):
    """``shuffle bag``: a stacked zone put in one of its orders, one chance event (see model/shuffles.py)."""

    kind: Literal["shuffle"] = "shuffle"
    zone: Expr


@dataclass(frozen=True, kw_only=True)
class Lose(Node):
    """``lose a die from cup of p``: one of the holder's dice set aside for good, in the dice's `lost to`
    zone (see DiceDecl); `roll` no longer rolls it."""

    kind: Literal["lose"] = "lose"
    die: str  # the word written, checked to be the dice's name
    holder: Expr


@dataclass(frozen=True, kw_only=True)
class NextTurn(Node):
    """``next turn goes to X``: the next turn is X's instead of the next seat's."""

    kind: Literal["next_turn"] = "next_turn"
    seat: Expr


Stmt = Union[Move, Place, Then, Enqueue, Resolve, SetCounter, AddCounter, If, ForEach, Repeat, Nothing, NextTurn, Roll, Shuffle,
             Lose, Let]

# ----------------------------------------------------------------------------- declarations


@dataclass(frozen=True, kw_only=True)
class GameDecl(Clause):
    kind: Literal["game"] = "game"
    name: str
    id: Optional[str] = None
    rulebook: Optional[str] = None
    min_players: int = 0
    max_players: int = 0
    players_loc: Optional[Loc] = None
    players_cites: tuple[str, ...] = ()
    players_rulings: tuple[str, ...] = ()  # `players 2 to 4 ruling X`: the rulings the player count applies
    max_turns: Optional[int] = None
    turn_limit: Optional["Expr"] = None  # `at most EXPR turns`: the bound worked out per configuration
    max_turns_cites: tuple[str, ...] = ()
    max_turns_rulings: tuple[str, ...] = ()  # `at most N turns ruling X`
    max_turns_loc: Optional[Loc] = None
    decision_limit: Optional["Expr"] = None  # `at most EXPR decisions`: worked out per configuration, checked by verify
    decision_limit_cites: tuple[str, ...] = ()
    decision_limit_rulings: tuple[str, ...] = ()
    decision_limit_loc: Optional[Loc] = None
    action_numbers: Optional["Expr"] = None  # `actions numbered 0 to EXPR`: the adapters' numbers, each option's own
    action_numbers_cites: tuple[str, ...] = ()
    action_numbers_rulings: tuple[str, ...] = ()
    action_numbers_loc: Optional[Loc] = None
    chance_numbers: Optional["Expr"] = None  # `chance outcomes numbered 0 to EXPR`: each chance step's `numbered`
    chance_numbers_cites: tuple[str, ...] = ()
    chance_numbers_rulings: tuple[str, ...] = ()
    chance_numbers_loc: Optional[Loc] = None


@dataclass(frozen=True, kw_only=True)
class Extends(Clause):
    kind: Literal["extends"] = "extends"
    base: str


@dataclass(frozen=True, kw_only=True)
class Removal(Clause):
    """`remove NAME` on its own in a file that extends another: the base's declaration NAME left out."""

    kind: Literal["remove"] = "remove"
    target: str


@dataclass(frozen=True, kw_only=True)
class Renaming(Clause):
    """`rename OLD to NEW` on its own in a file that extends another: the base's declaration OLD, and every use
    of it in the base, known as NEW."""

    kind: Literal["rename"] = "rename"
    old: str
    new: str


@dataclass(frozen=True, kw_only=True)
class RulingDecl(Clause):
    kind: Literal["ruling"] = "ruling"
    id: str
    title: str
    text: str


@dataclass(frozen=True, kw_only=True)
class ClauseText(Node):
    """`clause SHELL-PEARL-1 "..."`: what a rulebook clause says, in the rule file's own words."""

    kind: Literal["clause"] = "clause"
    id: str
    text: str


@dataclass(frozen=True, kw_only=True)
class OptionDecl(Clause):
    kind: Literal["option"] = "option"
    name: str
    title: str
    values: tuple[str, ...]  # as written: words, or the digits of numbers
    default: str
    numeric: bool = False  # the values are numbers the rules compute with


@dataclass(frozen=True, kw_only=True)
class Attribute(Node):
    name: str
    values: tuple[Union[str, int], ...]
    ordered: bool = False  # `rank (jack < queen < king)`: the values compare, lowest first
    up_to: Optional[str] = None  # `worth 1..max_value`: numbers up to a numeric option (dice faces only)
    # `kind (pawn 8, knight 2, king)`: how many components have each value, one per value (1 where none is
    # written), for each combination of the other attributes; () when no value has a count
    counts: tuple[int, ...] = ()
    counts_loc: Optional[Loc] = None  # where the first count is written
    # `king 0`: where the first count of 0 is (a value no component starts with; its attribute must change)
    none_made_loc: Optional[Loc] = None


@dataclass(frozen=True, kw_only=True)
class ComponentDecl(Clause):
    kind: Literal["component"] = "component"
    name: str
    attributes: tuple[Attribute, ...] = ()
    copies: int = 1
    shown_as: Optional[str] = None
    changing: tuple[str, ...] = ()  # `, colour can change`: the attributes the rules may set during play
    changing_loc: Optional[Loc] = None


@dataclass(frozen=True, kw_only=True)
class LeaveOut(Clause):
    """``with 2 players leave out colour red`` or, with players 0 and no attribute, ``leave out every X``."""

    kind: Literal["leave_out"] = "leave_out"
    players: int
    attribute: str
    values: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class StartCopies(Node):
    """``holds 3 ticket`` or ``player 1 holds the button``: copies of a component a zone starts with."""

    kind: Literal["start_copies"] = "start_copies"
    component: str
    count: int
    seat: Optional[int] = None  # player N (1-based) of a zone one per player; None: each player's, or the shared one


@dataclass(frozen=True, kw_only=True)
class ZoneBound(Node):
    """``at most 11`` on a zone: it never holds more (each player's, of a zone one per player)."""

    kind: Literal["zone_bound"] = "zone_bound"
    most: int


@dataclass(frozen=True, kw_only=True)
class ZoneDecl(Clause):
    kind: Literal["zone"] = "zone"
    name: str
    per_player: bool
    visibility: Literal["public", "hidden", "owner", "top"]  # top: only the top of the pile is seen
    start: Optional[Literal["in_play", "left_out"]] = None
    start_component: Optional[str] = None  # ``holds every X``: all of component X start here
    # ``holds N X`` (seat None: in each player's zone of one per player) and ``player S holds N X`` / ``the X``
    start_copies: tuple[StartCopies, ...] = ()
    stacked: bool = False  # items keep the order they arrived in; the last is the top
    size_unseen: bool = False  # who may not see the contents does not see how many there are either
    at_most: Optional[ZoneBound] = None  # ``at most N``: it never holds more (a move that would is a rule error)


@dataclass(frozen=True, kw_only=True)
class CounterDecl(Clause):
    kind: Literal["counter"] = "counter"
    name: str
    per_player: bool
    start: int
    board: Optional[str] = None  # `per space of pits`: one count on every space of that board
    outside_position: bool = False  # `, not part of the position`: repetition does not read it
    # `: seat`, `: direction`, `: direction of B`, `: suit` (an attribute): what it holds, if not a number
    holds: Optional[tuple[str, Optional[str]]] = None
    # its start when not a number: ("none",), ("word", w) or ("seat", word, n) (`player 2`)
    start_value: Optional[tuple] = None


@dataclass(frozen=True, kw_only=True)
class QueueDecl(Clause):
    kind: Literal["queue"] = "queue"
    name: str


@dataclass(frozen=True, kw_only=True)
class SeatAttributeDecl(Clause):
    """``each player has a mark: cross, nought``: one value per seat, in seat order."""

    kind: Literal["seat_attribute"] = "seat_attribute"
    name: str
    values: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class DiceDecl(Clause):
    """``dice die: face 1..6, numdice per player in cup, seen by owner``: dice (components named ``die``,
    each showing one value of its attribute) held in a zone ``cup``, as many as a number or a numeric
    option says, per player or shared. The checker makes of it a component, the holder zone, a hidden
    supply of dice not rolled and the chance step ``roll_cup`` that `roll` runs once per die."""

    kind: Literal["dice"] = "dice"
    name: str
    attribute: Attribute
    count: Union[int, str]  # a number, or the name of a numeric option
    per_player: bool
    holder: str
    visibility: Literal["public", "hidden", "owner"]
    lost: Optional[str] = None  # the zone lost dice are set aside in (`, lost to lost_dice`), if any


@dataclass(frozen=True, kw_only=True)
class RegionDecl(Clause):
    name: str


@dataclass(frozen=True, kw_only=True)
class MapRow(Node):
    label: str
    cells: tuple[str, ...]
    cell_columns: tuple[int, ...]


@dataclass(frozen=True, kw_only=True)
class FaceDecl(Clause):
    name: str
    condition: Optional[Expr] = None
    rows: tuple[MapRow, ...]


@dataclass(frozen=True, kw_only=True)
class MarkDecl(Clause):
    letter: str
    name: str


@dataclass(frozen=True, kw_only=True)
class DirectionSetDecl(Clause):
    """``directions NAME: north, east``: a board's own named set of directions."""

    name: str
    directions: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class JumpDecl(Clause):
    """``jump NAME: (1, 2), north north east``: a leap, as (rows down the map, columns east) offsets; a
    step written in compass words is kept as its words (``steps``: one tuple of words per leap)."""

    name: str
    offsets: tuple[Union[tuple[int, int], tuple[str, ...]], ...]


@dataclass(frozen=True, kw_only=True)
class GraphSpace(Node):
    """One named space of a board declared as a graph (`spaces a1, d1, ...`), or of a named set of its spaces
    (`spaces south: A, B, ...`: `s is a south space`)."""

    name: str
    set_name: str = ""


@dataclass(frozen=True, kw_only=True)
class GraphLink(Node):
    """`a1-d1`: the two spaces are neighbours; with a direction (`links next: h1-h2`) it runs from first to second."""

    first: str
    second: str
    direction: str = ""


@dataclass(frozen=True, kw_only=True)
class GraphLine(Node):
    """`a1 d1 g1` in `lines mill: ...`: one line of the named set."""

    set_name: str
    spaces: tuple[GraphSpace, ...]


@dataclass(frozen=True, kw_only=True)
class GraphPosition(Node):
    """`a1 (0, 0)` in `at ...`: where the drawing puts a space (x to the east, y to the south)."""

    name: str
    x: int
    y: int


@dataclass(frozen=True, kw_only=True)
class BoardDecl(Clause):
    """A square grid (rows named by one attribute, columns by another), a triangle lattice or a graph."""

    kind: Literal["board"] = "board"
    name: str
    lattice: Literal["grid", "triangles", "graph"] = "grid"
    row_attribute: str = ""  # the attribute naming the rows, or with first_row the name of the row number
    first_row: Optional[int] = None  # `rows row 1..6`: numbered rows, the map's first row first (`8..1`: downward)
    last_row: Optional[int] = None
    column_attribute: str = ""
    first_column: int = 0
    last_column: int = 0
    # `rows row 1..size`: the last row (column) is a numeric option's value; the map is drawn at its largest
    row_option: str = ""
    column_option: str = ""
    adjacency: str = "orthogonal"
    shape_attribute: str = ""
    regions: tuple[RegionDecl, ...] = ()
    marks: tuple[MarkDecl, ...] = ()
    direction_sets: tuple[DirectionSetDecl, ...] = ()
    jumps: tuple[JumpDecl, ...] = ()
    faces: tuple[FaceDecl, ...]
    # a graph: its spaces, links, named lines and drawing positions, in the order written
    spaces: tuple[GraphSpace, ...] = ()
    links: tuple[GraphLink, ...] = ()
    lines: tuple[GraphLine, ...] = ()
    positions: tuple[GraphPosition, ...] = ()


@dataclass(frozen=True, kw_only=True)
class ShapeDecl(Clause):
    """``shape NAME: (row, col), ...``: a tile's cells on a triangle lattice; (0, 0) points up."""

    kind: Literal["shape"] = "shape"
    name: str
    cells: tuple[tuple[int, int], ...]


@dataclass(frozen=True, kw_only=True)
class FitDecl(Clause):
    kind: Literal["fit"] = "fit"
    component: str
    board: str
    condition: Optional[Expr] = None


@dataclass(frozen=True, kw_only=True)
class SetupDecl(Clause):
    kind: Literal["setup"] = "setup"
    name: str = "setup"
    body: tuple[Stmt, ...]


@dataclass(frozen=True, kw_only=True)
class TurnsDecl(Clause):
    kind: Literal["turns"] = "turns"
    name: str = "turns"
    first_seat: int
    step: str
    skip_var: Optional[str] = None
    skip_when: Optional[Expr] = None


@dataclass(frozen=True, kw_only=True)
class Param(Node):
    name: str
    type: str
    board: Optional[str] = None  # `d: direction of ring`: the board whose directions it is one of


@dataclass(frozen=True, kw_only=True)
class DefineDecl(Clause):
    """``define NAME(PARAM: TYPE, ...): EXPR``: a named condition or value, used like a built-in function
    (``NAME(x)``, or just ``NAME`` without parameters)."""

    kind: Literal["define"] = "define"
    name: str
    params: tuple[Param, ...] = ()
    body: Expr


@dataclass(frozen=True, kw_only=True)
class StepDecl(Clause):
    kind: Literal["step"] = "step"
    name: str
    params: tuple[Param, ...]
    body: tuple[Stmt, ...]


@dataclass(frozen=True, kw_only=True)
class Binding(Node):
    var: str
    domain: Expr


@dataclass(frozen=True, kw_only=True)
class AfterIt(Node):
    """``only if C after it``: C read in the position the option would leave (its statements carried out on a
    copy of the state)."""

    kind: Literal["after_it"] = "after_it"
    condition: Expr


@dataclass(frozen=True, kw_only=True)
class OptionChoice(Clause):
    name: str
    template: str
    bindings: tuple[Binding, ...] = ()
    guards: tuple[Expr, ...] = ()  # the `only if` lines, in order: all must hold
    # `only when no other option is offered`: where it is written (None: offered as its conditions say)
    alone: Optional[Loc] = None
    after: Optional[AfterIt] = None  # `only if C after it`, after the plain `only if` lines
    body: tuple[Stmt, ...] = ()
    number: Optional[Expr] = None  # `numbered EXPR`: its action number (under the game's `actions numbered`)


@dataclass(frozen=True, kw_only=True)
class ChoiceDecl(Clause):
    kind: Literal["choice"] = "choice"
    name: str
    params: tuple[Param, ...]
    by: Optional[Expr]  # None: any player may act (a claim window), or each player at once (``together``)
    options: tuple[OptionChoice, ...]
    together: bool = False  # `by each player`: every seat chooses in secret, resolved together
    together_where: Optional[Expr] = None  # `by each player where C`: only the seats for which C holds


@dataclass(frozen=True, kw_only=True)
class Outcome(Node):
    template: str
    var: str
    draw_from: Optional[Expr] = None
    faces: tuple[Union[str, int], ...] = ()  # words, or numbers
    pick_from: Optional[Expr] = None  # uniform over the elements of a collection
    pick_where: Optional[Expr] = None  # ... that meet this condition
    weights: tuple[int, ...] = ()  # `weighted (9, 1)`: each face's weight, in the faces' order
    weight: Optional[Expr] = None  # `weighted by EXPR`: each picked candidate's weight
    more_vars: tuple[str, ...] = ()  # `for a, b picked from C`: the names after the first, each picked from C
    shuffle: Optional[Expr] = None  # `shuffle ZONE`: the zone's order (a chance step the checker declares)


@dataclass(frozen=True, kw_only=True)
class ChanceDecl(Clause):
    kind: Literal["chance"] = "chance"
    name: str
    params: tuple[Param, ...]
    outcome: Outcome
    body: tuple[Stmt, ...]
    number: Optional[Expr] = None  # `numbered EXPR`: its outcome's number (under the game's `chance outcomes numbered`)


@dataclass(frozen=True, kw_only=True)
class Event(Node):
    """``when placed on BOARD [as CAUSE, ...]``."""

    board: str
    causes: tuple[str, ...] = ()


@dataclass(frozen=True, kw_only=True)
class TriggerDecl(Clause):
    kind: Literal["trigger"] = "trigger"
    name: str
    event: Event
    body: tuple[Stmt, ...]


@dataclass(frozen=True, kw_only=True)
class InsteadDecl(Clause):
    kind: Literal["instead"] = "instead"
    name: str
    step: str
    params: tuple[str, ...]
    condition: Expr
    body: tuple[Stmt, ...]


@dataclass(frozen=True, kw_only=True)
class EndDecl(Clause):
    kind: Literal["end"] = "end"
    name: str
    # after_step | turn_start | after_turn | after:STEP (after_named_step: each time STEP is done, with its thens)
    timing: str
    timing_loc: Optional[Loc] = None  # the `checked ...` line
    each_var: Optional[str] = None
    each_domain: Optional[Expr] = None
    condition: Expr
    winner: Optional[Expr] = None
    draw: bool = False  # `the game is a draw`: every seat ties for first, whatever the ranking
    then_step: Optional[str] = None  # run before the game is scored
    then_args: tuple[Expr, ...] = ()


@dataclass(frozen=True, kw_only=True)
class ScoreDecl(Clause):
    kind: Literal["score"] = "score"
    name: str
    var: str
    value: Expr


@dataclass(frozen=True, kw_only=True)
class RankingKey(Node):
    key: Literal["winner_first", "lowest", "highest", "ties_share", "lot"]
    score: Optional[str] = None


@dataclass(frozen=True, kw_only=True)
class RankingDecl(Clause):
    kind: Literal["ranking"] = "ranking"
    name: str = "ranking"
    keys: tuple[RankingKey, ...]


@dataclass(frozen=True, kw_only=True)
class ReturnsDecl(Clause):
    """``returns: win 1, draw 0, loss -1`` or ``returns of p: EXPR``: each seat's payoff when the game ends."""

    kind: Literal["returns"] = "returns"
    name: str = "returns"
    form: Literal["result", "value"]
    win: int = 1
    draw: int = 0
    loss: int = -1
    var: Optional[str] = None
    value: Optional[Expr] = None
    total: Optional[int] = None  # `zero-sum` (0) or `constant-sum N`: what the payoffs always add up to
    between: Optional[tuple[int, int]] = None  # `between L and H`: the least and the most a seat can get
    between_loc: Optional[Loc] = None


@dataclass(frozen=True, kw_only=True)
class InvariantDecl(Clause):
    kind: Literal["invariant"] = "invariant"
    name: str
    title: str
    form: Literal["always", "on_event", "never_queue"]
    condition: Optional[Expr] = None
    event: Optional[Event] = None
    queue: Optional[str] = None
    causes: tuple[str, ...] = ()


@dataclass(frozen=True, kw_only=True)
class ItemRef(Node):
    label: str
    at: Optional[str] = None


EXAMPLE_LINES = ("players", "option", "items", "step", "counter", "setup", "action", "legal", "illegal", "over",
                 "fact", "wins", "draw", "game_over", "not_over", "ranking", "returns", "offered_exactly", "offered",
                 "offered_no", "decides", "chance_outcomes", "chance_even", "sees", "not_sees", "space_empty",
                 "space_holds", "turn_number", "turn_of", "phase", "leg", "ran", "gained", "lost", "position",
                 "space_counter", "space_count", "refused", "place", "chance_read", "log", "sees_top",
                 "for_every", "leg_scores", "match_total", "numbered")


@dataclass(frozen=True, kw_only=True)
class ExampleLine(Node):
    what: Literal[EXAMPLE_LINES]
    number: Optional[int] = None
    name: Optional[str] = None
    value: Optional[str] = None
    expr: Optional[Expr] = None
    items: tuple[ItemRef, ...] = ()
    args: tuple[Expr, ...] = ()
    # `given position:` the position's lines (rulespec/runtime/position.py), each with the line and column of
    # its text in the rule file (the character after the opening quote), for errors at their place.
    position: tuple[tuple[str, int, int], ...] = ()
    exprs: tuple[Expr, ...] = ()  # seats: who wins, the ranking
    values: tuple[str, ...] = ()  # texts: actions, outcomes, draws, a component's label
    ratios: tuple[tuple[int, int], ...] = ()  # (numerator, denominator): payoffs, probabilities
    # `for every offered action "..."` / `for every chance outcome`: the lines run on each instance
    body: tuple["ExampleLine", ...] = ()


@dataclass(frozen=True, kw_only=True)
class ExampleDecl(Clause):
    kind: Literal["example"] = "example"
    name: str
    title: str
    lines: tuple[ExampleLine, ...]
    variants: tuple[str, ...] = ()  # `with variant ...`: the rules it is about
    with_options: tuple[tuple[str, str], ...] = ()  # `with option NAME = VALUE`


@dataclass(frozen=True, kw_only=True)
class MatchDecl(Clause):
    """``match NAME "title":`` several games (legs) in a row, each with its own options; the listed
    scores are added up over the legs and the match is ranked by the totals."""

    kind: Literal["match"] = "match"
    name: str
    title: str
    legs: tuple[tuple[str, str], ...]  # (option, value) for each leg
    totals: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class OptionReplace(Node):
    """`replace option CHOICE.OPTION ...`: one option of a choice replaced, its other options kept."""

    kind: Literal["option_replace"] = "option_replace"
    choice: str
    option: OptionChoice


@dataclass(frozen=True, kw_only=True)
class Change(Node):
    action: Literal["add", "replace", "remove", "replace_option"]
    target: str
    declaration: Optional["Declaration"] = None


@dataclass(frozen=True, kw_only=True)
class VariantDecl(Clause):
    kind: Literal["variant"] = "variant"
    name: str
    title: str
    changes: tuple[Change, ...]


Declaration = Union[
    GameDecl, Extends, Removal, Renaming, RulingDecl, ClauseText, OptionDecl, ComponentDecl, LeaveOut, ZoneDecl, CounterDecl, QueueDecl,
    BoardDecl, ShapeDecl, FitDecl, SetupDecl, TurnsDecl, StepDecl, ChoiceDecl, ChanceDecl, TriggerDecl, InsteadDecl,
    EndDecl, ScoreDecl, RankingDecl, InvariantDecl, ExampleDecl, VariantDecl, MatchDecl,
    OptionReplace, DefineDecl, ReturnsDecl, SeatAttributeDecl, DiceDecl,
]


@dataclass(frozen=True, kw_only=True)
class RuleFile:
    """One parsed rule file: its path, its text (for error messages) and its declarations."""

    path: str
    text: str
    declarations: tuple[Declaration, ...]
    base: Optional["RuleFile"] = None  # the file it `extends`, parsed (with its own base), once the pipeline read it


def declaration_name(decl: Node) -> str:
    """The name a variant uses to refer to a declaration."""
    kind = getattr(decl, "kind")
    if kind == "fit":
        return f"fit {decl.component} on {decl.board}"  # type: ignore[attr-defined]
    if kind == "leave_out":
        if not decl.players:  # type: ignore[attr-defined]
            return f"leave out every {decl.values[0]}"  # type: ignore[attr-defined]
        return f"leave out with {decl.players} players"  # type: ignore[attr-defined]
    if kind in ("ruling", "clause"):
        return decl.id  # type: ignore[attr-defined]
    if kind == "game":
        return "game"
    if kind == "option_replace":
        return f"{decl.choice}.{decl.option.name}"  # type: ignore[attr-defined]
    if kind == "remove":
        return f"remove {decl.target}"  # type: ignore[attr-defined]
    if kind == "rename":
        return f"rename {decl.old}"  # type: ignore[attr-defined]
    for attr in ("name",):
        value = getattr(decl, attr, None)
        if isinstance(value, str):
            return value
    return kind


