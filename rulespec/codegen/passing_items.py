"""A fixed test of the items of a zone that lets only a few items through, asked of those few (issue #40).

`any(x in box where x is peg and row of x = r and col of x = c)` (Battleship's shot: the peg to mark it with)
reads only what never changes about the item, so each item's answer is read from a table (counts.py
item_test: `filter(TEST[r, c].__getitem__, box)`), but the box holds 360 items and the test lets 2 through.
Where the test's equalities fix enough of the components' attributes that never change that at most
FEW_PASSING items can pass whatever the values compared (worked out from the components' declarations:
`x is peg` and both of a peg's attributes fixed, 2 copies of each), the items the test lets through are a
table (ItemsPassing, in item order) and each is asked only whether it lies in the zone (`State._loc`), not the
zone walked for them (runtime/helpers.py first_in_zone, any_in_zone, count_in_zone). The first found is the
same: a zone that is not stacked keeps its items in item order. A shared zone or a player's (`hits of player`:
its number worked out where it is read). A test that lets many through (`w is wall` over a box of
walls, most of them placed by then) keeps the zone's walk: there the few in the zone are found first.
"""

from __future__ import annotations

from math import prod
from typing import Optional

from ..model import ir
from ..model.reads import free_vars
from .quoting import lit

FEW_PASSING = 8  # the most items a test may let through to be asked of them (each a look-up of where it is)


class PassingItems:
    """A fixed test over a shared zone that lets a few items through, asked of them (CodeGenerator's part)."""

    # How many items a test lets through is read from its definitions written out, as its table reads them
    # (`at(x, s)`, `spot of x = index of s` or a row and a column equated: one value of each), not only from the
    # equalities written in the condition itself.
    passing_unfolds = True

    def passing_in_zone(self, e, helper: str) -> Optional[str]:
        """``helper``'s call (first_in_zone, any_in_zone, count_in_zone) for `any`, `there is` or `count` ``e``
        over a zone (shared, or a player's) whose condition reads only what never changes about the item and lets at most
        FEW_PASSING items through; None for any other (and for `any` over a stacked zone, whose first is the
        first to arrive)."""
        if helper == "any_in_zone":
            held = self.values_held(e)
            if held is not None:
                return held
        domain = e.domain
        if not isinstance(domain, ir.ZoneRef) or domain.seat is None and self.zone_per_player[domain.zone]:
            return None  # (a zone one per player without a seat: every player's, read as one)
        if helper == "first_in_zone" and any(z.name == domain.zone and z.stacked for z in self.m.zones):
            return None
        if e.where is None or self.most_passing(e.var, e.where) > FEW_PASSING:
            return None
        items = self.item_test(e, listing=True)
        if items is None:
            return None
        self.located_helpers_used.add(helper)
        index = self.zone_index(domain) if domain.seat is not None else f"st._t.zone_base[{lit(domain.zone)}]"
        return f"{helper}(st._loc, {items}, {index})"

    # In a listing, `there is x in Z where A of x = K`, Z read by no chosen name and K by one, asks whether K is
    # among the values of A that Z's items hold: gathered once a listing (values_held).
    held_values_once = True

    def values_held(self, e: ir.Count) -> Optional[str]:
        """For `there is x in Z where A of x = K` in a listing's condition (``e`` its count), A an attribute that
        never changes and every component has, Z a zone no name the listing chooses reads and K a value one does
        (`index of s` for the chosen s: index_keys): `K in` the values of A that Z's items hold, a set gathered
        at the first use and kept for the listing (Counts.once's local; a listing only reads, so Z is the same
        at every candidate). Each candidate then asks a set instead of where K's items lie. None for any other."""
        if not self.held_values_once or self.bound is None or self.depth or not isinstance(e.domain, ir.ZoneRef) \
                or e.where is None or e.domain.seat is None and self.zone_per_player[e.domain.zone] \
                or self.free_vars(e.domain, self.bound):
            return None
        keyed: dict = {} if self.index_keyed else None
        found = self.static_item_test(e.var, e.where, True, keyed)
        if found is None or not isinstance(found[0], ir.Compare) or found[0].op != "=" or found[0].order:
            return None
        test = found[0]
        for attr, key in ((test.left, test.right), (test.right, test.left)):
            if (isinstance(attr, ir.ItemAttr) and not attr.changes and isinstance(attr.item, ir.Var)
                    and attr.item.name == e.var and isinstance(key, ir.Var) and key.name != e.var
                    and self.on_every_component(attr)):
                break
        else:
            return None
        value = keyed[key.name] if keyed and key.name in keyed else key
        if not self.free_vars(value, self.bound):
            return None  # (the whole test reads no chosen name: Counts.once keeps it already)
        gathered = f"frozenset(map(ITEM_ATTRS[{lit(attr.attr)}].__getitem__, {self.expr(e.domain)}))"
        name = self.counted.setdefault(gathered, f"_n{len(self.counted)}")
        return f"({self.expr(value)} in ({name} if {name} is not None else ({name} := {gathered})))"

    def few_items_count(self, e: ir.Count) -> bool:
        """Whether passing_in_zone answers the count ``e`` (a look at the few items its fixed test lets through,
        each asked where it lies): it is then as cheap as a comparison, and a small definition made of it
        (`count(t in stones of p where row of t = r and col of t = c) > 0`) is written out where it is used
        (narrowing.small_value's ``few``; expressions.py inlined), not called for each candidate or space.
        Asked of the count as written out there (its arguments in place of the parameters); makes no table."""
        domain = e.domain
        if not isinstance(domain, ir.ZoneRef) or domain.seat is None and self.zone_per_player[domain.zone]:
            return False
        if e.where is None or self.most_passing(e.var, e.where) > FEW_PASSING:
            return False
        return self.static_item_test(e.var, e.where, True, {} if self.index_keyed else None) is not None

    @staticmethod
    def may_pass(component: ir.Component, fixed: set) -> bool:
        """Whether ``component``'s items may pass a test that equates each attribute of ``fixed`` with a value:
        not when it lacks one of them (a trio has no suit: `suit of c = s` holds of no trio, `rank of c = r`
        of no run), so a card's rank and suit let one card through, not the melds of that rank or suit too.
        Only the estimate of how many pass: the table of those that pass is worked out by the test itself
        (ItemsPassing), which counts a lacking attribute as a value none equals unless the value is lacking
        too."""
        return fixed <= {name for name, _ in component.attributes}

    def most_passing(self, var: str, where: ir.E) -> int:
        """The most items the condition ``where`` of the item ``var`` can let through, whatever the values it
        compares with, from its `and`'s parts: `var is C` (only C's items), `A of var = v` (v not reading var:
        one value of A). Each component's items: its copies times, for each attribute, 1 where fixed (the most
        copies of one value where the copies go by it) or the number of its values (their copies added)."""
        parts: list[ir.E] = []

        def conjuncts(x: ir.E) -> None:
            if isinstance(x, ir.BoolOp) and x.op == "and":
                for operand in x.operands:
                    conjuncts(operand)
            else:
                parts.append(x)

        conjuncts(self.definitions_written_out(where) if self.passing_unfolds else where)
        kinds, fixed = set(), set()
        for part in parts:
            if isinstance(part, ir.IsKind) and isinstance(part.item, ir.Var) and part.item.name == var:
                kinds.add(part.component)
            elif isinstance(part, ir.Compare) and part.op == "=" and not part.order:
                for side, other in ((part.left, part.right), (part.right, part.left)):
                    if (isinstance(side, ir.ItemAttr) and not side.changes and isinstance(side.item, ir.Var)
                            and side.item.name == var and var not in free_vars(other)):
                        fixed.add(side.attr)
        most = 0
        for component in self.m.components:
            if kinds and component.name not in {*kinds} or len(kinds) > 1:
                continue
            if not self.may_pass(component, fixed):
                continue
            counted, counts = component.counts or (None, ())
            factors = []
            for name, values in component.attributes:
                if name == counted:
                    factors.append(max(counts) if name in fixed else sum(counts))
                else:
                    factors.append(1 if name in fixed and name not in component.changing else len(values))
            most += component.copies * prod(factors)
        return most
