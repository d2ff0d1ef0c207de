"""A listing's loops written in place (issue #40): a name bound to a walk, and a `there is` it tests.

`for d in directions of grid, t in walk(u from s towards d while u is empty)` (a queen's slide, an arrow's
flight) listed its spaces through State._walk: a call, a tuple made and a lambda called for each space, in
every direction of every listing. Walked in place, the listing's loop goes along the board's ray from s
(Tables.rays: the spaces _walk steps through, the board's edge and a graph's ring stopping both alike) and
stops at the first space whose test fails (or, with `until`, passes), the test written in the listing: the
same spaces, in the same order.

`only if there is d in directions of grid where C` (`count(...) > 0`) was any() over a generator made for
each candidate. Written as a loop that stops at the first d found and goes on to the next candidate when
there is none (`for ... else: continue`), it makes the same tests in the same order, without a generator.
"""

from __future__ import annotations

from typing import Optional

from ..model import ir, reads
from .quoting import comment, ident


class ListingLoops:
    """A listing's loops over walks and its `there is` tests, written in place (CodeGenerator's part)."""

    def walk_in_place(self, domain: ir.E, code: str) -> None:
        """Notes an option's binding whose ``domain`` is a walk (its ``code`` as option_plan wrote it), when its
        name is bound nowhere inside its test (the loop's name stands for it there): its loops walk it in place."""
        if isinstance(domain, ir.Walk) and domain.var not in reads.bound_names(domain.condition):
            self.walks_in_place[code] = domain

    def binding_loop_head(self, var: str, domain: str) -> None:
        """The head of a listing's loop binding ``var`` to the values of ``domain`` (code), indented into: a walk
        noted by walk_in_place goes along its ray, stopping where its test says the walk ends."""
        w = self.w
        walk = self.walks_in_place.get(domain)
        if walk is None:
            walked = self.filtered_domain(domain)  # (a walk filtered once: filtered_walks.py)
            key = self.walks_by_direction.get(domain)  # (each space with its direction's number: by_direction.py)
            w.line(f"for v_{ident(var)}{f', v_{ident(key)}' if key is not None else ''} in {walked}:")
            w.indent()
            self.written_loop_skips(var, domain)
            return
        b = self.boards[walk.board]
        start = self.on_board(walk.space, "a walk from")
        w.line(f"for v_{ident(var)} in st._t.rays[{b}, {self.expr(walk.direction)}][{start}]:",
               note=f"{walk.text}, walked in place")
        w.indent()
        outer = self.var_code.get(walk.var)
        self.var_code[walk.var] = f"v_{ident(var)}"
        self.depth += 1
        test = self.expr(walk.condition)
        self.depth -= 1
        if outer is None:
            del self.var_code[walk.var]
        else:
            self.var_code[walk.var] = outer
        w.line(f"if {test}:" if walk.until else f"if not ({test}):", note="the walk ends here")
        w.indent()
        w.line("break")
        w.dedent()

    def skip_unless(self, c: ir.E) -> None:
        """In a listing's loop: on to the next candidate unless ``c`` holds. `there is x in D where C` (see
        exists_loop) is a loop stopping at the first x found; any other condition one `if`."""
        exists = self.exists_loop(c)
        w = self.w
        if exists is None:
            code = self.expr(c)
            stop = self.run_stop(c, code)  # (a run held that fails for every longer one: every_between.py)
            w.line(f"if not ({code}):", note=c.text)
            w.indent()
            if stop is not None:
                w.line(f"if {stop}:")
                w.indent()
                w.line("break", note="every longer run fails too")
                w.dedent()
            w.line("continue")
            w.dedent()
            return
        ahead, local, domain, where = exists
        if ahead is not None:
            w.line(f"if not ({self.expr(ahead)}):", note=ahead.text)
            w.indent()
            w.line("continue")
            w.dedent()
        w.line(comment(c.text))
        w.line(f"for {local} in {domain}:")
        w.indent()
        if where is not None:
            w.line(f"if {where}:")
            w.indent()
        w.line("break")
        w.dedent()
        if where is not None:
            w.dedent()
        w.line("else:")
        w.indent()
        w.line("continue")
        w.dedent()

    def exists_loop(self, c: ir.E) -> Optional[tuple[Optional[ir.E], str, str, Optional[str]]]:
        """(what is tested before the walk, the loop's local, the code of its walk and of its test) of a listing's
        condition `count(x in D where C) > 0` (`there is`) that _count_test would write as any() over a
        generator: the count reading one of the listing's names (else it is counted once for all: once()), x
        bound nowhere inside C, not a whole line's nor an item's test (tables of their own). x is the local
        `each_x`, which no name of the rule file is. None for any other condition."""
        count = exists_count(c)
        if count is None or self.bound is None or not self.free_vars(count, self.bound) or count.var in self.var_code:
            return None
        if count.var in reads.bound_names(count.where) or isinstance(count.domain, ir.Placements) \
                or self._cells_mask(count) is not None or self.whole_lines_test(count) is not None \
                or self.item_test(count) is not None:
            return None  # (a placement's, a mask's, a whole line's or an item's test: written their own ways)
        ahead, count = self.tests_ahead(count)
        local = f"each_{ident(count.var)}"
        self.depth += 1
        self.var_code[count.var] = local
        domain, left = self.walk_and_test(count.var, count.domain, count.where)
        where = self.expr(left) if left is not None else None
        del self.var_code[count.var]
        self.depth -= 1
        return ahead, local, domain, where


def exists_count(c: ir.E) -> Optional[ir.Count]:
    """The count of ``c`` when ``c`` is `there is x in D where C` or `count(x in D where C) > 0` (or != 0), the
    forms _count_test writes as any() over a generator; else None."""
    if isinstance(c, ir.ThereIs):
        count = None if c.negated else c.count
    elif (isinstance(c, ir.Compare) and not c.order and c.op in (">", "!=") and isinstance(c.right, ir.Const)
          and c.right.value.__class__ is int and c.right.value == 0):
        count = c.left
    else:
        return None
    return count if isinstance(count, ir.Count) and count.where is not None else None
