"""A count that asks where each item is and one changing attribute of it: the one analysis of it, so that the
generator writes it so (codegen/counts.py located_count) and the cost of it is priced so (cost.py).

`count(c in table where colour of c = colour of p and point of c = n)` tests every item of the zone; but its
condition is a part that never changes about the item (its colour, a seat's colour) and one equality of an
attribute that can change (`point of c = n`) with a name or a constant. The items the fixed part lets through
are worked out once per value of the names it reads; a count then looks only at those, each asked where it is
and its changing attribute. Backgammon's `on` (the checkers of one colour on one point) looks at 15 of the
30 checkers, without a test per item.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Optional

from . import ir
from .value_types import is_space
from .tree import children


@dataclass(frozen=True)
class Located:
    """The parts of a located count's condition: `attr of var = value`, and the rest (``fixed``)."""

    attr: str
    value: ir.E
    fixed: ir.E


def _plain(e: ir.E, var: str) -> bool:
    """A constant, a name other than var, or a sum, difference or product of those: nothing that can fail."""
    if isinstance(e, ir.Arith):
        return e.op in ("+", "-", "*") and _plain(e.left, var) and _plain(e.right, var)
    return isinstance(e, ir.Const) or (isinstance(e, ir.Var) and e.name != var)


def changing_equality(e: ir.E, var: str) -> Optional[tuple[str, ir.E]]:
    """(A, v) when ``e`` is `A of var = v` (either way round), A an attribute that can change and v a name
    other than var, a constant or a sum of those (see _plain: worked out once for the count); else None."""
    if not (isinstance(e, ir.Compare) and e.op == "=" and not e.order):
        return None
    for side, other in ((e.left, e.right), (e.right, e.left)):
        if (isinstance(side, ir.ItemAttr) and side.changes and isinstance(side.item, ir.Var)
                and side.item.name == var and _plain(other, var)):
            return side.attr, other
    return None


_FIXED_PARTS = (ir.Const, ir.Var, ir.IsKind, ir.ItemAttr, ir.SeatAttr, ir.BoolOp, ir.Not, ir.Compare)
_KEYS = (ir.ITEM, ir.SEAT, ir.INT, ir.BOOL, ir.SYMBOL)  # the types of names a table of items can be kept by


def never_changes(e: ir.E, var: str) -> bool:
    """Whether ``e`` reads of the item ``var`` only what never changes (its component, fixed attributes), and
    besides it only constants, seat attributes and names of a type a table can be kept by, compared with `=`
    or `!=`: its answer for each item is worked out once per value of those names."""
    if not isinstance(e, _FIXED_PARTS) or getattr(e, "changes", False):
        return False
    if isinstance(e, ir.Var):
        return e.name == var or e.type in _KEYS or is_space(e.type)
    if isinstance(e, ir.Compare) and (e.order or e.op not in ("=", "!=")):
        return False
    return all(never_changes(part, var) for part in children(e))


def located(e: ir.E, per_player_zones: frozenset) -> Optional[Located]:
    """The parts of ``e`` when it is a count or `any(...)` over a shared zone (per_player_zones: also the
    stacked ones for `any`, whose first is not the first in item order) whose condition is an `and` of exactly one
    changing equality (see changing_equality) and other parts that never change about the item; else None.
    (The generator may still write it as any other count: a name it keeps in a local cannot key a table.)"""
    if not isinstance(e, (ir.Count, ir.First)):
        return None
    zone, where = e.domain, e.where
    if not (isinstance(zone, ir.ZoneRef) and zone.seat is None and zone.zone not in per_player_zones
            and isinstance(where, ir.BoolOp) and where.op == "and"):
        return None
    found = [(part, changing_equality(part, e.var)) for part in where.operands]
    equalities = [(part, said) for part, said in found if said is not None]
    if len(equalities) != 1:
        return None
    part, (attr, value) = equalities[0]
    fixed = tuple(other for other in where.operands if other is not part)
    if not all(never_changes(other, e.var) for other in fixed):
        return None
    return Located(attr, value, fixed[0] if len(fixed) == 1 else replace(where, operands=fixed))
