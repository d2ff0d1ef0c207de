"""A definition called with written values worked out before play (issue #40): the newcomer's Crazyhouse says what a
pawn made a queen is by a definition of words, `promoted(k)` (`if k = queen then promoted_queen else if ...`), and
asks `is_a(s, king)`, whose value `kind of occupant of s = k or kind of occupant of s = promoted(k)` reads it. With
`k` the written `king`, `promoted(king)` is the word `king` whatever the state: no call to make at each space.

fold(e) gives ``e`` with every such call replaced by its value: a use of a definition whose arguments are all
written values (after folding) and whose value, with them put in, folds to a written value itself; an `if` whose
condition folds to a truth value by its branch; `=` and `!=` between two written values of one kind by their
truth; `and`, `or` and `not` over written truths by what they mean (a part that cannot change the answer left
out, and a part written twice kept once). Nothing that reads the state is ever folded, so the value is the same in
every state: the generator may then write the definition using it out in place (codegen/expressions.py inlined).
"""

from __future__ import annotations

import dataclasses
from typing import Optional

from . import ir
from .reads import substitute

_DEPTH = 8  # definitions folded inside one another at most


def fold(e: ir.E, definitions: dict[str, ir.Definition], depth: int = 0) -> ir.E:
    """``e`` with its calls of written values, and what they decide, worked out (see the module)."""
    changes = {}
    for f in dataclasses.fields(e):
        value = getattr(e, f.name)
        if isinstance(value, ir.E):
            folded = fold(value, definitions, depth)
            if folded is not value:
                changes[f.name] = folded
        elif isinstance(value, tuple) and any(isinstance(v, ir.E) for v in value):
            folded = tuple(fold(v, definitions, depth) if isinstance(v, ir.E) else v for v in value)
            if any(a is not b for a, b in zip(folded, value)):
                changes[f.name] = folded
    if changes:
        e = dataclasses.replace(e, **changes)
    if isinstance(e, ir.DefinedValue):
        return _call(e, definitions, depth)
    if isinstance(e, ir.Conditional) and _truth(e.condition) is not None:
        return e.then if _truth(e.condition) else e.otherwise
    if isinstance(e, ir.Compare) and e.op in ("=", "!=") and not e.order:
        left, right = e.left, e.right
        if isinstance(left, ir.Const) and isinstance(right, ir.Const) and type(left.value) is type(right.value):
            return _const(e, (left.value == right.value) == (e.op == "="))
    if isinstance(e, ir.Not) and _truth(e.operand) is not None:
        return _const(e, not _truth(e.operand))
    if isinstance(e, ir.BoolOp) and e.op in ("and", "or"):
        return _bool_op(e)
    return e


def _call(e: ir.DefinedValue, definitions: dict[str, ir.Definition], depth: int) -> ir.E:
    definition = definitions.get(e.name)
    if definition is None or depth >= _DEPTH or not all(isinstance(a, ir.Const) for a in e.args):
        return e
    value = fold(substitute(definition.value, {p.name: a for p, a in zip(definition.params, e.args)}, set()),
                 definitions, depth + 1)
    return dataclasses.replace(value, loc=e.loc, text=e.text) if isinstance(value, ir.Const) else e


def _bool_op(e: ir.BoolOp) -> ir.E:
    """`and` / `or` with the written truths that cannot change it left out, one that decides it its value, and a
    part written twice (the same but for where it is written) kept once."""
    deciding = e.op == "or"  # (a true part decides an `or`, a false one an `and`)
    kept, seen = [], set()
    for operand in e.operands:
        truth = _truth(operand)
        if truth is deciding:  # (the parts before it still run first: a rule error of theirs stays theirs)
            if not kept:
                return _const(e, deciding)
            kept.append(operand)
            break
        if truth is not None:
            continue
        key = _shape(operand)
        if key not in seen:
            seen.add(key)
            kept.append(operand)
    if not kept:
        return _const(e, not deciding)
    if len(kept) == 1:
        return kept[0]
    return e if len(kept) == len(e.operands) and all(a is b for a, b in zip(kept, e.operands)) else \
        dataclasses.replace(e, operands=tuple(kept))


def _truth(e: ir.E) -> Optional[bool]:
    return e.value if isinstance(e, ir.Const) and isinstance(e.value, bool) else None


def _const(e: ir.E, value: bool) -> ir.Const:
    return ir.Const(ir.BOOL, e.loc, e.text, value)


def _shape(e) -> object:
    """What ``e`` says, without where it is written (its loc and text): two parts alike say the same."""
    if isinstance(e, ir.E):
        return (type(e).__name__,) + tuple(_shape(getattr(e, f.name)) for f in dataclasses.fields(e)
                                           if f.name not in ("loc", "text"))
    if isinstance(e, tuple):
        return tuple(_shape(v) for v in e)
    return e
