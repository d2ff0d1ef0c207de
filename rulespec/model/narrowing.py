"""What a condition fixes about a space it tests: a walk over a board's spaces whose condition says which
spaces it wants is a look-up, not a search. This is the one analysis of it: the generator writes the walk
so (codegen/narrowing.py, options.py) and the cost of a listing counts it so (cost.py).

`for s in grid, t in grid only if can_move(s, t, player)`, where can_move says `t = neighbour of s towards
south or ...`, tests 64 x 64 pairs; `count(s in pits where position of s = k and ...)` tests every space of
the board for a row. The same rules written from the piece (`t` a neighbour of `s`) or over one row cost a
few tests each. So that the formulation an author picks does not decide the speed (issue #40), the
generator reads in a condition (through the definitions it uses) what it fixes about the walked space:
that it is one of some spaces (`t = neighbour of s towards d`, `t = u`, `t in knight jumps from s`, a neighbour
of s in one of some directions: `count(d in forward of p where t = neighbour of s towards d) > 0`), or that
its row or column is one of some values (`position of s = k`), or that it is the space of a number (`index of s =
n - 1`). Where every way the condition can hold fixes it, the walk visits only
those spaces, in board order, each once, and the whole condition is still tested on each: the same spaces
pass, in the same order, as in the walk over the board.

What is fixed must be worked out before the walk from values that cannot fail and that the walk does not
change (``stable``): constants, names bound outside it, options, counters the walk's body does not set,
a seat's attribute or the seat beside one (`forward of p`, `left of p`), a neighbour of a name (or of such a
neighbour: `neighbour of neighbour of s towards d towards d`, none past the edge and then left out), a row
or column of one, sums of those.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Callable, Optional

from . import ir, reads
from .geometric import geometric_parts, players_count
from .tree import free_vars

_DEPTH = 8  # definitions looked through, one inside another
# The most nodes of a definition's value written out where it is used (small_value): chosen by measuring
# every engine it changes (benchmarks/bench_place_levers.py --only size; 12 before #40's seventh round).
WRITTEN_OUT_NODES = 32


@dataclass(frozen=True)
class Fixed:
    """What a condition fixes about the space ``var`` it tests: whenever it holds, ``var`` is one of
    ``spaces`` or its row is one of ``rows`` or its column one of ``columns`` or its row and column are
    one of the pairs of ``places``."""

    spaces: tuple[ir.E, ...] = ()
    rows: tuple[ir.E, ...] = ()
    columns: tuple[ir.E, ...] = ()
    jumps: tuple[ir.Jumps, ...] = ()  # `t in knight jumps from s`: one of the spaces a jump lands on
    # `count(d in D where t = neighbour of s towards d) > 0`: (d, D, the space) - the space for some d of D
    spaces_over: tuple[tuple[str, ir.E, ir.E], ...] = ()
    # `row of s = r and column of s = c`: (r, c), the space at that row and column (a look-up, not a row)
    places: tuple[tuple[ir.E, ir.E], ...] = ()
    # `index of s = k`: k, the space at that place in board order (a space named by its number)
    indices: tuple[ir.E, ...] = ()
    # `index of s >= lo and index of s < hi`: (lo, hi), the spaces from place lo up to hi, not hi (either may
    # be None: no bound on that side)
    index_ranges: tuple[tuple[Optional[ir.E], Optional[ir.E]], ...] = ()
    # `p = player 1 and t = neighbour of s towards south`: (the test, what it fixes) - fixed only where the
    # test, worked out before the walk, holds (the seat to move picks its own direction)
    guarded: tuple[tuple[ir.E, "Fixed"], ...] = ()

    def __or__(self, other: "Fixed") -> "Fixed":
        return Fixed(**{f.name: getattr(self, f.name) + getattr(other, f.name) for f in dataclasses.fields(self)})

    def values(self) -> tuple[ir.E, ...]:
        """Every value worked out before the walk."""
        return (self.spaces + self.rows + self.columns + self.jumps + tuple(s for _, _, s in self.spaces_over)
                + tuple(value for place in self.places for value in place) + self.indices
                + tuple(value for bounds in self.index_ranges for value in bounds if value is not None)
                + tuple(value for test, fixed in self.guarded for value in _compared(test) + fixed.values()))

    def size(self) -> int:
        """How wide a look-up it is, to pick the narrower of two conjuncts: a space is one, a jump's landings
        or a space over some directions a few, a run of places more, a row many."""
        return (len(self.spaces) + len(self.places) + len(self.indices) + 8 * len(self.spaces_over) + 10 * len(self.jumps)
                + 50 * len(self.index_ranges)
                + 100 * (len(self.rows) + len(self.columns)) + sum(fixed.size() for _, fixed in self.guarded))


def _one_place(found: list[Fixed]) -> Optional[Fixed]:
    """Of the conjuncts of an `and`, one fixing the row to one value and one the column: the space at both."""
    rows = [f.rows[0] for f in found if f == Fixed(rows=f.rows) and len(f.rows) == 1]
    columns = [f.columns[0] for f in found if f == Fixed(columns=f.columns) and len(f.columns) == 1]
    return Fixed(places=((rows[0], columns[0]),)) if rows and columns else None


def _stable(e: ir.E, var: str, changing: frozenset) -> bool:
    """Whether ``e`` can be worked out once before the walk: it cannot fail, does not read ``var`` and reads
    nothing the walk changes (``changing``: the counters its body sets)."""
    if isinstance(e, (ir.Const, ir.SeatConst, ir.OptionRef)):
        return True
    if isinstance(e, ir.Var):
        return e.name != var
    if isinstance(e, ir.CounterRef):
        return e.name not in changing and (e.seat is None or _stable(e.seat, var, changing))
    if isinstance(e, ir.Arith):
        return (e.op in ("+", "-", "*") or _by_written_number(e)) and _stable(e.left, var, changing) \
            and _stable(e.right, var, changing)
    if isinstance(e, ir.Size):
        return players_count(e)
    if isinstance(e, ir.Count) and PLAYERS_COUNTED_SMALL:
        return players_counted(e)
    if isinstance(e, ir.Negate):
        return _stable(e.operand, var, changing)
    if isinstance(e, (ir.SeatAttr, ir.SeatStep)):
        return _seat_value_stable(e, var, changing)
    if isinstance(e, ir.Neighbour):  # of a name or of a neighbour of one (none-safe: none's neighbour is none)
        return isinstance(e.space, (ir.Var, ir.Neighbour)) and _stable(e.space, var, changing) \
            and isinstance(e.direction, (ir.Const, ir.Var)) and _stable(e.direction, var, changing)
    if isinstance(e, ir.SpaceAttr):
        return isinstance(e.space, ir.Var) and _stable(e.space, var, changing)
    if isinstance(e, ir.Conditional):
        return _stable_choice(e, var, changing)
    if isinstance(e, ir.NumberOf) and NUMBER_OF_STABLE:
        return _number_stable(e, var, changing)
    return False


# A seat's number (`number of p`) is stable as its seat is: a board's rows numbered by seat (`owner of s = number
# of p`) narrow a walk to that row (#40's thirteenth round; the switch is for the A/B and the lock-step test).
NUMBER_OF_STABLE = True


# `count(p in players)`, with no condition, is the number of players as `size of players` is: stable, and a small
# definition's node (a hand size worked out from it, `5 - count(p in players) div 4`, leaves a definition that
# uses it small: written out in a listing's tests, #40's thirteenth round; the switch is for the A/B).
PLAYERS_COUNTED_SMALL = True


def players_counted(e: ir.Count) -> bool:
    """Whether ``e`` counts the players with no condition (`count(p in players)`): their number, a look-up."""
    return e.where is None and isinstance(e.domain, ir.PlayersSet)


def _number_stable(e: ir.NumberOf, var: str, changing: frozenset) -> bool:
    """Whether `number of p` can be worked out before the walk: of a seat that is a name, a seat written out or
    the seat beside one (never none, so `+ 1` cannot fail), stable itself. A direction's or an attribute value's
    place is not taken here (a counter or a name holding none would fail on its table)."""
    seat = e.value
    return e.table is None and e.values is None and seat.type == ir.SEAT \
        and isinstance(seat, (ir.Var, ir.SeatConst, ir.SeatStep)) and _stable(seat, var, changing)


def _by_written_number(e: ir.Arith) -> bool:
    """Whether ``e`` is a remainder or a quotient by a written number above 0 (`n mod 40`), which cannot fail."""
    right = e.right
    return e.op in ("mod", "div") and isinstance(right, ir.Const) and type(right.value) is int and right.value > 0


def _stable_choice(e: ir.Conditional, var: str, changing: frozenset) -> bool:
    """Whether a value chosen by a condition is stable: a test of stable values (which cannot fail) choosing
    between two stable values (`if q <= 2 then 1 else 4`)."""
    return _stable_test(e.condition, var, changing) and _stable(e.then, var, changing) \
        and _stable(e.otherwise, var, changing)


def _seat_value_stable(e, var: str, changing: frozenset) -> bool:
    """Whether a seat's attribute or the seat beside it (`forward of p`, `left of p`) can be worked out
    before the walk: its seat can (every seat has a value of each attribute, the checker asks so)."""
    return _stable(e.seat, var, changing)


def _value_of(e: ir.E, var: str, definitions: dict, changing: frozenset, depth: int = 0) -> ir.E:
    """A definition's use whose value, its parameters replaced by the arguments, is a stable value (`beyond(s,
    d)`, defined as `neighbour of neighbour of s towards d towards d`): that value, as the author could have
    written it in place (its arguments stable too, so none can fail or cost more than a look-up); ``e``
    itself otherwise. The same inside a value (see _written_out_inside)."""
    inside = _written_out_inside(e, var, definitions, changing, depth)
    if inside is not e:
        return inside
    for _ in range(_DEPTH):
        definition = definitions.get(e.name) if isinstance(e, ir.DefinedValue) else None
        if definition is None or not all(_stable(a, var, changing) for a in e.args):
            return e
        value = reads.substitute(definition.value, {p.name: a for p, a in zip(definition.params, e.args)}, {var})
        if not isinstance(value, ir.DefinedValue):
            value = _written_out_inside(value, var, definitions, changing, depth)
            if not _stable(value, var, changing):
                return e
        e = value
    return e


def _written_out_inside(e: ir.E, var: str, definitions: dict, changing: frozenset, depth: int) -> ir.E:
    """A sum, difference, product, negation or value chosen by a condition with the definitions' uses inside it
    written out where _value_of writes them (`top_row(q) + trow of t - 1`, `top_row` defined as `if q <= 2 then
    1 else 4`); ``e`` itself for any other value."""
    if depth >= _DEPTH or not isinstance(e, (ir.Arith, ir.Negate, ir.Conditional, ir.Compare, ir.Not, ir.BoolOp)):
        return e
    if isinstance(e, ir.BoolOp):
        return dataclasses.replace(e, operands=tuple(_value_of(o, var, definitions, changing, depth + 1)
                                                     for o in e.operands))
    return dataclasses.replace(e, **{name: _value_of(part, var, definitions, changing, depth + 1)
                                     for name in _VALUE_PARTS for part in [getattr(e, name, None)]
                                     if isinstance(part, ir.E)})


_VALUE_PARTS = ("left", "right", "operand", "condition", "then", "otherwise")  # (the parts _value_of looks into)


def _stable_test(e: ir.E, var: str, changing: frozenset) -> bool:
    """Whether ``e`` is a test worked out once before the walk: comparisons of stable values (`p = player
    1`), joined by `and`, `or`, `not`."""
    if isinstance(e, ir.Compare):
        return _stable(e.left, var, changing) and _stable(e.right, var, changing)
    if isinstance(e, ir.Not):
        return _stable_test(e.operand, var, changing)
    return isinstance(e, ir.BoolOp) and all(_stable_test(o, var, changing) for o in e.operands)


def _compared(test: ir.E) -> tuple[ir.E, ...]:
    """The values a stable test compares (see _stable_test)."""
    if isinstance(test, ir.Compare):
        return test.left, test.right
    parts = (test.operand,) if isinstance(test, ir.Not) else test.operands
    return tuple(value for part in parts for value in _compared(part))


def _stable_directions(e: ir.E, var: str, changing: frozenset) -> bool:
    """Whether ``e`` is a set of directions worked out before the walk: a board's (`diagonal directions of
    grid`) or a seat's (`forward of p`, a seat attribute whose values name sets)."""
    if isinstance(e, ir.Directions):
        return True
    return isinstance(e, ir.SeatAttr) and bool(e.directions) and _stable(e.seat, var, changing)


def spaces_read(e: ir.E):
    """The spaces a stable value reads a row or column or jump of (a neighbour's look-up is none-safe: the
    spaces its own space reads)."""
    if isinstance(e, ir.Neighbour):
        yield from spaces_read(e.space)
    if isinstance(e, (ir.SpaceAttr, ir.Jumps)):
        yield e.space
    for part in (getattr(e, name, None) for name in _VALUE_PARTS):
        if isinstance(part, ir.E):
            yield from spaces_read(part)
    for part in (e.operands if isinstance(e, ir.BoolOp) else ()):
        yield from spaces_read(part)


def fixed_by(var: str, board: ir.Board, e: ir.E, definitions: dict, changing: frozenset = frozenset(),
             depth: int = 0) -> Optional[Fixed]:
    """What ``e`` fixes about the space ``var`` of ``board`` (see Fixed), or None when it fixes nothing."""
    if isinstance(e, ir.Compare) and e.op == "=" and not e.order:
        for this, other in ((e.left, e.right), (e.right, e.left)):
            other = _value_of(other, var, definitions, changing)
            if not _stable(other, var, changing):
                continue
            if isinstance(this, ir.Var) and this.name == var and other.type == ir.SPACE + ":" + board.name:
                return Fixed(spaces=(other,))
            if isinstance(this, ir.SpaceAttr) and this.board == board.name and isinstance(this.space, ir.Var) \
                    and this.space.name == var:
                return Fixed(rows=(other,)) if this.attr == board.row_attribute else Fixed(columns=(other,))
            numbered = fixed_by_index(var, board, this, other)
            if numbered is not None:
                return numbered
        return None
    if isinstance(e, ir.Compare) and e.op in _BOUNDS and not e.order:
        bound = _index_bound(var, board, e, definitions, changing)
        if bound is not None:  # (else it may be `count(...) > 0`, below)
            return bound
    if isinstance(e, ir.Member) and isinstance(e.element, ir.Var) and e.element.name == var \
            and isinstance(e.collection, ir.Jumps) and e.collection.board == board.name \
            and isinstance(e.collection.space, ir.Var) and _stable(e.collection.space, var, changing):
        return Fixed(jumps=(e.collection,))  # (a jump's table never changes during a game)
    some = reads.exists_form(e)
    if some is not None and some.var != var and _stable_directions(some.domain, var, changing):
        # `count(d in D where ... t = neighbour of s towards d ...) > 0`: t is that space for some d of D.
        inner = fixed_by(var, board, some.where, definitions, changing, depth)
        if inner is None or inner != Fixed(spaces=inner.spaces):  # (spaces alone: none under a test of d)
            return None
        return Fixed(spaces_over=tuple((some.var, some.domain, space) for space in inner.spaces))
    if isinstance(e, ir.BoolOp) and e.op == "and":
        found = _one_range([f for f in (fixed_by(var, board, o, definitions, changing, depth) for o in e.operands)
                            if f is not None])
        place = _one_place(found)
        narrowest = min(found + [place] if place is not None else found, key=Fixed.size) if found else None
        tests = [o for o in e.operands if _stable_test(o, var, changing)]
        if narrowest is None or not tests:
            return narrowest
        return Fixed(guarded=((all_of(tests), narrowest),))  # (nothing where a test fails: the `and` fails)
    if isinstance(e, ir.BoolOp) and e.op == "or":
        found = Fixed()
        for o in e.operands:
            part = fixed_by(var, board, o, definitions, changing, depth)
            if part is None:
                return None
            found = found | part
        return found
    if isinstance(e, ir.DefinedValue) and depth < _DEPTH and e.name in definitions:
        # The definition's value as written out at this use (its parameters replaced by the arguments):
        # what it fixes is fixed by the use.
        definition = definitions[e.name]
        body = reads.substitute(definition.value, {p.name: a for p, a in zip(definition.params, e.args)}, {var})
        return fixed_by(var, board, body, definitions, changing, depth + 1)
    return None


_BOUNDS = {"<": (None, 0), "<=": (None, 1), ">": (1, None), ">=": (0, None)}  # index of s OP k: (lo, hi) from k + n
_MIRRORED = {"<": ">", "<=": ">=", ">": "<", ">=": "<="}  # k OP index of s is index of s MIRRORED k


def _index_bound(var: str, board: ir.Board, e: ir.Compare, definitions: dict, changing: frozenset) -> Optional[Fixed]:
    """`index of var >= k` (or `>`, `<`, `<=`, either way round; k stable): a run of places from k, or up to it."""
    for this, other, op in ((e.left, e.right, e.op), (e.right, e.left, _MIRRORED[e.op])):
        other = _value_of(other, var, definitions, changing)
        if _stable(other, var, changing) and fixed_by_index(var, board, this, other) is not None:
            lo, hi = (_plus(other, shift) if shift is not None else None for shift in _BOUNDS[op])
            return Fixed(index_ranges=((lo, hi),))
    return None


def _plus(value: ir.E, n: int) -> ir.E:
    """``value + n`` (``value`` itself for 0)."""
    return value if n == 0 else ir.Arith(value.type, value.loc, f"{value.text} + {n}", "+", value,
                                         ir.Const(value.type, value.loc, str(n), n))


def _one_range(found: list[Fixed]) -> list[Fixed]:
    """The conjuncts' bounds on a walked space's place joined into one run (`index of s >= 40 and index of s <
    44`: places 40 to 43); the first of each kind counts (the whole condition is tested on every space)."""
    bounds = [f.index_ranges[0] for f in found if f == Fixed(index_ranges=f.index_ranges) and len(f.index_ranges) == 1]
    if len(bounds) < 2:
        return found
    lo = next((b[0] for b in bounds if b[0] is not None), None)
    hi = next((b[1] for b in bounds if b[1] is not None), None)
    return [f for f in found if not f.index_ranges or f != Fixed(index_ranges=f.index_ranges)] \
        + [Fixed(index_ranges=((lo, hi),))]


def fixed_by_index(var: str, board: ir.Board, this: ir.E, other: ir.E) -> Optional[Fixed]:
    """`index of var = other` (other stable): var is the space of that number, or None for any other test."""
    if isinstance(this, ir.SpaceIndex) and this.board == board.name and isinstance(this.space, ir.Var) \
            and this.space.name == var:
        return Fixed(indices=(other,))
    return None


def unguarded(fixed: Optional[Fixed]) -> Optional[Fixed]:
    """What a whole condition fixes, a part fixed under a test alone taken without its test: the condition
    tests it on each space visited (`p = player 1 and row of s = 1` walks row 1 as `row of s = 1` does)."""
    while fixed is not None and len(fixed.guarded) == 1 and fixed == Fixed(guarded=fixed.guarded):
        fixed = fixed.guarded[0][1]
    return fixed


def occupied_only(var: str, e: Optional[ir.E], definitions: dict, depth: int = 0) -> bool:
    """Whether ``e`` can hold only where the space ``var`` is occupied (`t is occupied and ...`, `t holds X`,
    through the definitions it uses): a walk of a ray, whose spaces before its last are empty, where ``e``
    must hold need visit only the space the ray stops at."""
    if isinstance(e, ir.Check):
        return e.test in ("occupied", "not_empty") and isinstance(e.subject, ir.Var) and e.subject.name == var
    if isinstance(e, (ir.Holds, ir.HoldsValue)):  # (an empty space holds nothing and no value)
        return isinstance(e.space, ir.Var) and e.space.name == var
    if isinstance(e, ir.BoolOp):
        parts = [occupied_only(var, o, definitions, depth) for o in e.operands]
        return any(parts) if e.op == "and" else all(parts)
    if isinstance(e, ir.DefinedValue) and depth < _DEPTH and e.name in definitions:
        definition = definitions[e.name]
        body = reads.substitute(definition.value, {p.name: a for p, a in zip(definition.params, e.args)}, {var})
        return occupied_only(var, body, definitions, depth + 1)
    return False


def narrowed_by(var: str, domain: ir.E, where: Optional[ir.E], model: ir.Model) -> bool:
    """Whether a walk of ``var`` over ``domain`` where ``where`` is narrowed to a look-up (the profiler's
    hints say so where it is not)."""
    if not isinstance(domain, ir.BoardRef) or where is None:
        return False
    board = next(b for b in model.boards if b.name == domain.board)
    definitions = {d.name: d for d in model.definitions}
    if fixed_by(var, board, where, definitions) is not None:
        return True
    # (or read from a table of the parts the board's geometry alone decides: codegen/related_spaces.py)
    parts = list(where.operands) if isinstance(where, ir.BoolOp) and where.op == "and" else [where]
    found = geometric_parts(var, parts, tuple(sorted(reads.free_vars(where) - {var})), definitions)
    return found is not None and bool(found[1])


def fixed_walk(var: str, board: ir.Board, where: Optional[ir.E], definitions: dict,
               changing: frozenset = frozenset(),
               may_be_none: Optional[Callable[[ir.E], bool]] = None) -> Optional[Fixed]:
    """What ``where`` fixes about the walked space ``var`` of ``board`` when the walk is narrowed to it, or None
    when it is walked whole: nothing fixed, or a space whose row, column or jump it reads may be none (past
    a board's edge, ``may_be_none``: a name that can be none where the walk is written; none in an option's
    listing, whose names are all chosen spaces)."""
    if where is None:
        return None
    fixed = unguarded(fixed_by(var, board, where, definitions, changing))
    if fixed is None:
        return None
    if may_be_none is not None and any(may_be_none(space) for value in fixed.values() for space in spaces_read(value)):
        return None
    return fixed


def plain_argument(a: ir.E, min_players: int) -> bool:
    """Whether an argument can be written out at each use of its parameter instead of worked out once for
    a call: evaluating it can neither fail nor cost more than a look-up (a variable, a constant, a seat in
    every game, `left of p`, a neighbour of a space or of its neighbour, none-safe), so the use written
    out does what the call did, as the author's own inline text would."""
    if isinstance(a, (ir.Var, ir.Const)):
        return True
    if isinstance(a, ir.SeatConst):
        return a.index < min_players
    if isinstance(a, ir.SeatStep):
        return plain_argument(a.seat, min_players)
    if isinstance(a, ir.Neighbour):
        return isinstance(a.space, (ir.Var, ir.Neighbour)) and plain_argument(a.space, min_players) \
            and isinstance(a.direction, (ir.Var, ir.Const))
    return False


def small_value(value: ir.E, definitions: Optional[dict] = None,
                few: Optional[Callable[[ir.Count], bool]] = None) -> bool:
    """Whether a definition's value is a few nodes without any count, total, `any`, walk or search of the board
    (`connected`, a group) of its own: a use of it given plain arguments (plain_argument) is written out in
    place (written_out). A search written out would lose the definition's own way of answering (Go's
    has_liberty: 0.83x). A definition it uses (of ``definitions``; none given: none may be used) must be small
    itself, and its nodes count: a value built of small definitions (`mine(s, p) and kind of occupant of s =
    k`) is written out whole, none of them called. A count ``few`` says is answered by a look at a few items
    (the generator's: codegen/passing_items.py few_items_count) is no walk: it counts as its zone and two nodes."""
    return written_size(value, definitions, few) is not None


def written_size(value: ir.E, definitions: Optional[dict],
                 few: Optional[Callable[[ir.Count], bool]] = None) -> Optional[int]:
    """The nodes ``value`` is written out as, the definitions it uses written out in it (see small_value), or
    None when it is not small."""
    nodes = 0

    def small(node) -> bool:
        nonlocal nodes
        nodes += 1
        if isinstance(node, ir.DefinedValue):
            inner = definitions.get(node.name) if definitions is not None else None
            size = written_size(inner.value, definitions, few) if inner is not None else None
            if size is None:
                return False
            nodes += size
        elif isinstance(node, ir.Count) and PLAYERS_COUNTED_SMALL and players_counted(node):
            return True  # (`count(p in players)`: the number of players, a look-up as `size of players` is)
        elif isinstance(node, ir.Count) and few is not None and few(node):
            nodes += 1  # (a look at a few items, as cheap as a comparison: its zone and its test's key)
            return small(node.domain)
        elif isinstance(node, (ir.Count, ir.First, ir.Total, ir.Walk, ir.BestSets, ir.Connected, ir.GroupOf)):
            return False
        if nodes > WRITTEN_OUT_NODES:
            return False
        return all(small(v) for value in vars(node).values()
                   for v in (value if isinstance(value, tuple) else (value,)) if isinstance(v, ir.E))

    return nodes if small(value) else None


def written_out(definition: ir.Definition, args, min_players: int, definitions: Optional[dict] = None) -> bool:
    """Whether a use of ``definition`` is written out where it is used instead of called: its value is small
    (small_value, reading ``definitions``) and each argument plain (the call would have evaluated it first,
    and it can neither fail nor cost)."""
    return all(plain_argument(a, min_players) for a in args) and small_value(definition.value, definitions)


def conjuncts(c: ir.E, definitions: dict, min_players: int, depth: int = 0) -> list[ir.E]:
    """An option's condition as the conjuncts it is made of, a definition used in it with plain arguments
    (plain_argument) written out: each is then tested as soon as its own names are bound (`can_move(s, t,
    p)`'s `s holds colour of p` once per s, not once per pair), as it would be had the author written the
    definition's value in the option."""
    if isinstance(c, ir.BoolOp) and c.op == "and":
        return [part for o in c.operands for part in conjuncts(o, definitions, min_players, depth)]
    definition = definitions.get(c.name) if isinstance(c, ir.DefinedValue) else None
    if definition is not None and depth < _DEPTH and all(plain_argument(a, min_players) for a in c.args):
        body = reads.substitute(definition.value, {p.name: a for p, a in zip(definition.params, c.args)}, set())
        parts = conjuncts(body, definitions, min_players, depth + 1)
        if len(parts) > 1:
            return parts
    return [c]


def placed_conditions(bound: list[str], conditions, definitions: dict, min_players: int,
                      split: Optional[Callable[[ir.E], list]] = None,
                      written_out: Optional[Callable[[ir.E], Optional[list]]] = None) -> dict[int, list]:
    """An option's conditions by the binding depth they are tested at (-1: before any), each as soon as its
    names are bound; a condition whose conjuncts (``split``, by default conjuncts) are bound at different
    depths is split. ``written_out``: the parts a condition tested whole is written out as instead (the
    generator's written_out_for_once), or None."""
    split = split or (lambda c: conjuncts(c, definitions, min_players))
    names = set(bound)
    placed: dict[int, list] = {i: [] for i in range(-1, len(bound))}

    def level(c: ir.E) -> int:
        return max((bound.index(v) for v in free_vars(c, names)), default=-1)

    for c in conditions:
        parts = split(c)  # (split only where a part is tested before the rest)
        if len({level(p) for p in parts}) == 1:
            parts = (written_out(c) if written_out is not None else None) or [c]
        for part in parts:
            placed[level(part)].append(part)
    return placed


def pick_conditions(names: list[str], where: ir.E, definitions: dict, min_players: int) -> Optional[dict[int, list]]:
    """A pick's `where` (`for a, b picked from C where A and B`) by the name it is tested at, each conjunct as
    soon as the names it reads are picked and never before a conjunct written ahead of it (so each is worked
    out where it was, for the same candidates: nothing fails that did not); None when every one is tested
    only once all the names are picked (the condition stays whole)."""
    bound, placed, at = set(names), {i: [] for i in range(len(names))}, 0
    for part in conjuncts(where, definitions, min_players):
        at = max([at] + [names.index(v) for v in free_vars(part, bound)])
        placed[at].append(part)
    return None if not any(placed[i] for i in range(len(names) - 1)) else placed


def all_of(parts: list) -> ir.E:
    """The conditions placed at one depth as one condition."""
    return parts[0] if len(parts) == 1 else ir.BoolOp(ir.BOOL, None, "", "and", tuple(parts))


def fits_condition(option: ir.ChoiceOption, i: int, conditions) -> Optional[ir.Fits]:
    """The `X fits S` of ``conditions`` that turns the walk of the option's i-th binding (a board's spaces)
    into the table of the spaces X fits on (an X chosen before S), or None."""
    b, later = option.bindings[i], {x.var for x in option.bindings[i:]}
    if not isinstance(b.domain, ir.BoardRef):
        return None
    return next((c for c in conditions if isinstance(c, ir.Fits) and isinstance(c.space, ir.Var)
                 and c.space.name == b.var and isinstance(c.item, ir.Var) and c.item.name not in later), None)


def listing_narrowed(option: ir.ChoiceOption, model: ir.Model) -> dict[str, Fixed]:
    """The walks of a board in an option's listing that are narrowed, by their name, with what their
    conditions fix (as the generator's option_plan walks them; the cost of a listing counts these)."""
    definitions = {d.name: d for d in model.definitions}
    conditions = [c for c in option.conditions
                  if not any(c is fits_condition(option, i, option.conditions) for i in range(len(option.bindings)))]
    placed = placed_conditions([b.var for b in option.bindings], conditions, definitions, model.min_players)
    found = {}
    for i, b in enumerate(option.bindings):
        if not isinstance(b.domain, ir.BoardRef) or not placed[i] or fits_condition(option, i, option.conditions):
            continue
        board = next(x for x in model.boards if x.name == b.domain.board)
        fixed = fixed_walk(b.var, board, all_of(placed[i]), definitions)
        if fixed is not None:
            found[b.var] = fixed
    return found
