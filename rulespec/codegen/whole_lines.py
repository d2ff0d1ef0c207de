"""N in a row anywhere on a board, asked of the board's whole lines, each once (#40).

`there is s in B where there is d in directions of B where count(t in line of N from s towards d where C) = N`
(each `there is` also as `count(...) > 0`; a definition given plain arguments written out; the direction a
constant instead of a walk of directions) with C reading neither s nor d asks whether some whole line of N
spaces of B passes C at every space. Its answer depends only on the sets of spaces of those lines, so it is
asked of the board's table of whole lines (runtime/whole_lines.py: each set once, from space and direction as
the walk meets it first), not of every space and direction (on 6 x 6, 32 lines of five instead of 288 pairs
that look for a line, each line met twice). C is pure, so testing fewer units in another order gives the same
answer.
"""

from __future__ import annotations

from typing import Optional

from ..model import ir, reads
from .quoting import ident, lit

WRITTEN_OUT_LENGTH = 6  # up to this N, a line's N tests are written out (`C(line[0]) and ...`), as an end's are


class WholeLines:
    """Some whole line of a board passing a test at every space (CodeGenerator's part)."""

    def whole_lines_test(self, count: ir.Count) -> Optional[str]:
        """For `count(s in B where ...) > 0` (``count``) of the form above: the code of whether some whole line
        passes; None for any other count."""
        if not isinstance(count.domain, ir.BoardRef):
            return None
        board = count.domain.board
        inner = self._written_out(count.where)
        directions, line_test = self._directions_and_line(inner, board, count.var)
        if line_test is None:
            return None
        line_count = line_test.left
        line = line_count.domain
        if not (isinstance(line.space, ir.Var) and line.space.name == count.var):
            return None
        length = line.length.value
        var = line_count.var
        if var in reads.bound_names(line_count.where):
            return None
        b = self.boards[board]
        table = f"st._t.whole_lines[{b}, {lit(tuple(directions))}, {lit(length)}]"
        self.depth += 1
        if length <= WRITTEN_OUT_LENGTH:
            tests = []
            for k in range(length):
                self.var_code[var] = f"whole[{k}]"
                tests.append(self.expr(line_count.where))
            del self.var_code[var]
            test = " and ".join(tests)
        else:
            test = f"all({self.expr(line_count.where)} for v_{ident(var)} in whole)"
        self.depth -= 1
        return f"any({test} for whole in {table})"

    def _written_out(self, e: Optional[ir.E]) -> Optional[ir.E]:
        """``e`` with a definition given plain arguments written out, as many times as one names another."""
        for _ in range(32):
            definition = self.definitions.get(e.name) if isinstance(e, ir.DefinedValue) else None
            if definition is None or not all(self.plain_argument(a) for a in e.args):
                return e
            e = reads.substitute(definition.value, {p.name: a for p, a in zip(definition.params, e.args)}, set())
        return e

    def _directions_and_line(self, e: Optional[ir.E], board: str, space: str) -> tuple[tuple, Optional[ir.Compare]]:
        """The directions and the line's test of `there is d in directions of B where count(t in line of N from s
        towards d where C) = N` (or one constant direction and the line's test alone), C reading neither s nor d;
        ((), None) for anything else."""
        exists = _exists(e)
        if exists is not None:
            if not (isinstance(exists.domain, ir.Directions) and exists.domain.board == board
                    and exists.domain.type == ir.DIRECTIONS and exists.domain.directions and exists.var != space):
                return (), None
            line_test = self._written_out(exists.where)
            if not self._whole_line(line_test, board, direction=exists.var):
                return (), None
            return tuple(exists.domain.directions), line_test
        if self._whole_line(e, board, direction=None):
            return (e.left.domain.direction.value,), e
        return (), None

    @staticmethod
    def _whole_line(e: Optional[ir.E], board: str, direction: Optional[str]) -> bool:
        """Whether ``e`` is `count(t in line of N from X towards D where C) = N` on ``board``, N a constant of
        at least 1, D the name ``direction`` (or, with None, a compass constant), C reading only t and what the
        walks outside it do not bind."""
        if not (isinstance(e, ir.Compare) and e.op == "=" and not e.order and isinstance(e.left, ir.Count)
                and isinstance(e.right, ir.Const) and isinstance(e.right.value, int)
                and not isinstance(e.right.value, bool) and e.left.where is not None):
            return False
        line = e.left.domain
        if not (isinstance(line, ir.LineOf) and line.board == board and isinstance(line.length, ir.Const)
                and line.length.value == e.right.value and line.length.value >= 1):
            return False
        if direction is None:
            if not (isinstance(line.direction, ir.Const) and isinstance(line.direction.value, int)
                    and not isinstance(line.direction.value, bool)):
                return False
        elif not (isinstance(line.direction, ir.Var) and line.direction.name == direction):
            return False
        space = line.space.name if isinstance(line.space, ir.Var) else None
        return not reads.free_vars(e.left.where) & {space, direction}


def _exists(e: Optional[ir.E]) -> Optional[ir.Count]:
    """The count of `there is x in D where C` or of `count(x in D where C) > 0` (!= 0, >= 1)."""
    if isinstance(e, ir.ThereIs):
        return None if e.negated or e.count.where is None else e.count
    return reads.exists_form(e) if e is not None else None
