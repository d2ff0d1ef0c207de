"""A `there is` over pairs of spaces narrowed to the pairs a geometric condition lets through, read from a
table (issue #40).

`there is u in grid where there is v in knight jumps from u where linked(u, v) and crosses(s, t, u, v)`
(TwixT's test whether a new link would cross one already there) walks every space u of the board and each of
its knight's landings v, and asks the position (`linked`) of every pair, at every link tried: some 500 pairs,
of which the board's geometry (`crosses`: arithmetic on rows and columns) lets a dozen through. The part of
the inner condition that the geometry alone decides (model/geometric.py), reading u, v and at most one more
name bound outside, is worked out once per set-up and value of those names: a function of the module lists the
pairs (u, v) it lets through, in walk order (`related_pairs_1(st, v_s, v_t)`), kept in the set-up's tables
(`st._t.related[related_pairs_1, v_s, v_t]`, runtime/related.py) the first time it is asked; the `there is`
then asks the rest of the condition of those pairs alone. The same answer: the pairs left out fail the
geometric part, which cannot fail (a `there is` asks no order, and the rest is tested on the pairs kept).
"""

from __future__ import annotations

from typing import Optional

from ..model import ir, reads
from ..model.geometric import MOST_NAMES, geometric
from ..model.narrowing import all_of
from .quoting import docstring, ident
from .related_spaces import READS_OF_ST, SET_UP_VIEW


class RelatedPairs:
    """`there is` over pairs narrowed by a geometric condition, read from a table (CodeGenerator's part)."""

    def related_pairs_test(self, count: ir.Count) -> Optional[str]:
        """Whether one u of `count(u in B where there is v in D(u) where C)` passes, B a whole board and D(u)
        the spaces of u's jumps (or of B again), the pairs walked read from a table of C's geometric parts;
        None when the form is not there or no part of C is geometric."""
        if not (isinstance(count.domain, ir.BoardRef) and isinstance(count.where, ir.ThereIs)
                and not count.where.negated):
            return None
        inner = count.where.count
        u, v = count.var, inner.var
        if inner.where is None or not self._pair_domain(inner.domain, u, count.domain.board):
            return None
        parts = self.conjuncts(inner.where)
        outer = set().union(*(reads.free_vars(part) for part in parts)) - {u, v}
        if outer & set(self.none_names) or outer & set(self.var_code) or len(outer) + 1 > MOST_NAMES:
            return None  # (a name that may be past the edge, or one the generated code renames)
        chosen = [part for part in parts if v in reads.free_vars(part) and u in reads.free_vars(part)
                  and geometric(part, frozenset(reads.free_vars(part)), self.definitions)]
        if not chosen:
            return None
        read = tuple(sorted(outer & set().union(*(reads.free_vars(part) for part in chosen))))
        left = [part for part in parts if part not in chosen]
        if set().union(set(), *(reads.free_vars(part) for part in left)) - {u, v} - outer:
            return None
        b = self.boards[count.domain.board]
        test = " and ".join(f"({self.module_code(part)})" for part in chosen)
        domain = self.module_code(inner.domain)
        if not set(READS_OF_ST.findall(test + domain)) <= SET_UP_VIEW:
            return None  # (it would read a position)
        params = "".join(f", v_{ident(name)}" for name in read)
        key = ("pairs", b, params, domain, test)
        if key not in self.related_made:
            number = sum(1 for k in self.related_made if k[0] == 'pairs') + 1
            name = f"related_pairs_{number}"
            says = " and ".join(part.text for part in chosen)
            self.related_made[key] = (name, [
                "", "", f"def {name}(st{params}):",
                "    " + docstring(f"The pairs ({u}, {v}) of {count.domain.board}, {v} in `{inner.domain.text}`, "
                                   f"where `{says}`, in walk order: the board's geometry alone decides it "
                                   "(model/geometric.py), so it is asked once a set-up."),
                f"    return tuple((v_{ident(u)}, v_{ident(v)}) for v_{ident(u)} in st._t.cells_in_use[{b}] "
                f"for v_{ident(v)} in {domain} if {test})"])
        name = self.related_made[key][0]
        args = "".join(f", v_{ident(bound)}" for bound in read)
        table = f"st._t.related[{name}{args}]"
        if not left:
            return f"bool({table})"
        self.depth += 1
        rest = self.expr(all_of(left))
        self.depth -= 1
        return f"any({rest} for v_{ident(u)}, v_{ident(v)} in {table})"

    @staticmethod
    def _pair_domain(domain: ir.E, u: str, board: str) -> bool:
        """Whether the inner walk's spaces are fixed by u and the board alone: u's jumps, or the board."""
        if isinstance(domain, ir.Jumps):
            return domain.board == board and isinstance(domain.space, ir.Var) and domain.space.name == u
        return isinstance(domain, ir.BoardRef) and domain.board == board
