"""Where a space may be none: past the board's edge (`neighbour of s towards d` at the edge).

A space that is none is neither empty nor occupied and holds nothing, whichever way it reaches a test:
written in place, passed to a definition, or given back by one. The generator writes a none-safe test only
where the space can be none, so the usual walk over a board's spaces keeps its plain table look-ups. What
can be none: a neighbour; a definition's parameter that some use passes a space which can be none (but not a use
that an `and`'s earlier part or the `if` around it says is on the board: `X is not none and f(X)`); a
definition whose value can be none; an `if ... then ... else` of those; a `let` name given one of those. Worked out over the whole model
once (a definition passing its parameter on to another makes that one's parameter none too).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Iterator

from ..model import ir
from .known_on_board import on_board_when_true, shape_names, space_shape


# A use of a definition that an `and`'s earlier part or an `if` guards with `X is not none` passes no none
# (_uses): False reads every use as it stands (the A/B of benchmarks/bench_phantom_levers.py).
GUARDED_USES = True


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
    for call, known in calls:
        definition = definitions.get(call.name)
        if definition is None:
            continue
        for param, arg in zip(definition.params, call.args):
            if may_be_none(arg, names, giving) and not (GUARDED_USES and known and space_shape(arg) in known):
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


def _uses(node, known: frozenset = frozenset()) -> Iterator[tuple[ir.DefinedValue, frozenset]]:
    """Every use of a definition inside ``node`` (a model, a declaration, a statement or a value), with the
    shapes of the spaces known to be on the board where it stands (known_on_board.py's): those an `and`'s
    earlier parts say are not none (`neighbour of s towards d is not none and holds(p, neighbour of s towards
    d)`), or the condition of the `if` whose statements hold it. Such a use passes no none: its parameter is
    not made none by it. A name bound again inside (a count's, a loop's) forgets what was known of it."""
    if isinstance(node, ir.DefinedValue):
        yield node, known
    if isinstance(node, (tuple, list)):
        for v in node:
            yield from _uses(v, known)
    elif dataclasses.is_dataclass(node) and not isinstance(node, type):
        if isinstance(node, ir.BoolOp) and node.op == "and":
            for operand in node.operands:
                yield from _uses(operand, known)
                known = known | on_board_when_true(operand)
            return
        if isinstance(node, ir.If):
            yield from _uses(node.condition, known)
            yield from _uses(node.then, known | on_board_when_true(node.condition))
            yield from _uses(node.otherwise, known)
            return
        bound = {v for v in (getattr(node, "var", None), *getattr(node, "names", ())) if isinstance(v, str)}
        if bound and known:
            known = frozenset(shape for shape in known if not bound & shape_names(shape))
        for f in dataclasses.fields(node):
            yield from _uses(getattr(node, f.name), known)
