"""A count that asks where each item is and one changing attribute of it: the one analysis of it, so that the
generator writes it so (codegen/counts.py located_count) and the cost of it is priced so (cost.py).

`count(c in table where colour of c = colour of p and point of c = n)` tests every item of the zone; but its
condition is a part that never changes about the item (its colour, a seat's colour) and one equality of an
attribute that can change (`point of c = n`) with a name or a constant. The items the fixed part lets through
are worked out once per value of the names it reads; a count then looks only at those, each asked where it is
and its changing attribute. Backgammon's `on` (the checkers of one colour on one point) looks at 15 of the
30 checkers, without a test per item.

A board's spaces read through their occupants (on_board) are the same: `any(s in grid where is_a(s, king) and
mine(s, p))` asks of each space whether it holds a king of p's colour; the items of p's colour (16, not 64
spaces) are asked instead whether they stand on the board and are kings, the first in board order kept.
Written `s holds king and s holds colour of p` with both attributes changing (Shogi: a piece taken changes
sides, a promoted one its kind), every item is asked whether it is a king, and a king whether it is of p's
colour and on the board: 40 pieces, not 81 squares (_held_on_board).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Optional

from . import ir
from .constant_calls import fold
from .reads import unfold
from .value_types import is_space
from .tree import children


@dataclass(frozen=True)
class Located:
    """The parts of a located count's condition: `attr of var = value`, and the rest (``fixed``); on a board,
    ``also`` the other changing equalities (attribute, value), each asked of an item once the first holds, and
    ``fixed`` None when nothing else is asked (every item of the board's components looked at)."""

    attr: str
    value: ir.E
    fixed: Optional[ir.E]
    also: tuple[tuple[str, ir.E], ...] = ()


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


def on_board(e: ir.E, model: ir.Model, definitions: dict[str, ir.Definition]) -> Optional[Located]:
    """The parts of ``e`` when it is a count or `any(...)` over every space of a board holding one item a space
    (not a board of triangles, whose tiles cover several) whose condition (definitions unfolded) is an `and`
    that first says the space is occupied, then reads the space only as its occupant: exactly one changing
    equality of the occupant (see changing_equality) and other parts that never change about it (see
    never_changes), each with `occupant of s` read as the item ``s``; else None. A space counts when its
    occupant passes, so the items that pass and stand on the board are counted, or the first in board order
    (the first space) taken. A second changing equality, with a seat's value (`colour of occupant of s = colour of
    p`: Crazyhouse's pieces change kind and side), is asked of each item after it (``also``; no fixed part: every
    item)."""
    if not (isinstance(e, (ir.Count, ir.First)) and isinstance(e.domain, ir.BoardRef) and e.where is not None):
        return None
    board = next((b for b in model.boards if b.name == e.domain.board), None)
    if board is None or board.lattice == "triangles":
        return None
    parts = list(_and_parts(e.where, definitions, 0))
    item = ir.Var(ir.ITEM, e.where.loc, e.var, e.var)
    if parts and _holds_value(parts[0], e.var, board.name):  # (`s holds king`: occupied, and its occupant's kind)
        parts[0] = _holds_as_equality(parts[0], item, model)
        return _held_on_board(parts, e, board.name, item, model)
    if not parts or not _occupied(parts[0], e.var):  # (a part before it could read an empty space's occupant)
        return None
    read = [_as_occupant(part, e.var, board.name, item) for part in parts[1:] if not _occupied(part, e.var)]
    if any(part is None for part in read):
        return None
    found = [(part, changing_equality(part, e.var)) for part in read]
    if sum(said is not None for _, said in found) == 1:  # (one changing equality: as before, unless a part that
        # changes is a second one with a seat's value: Crazyhouse's `is_a(s, king) and mine(s, p)`, kind and colour)
        found = [(part, said if said is not None or never_changes(part, e.var) else _changing_held(part, e.var))
                 for part, said in found]
    equalities = [(part, said) for part, said in found if said is not None]
    if not equalities or len(equalities) > 2:
        return None
    (attr, value), also = equalities[0][1], tuple(said for _, said in equalities[1:])
    fixed = tuple(other for other, said in found if said is None)
    if not (fixed or also) or not all(never_changes(other, e.var) for other in fixed):
        return None
    where = None if not fixed else fixed[0] if len(fixed) == 1 else \
        ir.BoolOp(ir.BOOL, e.where.loc, e.where.text, "and", fixed)
    return Located(attr, value, where, also)


def _holds_value(e: ir.E, var: str, board: str) -> bool:
    """Whether ``e`` is `var holds V` of an attribute's value V (`s holds king`, `s holds colour of p`)."""
    return (isinstance(e, ir.HoldsValue) and e.attribute is not None and e.board == board
            and isinstance(e.space, ir.Var) and e.space.name == var)


def _holds_as_equality(e: ir.HoldsValue, item: ir.Var, model: ir.Model) -> ir.Compare:
    """`s holds V` read as `A of item = V` (its space occupied: the items asked are those on the board)."""
    changes = any(e.attribute in c.changing for c in model.components)
    return ir.Compare(ir.BOOL, e.loc, e.text, "=", ir.ItemAttr(e.value.type, e.loc, e.text, e.attribute, item, changes),
                      e.value)


def _changing_held(e: ir.E, var: str) -> Optional[tuple[str, ir.E]]:
    """changing_equality, a seat's value of a name (`colour of p`) allowed as the value too: it cannot fail."""
    said = changing_equality(e, var)
    if said is None and isinstance(e, ir.Compare) and e.op == "=" and not e.order and isinstance(e.left, ir.ItemAttr) \
            and e.left.changes and isinstance(e.left.item, ir.Var) and e.left.item.name == var \
            and isinstance(e.right, ir.SeatAttr) and _plain(e.right.seat, var):
        return e.left.attr, e.right
    return said


def _held_on_board(parts: list, e: ir.E, board: str, item: ir.Var, model: ir.Model) -> Optional[Located]:
    """on_board for a condition that starts with `s holds V` (issue #40: Shogi's `any(s in grid where s holds king
    and mine(s, p))`, its kind and its colour both changing): each part `s holds V` an equality of the occupant,
    the others read as on_board reads them; the first changing equality with a word (`king`: few items have
    it) located, the other changing one asked of each item after it (``also``), the rest fixed (None: none,
    every item asked)."""
    read = [parts[0]] + [_holds_as_equality(part, item, model) if _holds_value(part, e.var, board)
                         else _as_occupant(part, e.var, board, item) for part in parts[1:]]
    if any(part is None or _occupied(part, e.var) for part in read):
        return None
    equalities = [(part, said) for part in read if (said := _changing_held(part, e.var)) is not None]
    if not equalities or len(equalities) > 2:
        return None
    # (located by a word the items are asked for first, as `s holds king`: few have it)
    located_by = next((k for k, (_, (_, v)) in enumerate(equalities) if isinstance(v, ir.Const)), None)
    if located_by is None:
        return None
    (attr, value) = equalities[located_by][1]
    also = tuple(said for k, (_, said) in enumerate(equalities) if k != located_by)
    fixed = tuple(part for part in read if all(part is not other for other, _ in equalities))
    if not all(never_changes(other, e.var) for other in fixed):
        return None
    where = (None if not fixed else fixed[0] if len(fixed) == 1
             else ir.BoolOp(ir.BOOL, e.where.loc, e.where.text, "and", fixed))
    return Located(attr, value, where, also)


def _and_parts(e: ir.E, definitions: dict[str, ir.Definition], depth: int):
    """The operands of an `and`, in order, through nested `and`s and the definitions it calls (unfolded)."""
    if isinstance(e, ir.BoolOp) and e.op == "and":
        for operand in e.operands:
            yield from _and_parts(operand, definitions, depth)
    elif isinstance(e, ir.DefinedValue) and e.name in definitions and depth < 8:
        # (its calls of written values worked out: `is_a(s, king)` reading `promoted(king)`, constant_calls.py)
        yield from _and_parts(fold(unfold(e, definitions, set()), definitions), definitions, depth + 1)
    else:
        yield e


def _occupied(e: ir.E, var: str) -> bool:
    return (isinstance(e, ir.Check) and e.test in ("occupied", "not_empty") and isinstance(e.subject, ir.Var)
            and e.subject.name == var)


def _as_occupant(e: ir.E, var: str, board: str, item: ir.Var) -> Optional[ir.E]:
    """``e`` with `occupant of var` (on ``board``) read as ``item``; None when it reads ``var`` otherwise."""
    if isinstance(e, ir.Occupant) and e.board == board and isinstance(e.space, ir.Var) and e.space.name == var:
        return item
    if isinstance(e, ir.Var):
        return None if e.name == var else e
    if not isinstance(e, _FIXED_PARTS + (ir.Arith,)):
        return None  # (changing_equality and never_changes allow no other kind: nothing to look inside)
    changes = {}
    for name, value in vars(e).items():
        if isinstance(value, ir.E):
            changes[name] = _as_occupant(value, var, board, item)
            if changes[name] is None:
                return None
        elif isinstance(value, tuple) and any(isinstance(v, ir.E) for v in value):
            changes[name] = tuple(_as_occupant(v, var, board, item) if isinstance(v, ir.E) else v for v in value)
            if any(v is None for v in changes[name]):
                return None
    return replace(e, **changes)
