"""Whether the spaces holding a value form one group, asked of the first of them (#40).

`there is s in B where s holds V and size of group of s = count(t in B where t holds V)` says that every space
of B holding V is in one group (Lines of Action's win: all of a player's pieces joined). A group joins spaces
holding the same (kind and attributes), so a group of a space holding V holds V throughout: it is as big as the
count only when it is all of them, and then it is the group of every one of them. The first space holding V
(board order) answers for all: its group is measured, and no other (the test as written measures the group of
each space holding V in turn while none is all of them: a flood fill and a count each). When no space holds V,
there is no such s, as before. The sides of `=` may be either way round, and `there is no` is its negation.
"""

from __future__ import annotations

from typing import Optional

from ..model import ir, reads
from .listed_answers import same
from .quoting import ident


class OneGroup:
    """`there is s in B where s holds V and size of group of s = count(...)` asked of one space (CodeGenerator's part)."""

    def one_group_test(self, count: ir.Count) -> Optional[str]:
        """Code for whether some x of ``count`` passes (see the module), or None when its test is not that one."""
        parts = one_group_parts(count)
        if parts is None:
            return None
        holds, total = parts
        var = f"v_{ident(count.var)}"
        self.depth += 1
        try:
            domain, left = self.walk_and_test(count.var, count.domain, holds)
            test = f" if {self.expr(left)}" if left is not None else ""
            group = ir.GroupOf("spaces:" + count.domain.board, count.loc, count.text, count.domain.board, _var(count))
            value = f"len({self.expr(group)}) == {self.expr(total)}"  # (the group's size is the count)
        finally:
            self.depth -= 1
        return f"next(({value} for {var} in {domain}{test}), False)"


def _var(count: ir.Count) -> ir.Var:
    return ir.Var(count.var_type, count.loc, count.var, count.var)


def one_group_parts(count: ir.Count) -> Optional[tuple[ir.HoldsValue, ir.Count]]:
    """(`s holds V`, the count of the spaces holding V) of `count(s in B where s holds V and size of group of s =
    count(t in B where t holds V))` (its two tests either way round, the comparison's sides too), V reading
    neither name; None for any other count."""
    if not (isinstance(count.domain, ir.BoardRef) and isinstance(count.where, ir.BoolOp) and count.where.op == "and"
            and len(count.where.operands) == 2):
        return None
    holds = next((o for o in count.where.operands if _holds_value(o, count.var, count.domain.board)), None)
    compare = next((o for o in count.where.operands if o is not holds), None)
    if holds is None or not (isinstance(compare, ir.Compare) and compare.op == "=" and not compare.order):
        return None
    for size, total in ((compare.left, compare.right), (compare.right, compare.left)):
        if (isinstance(size, ir.Size) and isinstance(size.collection, ir.GroupOf)
                and size.collection.board == count.domain.board and _is_var(size.collection.space, count.var)
                and isinstance(total, ir.Count) and isinstance(total.domain, ir.BoardRef)
                and total.domain.board == count.domain.board and count.var not in reads.free_vars(total)
                and _holds_value(total.where, total.var, count.domain.board)
                and total.where.attribute == holds.attribute and same(total.where.value, holds.value)):
            return holds, total
    return None


def _holds_value(e: Optional[ir.E], var: str, board: str) -> bool:
    """Whether ``e`` is `var holds V` on ``board``, V reading no name bound here (a seat's value, a word)."""
    return (isinstance(e, ir.HoldsValue) and e.board == board and _is_var(e.space, var)
            and var not in reads.free_vars(e.value))


def _is_var(e: ir.E, name: str) -> bool:
    return isinstance(e, ir.Var) and e.name == name
