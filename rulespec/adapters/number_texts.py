"""The texts an option of numbers chosen from ranges can offer, its names walked in order (issue #40).

An action's template is numbered over the domain of each field; a name chosen from a range whose ends read
a name chosen before it (`for a in 3..17, b in a..17`: Dou dizhu's wings, lowest first) has no fixed
domain, and the product of the fields' widest domains would number far more texts than the option can
offer (8 x 15^5 for five wings). Where every name of the option is a number chosen from a range whose ends
are numbers, the options loaded or +, - of the names before it, and every field of the template is a name
or a value worked out from the names alone (`{low + 4}`), the names are walked in order as the engine
walks them, each condition that reads nothing but them, numbers and the options loaded (and definitions of
these) tested as soon as its names are chosen, and the texts of the candidates that pass are numbered, in
that order. Any other condition may hold in some state, so it removes nothing. No state is read.
"""

from __future__ import annotations

import operator
from typing import Mapping, Optional

from ..model import ir
from ..model.tree import walk

COMPARE = {"=": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le, ">": operator.gt,
           ">=": operator.ge}
ARITH = {"+": operator.add, "-": operator.sub, "*": operator.mul}

MOST_WALKED = 1_000_000  # candidates walked per option, at most (five wings of 15 ranks from 8 airplanes: 93,024)


class _NotFixed(Exception):
    """A part that a state decides (or that this reading does not know)."""


def _value(e: ir.E, env: Mapping[str, int], options: Mapping[str, str], definitions: Mapping[str, ir.Definition],
           depth: int = 0):
    if isinstance(e, ir.Const) and isinstance(e.value, (int, bool)):
        return e.value
    if isinstance(e, ir.Var) and e.name in env:
        return env[e.name]
    if isinstance(e, ir.OptionRef) and e.name in options and str(options[e.name]).lstrip("-").isdigit():
        return int(options[e.name])
    if isinstance(e, ir.Arith) and e.op in ARITH:
        left, right = (_number(x, env, options, definitions, depth) for x in (e.left, e.right))
        return ARITH[e.op](left, right)
    if isinstance(e, ir.Negate):
        return -_number(e.operand, env, options, definitions, depth)
    if isinstance(e, ir.Compare) and e.op in COMPARE and not e.order:
        left, right = (_number(x, env, options, definitions, depth) for x in (e.left, e.right))
        return COMPARE[e.op](left, right)
    if isinstance(e, ir.Not):
        return not _truth(e.operand, env, options, definitions, depth)
    if isinstance(e, ir.BoolOp) and e.op in ("and", "or"):
        # a part a state decides leaves the whole undecided unless another part decides it
        found, unknown = [], False
        for part in e.operands:
            try:
                found.append(_truth(part, env, options, definitions, depth))
            except _NotFixed:
                unknown = True
        if e.op == "and" and not all(found):
            return False
        if e.op == "or" and any(found):
            return True
        if unknown:
            raise _NotFixed(e.text)
        return e.op == "and"
    if isinstance(e, ir.Conditional):
        test = _truth(e.condition, env, options, definitions, depth)
        return _value(e.then if test else e.otherwise, env, options, definitions, depth)
    if isinstance(e, ir.DefinedValue) and e.name in definitions and depth < 20:
        definition = definitions[e.name]
        inner = {p.name: _number(arg, env, options, definitions, depth) for p, arg in zip(definition.params, e.args)}
        return _value(definition.value, inner, options, definitions, depth + 1)
    raise _NotFixed(e.text)


def _number(e, env, options, definitions, depth) -> int:
    found = _value(e, env, options, definitions, depth)
    if not isinstance(found, int) or isinstance(found, bool):
        raise _NotFixed(e.text)
    return found


def _truth(e, env, options, definitions, depth) -> bool:
    found = _value(e, env, options, definitions, depth)
    if not isinstance(found, bool):
        raise _NotFixed(e.text)
    return found


def _names_read(e: ir.E) -> set[str]:
    return {node.name for node in walk(e) if isinstance(node, ir.Var)}


def offered_number_texts(option: ir.ChoiceOption, fields: list, options: Mapping[str, str],
                         definitions: Mapping[str, ir.Definition]) -> Optional[list[tuple[str, ...]]]:
    """The values' texts of ``fields`` (the template's, in order) of every candidate of ``option`` whose fixed
    conditions hold, in the order the names are walked; None where the option is not of this form (a name
    not a number chosen from such a range, a field not worked out from the names alone, too many candidates)."""
    bindings = option.bindings
    if not bindings or not all(b.type == ir.INT and isinstance(b.domain, ir.Span) for b in bindings):
        return None
    names = [b.var for b in bindings]
    shown = dict(option.shown)
    readers = []
    for field in fields:
        if field in names:
            readers.append(ir.Var(ir.INT, None, field, field))
        elif field in shown and _names_read(shown[field]) <= set(names):
            readers.append(shown[field])
        else:
            return None
    # each fixed condition at the level its last name is chosen (the others may hold in some state)
    tests: list[list[ir.E]] = [[] for _ in names]
    for condition in option.conditions:
        read = _names_read(condition)
        if not read or not read <= set(names):
            continue
        tests[max(names.index(n) for n in read)].append(condition)
    found: list[tuple[str, ...]] = []
    walked = 0

    def holds(condition, env) -> bool:
        try:
            return _truth(condition, env, options, definitions, 0)
        except _NotFixed:
            return True

    def choose(level: int, env: dict) -> None:
        nonlocal walked
        binding = bindings[level]
        low = _number(binding.domain.low, env, options, definitions, 0)
        high = _number(binding.domain.high, env, options, definitions, 0)
        for v in range(low, high + 1):
            walked += 1
            if walked > MOST_WALKED:
                raise _NotFixed("too many")
            env[binding.var] = v
            if not all(holds(c, env) for c in tests[level]):
                continue
            if level + 1 < len(bindings):
                choose(level + 1, env)
            else:
                found.append(tuple(str(_number(r, env, options, definitions, 0)) for r in readers))
        env.pop(binding.var, None)

    try:
        choose(0, {})
    except _NotFixed:
        return None
    return found
