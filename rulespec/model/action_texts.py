"""Every action text a game could ever offer, as patterns from its choice and chance templates.

An example's action text (`when "..."`, `then "..." is legal`, `is not legal`, the offered actions)
must be one that some option template of some step can produce: a misspelt action is never legal,
so `then "player 1: plya blue 3" is not legal` would pass and assert nothing. The checker refuses
such a text at its position, with the closest text the templates give as a did-you-mean.

A template's `{name}` reads, by the name's type: a component's label (items), `player N` (seats), a
space's label (spaces), several space labels (a placement on a board of triangles), a whole number,
or the listed words of its binding; a value the text works out (`{col of c}`), or any other type,
reads as any text.
"""

from __future__ import annotations

import itertools
import string
from dataclasses import dataclass
from typing import Iterable, Optional, Sequence

from ..lib.suggestions import Candidates
from ..lib.template_matching import AnyText, Digits, Repeated, Template, one_of, wild
from . import ir

LOT = "lot: player {}"  # the runtime's chance step that breaks a tie for first place (runtime.engine)
HINT_TEXTS = 20000  # how many filled-in texts a did-you-mean compares at most


def board_labels(board: ir.Board) -> list[str]:
    """The label of every space of ``board``, as actions print them (runtime BoardInfo.label)."""
    if board.lattice == "triangles":
        return [f"{row}c{col}" for row in board.row_values for col in board.column_values]
    if board.lattice == "graph":  # a graph's spaces are its rows, one column: each by its name
        return [str(row) for row in board.row_values]
    return [f"{row} {col}" for row in board.row_values for col in board.column_values]


@dataclass(frozen=True)
class _Template:
    text: str  # as written, `play {tile}`
    chance: bool
    matcher: Template
    domains: tuple[Optional[tuple[str, ...]], ...]  # per field, its texts (None: any text)
    parsed: tuple[tuple[str, Optional[str]], ...]

    def filled(self, limit: int) -> list[str]:
        """Texts of this template with every field filled in (a free field stays `{name}`), at most ``limit``."""
        domains = [d if d is not None else ("{" + (f or "") + "}",)
                   for d, f in zip(self.domains, (f for _, f in self.parsed if f is not None))]
        texts = []
        for combination in itertools.islice(itertools.product(*domains), limit):
            values = iter(combination)
            texts.append("".join(lit + (next(values) if field is not None else "") for lit, field in self.parsed))
        return texts


class ActionTexts:
    """The patterns of every action text of a checked game (a model's steps, components and boards)."""

    def __init__(self, steps: Sequence[ir.Step], item_labels: Iterable[str], boards: Sequence[ir.Board]):
        self.item_labels = tuple(dict.fromkeys(item_labels))
        self.spaces = {b.name: tuple(board_labels(b)) for b in boards}
        self.boards = {b.name: b for b in boards}
        self.templates: list[_Template] = []
        self._hint_texts: dict[bool, Candidates] = {}
        for step in steps:
            types = {p.name: p.type for p in step.params}
            if step.kind == "choice":
                for option in step.options:
                    option_types = dict(types, **{b.var: b.type for b in option.bindings})
                    words = {b.var: tuple(str(v) for v in b.domain.values) for b in option.bindings
                             if isinstance(b.domain, ir.AttributeValues)}
                    self._add(option.template, option_types, words, dict(option.shown), chance=False)
            elif step.kind == "chance" and step.outcome is not None:
                outcome = step.outcome
                faces = {outcome.var: tuple(str(f) for f in outcome.faces)} if outcome.faces else {}
                self._add(outcome.template, dict(types, **dict.fromkeys(outcome.names, outcome.var_type)), faces,
                          dict(outcome.shown), chance=True)
        self._add(LOT.replace("player {}", "{player}"), {"player": ir.SEAT}, {}, {}, chance=True)

    def _domain(self, type_: str, words: Optional[tuple[str, ...]]) -> Optional[tuple[str, ...]]:
        if words is not None:
            return words
        if type_ == ir.ITEM:
            return self.item_labels
        if type_ == ir.SEAT:
            return None  # `player N`: matched by its own pattern, any N the example seats
        if type_.startswith("space:"):
            return self.spaces.get(type_.split(":", 1)[1])
        return None

    def _worked_out(self, e: ir.E) -> Optional[tuple[str, ...]]:
        """The texts a value worked out in a template can read, when the model lists them (else any text)."""
        if isinstance(e, ir.Const):
            return (str(e.value),)
        if isinstance(e, ir.SeatAttr):
            return tuple(dict.fromkeys(e.values))
        if isinstance(e, ir.SpaceAttr) and e.board in self.boards:
            board = self.boards[e.board]
            if e.attr == board.row_attribute:
                return tuple(dict.fromkeys(str(v) for v in board.row_values))
            if e.attr == board.column_attribute:
                return tuple(dict.fromkeys(str(v) for v in board.column_values))
        return None

    def _add(self, template: str, types: dict, words: dict, shown: dict, chance: bool) -> None:
        parsed = [(literal, field) for literal, field, _, _ in string.Formatter().parse(template)]
        parts, domains = [], []
        for literal, field in parsed:
            parts.append(literal)
            if field is None:
                continue
            type_ = types.get(field, "") if field not in shown else ""
            domain = self._domain(type_, words.get(field)) if field not in shown else self._worked_out(shown[field])
            domains.append(domain)
            parts.append(self._field(type_, domain))
        self.templates.append(_Template(template, chance, Template(parts), tuple(domains),
                                        tuple((lit, f) for lit, f in parsed)))

    def _field(self, type_: str, domain: Optional[tuple[str, ...]]):
        """What a field of ``type_`` reads: its listed texts, `player N`, a whole number, space labels or any text."""
        if domain is not None:
            return one_of(domain)
        if type_ == ir.SEAT:
            return Digits(lead="player ", first="123456789")
        if type_ == ir.INT:
            return Digits(signed=True)
        board = type_.split(":", 1)[1] if type_.startswith("placement:") else None
        if board in self.spaces:
            return Repeated(one_of(self.spaces[board]))
        return AnyText()

    @staticmethod
    def split(text: str) -> tuple[Optional[int], bool, str]:
        """(seat number from 1, chance?, the choice's own text) of an action as str(Action) prints it;
        (None, False, text) for a text that is neither `player N: ...` nor `chance: ...`."""
        text = text.strip()
        if text.startswith("chance:"):
            return None, True, text[len("chance:"):].strip()
        head, colon, rest = text.partition(":")
        if colon and head.startswith("player ") and head[7:].strip().isdigit():
            return int(head[7:].strip()), False, rest.strip()
        return None, False, text

    def matches(self, choice: str, chance: bool) -> bool:
        return any(t.chance == chance and t.matcher.fullmatch(choice) for t in self.templates)

    def has_template(self, written: str, chance: bool) -> bool:
        """Whether ``written``, with `{...}` fields standing for any value, is one of the templates or one of
        them with some of its fields filled in (`play {t} on blue 2` of `play {t} on {s}`)."""
        return any(t.chance == chance and wild(t.text).fullmatch(written) for t in self.templates)

    def suggestion(self, text: str, seat: Optional[int], chance: bool) -> Optional[str]:
        """The closest text any template gives (as a whole action, `player N: ...`), or None."""
        prefix = "chance: " if chance else f"player {seat or 1}: "
        close = self._candidates(chance).closest(self.split(text)[2], n=1, cutoff=0.5)
        return prefix + close[0] if close else None

    def _candidates(self, chance: bool) -> Candidates:
        """The filled-in texts a did-you-mean compares with (at most HINT_TEXTS), made once per checker;
        how many it compares is bounded by the check's budget (rulespec/lib/suggestions.py)."""
        made = self._hint_texts.get(chance)
        if made is None:
            texts: list[str] = []
            for template in self.templates:
                if template.chance == chance:
                    texts += template.filled(max(1, HINT_TEXTS - len(texts)))
            made = self._hint_texts[chance] = Candidates(texts)
        return made

    def shown(self, chance: bool) -> list[str]:
        """The templates, as a reader knows them: `play {tile}`."""
        return [t.text for t in self.templates if t.chance == chance]
