"""`only if C after it` that the position as it stands may already decide: an option whose first statement
places an item on a chosen space s and whose other statements only take things off boards (moves to zones,
counters, attributes, lets, ifs and loops around those), with C a `connected` from s (written in C or in the
definition C calls). Every space but s then holds after the option what it holds now, or nothing: where an
empty space is a goal of the fill, emptying a space can only add paths, so a path found now from s (as if s
held the item) is still there after. The generator (codegen/connected.py placed_fill_first) asks the fill
so first, and carries the option out only when that finds nothing (runtime/fills.py placed_reaches).
A candidate so decided is not carried out: a rule error its statements would meet (a broken rule file) is
met when it is chosen, not when it is listed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from . import ir
from .lookahead import going_after
from .reads import substitute
from .value_types import is_space

# Statements that write no board space but by emptying it (a move always goes to a zone), and the blocks
# around statements.
_WRITE_NO_SPACE = (ir.Move, ir.SetCounter, ir.SetAttribute, ir.Let, ir.Nothing)


@dataclass(frozen=True)
class PlacedFill:
    """The option's first statement (``place`` on a chosen space) and the `connected` its `after it` reads, as
    written (in C or in the definition C calls, whose parameters ``args`` name the call's arguments), and
    ``called``: as C reads it, those arguments in place of the parameters."""

    place: ir.Place
    fill: ir.Connected
    args: dict[str, ir.E]
    called: ir.Connected


def placed_fill(option: ir.ChoiceOption, condition: ir.E, model: ir.Model) -> Optional[PlacedFill]:
    """The placement and the fill of ``option``'s `only if C after it` (``condition``: C) when the option only
    places an item on a chosen space first and then takes things off (see the module); None otherwise."""
    body = option.body
    first = body[0] if body else None
    if not (isinstance(first, ir.Place) and isinstance(first.space, ir.Var) and is_space(first.space.type)):
        return None  # (a tile's placement covers several spaces)
    if not all(_takes_off_only(s) for s in body[1:]):
        return None
    going = going_after(option, model)
    if going is None or going.steps or going.triggers or going.blocked is not None:
        return None  # (automatic steps or triggers it sets going may write anything)
    found = _connected(condition, {d.name: d for d in model.definitions})
    if found is None or found[0].board != first.board:
        return None
    fill, args = found
    called = substitute(fill, args, set()) if args else fill
    return PlacedFill(first, fill, args, called) if isinstance(called, ir.Connected) else None


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
    if not all(isinstance(a, (ir.Var, ir.Const)) for a in condition.args):
        return None
    return definition.value, {p.name: a for p, a in zip(definition.params, condition.args)}
