"""The rows of an option's last walks kept as one block by the names walked before them (#40).

Pentago's `for s in grid, q in 1..4` tests s alone (`only if s is empty`): for each empty s the listing made
the same four rows, each looked up in the kept rows (KeptRows) by its (s, q) and appended one by one, 288 look-ups
a listing. When an option's rows are kept (its text reads only labels) and its last walks run over values that
are the same in every game (a range of constants, a grid's compass directions), walked whole, with no test once
they are bound, the rows those walks make for the names bound before them are the same in every state: they are kept
as one block by those names (made once from the kept rows, in the order the walks make them) and added to the
listing at once. The rows, their order and what the kept rows see of their texts are as before.
"""

from __future__ import annotations

from typing import Optional

from ..model import ir
from .quoting import ident


class RowBlocks:
    """An option's last walks' rows kept as one block (CodeGenerator's part)."""

    def block_level(self, step: ir.Step, listing, k: int, start: int = 0) -> Optional[int]:
        """The first of option k's names, from the ``start``-th on (and never the first), from which every walk
        runs over constant values with no test once bound, its rows kept: the rows of those walks are one block
        per value of the names before; None when there is no such name."""
        option, bound, walks, placed, _, _ = self.plans[k]
        if k not in listing.memos or k in listing.by_counters or listing.any_player or self.first_thens_ahead(step, option, placed) is not None \
                or (step.name, option.name) in self.kept_walks:
            return None
        domains = {b.var: b.domain for b in option.bindings}
        level = len(bound)
        while level > max(start, 1) and not placed[level - 1] and self.walked_whole(domains.get(bound[level - 1]),
                                                                                   walks[bound[level - 1]]):
            level -= 1
        return level if level < len(bound) else None

    def block_rows(self, plan: tuple, k: int, level: int, rows: str) -> None:
        """Add the block of rows of option k's walks from ``level`` on, kept by the names bound before."""
        w = self.w
        _, bound, domains, _, text, binding_tuple = plan
        key = f"v_{ident(bound[0])}" if level == 1 else "(" + "".join(f"v_{ident(v)}, " for v in bound[:level]) + ")"
        row = f"(seat, {text}, {k}, {binding_tuple})"
        one = f"v_{ident(bound[0])}" if len(bound) == 1 else binding_tuple
        loops = " ".join(f"for v_{ident(var)} in {domains[var]}" for var in bound[level:])
        w.line(f"{rows} += block_{k}.get({key}) or kept.block(block_{k}, {key}, "
               f"[memo_{k}.get({one}) or kept.make(memo_{k}, {one}, {row}) {loops}])",
               note=f"the rows of {', '.join(bound[level:])}, kept by {', '.join(bound[:level])}")
        self.blocks_used.add(k)

    def walked_whole(self, domain: Optional[ir.E], code: str) -> bool:
        """Whether a walk's values are the same in every game (a range of constants, a grid's compass directions)
        and it walks them all (``code``, the walk written, is the domain's own: no test narrowed it)."""
        if isinstance(domain, ir.Span):
            constant = isinstance(domain.low, ir.Const) and isinstance(domain.high, ir.Const)
        else:
            constant = isinstance(domain, ir.Directions) and domain.type == ir.DIRECTIONS
        return constant and code == self.expr(domain)
