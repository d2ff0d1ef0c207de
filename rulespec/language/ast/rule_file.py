"""One parsed rule file and what it declares."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Union

from .nodes import Node
from .declarations import (
    GameDecl, Extends, Removal, Renaming, RulingDecl, ClauseText, OptionDecl, ComponentDecl, LeaveOut, ZoneDecl,
    CounterDecl, QueueDecl, SeatAttributeDecl, DiceDecl, BoardDecl, ShapeDecl, FitDecl, SetupDecl, TurnsDecl,
    DefineDecl, StepDecl, ChoiceDecl, ChanceDecl, TriggerDecl, InsteadDecl, EndDecl, ScoreDecl, RankingDecl,
    ReturnsDecl, InvariantDecl,
)
from .examples import ExampleDecl, MatchDecl, OptionReplace, VariantDecl


Declaration = Union[
    GameDecl, Extends, Removal, Renaming, RulingDecl, ClauseText, OptionDecl, ComponentDecl, LeaveOut, ZoneDecl, CounterDecl, QueueDecl,
    BoardDecl, ShapeDecl, FitDecl, SetupDecl, TurnsDecl, StepDecl, ChoiceDecl, ChanceDecl, TriggerDecl, InsteadDecl,
    EndDecl, ScoreDecl, RankingDecl, InvariantDecl, ExampleDecl, VariantDecl, MatchDecl,
    OptionReplace, DefineDecl, ReturnsDecl, SeatAttributeDecl, DiceDecl,
]


@dataclass(frozen=True, kw_only=True)
class RuleFile:
    """One parsed rule file: its path, its text (for error messages) and its declarations."""

    path: str
    text: str
    declarations: tuple[Declaration, ...]
    base: Optional["RuleFile"] = None  # the file it `extends`, parsed (with its own base), once the pipeline read it


def declaration_name(decl: Node) -> str:
    """The name a variant uses to refer to a declaration."""
    kind = getattr(decl, "kind")
    if kind == "fit":
        return f"fit {decl.component} on {decl.board}"  # type: ignore[attr-defined]
    if kind == "leave_out":
        if not decl.players:  # type: ignore[attr-defined]
            return f"leave out every {decl.values[0]}"  # type: ignore[attr-defined]
        return f"leave out with {decl.players} players"  # type: ignore[attr-defined]
    if kind in ("ruling", "clause"):
        return decl.id  # type: ignore[attr-defined]
    if kind == "game":
        return "game"
    if kind == "option_replace":
        return f"{decl.choice}.{decl.option.name}"  # type: ignore[attr-defined]
    if kind == "remove":
        return f"remove {decl.target}"  # type: ignore[attr-defined]
    if kind == "rename":
        return f"rename {decl.old}"  # type: ignore[attr-defined]
    for attr in ("name",):
        value = getattr(decl, attr, None)
        if isinstance(value, str):
            return value
    return kind
