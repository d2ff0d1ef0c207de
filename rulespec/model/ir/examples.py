"""The checked model's examples: their lines, and the examples a model does not run."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from ...language.ast import Loc
from .declarations import Cited
from .expressions import E


@dataclass(frozen=True)
class ExampleLine:
    what: str
    loc: Optional[Loc]
    number: Optional[int] = None
    name: Optional[str] = None
    value: Optional[str] = None
    expr: Optional[E] = None
    target: Optional[E] = None  # zone or board for "given ...: items"
    items: tuple[tuple[str, Optional[str]], ...] = ()
    args: tuple[E, ...] = ()
    position: tuple[tuple[str, int, int], ...] = ()  # `given position:` lines, each (text, line, column)
    exprs: tuple[E, ...] = ()  # seats: who wins, the ranking
    values: tuple[str, ...] = ()  # texts: actions, outcomes, draws, a component's label
    ratios: tuple[tuple[int, int], ...] = ()  # (numerator, denominator): payoffs, probabilities
    board: Optional[str] = None  # the board of a space fact
    space: Optional[int] = None  # the space's index on it (row-major)
    body: tuple["ExampleLine", ...] = ()  # `for every ...`: the lines each instance runs


@dataclass(frozen=True)
class Example(Cited):
    title: str
    lines: tuple[ExampleLine, ...]
    variants: tuple[str, ...] = ()  # the variants it is about: `with variant`, or the variant adding it
    with_options: tuple[tuple[str, str], ...] = ()  # `with option NAME = VALUE`


@dataclass(frozen=True)
class ExampleElsewhere:
    """An example the rule file declares (or its base, or one of their variants) that a model does not run."""

    name: str
    title: str
    loc: Optional[Loc]
    variants: tuple[str, ...]  # the variants it is about
    reason: str  # why it does not run here, in words: "about variant bottles, not applied"

