"""Matching a text against a template (`play {tile} on {space}`) in time polynomial in the text's length.

A template is literal texts and fields. A field reads one of a list of texts, a number after a fixed
lead (`player 3`, `-12`), texts separated by a separator (`blue 1 blue 2`) or any text. Python's `re`
takes exponential time on a pattern with many any-text fields and a text that nearly fits (issue #37:
a dozen `.+` and one example text kept `rulespec check` busy for minutes), so no pattern built from a
rule file or an example is given to `re`. Instead a match works out, from the end of the template back,
the set of positions of the text from which the rest of the template can still match (a set is an int,
bit p for position p): each part costs a few operations on such sets, whatever the template and text.

``Template.match`` then takes, part by part, the first end a backtracking regex with the same parts
would try (`.+` longest first, `.*?` shortest first, texts in their order, digits longest first) from
which the rest can follow; a repeated field prefers its longest run.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from typing import Iterator, Optional, Union

DIGITS = "0123456789"


@functools.lru_cache(maxsize=4096)
def occurrences(text: str, literal: str) -> int:
    """The positions where ``literal`` starts in ``text``, as bits (a text is matched against many parts)."""
    found, at = 0, text.find(literal)
    while at >= 0:
        found |= 1 << at
        at = text.find(literal, at + 1)
    return found


def _up_to(position: int) -> int:
    """The positions 0 to ``position``, as bits."""
    return (1 << (position + 1)) - 1 if position >= 0 else 0


class Field:
    """A part of a template that reads a value."""

    def ends(self, text: str, start: int) -> Iterator[int]:
        """Where the field can end when it starts at ``start``, in the order it prefers them."""
        raise NotImplementedError

    def starts(self, text: str, fits: int) -> int:
        """The positions from which the field can end at one of ``fits``."""
        raise NotImplementedError


@dataclass(frozen=True, eq=False)
class AnyText(Field):
    """Any text of at least ``shortest`` characters: the longest first (`.+`), or the shortest (`.*?`)."""

    shortest: int = 1
    lazy: bool = False

    def ends(self, text: str, start: int) -> Iterator[int]:
        first = start + self.shortest
        return iter(range(first, len(text) + 1) if self.lazy else range(len(text), first - 1, -1))

    def starts(self, text: str, fits: int) -> int:
        return _up_to(fits.bit_length() - 1 - self.shortest)


@dataclass(frozen=True, eq=False)
class OneOf(Field):
    """One of ``texts``, tried in their order; looked up by length, so thousands of texts are cheap."""

    texts: tuple[str, ...]
    by_length: dict = field(init=False, repr=False)  # length -> {text: its place in texts}

    def __post_init__(self) -> None:
        by_length: dict[int, dict[str, int]] = {}
        for index, text in enumerate(self.texts):
            by_length.setdefault(len(text), {}).setdefault(text, index)
        object.__setattr__(self, "by_length", by_length)

    def ends(self, text: str, start: int) -> Iterator[int]:
        found = []
        for length, places in self.by_length.items():
            index = places.get(text[start:start + length]) if start + length <= len(text) else None
            if index is not None:
                found.append((index, start + length))
        return (end for _, end in sorted(found))

    @functools.lru_cache(maxsize=1024)
    def found_at(self, text: str) -> tuple[tuple[int, int], ...]:
        """(length, the positions where one of the texts of that length starts, as bits), per length."""
        out = []
        for length, places in self.by_length.items():
            if len(places) <= len(text):  # few texts: find each
                bits = 0
                for option in places:
                    bits |= occurrences(text, option)
            else:  # many texts: look up each slice
                bits = sum(1 << p for p in range(len(text) - length + 1) if text[p:p + length] in places)
            out.append((length, bits))
        return tuple(out)

    def starts(self, text: str, fits: int) -> int:
        found = 0
        for length, bits in self.found_at(text):
            found |= bits & (fits >> length)
        return found


@functools.lru_cache(maxsize=1024)
def _digit_runs(text: str) -> tuple[tuple[int, int], ...]:
    """(start, end) of each run of digits of ``text``."""
    runs, at = [], 0
    while at < len(text):
        if text[at] in DIGITS:
            end = at + 1
            while end < len(text) and text[end] in DIGITS:
                end += 1
            runs.append((at, end))
            at = end
        else:
            at += 1
    return tuple(runs)


@functools.lru_cache(maxsize=1024)
def _characters_in(text: str, allowed: str) -> int:
    """The positions of ``text`` whose character is one of ``allowed``, as bits."""
    return sum(1 << p for p, character in enumerate(text) if character in allowed)


@dataclass(frozen=True, eq=False)
class Digits(Field):
    """A whole number after a fixed ``lead``: `-?[0-9]+` (``signed``), `player [1-9][0-9]*` (lead
    `player `, ``first`` 1 to 9). Its digits are read greedily, the longest first."""

    lead: str = ""
    signed: bool = False
    first: str = DIGITS

    def ends(self, text: str, start: int) -> Iterator[int]:
        heads = [start + 1, start] if self.signed and text.startswith("-", start) else [start]
        for head in heads:
            digit = head + len(self.lead)
            if text.startswith(self.lead, head) and digit < len(text) and text[digit] in self.first:
                end = next((e for s, e in _digit_runs(text) if s <= digit < e))
                yield from range(end, digit, -1)

    def starts(self, text: str, fits: int) -> int:
        first_digits = 0  # where a number can start (its first digit) and end at one of fits
        for start, end in _digit_runs(text):
            within = (fits >> (start + 1)) & ((1 << (end - start)) - 1)  # fits at start+1 .. end
            if within:  # a number starting at s ends at s+1 .. end: s up to the last fit less one
                first_digits |= _up_to(start + within.bit_length() - 1) & ~_up_to(start - 1)
        first_digits &= _characters_in(text, self.first)
        found = (first_digits >> len(self.lead)) & occurrences(text, self.lead) if self.lead else first_digits
        if self.signed:
            found |= (found >> 1) & occurrences(text, "-")
        return found


@dataclass(frozen=True, eq=False)
class Repeated(Field):
    """One or more of ``element``'s texts with ``separator`` between them (`S(?: S)*`)."""

    element: OneOf
    separator: str = " "

    def ends(self, text: str, start: int) -> Iterator[int]:
        reached, todo = set(), [start]
        while todo:
            at = todo.pop()
            for end in self.element.ends(text, at):
                if end not in reached:
                    reached.add(end)
                    if text.startswith(self.separator, end):
                        todo.append(end + len(self.separator))
        return iter(sorted(reached, reverse=True))

    def starts(self, text: str, fits: int) -> int:
        gap, separators = len(self.separator), occurrences(text, self.separator)
        found = self.element.starts(text, fits)
        while True:  # one more element in front of a run already found, until no new start appears
            more = self.element.starts(text, fits | (separators & (found >> gap)))
            if more == found:
                return found
            found = more


Part = Union[str, Field]


class Template:
    """Literal texts and fields, matched against whole texts (see the module's docstring)."""

    def __init__(self, parts: list[Part]):
        merged: list[Part] = []
        for part in parts:
            if isinstance(part, str) and merged and isinstance(merged[-1], str):
                merged[-1] += part
            elif part != "":
                merged.append(part)
        self.parts = tuple(merged)
        self.literal_length = sum(len(p) for p in self.parts if isinstance(p, str))
        self.fields = len(self.parts) - sum(1 for p in self.parts if isinstance(p, str))

    def _fits(self, text: str) -> Optional[list[int]]:
        """fits[i]: the positions from which parts i.. match the rest of the text; None if none at 0."""
        fits = [1 << len(text)]
        for part in reversed(self.parts):
            after = fits[-1]
            if isinstance(part, str):
                now = occurrences(text, part) & (after >> len(part))
            else:
                now = part.starts(text, after)
            if not now:
                return None
            fits.append(now)
        fits.reverse()
        return fits if fits[0] & 1 else None

    def fullmatch(self, text: str) -> bool:
        return self._fits(text) is not None

    def match(self, text: str) -> Optional[list[str]]:
        """The text each field reads, when the whole ``text`` matches (else None)."""
        fits = self._fits(text)
        if fits is None:
            return None
        at, found = 0, []
        for i, part in enumerate(self.parts):
            if isinstance(part, str):
                at += len(part)
                continue
            end = next(q for q in part.ends(text, at) if fits[i + 1] >> q & 1)
            found.append(text[at:end])
            at = end
        return found


_FIELD = re.compile(r"(\{[^{}]*\})")  # a `{...}` field of a template (a constant pattern: linear)


@functools.lru_cache(maxsize=1024)
def wild(template: str) -> Template:
    """A template, or an example's pattern, with every `{...}` field standing for any text (at least a
    character); made once per text (examples match many actions against the same few)."""
    return Template([AnyText() if part.startswith("{") else part for part in _FIELD.split(template) if part])


@functools.lru_cache(maxsize=1024)
def one_of(texts: tuple[str, ...]) -> OneOf:
    """A OneOf, made once per list of texts (a game's labels are listed in several templates and variants)."""
    return OneOf(texts)
