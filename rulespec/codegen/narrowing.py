"""A walk over a board's spaces whose condition says which spaces it wants is a look-up, not a search.

`for s in grid, t in grid only if can_move(s, t, player)`, where can_move says `t = neighbour of s towards
south or ...`, tests 64 x 64 pairs; `count(s in pits where position of s = k and ...)` tests every space of
the board for a row. The same rules written from the piece (`t` a neighbour of `s`) or over one row cost a
few tests each. So that the formulation an author picks does not decide the speed (issue #40), the
generator reads in a condition (through the definitions it uses) what it fixes about the walked space:
that it is one of some spaces (`t = neighbour of s towards d`, `t = u`, `t in knight jumps from s`, a neighbour
of s in one of some directions: `count(d in forward of p where t = neighbour of s towards d) > 0`), or that
its row or column is one of some values (`position of s = k`). Where every way the condition can hold fixes it, the walk visits only
those spaces, in board order, each once, and the whole condition is still tested on each: the same spaces
pass, in the same order, as in the walk over the board.

What is fixed must be worked out before the walk from values that cannot fail and that the walk does not
change (``stable``): constants, names bound outside it, options, counters the walk's body does not set,
a neighbour of a name (or of such a neighbour: `neighbour of neighbour of s towards d towards d`, none past
the edge and then left out), a row or column of one, sums of those.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from ..model import ir, reads
from .quoting import comment, ident

_DEPTH = 8  # definitions looked through, one inside another


@dataclass(frozen=True)
class Fixed:
    """What a condition fixes about the space ``var`` it tests: whenever it holds, ``var`` is one of
    ``spaces`` or its row is one of ``rows`` or its column one of ``columns``."""

    spaces: tuple[ir.E, ...] = ()
    rows: tuple[ir.E, ...] = ()
    columns: tuple[ir.E, ...] = ()
    jumps: tuple[ir.Jumps, ...] = ()  # `t in knight jumps from s`: one of the spaces a jump lands on
    # `count(d in D where t = neighbour of s towards d) > 0`: (d, D, the space) - the space for some d of D
    spaces_over: tuple[tuple[str, ir.E, ir.E], ...] = ()

    def __or__(self, other: "Fixed") -> "Fixed":
        return Fixed(self.spaces + other.spaces, self.rows + other.rows, self.columns + other.columns,
                     self.jumps + other.jumps, self.spaces_over + other.spaces_over)

    def size(self) -> int:
        """How wide a look-up it is, to pick the narrower of two conjuncts: a space is one, a jump's landings
        or a space over some directions a few, a row many."""
        return (len(self.spaces) + 8 * len(self.spaces_over) + 10 * len(self.jumps)
                + 100 * (len(self.rows) + len(self.columns)))


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
        return e.op in ("+", "-", "*") and _stable(e.left, var, changing) and _stable(e.right, var, changing)
    if isinstance(e, ir.Negate):
        return _stable(e.operand, var, changing)
    if isinstance(e, ir.Neighbour):  # of a name or of a neighbour of one (none-safe: none's neighbour is none)
        return isinstance(e.space, (ir.Var, ir.Neighbour)) and _stable(e.space, var, changing) \
            and isinstance(e.direction, (ir.Const, ir.Var)) and _stable(e.direction, var, changing)
    if isinstance(e, ir.SpaceAttr):
        return isinstance(e.space, ir.Var) and _stable(e.space, var, changing)
    return False


def _stable_directions(e: ir.E, var: str, changing: frozenset) -> bool:
    """Whether ``e`` is a set of directions worked out before the walk: a board's (`diagonal directions of
    grid`) or a seat's (`forward of p`, a seat attribute whose values name sets)."""
    if isinstance(e, ir.Directions):
        return True
    return isinstance(e, ir.SeatAttr) and bool(e.directions) and _stable(e.seat, var, changing)


def _spaces_read(e: ir.E):
    """The spaces a stable value reads a row or column or jump of (a neighbour's look-up is none-safe: the
    spaces its own space reads)."""
    if isinstance(e, ir.Neighbour):
        yield from _spaces_read(e.space)
    if isinstance(e, (ir.SpaceAttr, ir.Jumps)):
        yield e.space
    for part in (getattr(e, name, None) for name in ("left", "right", "operand")):
        if isinstance(part, ir.E):
            yield from _spaces_read(part)


def fixed_by(var: str, board: ir.Board, e: ir.E, definitions: dict, changing: frozenset = frozenset(),
             depth: int = 0) -> Optional[Fixed]:
    """What ``e`` fixes about the space ``var`` of ``board`` (see Fixed), or None when it fixes nothing."""
    if isinstance(e, ir.Compare) and e.op == "=" and not e.order:
        for this, other in ((e.left, e.right), (e.right, e.left)):
            if not _stable(other, var, changing):
                continue
            if isinstance(this, ir.Var) and this.name == var and other.type == ir.SPACE + ":" + board.name:
                return Fixed(spaces=(other,))
            if isinstance(this, ir.SpaceAttr) and this.board == board.name and isinstance(this.space, ir.Var) \
                    and this.space.name == var:
                return Fixed(rows=(other,)) if this.attr == board.row_attribute else Fixed(columns=(other,))
        return None
    if isinstance(e, ir.Member) and isinstance(e.element, ir.Var) and e.element.name == var \
            and isinstance(e.collection, ir.Jumps) and e.collection.board == board.name \
            and isinstance(e.collection.space, ir.Var) and _stable(e.collection.space, var, changing):
        return Fixed(jumps=(e.collection,))  # (a jump's table never changes during a game)
    some = reads.exists_form(e)
    if some is not None and some.var != var and _stable_directions(some.domain, var, changing):
        # `count(d in D where ... t = neighbour of s towards d ...) > 0`: t is that space for some d of D.
        inner = fixed_by(var, board, some.where, definitions, changing, depth)
        if inner is None or inner.rows or inner.columns or inner.jumps or inner.spaces_over:
            return None
        return Fixed(spaces_over=tuple((some.var, some.domain, space) for space in inner.spaces))
    if isinstance(e, ir.BoolOp) and e.op == "and":
        found = [f for f in (fixed_by(var, board, o, definitions, changing, depth) for o in e.operands)
                 if f is not None]
        return min(found, key=Fixed.size) if found else None
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


def narrowed_by(var: str, domain: ir.E, where: Optional[ir.E], model: ir.Model) -> bool:
    """Whether a walk of ``var`` over ``domain`` where ``where`` is narrowed to a look-up (the profiler's
    hints say so where it is not)."""
    if not isinstance(domain, ir.BoardRef) or where is None:
        return False
    board = next(b for b in model.boards if b.name == domain.board)
    return fixed_by(var, board, where, {d.name: d for d in model.definitions}) is not None


class Narrowing:
    """Walks of a board narrowed to what their condition fixes (CodeGenerator's part)."""

    def narrowed_domain(self, var: str, domain: ir.E, where: Optional[ir.E],
                        changing: frozenset = frozenset()) -> Optional[str]:
        """The code of the spaces of ``domain`` (a board) that ``where`` may hold for, in board order, each
        once; None when the condition fixes none (the walk stays a walk of the board)."""
        if not isinstance(domain, ir.BoardRef) or where is None:
            return None
        b = self.boards[domain.board]
        fixed = fixed_by(var, self.m.boards[b], where, self.definitions, changing)
        if fixed is None:
            return None
        values = fixed.spaces + fixed.rows + fixed.columns + fixed.jumps + tuple(s for _, _, s in fixed.spaces_over)
        if any(self.may_be_none(space) for value in values for space in _spaces_read(value)):
            return None  # (a name that may be none, past a board's edge: its neighbour or row is not looked up)
        const = self.board_const(domain.board)
        groups = []
        for values, table in ((fixed.rows, "ROW"), (fixed.columns, "COLUMN")):
            for value in values:
                self.cells_by_used.add((const, table))
                groups.append(f"{const}_CELLS_BY_{table}.get({self.expr(value)}, ())")
        groups += [self.expr(jumps) for jumps in fixed.jumps]  # spaces in use already, in board order
        if not fixed.spaces and not fixed.spaces_over and len(groups) == 1 and self.every_space_in_use(b):
            return groups[0]
        found = "(" + "".join(f"{self.expr(s)}, " for s in fixed.spaces) \
            + "".join(f"*{self.space_over_directions(*over)}, " for over in fixed.spaces_over) + ")"
        self.narrowing_used = True
        return f"spaces_among(st._t.in_use[{b}], {found}" + "".join(", " + code for code in groups) + ")"

    def implied_by_walk(self, var: str, domain: ir.BoardRef, part: ir.E, where: ir.E) -> bool:
        """Whether ``part``, one of the conjuncts of ``where``, holds of every space a walk of ``var`` narrowed
        by ``where`` visits, so need not be tested on them: it is exactly `var = X` or `count(d in D where
        var = X) > 0` and the walk is narrowed to its spaces alone (those of no other part)."""
        board = self.m.boards[self.boards[domain.board]]
        some = reads.exists_form(part)
        equality = some.where if some is not None else part
        if not (isinstance(equality, ir.Compare) and equality.op == "=" and not equality.order
                and var in {side.name for side in (equality.left, equality.right) if isinstance(side, ir.Var)}):
            return False
        fixed = fixed_by(var, board, part, self.definitions)
        return fixed is not None and fixed == fixed_by(var, board, where, self.definitions)

    def space_over_directions(self, direction: str, directions: ir.E, space: ir.E) -> str:
        """The code of ``space`` for each ``direction`` of ``directions``: `(toward[...] for v_d in ...)`."""
        outer = self.var_code
        self.var_code = {name: code for name, code in outer.items() if name != direction}
        try:
            return f"({self.expr(space)} for v_{ident(direction)} in {self.expr(directions)})"
        finally:
            self.var_code = outer

    def conjuncts(self, c: ir.E, depth: int = 0) -> list[ir.E]:
        """An option's condition as the conjuncts it is made of, a definition used in it with plain arguments
        (names, constants, a neighbour of a name: CodeGenerator.plain_argument) written out: each is then
        tested as soon as its own names are bound (`can_move(s, t, p)`'s `s holds colour of p` once per s,
        not once per pair), as it would be had the author written the definition's value in the option."""
        if isinstance(c, ir.BoolOp) and c.op == "and":
            return [part for o in c.operands for part in self.conjuncts(o, depth)]
        definition = self.definitions.get(c.name) if isinstance(c, ir.DefinedValue) else None
        if definition is not None and depth < _DEPTH and all(self.plain_argument(a) for a in c.args):
            body = reads.substitute(definition.value, {p.name: a for p, a in zip(definition.params, c.args)}, set())
            parts = self.conjuncts(body, depth + 1)
            if len(parts) > 1:
                return parts
        return [c]

    def every_space_in_use(self, b: int) -> bool:
        """Whether every space of board b is in use in every setup: no `-` on a face, no rows or columns
        left out by an option or by the player count."""
        board = self.m.boards[b]
        return board.lattice == "grid" and not board.row_option and not board.column_option \
            and all("-" not in face.cells for face in board.faces) \
            and not any(lo.attribute in (board.row_attribute, board.column_attribute) for lo in self.m.leave_outs)

    def cells_by_lines(self) -> list[str]:
        """The module-level tables of a board's spaces by row or column value that narrowed walks read."""
        return [f"{const}_CELLS_BY_{table} = cells_by_value({const}_{table})  "
                + comment(f"its spaces by {table.lower()}, in order") for const, table in sorted(self.cells_by_used)]
