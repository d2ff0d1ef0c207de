"""The checked model's steps and what runs them: a step (automatic, a choice and its options, a chance step and
its outcome), definitions, triggers and `instead`s, and the limits and numberings of a game's decisions."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from .declarations import Cited
from .expressions import E
from .statements import S


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
    # `only when no other option is offered`: its first condition is then the HasLegalMove (``among`` the others)
    alone: bool = False


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

