"""The checked model's statements: what a step, an option, a trigger or an outcome carries out."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from ...language.ast import Loc
from .expressions import E


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

