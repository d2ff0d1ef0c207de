"""Typed syntax tree of a rule file.

Stage two of the pipeline (rule text -> parse tree -> **AST** -> checked model -> engine).
Every node is a frozen dataclass with a ``kind`` tag and the source location it came
from, so later stages can point at the exact text when something is wrong.

A class body here reads like a pydantic model (``kind: Literal["num"] = "num"`` before fields
without defaults; keyword arguments only) and ``Node`` keeps what the other stages use of
pydantic's interface: ``model_copy(update=...)``, ``model_fields`` and iteration over (name, value). They were pydantic models: building
their classes cost about 150 ms of every ``import rulespec`` and validating each node a share of
every parse, for checks the parser's own types already make.
"""

from __future__ import annotations

import dataclasses
import typing
from typing import Literal, Optional, Union

from .records import frozen_dataclass


class _FieldInfo:
    """What ``model_fields`` says about one field: its type (``annotation``), as pydantic did."""

    __slots__ = ("annotation",)

    def __init__(self, annotation):
        self.annotation = annotation


class _ModelFields:
    """``Class.model_fields``: field name -> _FieldInfo, in declaration order (base fields first)."""

    def __get__(self, instance, owner):
        fields = owner.__dict__.get("_model_fields")
        if fields is None:
            hints = typing.get_type_hints(owner, include_extras=True)
            fields = {f.name: _FieldInfo(hints.get(f.name)) for f in dataclasses.fields(owner)}
            type.__setattr__(owner, "_model_fields", fields)
        return fields


def _normalised(value):
    """A field's value as a frozen tree holds it: a list as a tuple, a str subclass (a Lark token) as
    a plain str, inside tuples too (what pydantic's validation did)."""
    cls = value.__class__
    if cls is str or cls is int or value is None:
        return value
    if cls is list or cls is tuple:
        for v in value:
            if v.__class__ not in _AS_IS:
                break
        else:  # every item is kept as it is (most lists the parser makes: of nodes, of plain texts)
            return value if cls is tuple else tuple(value)
        items = tuple(_normalised(v) for v in value)
        return items if cls is list or any(a is not b for a, b in zip(items, value)) else value
    if isinstance(value, str):
        return str(value)
    return value


# Field values stored as they are; any other value goes through _normalised first.
_AS_IS = {str, int, bool, type(None)}


class _Frozen:
    """Every subclass becomes a frozen, keyword-only dataclass (compared and hashed by its fields),
    made by rulespec.language.records (the standard decorator cost most of the import)."""

    model_fields = _ModelFields()

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        frozen_dataclass(cls, kw_only=True, convert=_normalised, as_is=_AS_IS)
        cls._field_names = tuple(f.name for f in dataclasses.fields(cls))
        _AS_IS.add(cls)  # a node inside a node is already normalised

    def __iter__(self):
        """(name, value) of each field, as iterating a pydantic model gives (the checker's walks rely on it)."""
        for name in self._field_names:
            yield name, getattr(self, name)

    def model_copy(self, update: Optional[dict] = None):
        """A copy with the fields in ``update`` replaced."""
        return dataclasses.replace(self, **(update or {}))


class Loc(_Frozen):
    """Where a node starts and ends in its rule file (1-based lines and columns)."""

    file: str
    line: int
    column: int
    end_line: int
    end_column: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


class Node(_Frozen):
    loc: Loc


class Clause(Node):
    """A declaration that encodes part of a rulebook: it cites clause IDs and rulings."""

    cites: tuple[str, ...] = ()
    rulings: tuple[str, ...] = ()


# ----------------------------------------------------------------------------- expressions


class Num(Node):
    kind: Literal["num"] = "num"
    value: int


class Name(Node):
    kind: Literal["name"] = "name"
    id: str


class SeatLiteral(Node):
    """``player 2``: a seat written out in an example."""

    kind: Literal["seat"] = "seat"
    word: str
    number: int


class Of(Node):
    """``NAME of X``: a zone of a seat, an attribute, a neighbour seat, a region, a size..."""

    kind: Literal["of"] = "of"
    attr: str
    target: "Expr"


class Call(Node):
    kind: Literal["call"] = "call"
    func: str
    args: tuple["Expr", ...]


class Count(Node):
    kind: Literal["count"] = "count"
    var: str
    domain: "Expr"
    where: Optional["Expr"] = None


class First(Node):
    """``any(x in X where C)``: one element of X for which C holds (the first in its stable order)."""

    kind: Literal["first"] = "first"
    var: str
    domain: "Expr"
    where: Optional["Expr"] = None


class Total(Node):
    kind: Literal["total"] = "total"
    value: "Expr"
    var: str
    domain: "Expr"
    where: Optional["Expr"] = None


class BestSets(Node):
    """``points of best sets of ATTR in X with W wild scoring (2 sets score 1, ...)``: the best split of
    X into sets of distinct ATTR values (W wildcards), giving its points or the real items left over."""

    kind: Literal["best_sets"] = "best_sets"
    figure: Literal["points", "leftovers"]
    attribute: str
    domain: "Expr"
    wild: "Expr"
    table: tuple[tuple[int, int], ...]


class Placements(Node):
    """``placements of X on BOARD``: every way to put X (a tile, or a shape by name) on a triangle board."""

    kind: Literal["placements"] = "placements"
    subject: "Expr"
    board: str


class IsMarked(Node):
    """``space is marked NAME``: the space carries that mark on the board's map."""

    kind: Literal["is_marked"] = "is_marked"
    subject: "Expr"
    mark: str


class Compare(Node):
    kind: Literal["compare"] = "compare"
    op: Literal["=", "!=", "<", "<=", ">", ">="]
    left: "Expr"
    right: "Expr"


class Arith(Node):
    kind: Literal["arith"] = "arith"
    op: Literal["+", "-", "*", "mod"]
    left: "Expr"
    right: "Expr"


class Negate(Node):
    kind: Literal["negate"] = "negate"
    operand: "Expr"


class Not(Node):
    kind: Literal["not"] = "not"
    operand: "Expr"


class BoolOp(Node):
    kind: Literal["bool"] = "bool"
    op: Literal["and", "or"]
    operands: tuple["Expr", ...]


class Test(Node):
    """A one-word predicate: ``X is empty``, ``X is occupied``, ``X has an occupied neighbour``..."""

    kind: Literal["test"] = "test"
    test: Literal["empty", "not_empty", "occupied", "complete", "occupied_neighbour", "none"]
    subject: "Expr"


class IsKind(Node):
    """``tile is shell`` (the item is of that component) or ``space holds starfish``; with ``seat``,
    ``space holds mark of p`` (``component`` is then the seat attribute ``mark``)."""

    kind: Literal["is_kind"] = "is_kind"
    subject: "Expr"
    component: str
    holds: bool = False
    seat: Optional["Expr"] = None


class Fits(Node):
    kind: Literal["fits"] = "fits"
    item: "Expr"
    space: "Expr"


class Span(Node):
    """``low..high``: the whole numbers from low to high, both included (empty when high < low)."""

    kind: Literal["span"] = "span"
    low: "Expr"
    high: "Expr"


class Neighbour(Node):
    """``neighbour of s towards d``: the next space from s in direction d, none past the board's edge."""

    kind: Literal["neighbour"] = "neighbour"
    space: "Expr"
    direction: "Expr"


class LineOf(Node):
    """``line of N from s towards d``: s and the spaces after it in direction d, N at most (fewer at the edge)."""

    kind: Literal["line_of"] = "line_of"
    length: "Expr"
    space: "Expr"
    direction: "Expr"


class Walk(Node):
    """``walk(t from s towards d while C)``: the spaces after s in direction d, as long as each passes C
    (``until C``: up to the first that passes, not included); the board's edge stops it too."""

    kind: Literal["walk"] = "walk"
    var: str
    space: "Expr"
    direction: "Expr"
    until: bool
    condition: "Expr"


class Connected(Node):
    """``connected(s in D where C from A to B)``: a path of neighbouring spaces of D, each passing C, joins a
    space where A holds to a space where B holds (s names the space tested in C, A and B)."""

    kind: Literal["connected"] = "connected"
    var: str
    domain: "Expr"
    condition: "Expr"
    start: "Expr"
    goal: "Expr"


class Member(Node):
    kind: Literal["member"] = "member"
    element: "Expr"
    collection: "Expr"


class Extreme(Node):
    """``max(V for x in X where C)`` / ``min(...)``: the largest (smallest) V over X; numbers or the
    values of an ordered attribute."""

    kind: Literal["extreme"] = "extreme"
    func: str
    value: "Expr"
    var: str
    domain: "Expr"
    where: Optional["Expr"] = None


class Conditional(Node):
    """``if C then A else B``: A when C holds, else B."""

    kind: Literal["conditional"] = "conditional"
    condition: "Expr"
    then: "Expr"
    otherwise: "Expr"


class Won(Node):
    """``p won``: the game is over and seat p is one of its winners."""

    kind: Literal["won"] = "won"
    seat: "Expr"


Expr = Union[Num, Name, SeatLiteral, Of, Call, Count, First, Total, BestSets, Placements, IsMarked, Compare, Arith, Negate, Not, BoolOp, Test, IsKind, Fits, Member, Span, Neighbour, LineOf, Walk, Connected, Extreme, Conditional, Won]

# ----------------------------------------------------------------------------- statements


class Move(Node):
    kind: Literal["move"] = "move"
    item: Expr
    to: Expr
    cause: Optional[str] = None


class Place(Node):
    kind: Literal["place"] = "place"
    item: Expr
    space: Expr
    cause: Optional[str] = None


class Then(Node):
    kind: Literal["then"] = "then"
    step: str
    args: tuple[Expr, ...]


class Enqueue(Node):
    kind: Literal["enqueue"] = "enqueue"
    step: str
    args: tuple[Expr, ...]
    queue: str


class Resolve(Node):
    kind: Literal["resolve"] = "resolve"
    queue: str


class SetCounter(Node):
    kind: Literal["set"] = "set"
    counter: str
    seat: Optional[Expr] = None
    value: Expr


class AddCounter(Node):
    kind: Literal["add"] = "add"
    counter: str
    seat: Optional[Expr] = None
    value: Expr


class If(Node):
    kind: Literal["if"] = "if"
    condition: Expr
    then: tuple["Stmt", ...]
    otherwise: tuple["Stmt", ...] = ()


class ForEach(Node):
    kind: Literal["for"] = "for"
    var: str
    domain: Expr
    body: tuple["Stmt", ...]


class Repeat(Node):
    kind: Literal["repeat"] = "repeat"
    times: Expr
    body: tuple["Stmt", ...]


class Nothing(Node):
    kind: Literal["nothing"] = "nothing"


class Roll(Node):
    """``roll cup of p``: each die of a dice holder rolled again (see DiceDecl)."""

    kind: Literal["roll"] = "roll"
    holder: Expr


class Lose(Node):
    """``lose a die from cup of p``: one of the holder's dice set aside for good, in the dice's `lost to`
    zone (see DiceDecl); `roll` no longer rolls it."""

    kind: Literal["lose"] = "lose"
    die: str  # the word written, checked to be the dice's name
    holder: Expr


class NextTurn(Node):
    """``next turn goes to X``: the next turn is X's instead of the next seat's."""

    kind: Literal["next_turn"] = "next_turn"
    seat: Expr


Stmt = Union[Move, Place, Then, Enqueue, Resolve, SetCounter, AddCounter, If, ForEach, Repeat, Nothing, NextTurn, Roll,
             Lose]

# ----------------------------------------------------------------------------- declarations


class GameDecl(Clause):
    kind: Literal["game"] = "game"
    name: str
    id: Optional[str] = None
    rulebook: Optional[str] = None
    min_players: int = 0
    max_players: int = 0
    players_loc: Optional[Loc] = None
    players_cites: tuple[str, ...] = ()
    max_turns: Optional[int] = None
    max_turns_cites: tuple[str, ...] = ()


class Extends(Clause):
    kind: Literal["extends"] = "extends"
    base: str


class RulingDecl(Clause):
    kind: Literal["ruling"] = "ruling"
    id: str
    title: str
    text: str


class OptionDecl(Clause):
    kind: Literal["option"] = "option"
    name: str
    title: str
    values: tuple[str, ...]  # as written: words, or the digits of numbers
    default: str
    numeric: bool = False  # the values are numbers the rules compute with


class Attribute(Node):
    name: str
    values: tuple[Union[str, int], ...]
    ordered: bool = False  # `rank (jack < queen < king)`: the values compare, lowest first
    up_to: Optional[str] = None  # `worth 1..max_value`: numbers up to a numeric option (dice faces only)


class ComponentDecl(Clause):
    kind: Literal["component"] = "component"
    name: str
    attributes: tuple[Attribute, ...] = ()
    copies: int = 1
    shown_as: Optional[str] = None


class LeaveOut(Clause):
    """``with 2 players leave out colour red`` or, with players 0 and no attribute, ``leave out every X``."""

    kind: Literal["leave_out"] = "leave_out"
    players: int
    attribute: str
    values: tuple[str, ...]


class ZoneDecl(Clause):
    kind: Literal["zone"] = "zone"
    name: str
    per_player: bool
    visibility: Literal["public", "hidden", "owner", "top"]  # top: only the top of the pile is seen
    start: Optional[Literal["in_play", "left_out"]] = None
    start_component: Optional[str] = None  # ``holds every X``: all of component X start here
    stacked: bool = False  # items keep the order they arrived in; the last is the top
    size_unseen: bool = False  # who may not see the contents does not see how many there are either


class CounterDecl(Clause):
    kind: Literal["counter"] = "counter"
    name: str
    per_player: bool
    start: int


class QueueDecl(Clause):
    kind: Literal["queue"] = "queue"
    name: str


class SeatAttributeDecl(Clause):
    """``each player has a mark: cross, nought``: one value per seat, in seat order."""

    kind: Literal["seat_attribute"] = "seat_attribute"
    name: str
    values: tuple[str, ...]


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


class RegionDecl(Clause):
    name: str


class MapRow(Node):
    label: str
    cells: tuple[str, ...]
    cell_columns: tuple[int, ...]


class FaceDecl(Clause):
    name: str
    condition: Optional[Expr] = None
    rows: tuple[MapRow, ...]


class MarkDecl(Clause):
    letter: str
    name: str


class BoardDecl(Clause):
    """A square grid (rows named by one attribute, columns by another) or a triangle lattice."""

    kind: Literal["board"] = "board"
    name: str
    lattice: Literal["grid", "triangles"] = "grid"
    row_attribute: str = ""  # the attribute naming the rows, or with first_row the name of the row number
    first_row: Optional[int] = None  # `rows row 1..6`: numbered rows
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
    faces: tuple[FaceDecl, ...]


class ShapeDecl(Clause):
    """``shape NAME: (row, col), ...``: a tile's cells on a triangle lattice; (0, 0) points up."""

    kind: Literal["shape"] = "shape"
    name: str
    cells: tuple[tuple[int, int], ...]


class FitDecl(Clause):
    kind: Literal["fit"] = "fit"
    component: str
    board: str
    condition: Optional[Expr] = None


class SetupDecl(Clause):
    kind: Literal["setup"] = "setup"
    name: str = "setup"
    body: tuple[Stmt, ...]


class TurnsDecl(Clause):
    kind: Literal["turns"] = "turns"
    name: str = "turns"
    first_seat: int
    step: str
    skip_var: Optional[str] = None
    skip_when: Optional[Expr] = None


class Param(Node):
    name: str
    type: str


class DefineDecl(Clause):
    """``define NAME(PARAM: TYPE, ...): EXPR``: a named condition or value, used like a built-in function
    (``NAME(x)``, or just ``NAME`` without parameters)."""

    kind: Literal["define"] = "define"
    name: str
    params: tuple[Param, ...] = ()
    body: Expr


class StepDecl(Clause):
    kind: Literal["step"] = "step"
    name: str
    params: tuple[Param, ...]
    body: tuple[Stmt, ...]


class Binding(Node):
    var: str
    domain: Expr


class OptionChoice(Clause):
    name: str
    template: str
    bindings: tuple[Binding, ...] = ()
    guard: Optional[Expr] = None
    body: tuple[Stmt, ...] = ()


class ChoiceDecl(Clause):
    kind: Literal["choice"] = "choice"
    name: str
    params: tuple[Param, ...]
    by: Optional[Expr]  # None: any player may act (a claim window), or each player at once (``together``)
    options: tuple[OptionChoice, ...]
    together: bool = False  # `by each player`: every seat chooses in secret, resolved together
    together_where: Optional[Expr] = None  # `by each player where C`: only the seats for which C holds


class Outcome(Node):
    template: str
    var: str
    draw_from: Optional[Expr] = None
    faces: tuple[str, ...] = ()
    pick_from: Optional[Expr] = None  # uniform over the elements of a collection
    pick_where: Optional[Expr] = None  # ... that meet this condition


class ChanceDecl(Clause):
    kind: Literal["chance"] = "chance"
    name: str
    params: tuple[Param, ...]
    outcome: Outcome
    body: tuple[Stmt, ...]


class Event(Node):
    """``when placed on BOARD [as CAUSE, ...]``."""

    board: str
    causes: tuple[str, ...] = ()


class TriggerDecl(Clause):
    kind: Literal["trigger"] = "trigger"
    name: str
    event: Event
    body: tuple[Stmt, ...]


class InsteadDecl(Clause):
    kind: Literal["instead"] = "instead"
    name: str
    step: str
    params: tuple[str, ...]
    condition: Expr
    body: tuple[Stmt, ...]


class EndDecl(Clause):
    kind: Literal["end"] = "end"
    name: str
    timing: Literal["after_step", "turn_start"]
    each_var: Optional[str] = None
    each_domain: Optional[Expr] = None
    condition: Expr
    winner: Optional[Expr] = None
    then_step: Optional[str] = None  # run before the game is scored
    then_args: tuple[Expr, ...] = ()


class ScoreDecl(Clause):
    kind: Literal["score"] = "score"
    name: str
    var: str
    value: Expr


class RankingKey(Node):
    key: Literal["winner_first", "lowest", "highest", "ties_share", "lot"]
    score: Optional[str] = None


class RankingDecl(Clause):
    kind: Literal["ranking"] = "ranking"
    name: str = "ranking"
    keys: tuple[RankingKey, ...]


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


class InvariantDecl(Clause):
    kind: Literal["invariant"] = "invariant"
    name: str
    title: str
    form: Literal["always", "on_event", "never_queue"]
    condition: Optional[Expr] = None
    event: Optional[Event] = None
    queue: Optional[str] = None
    causes: tuple[str, ...] = ()


class ItemRef(Node):
    label: str
    at: Optional[str] = None


EXAMPLE_LINES = ("players", "option", "items", "step", "counter", "setup", "action", "legal", "illegal", "over",
                 "fact", "wins", "draw", "game_over", "not_over", "ranking", "returns", "offered_exactly", "offered",
                 "offered_no", "decides", "chance_outcomes", "chance_even", "sees", "not_sees", "space_empty",
                 "space_holds", "turn_number", "turn_of", "phase", "leg", "ran", "gained", "lost", "position")


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


class ExampleDecl(Clause):
    kind: Literal["example"] = "example"
    name: str
    title: str
    lines: tuple[ExampleLine, ...]
    variants: tuple[str, ...] = ()  # `with variant ...`: the rules it is about
    with_options: tuple[tuple[str, str], ...] = ()  # `with option NAME = VALUE`


class MatchDecl(Clause):
    """``match NAME "title":`` several games (legs) in a row, each with its own options; the listed
    scores are added up over the legs and the match is ranked by the totals."""

    kind: Literal["match"] = "match"
    name: str
    title: str
    legs: tuple[tuple[str, str], ...]  # (option, value) for each leg
    totals: tuple[str, ...]


class OptionReplace(Node):
    """`replace option CHOICE.OPTION ...`: one option of a choice replaced, its other options kept."""

    kind: Literal["option_replace"] = "option_replace"
    choice: str
    option: OptionChoice


class Change(Node):
    action: Literal["add", "replace", "remove", "replace_option"]
    target: str
    declaration: Optional["Declaration"] = None


class VariantDecl(Clause):
    kind: Literal["variant"] = "variant"
    name: str
    title: str
    changes: tuple[Change, ...]


Declaration = Union[
    GameDecl, Extends, RulingDecl, OptionDecl, ComponentDecl, LeaveOut, ZoneDecl, CounterDecl, QueueDecl,
    BoardDecl, ShapeDecl, FitDecl, SetupDecl, TurnsDecl, StepDecl, ChoiceDecl, ChanceDecl, TriggerDecl, InsteadDecl,
    EndDecl, ScoreDecl, RankingDecl, InvariantDecl, ExampleDecl, VariantDecl, MatchDecl,
    OptionReplace, DefineDecl, ReturnsDecl, SeatAttributeDecl, DiceDecl,
]


class RuleFile(_Frozen):
    """One parsed rule file: its path, its text (for error messages) and its declarations."""

    path: str
    text: str
    declarations: tuple[Declaration, ...]


def declaration_name(decl: Node) -> str:
    """The name a variant uses to refer to a declaration."""
    kind = getattr(decl, "kind")
    if kind == "fit":
        return f"fit {decl.component} on {decl.board}"  # type: ignore[attr-defined]
    if kind == "leave_out":
        if not decl.players:  # type: ignore[attr-defined]
            return f"leave out every {decl.values[0]}"  # type: ignore[attr-defined]
        return f"leave out with {decl.players} players"  # type: ignore[attr-defined]
    if kind == "ruling":
        return decl.id  # type: ignore[attr-defined]
    if kind == "game":
        return "game"
    if kind == "option_replace":
        return f"{decl.choice}.{decl.option.name}"  # type: ignore[attr-defined]
    for attr in ("name",):
        value = getattr(decl, attr, None)
        if isinstance(value, str):
            return value
    return kind


