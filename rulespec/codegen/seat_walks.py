"""A walk narrowed by what the seats decide (#40): `for k in 1..13 where own_pit(p, k) and stones(k) > 0`
tests `own_pit(p, k)` on all thirteen numbers, though its answer depends on p and k alone. When the leading
conjuncts of a walk's condition read nothing but the walked value (a number of a range of constants, or a
space of a board every space of which is in use, with its row and column, a graph's marks and a grid's regions where
every game lays the same face of it: `s is a base space`), seats named by names bound
outside the walk, constants and definitions that read no more, the values they let through are worked out
once for each seat's value (a module-level SeatWalk table, runtime/helpers.py) and the walk visits those
alone, in the walk's order; the rest of the condition is tested on each as before. The conjuncts left out
are the leading ones, so a value they turn away was turned away before anything else was asked; they
cannot fail and read no state, so asking them once for each seat's value is asking them every time.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Optional

from ..model import ir, reads
from .quoting import comment, ident

_DEPTH = 8  # definitions looked through, one inside another


class SeatWalks:
    """Walks narrowed to the values that the seats decide (CodeGenerator's part)."""

    def seat_walk(self, var: str, domain: ir.E, parts: list) -> Optional[tuple[str, int]]:
        """For a walk of ``var`` over ``domain`` whose condition is the conjuncts ``parts`` (in the order they
        are tested): the code of the values the leading conjuncts decided by seats let through and how many
        conjuncts that is; None when the walk is no range of constants or whole board, or its first
        conjunct reads anything else."""
        values = self.seat_walk_values(domain)
        if values is None:
            return None
        board = domain.board if isinstance(domain, ir.BoardRef) else None
        leading: list = []
        seats: dict[str, None] = {}
        for part in parts:
            names: dict[str, None] = {}
            if not self.seat_decided(part, var, board, names, 0):
                break
            leading.append(part)
            seats.update(names)
        if not leading:
            return None
        test = " and ".join(self.seat_walk_test(part) for part in leading)
        key = (var, tuple(seats), values, test)
        found = self.seat_walks.get(key)
        if found is None:
            text = " and ".join(part.text for part in leading)
            found = self.seat_walks[key] = (f"SEAT_WALK_{len(self.seat_walks)}", text)
        table, args = found[0], "".join(f", v_{ident(name)}" for name in seats)
        return f"{table}.of(st{args})", len(leading)

    def seat_walk_or_whole(self, var: str, domain: ir.E, where: Optional[ir.E],
                           reading: bool = True) -> tuple[str, Optional[ir.E]]:
        """The code of a walk narrowed by the seats (see seat_walk) and what is left of ``where`` to test on each
        value it visits; the whole walk and ``where`` when it is not (a walk of lines: those through a space,
        line_walks.py; where nothing is written while it goes on, ``reading``, one space a column where the
        condition fixes the row by the column: one_a_column.py)."""
        through = self.lines_through(var, domain, where)
        if through is not None:
            return through
        parts = where.operands if isinstance(where, ir.BoolOp) and where.op == "and" else (where,)
        found = self.seat_walk(var, domain, list(parts)) if where is not None else None
        if found is None:
            columns = self.one_a_column_walk(var, domain, list(parts)) if reading and where is not None else None
            return columns or self.expr(domain), where
        left = parts[found[1]:]
        return found[0], (None if not left else left[0] if len(left) == 1 else replace(where, operands=left))

    def seat_walk_values(self, domain: ir.E) -> Optional[str]:
        """The code of every value a walk of ``domain`` visits, the same in every game (worked out at import),
        or None: a range from a constant to a constant, or a board's spaces when all of them are in use."""
        if isinstance(domain, ir.Span) and isinstance(domain.low, ir.Const) and isinstance(domain.high, ir.Const) \
                and domain.low.value.__class__ is int and domain.high.value.__class__ is int:
            return f"span({domain.low.value!r}, {domain.high.value!r})"
        if isinstance(domain, ir.BoardRef) and self.whole_board(self.boards[domain.board]):
            return f"range(len({self.board_const(domain.board)}_ROW))"
        return None

    def whole_board(self, b: int) -> bool:
        """Whether every space of board b is in use in every game: a grid's (Narrowing.every_space_in_use), or a
        graph's that no face, option or player count leaves a space out of."""
        board = self.m.boards[b]
        if board.lattice != "graph":
            return self.every_space_in_use(b)
        return not board.row_option and not board.column_option \
            and all("-" not in face.cells for face in board.faces) \
            and not any(lo.attribute in (board.row_attribute, board.column_attribute) for lo in self.m.leave_outs)

    def same_regions(self, board: str) -> bool:
        """Whether board ``board``'s regions are the same in every game: a grid whose faces, whichever is laid,
        mark the same spaces with the same letters (one face, most often)."""
        b = self.m.boards[self.boards[board]]
        return b.lattice == "grid" and len({face.cells for face in b.faces}) == 1

    def seat_walk_test(self, part: ir.E) -> str:
        """A conjunct's code as the table's test reads it: outside any listing's kept counts."""
        bound, self.bound = self.bound, None
        depth, self.depth = self.depth, self.depth + 1
        seat_values, self.seat_values = self.seat_values, None
        try:
            return self.expr(part)
        finally:
            self.bound, self.depth, self.seat_values = bound, depth, seat_values

    def seat_decided(self, e: ir.E, var: str, board: Optional[str], seats: dict, depth: int) -> bool:
        """Whether ``e`` reads only the walked ``var`` (its row or column on ``board``), seats named by names
        (gathered in ``seats``), constants and definitions that read no more, and cannot fail."""
        if isinstance(e, ir.Const):
            return True
        if isinstance(e, ir.SeatConst):
            return e.index < self.m.min_players  # (a seat in every game: no check of it at run time)
        if isinstance(e, ir.Var):
            if e.name in self.var_code:
                return False
            if e.name != var:
                if e.type != ir.SEAT:
                    return False
                seats[e.name] = None
            return True
        if isinstance(e, ir.SpaceAttr):
            return board is not None and e.board == board and isinstance(e.space, ir.Var) and e.space.name == var
        if isinstance(e, ir.IsMarked):  # (a graph's marks are its own, the same in every game; a face's are not)
            return board is not None and e.board == board and isinstance(e.space, ir.Var) and e.space.name == var \
                and self.m.boards[self.boards[board]].lattice == "graph"
        if isinstance(e, ir.InRegion):  # (the regions of a board every game lays the same face of)
            return board is not None and e.board == board and isinstance(e.space, ir.Var) and e.space.name == var \
                and self.same_regions(board)
        if isinstance(e, ir.Compare):
            return not e.order and all(self.seat_decided(side, var, board, seats, depth) for side in (e.left, e.right))
        if isinstance(e, ir.Arith):
            return e.op in ("+", "-", "*") and all(self.seat_decided(side, var, board, seats, depth)
                                                  for side in (e.left, e.right))
        if isinstance(e, (ir.Not, ir.Negate)):
            return self.seat_decided(e.operand, var, board, seats, depth)
        if isinstance(e, ir.BoolOp):
            return all(self.seat_decided(o, var, board, seats, depth) for o in e.operands)
        if isinstance(e, ir.DefinedValue) and depth < _DEPTH and e.name in self.definitions:
            definition = self.definitions[e.name]
            if not all(self.seat_decided(a, var, board, seats, depth) for a in e.args):
                return False
            body = reads.substitute(definition.value, {p.name: a for p, a in zip(definition.params, e.args)}, {var})
            return self.seat_decided(body, var, board, {}, depth + 1)  # (its own names: its arguments' above)
        return False

    def seat_walk_lines(self) -> list[str]:
        """The module-level SeatWalk tables of the walks narrowed by seats."""
        lines = []
        for (var, seats, domain, test), (name, text) in self.seat_walks.items():
            args = "".join(f", v_{ident(seat)}" for seat in seats)
            lines.append(f"{name} = SeatWalk(lambda st, v_{ident(var)}{args}: {test}, {domain})  " + comment(text))
        return lines
