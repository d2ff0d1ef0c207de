"""The declarations of a rule file: a game, its components, zones, boards, steps, choices, chance, ends."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal, Optional, Union

from .nodes import after_named_step, Loc, Node, Clause
from .expressions import Expr
from .statements import Stmt


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
    visibility: Literal["public", "hidden", "owner", "others", "top"]  # top: only the top of the pile is seen;
    # others: every seat but the zone's owner sees it
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
    visibility: Literal["public", "hidden", "owner", "others"]
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
    loser: bool = False  # `loser p`: ``winner`` names the seat that loses; every other seat wins (they share)
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
    between: Optional[tuple[Union[int, Fraction], ...]] = None  # `between L and H`: the least and most a seat gets
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
