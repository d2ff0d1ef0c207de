"""The expressions of a rule file."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Optional, Union

from .nodes import Node


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
    op: Literal["+", "-", "*", "mod", "div", "/"]  # `/`: exact, a fraction (only in a return's value)
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
