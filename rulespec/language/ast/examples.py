"""A rule file's examples, matches and variants."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Optional

from .nodes import Node, Clause
from .expressions import Expr
from .declarations import OptionChoice


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
