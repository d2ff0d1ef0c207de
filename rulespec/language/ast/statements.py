"""The statements of a rule file's steps."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Optional, Union

from .nodes import Node
from .expressions import Expr


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
