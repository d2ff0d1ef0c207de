"""A walk of a board narrowed to the spaces of the walks its condition asks it to be on (issue #40).

`for t in grid only if there is d in directions of grid where t in walk(u from s towards d while u is empty)`
(a queen's move said as "t can be reached from s") tested every space of the board, walking all eight walks
from s for each: 19x the time of `for d in directions of grid, t in walk(...)`, which says the same. A listing
only reads, so the walks' spaces are the same for every t: the walk over the board visits those spaces alone,
each once, in board order (runtime/helpers.py spaces_among), and the condition, which holds of exactly them, is
not tested again. `t in walk(...)` and `t in ray from s towards d` alone narrow the same way. Only in a listing's
walk (codegen/options.py option_plan), never in a statement's loop, whose body may change what the walks see.
"""

from __future__ import annotations

from typing import Optional

from ..model import ir, reads
from .listing_loops import exists_count
from .quoting import ident


class MemberWalks:
    """A listing's walk of a board narrowed to the spaces of a walk or ray (CodeGenerator's part)."""

    def member_walk(self, var: str, domain: ir.E, parts: list) -> Optional[tuple[str, list]]:
        """(the code of the spaces of ``domain`` that one of ``parts`` says ``var`` is on, the other parts) for a
        listing's walk of ``var`` over a whole board; None when no part says so."""
        if not isinstance(domain, ir.BoardRef):
            return None
        for k, part in enumerate(parts):
            found = self.walked_spaces(var, domain.board, part)
            if found is not None:
                self.narrowing_used = True
                b = self.boards[domain.board]
                return f"spaces_among(st._t.in_use[{b}], (), {found})", parts[:k] + parts[k + 1:]
        return None

    def walked_spaces(self, var: str, board: str, part: ir.E) -> Optional[str]:
        """The code of the spaces ``part`` holds for, when it is `var in W` or `there is d in D where var in W`,
        W a walk or ray of ``board`` that does not read ``var`` (nor D): every space of W for every d of D."""
        some = exists_count(part)
        if some is not None and some.var != var and var not in reads.free_vars(some.domain):
            walk = self.member_of(var, board, some.where)
            if walk is None:
                return None
            outer = self.var_code
            self.var_code = {name: code for name, code in outer.items() if name != some.var}
            self.depth += 1
            try:
                return (f"(at for v_{ident(some.var)} in {self.expr(some.domain)} "
                        f"for at in {self.expr(walk)})")
            finally:
                self.depth -= 1
                self.var_code = outer
        walk = self.member_of(var, board, part)
        return None if walk is None else self.expr(walk)

    @staticmethod
    def member_of(var: str, board: str, e: Optional[ir.E]) -> Optional[ir.E]:
        """The walk or ray W of `var in W` on ``board`` when W does not read ``var``; else None."""
        if not (isinstance(e, ir.Member) and isinstance(e.element, ir.Var) and e.element.name == var
                and isinstance(e.collection, (ir.Walk, ir.Ray)) and e.collection.board == board):
            return None
        return e.collection if var not in reads.free_vars(e.collection) else None
