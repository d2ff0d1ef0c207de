"""A walk of a board's lines narrowed to those through a space (#40): `count(l in mills where s in l and ...)`
tests `s in l` on all sixteen mills of nine men's morris, though two pass through any one point. When the
first conjunct of a walk's condition over a set of lines is `X in l` (l the line walked, X a space that reads
no l), the walk visits the lines through X alone, in the set's order (a module-level table: each space's lines,
made from the declared lines), and the rest of the condition is tested on each as before. The lines left out
are those the first conjunct turned away before anything else was asked of them, so nothing else changes.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Optional

from ..model import ir, reads
from .quoting import comment, lit


class LineWalks:
    """Walks of a set of lines narrowed to the lines through a space (CodeGenerator's part)."""

    def lines_through(self, var: str, domain: ir.E, where: Optional[ir.E]) -> Optional[tuple[str, Optional[ir.E]]]:
        """For a walk of ``var`` over a set of lines whose condition ``where`` begins with `X in var`: the code
        of the lines through X and what is left of ``where`` to test on each; None for any other walk."""
        if not isinstance(domain, ir.LineSet) or where is None:
            return None
        parts = where.operands if isinstance(where, ir.BoolOp) and where.op == "and" else (where,)
        first = parts[0]
        if not (isinstance(first, ir.Member) and isinstance(first.collection, ir.Var) and first.collection.name == var
                and var not in reads.free_vars(first.element)):
            return None
        key = (domain.board, domain.name, domain.lines)
        table = self.lines_through_made.setdefault(key, f"LINES_THROUGH_{len(self.lines_through_made)}")
        left = parts[1:]
        rest = None if not left else left[0] if len(left) == 1 else replace(where, operands=left)
        return f"{table}.get({self.expr(first.element)}, ())", rest

    def lines_through_lines(self) -> list[str]:
        """The module-level tables of the lines through each space (see lines_through)."""
        lines = []
        for (board, name, declared), table in self.lines_through_made.items():
            through = {space: tuple(line for line in declared if space in line)
                       for space in sorted({space for line in declared for space in line})}
            lines.append(f"{table} = {lit(through)}  " + comment(f"the lines {name} of {board} through each space"))
        return lines
