"""A node's shape: where it came from (``Loc``), its freezing of what the parser hands over, and a
clause's citations."""

from __future__ import annotations

import functools
from dataclasses import dataclass, fields
from typing import Optional



def _normalised(value):
    """A field's value as a frozen tree holds it: a list as a tuple, a str subclass (a Lark token) as
    a plain str, inside tuples too."""
    cls = value.__class__
    if cls is str or cls is int or value is None:
        return value
    if cls is list or cls is tuple:
        items = tuple(_normalised(item) for item in value)
        return value if cls is tuple and all(a is b for a, b in zip(items, value)) else items
    if isinstance(value, str):
        return str(value)
    return value


def after_named_step(step: str) -> str:
    """The timing of an end `checked after step STEP`."""
    return "after:" + step


def named_step_of(timing: str) -> Optional[str]:
    """The step an end of this timing is checked after (`checked after step STEP`), else None."""
    return timing[len("after:"):] if timing.startswith("after:") else None


@functools.cache
def _field_names(cls: type) -> tuple[str, ...]:
    return tuple(field.name for field in fields(cls))


@dataclass(frozen=True, kw_only=True)
class Loc:
    """Where a node starts and ends in its rule file (1-based lines and columns)."""

    file: str
    line: int
    column: int
    end_line: int
    end_column: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


@dataclass(frozen=True, kw_only=True)
class Node:
    loc: Loc

    def __post_init__(self):
        """The parser hands over lists and Lark's tokens (str subclasses); a node keeps them as tuples
        and plain str, so that a tree is hashable and compares by its text alone."""
        for name in _field_names(self.__class__):
            value = getattr(self, name)
            if value.__class__ is not str and value.__class__ is not int and value is not None:
                normal = _normalised(value)
                if normal is not value:
                    object.__setattr__(self, name, normal)


@dataclass(frozen=True, kw_only=True)
class Clause(Node):
    """A declaration that encodes part of a rulebook: it cites clause IDs and rulings."""

    cites: tuple[str, ...] = ()
    rulings: tuple[str, ...] = ()
