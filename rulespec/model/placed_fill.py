"""`only if C after it` that the position as it stands may already decide: an option whose first statement
places an item on a chosen space s and whose other statements only take things off boards (moves to zones,
counters, attributes, lets, ifs and loops around those), with C a `connected` from s (written in C or in the
definition C calls). Every space but s then holds after the option what it holds now, or nothing: where an
empty space is a goal of the fill, emptying a space can only add paths, so a path found now from s (as if s
held the item) is still there after. The generator (codegen/connected.py placed_fill_first) asks the fill
so first, and carries the option out only when that finds nothing (runtime/fills.py placed_reaches).
A candidate so decided is not carried out: a rule error its statements would meet (a broken rule file) is
met when it is chosen, not when it is listed.

The space may also be named by `let`s before the placement (`let s be cursor(player)`, `place ... on s`: a
space worked out from counters, the cursor a player moves) when its value reads only counters, seats, options
and rows and columns, none of which the option sets: it is then the same space before the option and after
it, so C's `connected` from that value (`has_liberty(cursor(player), player) after it`) starts from s.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from . import ir
from .lookahead import going_after, statements_within
from .reads import counters_and_geometry_read, free_vars, same_expression, substitute
from .value_types import is_space

# Statements that write no board space but by emptying it (a move always goes to a zone), and the blocks
# around statements.
_WRITE_NO_SPACE = (ir.Move, ir.SetCounter, ir.SetAttribute, ir.Let, ir.Nothing)


# The space may be named by `let`s before the placement (the second paragraph above); False: only a chosen name
# (the generator as it was before, for the A/B benchmark and the lock-step test).
LET_NAMED = True


@dataclass(frozen=True)
class PlacedFill:
    """The option's first statement (``place`` on a chosen space) and the `connected` its `after it` reads, as
    written (in C or in the definition C calls, whose parameters ``args`` name the call's arguments), and
    ``called``: as C reads it, those arguments in place of the parameters."""

    place: ir.Place
    fill: ir.Connected
    args: dict[str, ir.E]
    called: ir.Connected
    space: ir.E  # the space placed on, as it reads before the option: a chosen name, or what its `let` gives
    chosen: bool  # whether ``space`` is a name the option's `for` chose (else a `let`'s value, the same after)


def placed_fill(option: ir.ChoiceOption, condition: ir.E, model: ir.Model) -> Optional[PlacedFill]:
    """The placement and the fill of ``option``'s `only if C after it` (``condition``: C) when the option only
    places an item on a chosen space first and then takes things off (see the module); None otherwise."""
    body = option.body
    lets = {}
    while LET_NAMED and len(lets) < len(body) and isinstance(body[len(lets)], ir.Let):
        lets[body[len(lets)].name] = body[len(lets)].value
    first = body[len(lets)] if len(lets) < len(body) else None
    if not (isinstance(first, ir.Place) and isinstance(first.space, ir.Var) and is_space(first.space.type)):
        return None  # (a tile's placement covers several spaces)
    if not all(_takes_off_only(s) for s in body[len(lets) + 1:]):
        return None
    space, chosen = first.space, first.space.name not in lets
    if lets:
        if free_vars(first.item) & set(lets):
            return None  # (the item is picked before the option, where the `let`s name nothing)
        if not chosen:
            space = lets[first.space.name]
            if free_vars(space) & set(lets) or not _same_after(space, body, model):
                return None
    going = going_after(option, model)
    if going is None or going.steps or going.triggers or going.blocked is not None:
        return None  # (automatic steps or triggers it sets going may write anything)
    found = _connected(condition, {d.name: d for d in model.definitions})
    if found is None or found[0].board != first.board:
        return None
    fill, args = found
    called = substitute(fill, args, set()) if args else fill
    if not isinstance(called, ir.Connected) or not (chosen or _starts_at(called, space)):
        return None
    return PlacedFill(first, fill, args, called, space, chosen)


def _starts_at(fill: ir.Connected, space: ir.E) -> bool:
    """Whether ``fill`` starts from ``space`` alone: `from t = VALUE`, VALUE saying what ``space`` says."""
    start = fill.start
    if not (isinstance(start, ir.Compare) and start.op == "="):
        return False
    for one, other in ((start.left, start.right), (start.right, start.left)):
        if isinstance(one, ir.Var) and one.name == fill.var and same_expression(other, space):
            return True
    return False


def _same_after(space: ir.E, body, model: ir.Model) -> bool:
    """Whether ``space`` reads only counters (and seats, options, rows and columns) that ``body`` never sets, so
    that it gives the same space after the option as before it."""
    read = counters_and_geometry_read(space, model)
    if read is None:
        return False
    return not any(isinstance(s, ir.SetCounter) and s.counter in read for s in statements_within(body))


def _takes_off_only(s: ir.S) -> bool:
    """Whether ``s`` writes no board space but by emptying it."""
    if isinstance(s, _WRITE_NO_SPACE):
        return True
    if isinstance(s, ir.If):
        return all(_takes_off_only(inner) for inner in s.then + s.otherwise)
    if isinstance(s, (ir.ForEach, ir.Repeat)):
        return all(_takes_off_only(inner) for inner in s.body)
    return False


def _connected(condition: ir.E, definitions: dict[str, ir.Definition]) -> Optional[tuple[ir.Connected, dict]]:
    """``condition`` when it is a `connected`, or the `connected` a definition it calls is with its parameters'
    arguments (names and constants) by name; None otherwise."""
    if isinstance(condition, ir.Connected):
        return condition, {}
    if not isinstance(condition, ir.DefinedValue) or condition.name not in definitions:
        return None
    definition = definitions[condition.name]
    if not isinstance(definition.value, ir.Connected):
        return None
    fill = definition.value
    tested = free_vars(fill.condition) | free_vars(fill.goal)  # (a fill's tests read their values as names)
    if not all(isinstance(a, (ir.Var, ir.Const)) or (LET_NAMED and p.name not in tested)
               for p, a in zip(definition.params, condition.args)):
        return None  # (any other value only where the start alone reads it: `from t = s`)
    return fill, {p.name: a for p, a in zip(definition.params, condition.args)}
