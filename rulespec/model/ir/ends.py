"""The checked model's ends and scoring: ends, scores, the ranking, the returns, invariants and a match."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from .declarations import Cited
from .expressions import E
from .steps import Event


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
    loser: bool = False  # `loser p`: ``winner`` names the seat that loses; every other seat wins (they share)


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
    between: Optional[tuple] = None  # declared `between L and H` (ints or Fractions): each seat's payoff lies in it


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

