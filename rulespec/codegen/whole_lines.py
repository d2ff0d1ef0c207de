"""N in a row anywhere on a board, asked of the board's whole lines, each once (#40).

`there is s in B where there is d in directions of B where count(t in line of N from s towards d where C) = N`
(each `there is` also as `count(...) > 0`; a definition given plain arguments written out; the direction a
constant instead of a walk of directions) with C reading neither s nor d asks whether some whole line of N
spaces of B passes C at every space. Its answer depends only on the sets of spaces of those lines, so it is
asked of the board's table of whole lines (runtime/whole_lines.py: each set once, from space and direction as
the walk meets it first), not of every space and direction (on 6 x 6, 32 lines of five instead of 288 pairs
that look for a line, each line met twice). C is pure, so testing fewer units in another order gives the same
answer.

Where the rule keeps the lines to a part of the board that the geometry alone decides (model/geometric.py),
`there is s in grid where block(s) = b and count(d in directions of grid where count(t in line of 3 from s
towards d where block(t) = b and t holds symbol of p) = 3) > 0` (three in a row inside one small board), the
geometric parts (of s, and of every t) are asked once per set-up and value of the names they read, by a
function of the module that keeps a line or not (`lines_1(st, v_s, line, v_b)`), and the table holds the
lines kept (`st._t.whole_lines[0, (0, ..., 7), 3, lines_1, v_b]`): the eight lines of the small board, not
the 72 pairs of its nine spaces and eight directions, each line's spaces tested for the rest alone.
"""

from __future__ import annotations

from typing import Optional

from ..model import ir, reads
from ..model.geometric import geometric_parts
from ..model.narrowing import all_of
from .quoting import docstring, ident, lit
from .related_spaces import SET_UP_VIEW, READS_OF_ST

WRITTEN_OUT_LENGTH = 6  # up to this N, a line's N tests are written out (`C(line[0]) and ...`), as an end's are


class WholeLines:
    """Some whole line of a board passing a test at every space (CodeGenerator's part)."""

    def whole_lines_test(self, count: ir.Count) -> Optional[str]:
        """For `count(s in B where ...) > 0` (``count``) of the form above: the code of whether some whole line
        passes; None for any other count."""
        if not isinstance(count.domain, ir.BoardRef):
            return None
        board = count.domain.board
        start_parts, inner = self._start_and_lines(self._written_out(count.where), board, count.var)
        if inner is None:
            return None
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
        key = f"{b}, {lit(tuple(directions))}, {lit(length)}"
        where = line_count.where
        if start_parts or self._geometric_line_parts(var, where, count):
            kept = self._lines_kept(count, start_parts, var, where)
            if kept is None and start_parts:
                return None
            if kept is not None:
                extra, where = kept
                key = f"{key}, {extra}"
        table = f"st._t.whole_lines[{key}]"
        if where is None:  # (every part of the test is the geometry's: a kept line passes it)
            return f"bool({table})"
        self.depth += 1
        if length <= WRITTEN_OUT_LENGTH:
            tests = []
            for k in range(length):
                self.var_code[var] = f"whole[{k}]"
                tests.append(self.expr(where))
            del self.var_code[var]
            test = " and ".join(tests)
        else:
            test = f"all({self.expr(where)} for v_{ident(var)} in whole)"
        self.depth -= 1
        return f"any({test} for whole in {table})"

    def _start_and_lines(self, e: Optional[ir.E], board: str, space: str) -> tuple[list, Optional[ir.E]]:
        """`G and there is d in directions of B where ...` with G geometric, reading the space ``space`` walked
        and names bound outside: (G's parts, the rest); ([], ``e``) when ``e`` has no other part; ([], None)
        when a part besides the lines is not such."""
        parts = self.conjuncts(e) if e is not None else []
        if len(parts) < 2:
            return [], e
        lines = [part for part in parts if self._directions_and_line(part, board, space)[1] is not None]
        if len(lines) != 1:
            return [], None
        start = [part for part in parts if part is not lines[0]]
        found = geometric_parts(space, start, self._outer_names(e, space), self.definitions)
        if found is None or len(found[0]) != len(start):
            return [], None
        return start, lines[0]

    def _outer_names(self, where: ir.E, space: str) -> tuple:
        """The names bound outside the walk of ``space`` whose condition is ``where`` that a table of its
        geometric parts may be kept by (never one that may be past the edge)."""
        return tuple(sorted(reads.free_vars(where) - {space} - set(self.none_names)))

    def _geometric_line_parts(self, var: str, where: ir.E, count: ir.Count) -> list:
        """The parts of a line's test ``where`` that the geometry alone decides, of its space ``var`` and the
        names bound outside the count."""
        found = geometric_parts(var, self.conjuncts(where), self._outer_names(count.where, count.var), self.definitions)
        return found[0] if found is not None else []

    def _lines_kept(self, count: ir.Count, start_parts: list, var: str,
                    where: ir.E) -> Optional[tuple[str, Optional[ir.E]]]:
        """(the lines_ function keeping the lines that pass the geometric parts, with the names it is kept by,
        as the table's key goes on; the rest of the line's test, None when nothing is left), or None when
        the geometric parts' code would read a position."""
        geometric = self._geometric_line_parts(var, where, count)
        rest = [part for part in self.conjuncts(where) if part not in geometric]
        start_code = " and ".join(f"({self.module_code(part)})" for part in start_parts)
        line_code = " and ".join(f"({self.module_code(part)})" for part in geometric)
        test = " and ".join(filter(None, (start_code, line_code and f"all({line_code} for v_{ident(var)} in line)")))
        if not set(READS_OF_ST.findall(test)) <= SET_UP_VIEW:
            return None
        read = sorted(set().union(*(reads.free_vars(part) for part in start_parts + geometric)) - {count.var, var})
        params = "".join(f", v_{ident(name)}" for name in read)
        key = (self.boards[count.domain.board], params, test)
        made = self.lines_made.setdefault(key, [f"lines_{len(self.lines_made) + 1}"])
        name = made[0]
        if len(made) == 1:
            says = " and ".join(part.text for part in start_parts) or "any"
            every = " and ".join(part.text for part in geometric) or "anything"
            made += ["", "", f"def {name}(st, v_{ident(count.var)}, line{params}):",
                     "    " + docstring(f"Whether the line from {count.var} is kept: {count.var} where `{says}`, and "
                                        f"at every space {var} of the line `{every}`; the board's geometry alone "
                                        "decides it (model/geometric.py), so it is asked once a set-up."),
                     f"    return {test}"]
        args = "".join(", " + (self.var_code.get(bound) or f"v_{ident(bound)}") for bound in read)
        return name + args, all_of(rest) if rest else None

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
