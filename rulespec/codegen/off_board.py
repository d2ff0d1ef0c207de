"""Where a space may be none: past the board's edge (`neighbour of s towards d` at the edge).

A space that is none is neither empty nor occupied and holds nothing, whichever way it reaches a test:
written in place, passed to a definition, or given back by one. The generator writes a none-safe test only
where the space can be none, so the usual walk over a board's spaces keeps its plain table look-ups. What
can be none: a neighbour; a definition's parameter that some use passes a space which can be none; a
definition whose value can be none; an `if ... then ... else` of those; a `let` name given one of those. Worked out over the whole model
once (a definition passing its parameter on to another makes that one's parameter none too).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Iterator

from ..model import ir


@dataclass(frozen=True)
class OffBoard:
    """The definitions' parameters that can be passed none, and the definitions that can give none."""

    params: frozenset[tuple[str, str]] = frozenset()  # (definition, parameter)
    definitions: frozenset[str] = frozenset()

    def params_of(self, definition: str) -> frozenset[str]:
        return frozenset(name for owner, name in self.params if owner == definition)


def may_be_none(e: ir.E, names: frozenset[str], definitions: frozenset[str]) -> bool:
    """Whether the space ``e`` can be none, where ``names`` are the variables that can be."""
    if isinstance(e, ir.Neighbour):
        return True
    if isinstance(e, ir.Var):
        return e.name in names
    if isinstance(e, ir.DefinedValue):
        return e.name in definitions
    if isinstance(e, ir.Conditional):
        return may_be_none(e.then, names, definitions) or may_be_none(e.otherwise, names, definitions)
    return False


def off_board(model: ir.Model) -> OffBoard:
    """Which parameters and definitions of ``model`` can be none, to a fixed point."""
    definitions = {d.name: d for d in model.definitions}
    rest = tuple(_uses(dataclasses.replace(model, definitions=())))
    uses = {d.name: tuple(_uses(d.value)) for d in model.definitions}
    params: set[tuple[str, str]] = set()
    giving: set[str] = set()
    lets = tuple(_lets(model))
    let_names: set[str] = set()  # (by name over the whole model: a name some `let` gives none may be none)
    changed = True
    while changed:
        before = (len(params), len(giving), len(let_names))
        found = frozenset(giving)
        for name, definition in definitions.items():
            names = frozenset(p for owner, p in params if owner == name)
            if may_be_none(definition.value, names, found):
                giving.add(name)
            _passed(uses[name], names, found, definitions, params)
        let_names.update(let.name for let in lets if may_be_none(let.value, frozenset(let_names), found))
        _passed(rest, frozenset(let_names), found, definitions, params)
        changed = (len(params), len(giving), len(let_names)) != before
    return OffBoard(frozenset(params), frozenset(giving))


def _passed(calls, names, giving, definitions, params: set) -> None:
    for call in calls:
        definition = definitions.get(call.name)
        if definition is None:
            continue
        for param, arg in zip(definition.params, call.args):
            if may_be_none(arg, names, giving):
                params.add((call.name, param.name))


def _lets(node) -> Iterator[ir.Let]:
    """Every `let` of the steps, options, triggers and replacements of ``node`` (a model)."""
    if isinstance(node, ir.Let):
        yield node
    elif isinstance(node, (tuple, list)):
        for v in node:
            yield from _lets(v)
    elif dataclasses.is_dataclass(node) and not isinstance(node, type) and not isinstance(node, ir.E):
        for f in dataclasses.fields(node):
            yield from _lets(getattr(node, f.name))


def _uses(node) -> Iterator[ir.DefinedValue]:
    """Every use of a definition inside ``node`` (a model, a declaration, a statement or a value)."""
    if isinstance(node, ir.DefinedValue):
        yield node
    if isinstance(node, (tuple, list)):
        for v in node:
            yield from _uses(v)
    elif dataclasses.is_dataclass(node) and not isinstance(node, type):
        for f in dataclasses.fields(node):
            yield from _uses(getattr(node, f.name))
