"""Conditions on spaces that the board's fixed geometry alone decides (issue #40).

`for s in grid, t in grid only if ... and adjacent(s, t)`, where `adjacent` says `abs(row of s - row of t) +
abs(col of s - col of t) = 1` or `row of s = row of t and (col of s - col of t = 1 or ...)`, asks the same
question of the same pair of spaces at every listing: its answer depends on where the spaces are, never on
what they hold. Such a condition is *geometric*: it reads only the spaces' rows, columns and places, their
neighbours, a board's jumps and directions, written numbers, options and arithmetic, through the definitions
it uses, and nothing in it can fail (a row is read of a named space, never of a neighbour that may be past
the edge). The spaces it lets through from each space are worked out once per space and game set-up
(codegen/related_spaces.py, runtime/tables.py's `related`), and the walk visits those alone, in board order:
the formulation an author picks (the neighbour, or arithmetic on rows and columns) does not decide the speed.
"""

from __future__ import annotations

from typing import Optional

from . import ir, reads

_DEPTH = 8  # definitions looked through, one inside another
_SAFE_BUILTINS = ("abs", "min", "max")
MOST_NAMES = 3  # the most names bound outside a walk that a table of its geometric condition is kept by


def geometric(e: ir.E, spaces: frozenset, definitions: dict, directions: frozenset = frozenset(),
              depth: int = 0) -> bool:
    """Whether ``e`` reads nothing but the fixed geometry of the spaces named ``spaces`` and the values of
    the other names there (a seat, a number: worked out with them), and directions named ``directions``
    (bound by a count over a board's directions inside it), and cannot fail."""
    def inner(part: ir.E) -> bool:
        return geometric(part, spaces, definitions, directions, depth)

    if isinstance(e, (ir.Const, ir.OptionRef, ir.SeatConst)):
        return True
    if isinstance(e, ir.Size):  # the number of players: fixed per set-up
        return players_count(e)
    if isinstance(e, (ir.SeatAttr, ir.SeatStep)):  # a seat's value, or the seat beside it: fixed per seat
        return not getattr(e, "directions", ()) and inner(e.seat)
    if isinstance(e, ir.Var):
        return e.name in spaces or e.name in directions
    if isinstance(e, (ir.SpaceAttr, ir.SpaceIndex)):  # of a named space: never past an edge
        return isinstance(e.space, ir.Var) and e.space.name in spaces
    if isinstance(e, ir.Neighbour):  # none past the edge, and none's neighbour is none: it cannot fail
        return (isinstance(e.space, ir.Neighbour) or isinstance(e.space, ir.Var) and e.space.name in spaces) \
            and inner(e.space) and (isinstance(e.direction, ir.Const) or isinstance(e.direction, ir.Var)
                                    and e.direction.name in directions)
    if isinstance(e, ir.Check):
        return e.test == "none" and isinstance(e.subject, (ir.Var, ir.Neighbour)) and inner(e.subject)
    if isinstance(e, ir.Arith):
        divides = e.op in ("mod", "div") and not (isinstance(e.right, ir.Const) and isinstance(e.right.value, int)
                                                  and e.right.value > 0)
        return e.op in ("+", "-", "*", "mod", "div") and not divides and inner(e.left) and inner(e.right)
    if isinstance(e, (ir.Negate, ir.Not)):
        return inner(e.operand)
    if isinstance(e, ir.Compare):
        return inner(e.left) and inner(e.right)
    if isinstance(e, ir.BoolOp):
        return all(inner(o) for o in e.operands)
    if isinstance(e, ir.Conditional):  # (`if q <= 2 then 1 else 4`: geometry chooses between geometry)
        return inner(e.condition) and inner(e.then) and inner(e.otherwise)
    if isinstance(e, ir.Builtin):
        return e.func in _SAFE_BUILTINS and all(inner(a) for a in e.args)
    if isinstance(e, ir.Member):
        return isinstance(e.collection, ir.Jumps) and isinstance(e.collection.space, ir.Var) \
            and e.collection.space.name in spaces and inner(e.element)
    if isinstance(e, ir.Count) and isinstance(e.domain, ir.Directions) and e.domain.type == ir.DIRECTIONS:
        return e.where is None or geometric(e.where, spaces, definitions, directions | {e.var}, depth)
    if isinstance(e, ir.ThereIs):
        return inner(e.count)
    if isinstance(e, ir.DefinedValue) and depth < _DEPTH and e.name in definitions \
            and all(inner(a) for a in e.args):
        definition = definitions[e.name]
        body = reads.substitute(definition.value, {p.name: a for p, a in zip(definition.params, e.args)},
                                set(spaces) | set(directions))
        return geometric(body, spaces, definitions, directions, depth + 1)
    return False


def players_count(e: ir.Size) -> bool:
    """Whether ``e`` is the number of players (`size of players`), the same all game."""
    return isinstance(e.collection, ir.PlayersSet)


def geometric_parts(var: str, parts: list, outer: tuple, definitions: dict) -> Optional[tuple[list, tuple]]:
    """Of the conditions ``parts`` tested on each space ``var`` of a walk, those the geometry alone decides
    that read ``var`` and at most MOST_NAMES names bound outside the walk (``outer``, in the order bound):
    (those parts, the outer names they read). None when there is no such part."""
    chosen, read = [], set()
    for part in parts:
        names = reads.free_vars(part)
        if var not in names or names - {var} - set(outer) or len(names - {var} | read) > MOST_NAMES:
            continue
        if geometric(part, frozenset(names), definitions):
            chosen.append(part)
            read.update(names - {var})
    if not chosen:
        return None
    return chosen, tuple(name for name in outer if name in read)


def occupancy_count(e: ir.E, definitions: dict, depth: int = 0) -> bool:
    """Whether ``e`` counts the spaces of a board that are occupied (or empty) among those a geometric condition
    lets through (`count(t in grid where t is occupied and on_line(s, t, d))`), through the definitions it uses
    (their arguments names): it reads the position only through whether spaces hold something, and cannot fail."""
    if isinstance(e, ir.DefinedValue) and depth < _DEPTH and e.name in definitions \
            and all(isinstance(a, ir.Var) for a in e.args):
        definition = definitions[e.name]
        body = reads.substitute(definition.value, {p.name: a for p, a in zip(definition.params, e.args)},
                                {a.name for a in e.args})
        return occupancy_count(body, definitions, depth + 1)
    if not (isinstance(e, ir.Count) and isinstance(e.domain, ir.BoardRef) and e.where is not None):
        return False
    parts = e.where.operands if isinstance(e.where, ir.BoolOp) and e.where.op == "and" else (e.where,)
    names = frozenset(reads.free_vars(e.where) | {e.var})
    return all(isinstance(part, ir.Check) and part.test in ("occupied", "not_empty", "empty")
               and isinstance(part.subject, ir.Var) and part.subject.name == e.var
               or geometric(part, names, definitions) for part in parts)
