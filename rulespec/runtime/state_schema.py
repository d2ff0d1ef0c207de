"""The shape of a state's JSON (what ``state.to_json()`` writes), as pydantic types.

Every part's type, and each bound that holds for any game (a seat of at most LIMIT.players, an item
below LIMIT.items, a counter within its range, a name as the rule language spells it), is checked here
by pydantic; what depends on the game (the steps, zones, counters and options it declares, the player
count, every item in exactly one place) is checked afterwards by rulespec/runtime/state_check.py.
A ValidationError becomes one InvalidState at its place (``state.zones[3][1]: is a boolean (True), not
an item``): each type carries a ``Says`` with the words for it. Imported only when a state or a
position is read (pydantic is not part of ``import rulespec``).

The site publishes ``state_json_schema()`` (reference/schemas.md).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from functools import lru_cache
from typing import Annotated, Any, Literal, Optional, Union, get_args, get_origin, get_type_hints

from pydantic import ConfigDict, Discriminator, Field, StrictInt, StrictStr, Tag, TypeAdapter, ValidationError
from typing_extensions import NotRequired, TypedDict, is_typeddict

from ..lib.limits import LIMIT
from .numbers import COUNTER_LIMIT

MOST_COUNTED = COUNTER_LIMIT  # a rule's count: more than any run plays (and a counter's range)
MOST_LEGS = 1_000  # legs of a match (a match lists its legs in the rule file)
TEXT = 10_000  # characters in a text of a state: an action, a violation, a word argument
# A name of the rule language; a cause (of a move, of a pending step) is one (`move X to Y as NAME`, a
# queue) or the runtime's own (turn, setup, end; a position's `given`).
NAME_PATTERN = rf"^[A-Za-z_][A-Za-z0-9_]{{0,{LIMIT.name_length - 1}}}$"


@dataclass(frozen=True)
class Says:
    """The words for a value of this type, in an InvalidState: ``noun`` when it is of another type;
    ``range`` (with ``{value}``) when it is out of bounds (``above``: over the top only); ``text`` when a
    string does not fit."""
    noun: str
    range: Optional[str] = None
    above: Optional[str] = None
    text: Optional[str] = None


@dataclass(frozen=True)
class Parts:
    """The words for an object's keys: ``what`` its keys are (``parts of a state``)."""
    what: str


def _kind(value: Any) -> Optional[str]:
    """A counter or a step argument's tag: which of the union's types ``value`` is of (None: neither)."""
    return {int: "int", str: "str", list: "list"}.get(value.__class__)


Seat = Annotated[StrictInt, Field(ge=0, lt=LIMIT.players),
                 Says("a seat (an int)", range=f"seat {{value}} is out of range: no game seats more than "
                                               f"{LIMIT.players} players (seats 0 to {LIMIT.players - 1})")]
Item = Annotated[StrictInt, Field(ge=0, lt=LIMIT.items),
                 Says("an item", range=f"item {{value}} does not exist: items are numbered 0 to {LIMIT.items - 1}")]
Cell = Annotated[StrictInt, Field(ge=-1, lt=LIMIT.items),
                 Says("a cell's content: a cell holds -1 (empty) or an item (an int)",
                      range="is {value}: a cell holds -1 (empty) or an item")]
Name = Annotated[StrictStr, Field(pattern=NAME_PATTERN), Says("a name (a string)", text="not a name of the rule language")]
Cause = Annotated[StrictStr, Field(pattern=NAME_PATTERN),
                  Says("a cause (a string)", text="a cause is a name (of the rule file's `as NAME`, a queue, or the "
                                                  "runtime's turn, setup, end)")]
Text = Annotated[StrictStr, Field(max_length=TEXT), Says("a string", text=f"longer than {TEXT:,} characters")]
CounterValue = Annotated[StrictInt, Field(ge=-COUNTER_LIMIT, le=COUNTER_LIMIT),
                         Says("an int", range=f"is {{value}}, out of a counter's range (-{COUNTER_LIMIT:,} to "
                                              f"{COUNTER_LIMIT:,})")]
Count = Annotated[StrictInt, Field(ge=0, le=MOST_COUNTED),
                  Says("an int", above=f"is {{value}}; no rule fires more than {MOST_COUNTED:,} times")]
Counter = Annotated[Union[Annotated[CounterValue, Tag("int")], Annotated[list[CounterValue], Tag("list")]],
                    Discriminator(_kind),
                    Says("not an int (nor a list of ints, for a counter per player or per space)"),
                    Field(description="a counter's value, or one per seat for a counter per player, or one per "
                                      "space of its board for a counter per space")]
Argument = Annotated[Union[Annotated[CounterValue, Tag("int")], Annotated[Text, Tag("str")]],
                     Discriminator(_kind),
                     Says("not an argument: a step's argument is an int (a seat, item, space or number) or a "
                          "string (a word)")]
PositionKey = Annotated[StrictStr, Field(pattern=r"^[0-9a-f]{32}$"),
                        Says("a position key (a string)", text="not a position key: 32 hex digits")]
Frame = Annotated[
    tuple[Annotated[StrictStr, Field(max_length=LIMIT.name_length + 8), Says("a step's name (a string)")],
          Annotated[list[Argument], Field(max_length=1_000)],
          Seat,
          Annotated[StrictStr, Field(max_length=TEXT),
                    Says("a cause (a string)", text="a cause is a name, or the JSON of a finished game's result")],
          Annotated[list[Name], Field(max_length=1_000)]],
    Parts("step, arguments, actor, cause, replacements applied"),
    Field(description="a pending step: [step, arguments, actor (a seat), cause, replacement effects applied]")]


class Over(TypedDict):
    """A finished game's result (Engine._end): the end reached, the winners' seats, the citations of the end,
    and the seat that won a draw of lots."""
    __pydantic_config__ = ConfigDict(extra="forbid")
    end: Name
    winners: Annotated[list[Seat], Field(max_length=LIMIT.players)]
    cites: Annotated[list[Text], Field(max_length=1_000)]
    lot: NotRequired[Seat]


class Leg(TypedDict):
    """A leg of a match played before this one (Engine._next_leg)."""
    __pydantic_config__ = ConfigDict(extra="forbid")
    end: Name
    winners: Annotated[list[Seat], Field(max_length=LIMIT.players)]
    options: dict[Name, Text]
    scores: dict[Name, Annotated[list[CounterValue], Field(max_length=LIMIT.players)]]


class StateDocument(TypedDict):
    """The JSON of a state, as ``state.to_json()`` writes it and ``game.from_json(text)`` reads it back."""
    __pydantic_config__ = ConfigDict(extra="forbid", title="rulespec state")
    game: Annotated[Text, Field(description="the game's id")]
    variants: Annotated[list[Name], Field(max_length=LIMIT.variants, description="the variants applied")]
    players: Annotated[StrictInt, Field(ge=1, le=LIMIT.players)]
    options: Annotated[dict[Name, Text], Field(description="each option's value")]
    phase: Annotated[Literal["setup", "play"], Says("a phase (a string)", text="not one of the phases setup, play")]
    turn_seat: Seat
    # (its top is the game's: a declared `at most N turns`, else MOST_COUNTED; state_check says which)
    turn_number: Annotated[StrictInt, Field(ge=0)]
    next_seat: Optional[Seat]
    leg: Annotated[StrictInt, Field(ge=0, lt=MOST_LEGS, description="the leg of a match under way (0 outside one)")]
    legs: Annotated[list[Leg], Field(max_length=MOST_LEGS)]
    zones: Annotated[list[Annotated[list[Item], Field(max_length=LIMIT.items)]], Field(
        description="the items in each zone, zones in the engine's order (a zone per seat for one per player)")]
    boards: Annotated[list[Annotated[list[Cell], Field(max_length=LIMIT.board_cells)]], Field(
        description="each board's spaces: the item there (a tile covers several), or -1")]
    causes: Annotated[list[Annotated[list[Optional[Cause]], Field(max_length=LIMIT.board_cells)]], Field(
        description="each board's spaces: the cause of the move that put its item there, or null")]
    counters: dict[Name, Counter]
    queues: dict[Name, list[Frame]]
    stack: Annotated[list[Frame], Field(description="the steps under way, bottom first")]
    over: Optional[Over]
    history: Annotated[list[Text], Field(description="the actions played (`player N: ...`, `chance: ...`)")]
    violations: Annotated[list[Text], Field(description="invariants found failing during play")]
    fired: Annotated[dict[Annotated[Text, Field(max_length=200)], Count], Field(
        description="how often each step, option, trigger and replacement fired")]
    chosen: Annotated[list[Annotated[tuple[Seat, Text], Parts("seat, the text it chose")]], Field(
        max_length=LIMIT.players, description="a simultaneous decision's secret choices so far")]
    attributes: NotRequired[Annotated[dict[Name, Annotated[list[Optional[Union[StrictInt, Text]]], Field(
        max_length=LIMIT.items)]], Field(description="each attribute declared `can change`: every item's value "
                                                     "now, by item (null: the item has no such attribute)")]]
    seen: NotRequired[Annotated[list[Annotated[tuple[PositionKey, Annotated[Count, Field(ge=1)]],
                                               Parts("position key, times seen")]], Field(
        description="a game that counts positions (`the position has occurred N times`): each position seen at "
                    "a turn start and how often, the current turn's last (rulespec/runtime/repetition.py)")]]
    seen_on: NotRequired[Annotated[dict[Name, list[Annotated[tuple[PositionKey, Annotated[Count, Field(ge=1)]],
                                                         Parts("position key, times seen")]]], Field(
        description="a game that counts a board's positions (`the position on B has occurred N times`): per board, "
                    "each position of its spaces seen at a turn start and how often, the current turn's last")]]


_PARTS = {StateDocument: "parts of a state", Over: "parts of a finished game's result", Leg: "parts of a leg"}


@lru_cache(maxsize=None)
def state_adapter() -> TypeAdapter:
    return TypeAdapter(StateDocument)


@lru_cache(maxsize=None)
def over_adapter() -> TypeAdapter:
    """A finished game's result, as a draw of lots or an end's closing step records it (their cause)."""
    return TypeAdapter(Over)


def state_json_schema() -> dict:
    """The JSON Schema of a state's JSON (published on the site)."""
    return state_adapter().json_schema()


# ----------------------------------------------------------------------------- errors as InvalidState


def _unwrap(tp: Any) -> tuple[Any, list]:
    """``tp`` without Annotated, NotRequired and Optional, and the metadata they carried."""
    meta: list = []
    while True:
        if get_origin(tp) is Annotated:
            meta.extend(tp.__metadata__)
            tp = tp.__origin__
        elif get_origin(tp) is NotRequired:
            tp = get_args(tp)[0]
        elif get_origin(tp) is Union and type(None) in get_args(tp) and len(get_args(tp)) == 2:
            tp = next(a for a in get_args(tp) if a is not type(None))
        else:
            return tp, meta


def _walk(loc: tuple) -> tuple[str, list[tuple[Any, list]]]:
    """The path of ``loc`` as InvalidState writes it (``state.queues.bonuses[0][1]``), and the types met
    along it (each unwrapped, with its metadata), the root's first. A dictionary's key (pydantic's loc
    ``(..., key, "[key]")``) is its dictionary's path, and the key's type."""
    path, tp, types = "state", StateDocument, []
    for i, part in enumerate(loc):
        if part == "[key]":
            continue
        tp, meta = _unwrap(tp)
        types.append((tp, meta))
        if any(isinstance(m, Discriminator) for m in meta):  # the union's tag: no part of the path
            tp = next(a for a in get_args(tp) if any(getattr(m, "tag", None) == part for m in _unwrap(a)[1]))
            continue
        if i + 1 < len(loc) and loc[i + 1] == "[key]":
            tp = get_args(tp)[0]
            continue
        path += f"[{part}]" if isinstance(part, int) else f".{part}" if part.isidentifier() else f"[{part!r}]"
        if is_typeddict(tp):
            tp = get_type_hints(tp, include_extras=True).get(part, Any)
        elif get_origin(tp) is tuple:
            args = get_args(tp)
            tp = args[part] if isinstance(part, int) and part < len(args) else Any
        elif get_origin(tp) is dict:
            tp = get_args(tp)[1]
        elif get_origin(tp) is list:
            tp = get_args(tp)[0]
    types.append(_unwrap(tp))
    return path, types


def _number(value: int) -> str:
    """An int as a message shows it: str() of one of more than 4,300 digits raises; its size is told instead."""
    return f"{value:,}" if abs(value) < 10**30 else f"a number of about {int(abs(value).bit_length() * 0.30103) + 1:,} digits"


def kind(value: Any) -> str:
    return {dict: "an object", list: "a list", tuple: "a list", str: "a string", bool: "a boolean", int: "an int",
            float: "a number with a fraction", type(None): "null"}.get(type(value), type(value).__name__)


def short(value: Any, limit: int = 60) -> str:
    if value.__class__ is int:
        return _number(value)
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "..."


_CONTAINER = {"list_type": "a list", "tuple_type": "a list", "dict_type": "an object", "model_type": "an object"}
_TYPE = {"int_type": "an int", "string_type": "a string", "bool_type": "a boolean", **_CONTAINER}
_RANGE = ("greater_than", "greater_than_equal", "less_than", "less_than_equal")


def _keys(tp: Any) -> str:
    return ", ".join(get_type_hints(tp)) if is_typeddict(tp) else ""


def json_problem(error: dict) -> str:
    """What is wrong with a text pydantic's JSON reader refused."""
    message = str((error.get("ctx") or {}).get("error", error["msg"]))
    if "recursion limit" in message:
        return "the JSON text is nested too deeply to be a state"
    if "number out of range" in message:
        return f"holds a number of more than {sys.get_int_max_str_digits():,} digits, which no state holds"
    return f"not JSON text: {message}"


def placed_problem(error: dict) -> tuple[str, str]:
    """One of pydantic's errors (``ValidationError.errors()``) as the path and reason of an InvalidState."""
    kind_, loc, value = error["type"], tuple(error["loc"]), error.get("input")
    ctx = error.get("ctx") or {}
    if kind_ == "json_invalid":
        return "state", json_problem(error)
    path, types = _walk(loc)
    tp, meta = types[-1]
    says = next((m for m in meta if isinstance(m, Says)), None)
    if loc and loc[-1] == "[key]":
        if kind_ in _TYPE:
            return path, f"has the key {short(value)}, not {_TYPE[kind_]}"
        return path, f"has the key {short(value)}: {says.text if says and says.text else error['msg']}"
    if kind_ == "missing":
        parent, parent_meta = types[-2]
        if get_origin(parent) is tuple:  # (a list of fixed length, cut short)
            parts = next((m.what for m in parent_meta if isinstance(m, Parts)), "")
            return path.rsplit("[", 1)[0], f"has {loc[-1]} entries, not {len(get_args(parent))} ({parts})"
        return path, f"is missing ({_PARTS.get(parent, 'parts')}: {_keys(parent)})"
    if kind_ == "extra_forbidden":
        parent = types[-2][0]
        return path, f"is not one of the {_PARTS.get(parent, 'parts')} ({_keys(parent)})"
    if kind_ == "too_long" and get_origin(tp) is tuple:
        parts = next((m.what for m in meta if isinstance(m, Parts)), "")
        return path, f"has {ctx.get('actual_length')} entries, not {len(get_args(tp))} ({parts})"
    if kind_ in ("too_long", "too_short") and value.__class__ in (list, dict, tuple):
        bound = ctx.get("max_length", ctx.get("min_length"))
        return path, f"has {len(value):,} entries, {'more' if kind_ == 'too_long' else 'fewer'} than {bound:,}"
    if kind_ in _CONTAINER:
        return path, f"is {kind(value)}, not {_CONTAINER[kind_]}"
    if kind_ in ("union_tag_not_found", "union_tag_invalid"):  # a counter's or an argument's value of no kind
        return path, f"is {kind(value)} ({short(value)}), {says.noun if says else error['msg']}"
    if kind_ in _TYPE or kind_.endswith("_type"):
        noun = says.noun if says else _TYPE.get(kind_, "")
        return path, f"is {kind(value)} ({short(value)}), not {noun}"
    if kind_ in _RANGE:
        if says and (says.range or (says.above and kind_.startswith("less"))):
            return path, (says.range or says.above).format(value=_number(value))
        if kind_.startswith("greater"):
            return path, f"is {_number(value)}, below {ctx.get('ge', ctx.get('gt'))}"
        return path, f"is {_number(value)}, above {_number(ctx.get('le', ctx.get('lt')))}"
    if says and says.text:
        return path, f"is {short(value)}: {says.text}"
    return path, f"is {short(value)}: {error['msg']}"


def first_problem(error: ValidationError) -> tuple[str, str]:
    """The path and reason of the first problem pydantic found."""
    return placed_problem(error.errors(include_url=False, include_context=True)[0])
