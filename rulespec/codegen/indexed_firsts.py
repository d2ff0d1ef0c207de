"""`any(c in Z where V(c) = K)`: the item found by its value, from items indexed by V once (issue #40).

Kriegspiel's umpire takes the slip of a refused move from the 4,745 in `slips`: `any(c in slips where 73 *
square of c + way of c = n)`. V reads only attributes of the item that never change (numbers joined by `+ - *`),
and K reads no c; but `square` is a slip's attribute and not a piece's, so no table of V over every item can be
made (item_values.py, counts.py item_test: a value that cannot fail for any item), and each search walked the
zone working V out item by item. Here V is worked out once for every item and kept the other way round (a
module-level ItemsByValue: value -> the items with it, in item order; the items it fails for apart), and the
search asks only where index[K]'s items lie (runtime/helpers.py first_valued): the first found is the same, a zone
that is not stacked keeping its items in item order. Where an item V fails for lies in the zone before the one
found, the zone is walked as written (and fails there, as it did). Only over a zone that is not stacked (a
shared one, or a player's named with the player), V with no name but the item, K without the item.
"""

from __future__ import annotations

from typing import Optional

from ..model import ir
from ..model.reads import free_vars
from .quoting import comment, ident, lit


class IndexedFirsts:
    """`any(c in Z where V(c) = K)` by an index of V (CodeGenerator's part)."""

    indexed_firsts = True  # (the lever's switch, for its A/B: benchmarks/bench_kriegspiel_levers.py)

    def indexed_first(self, e: ir.First, walked: str) -> Optional[str]:
        """The code of ``e`` (`any(c in Z where V(c) = K)`, see the module) found by the index of V, with
        ``walked`` (the zone walked as written) where the index cannot answer; None for any other."""
        where, domain = e.where, e.domain
        if not (self.indexed_firsts and isinstance(domain, ir.ZoneRef) and isinstance(where, ir.Compare)
                and where.op == "=" and not where.order):
            return None
        if domain.seat is None and self.zone_per_player[domain.zone]:
            return None  # (every player's zone, read as one)
        if any(z.name == domain.zone and z.stacked for z in self.m.zones):
            return None  # (its first is the first to arrive, not the first in item order)
        for value, key in ((where.left, where.right), (where.right, where.left)):
            if e.var not in free_vars(key) and e.var in free_vars(value) and self._fixed_value(value, e.var):
                break
        else:
            return None
        if isinstance(value, ir.ItemAttr):
            return None  # (one attribute: st._first_with reads it, or a test table does)
        code = self.module_code(value)
        found = self.items_by_value.get(code)
        if found is None:
            found = self.items_by_value[code] = (f"ITEMS_BY_VALUE_{len(self.items_by_value)}", e.var, value.text)
        self.located_helpers_used.add("first_valued")
        index = self.zone_index(domain) if domain.seat is not None else f"st._t.zone_base[{lit(domain.zone)}]"
        table = found[0]
        return (f"st._first({e.text!r}, first_valued(st._loc, {table}, {self.expr(key)}, {index}, "
                f"lambda: {walked}))")

    def _fixed_value(self, node: ir.E, var: str) -> bool:
        """Whether ``node`` is worked out from attributes of the item ``var`` that never change and numbers alone,
        joined by `+ - *` (a component without such an attribute fails, or reads none)."""
        if isinstance(node, ir.Const):
            return True
        if isinstance(node, ir.ItemAttr):
            return (not getattr(node, "changes", False) and isinstance(node.item, ir.Var) and node.item.name == var
                    and self._never_set(node.attr))
        if isinstance(node, ir.Arith):
            return node.op in ("+", "-", "*") and self._fixed_value(node.left, var) and self._fixed_value(node.right, var)
        if isinstance(node, ir.Negate):
            return self._fixed_value(node.operand, var)
        return False

    def _never_set(self, attr: str) -> bool:
        """Whether no component's ``attr`` can change (`, attr can change` on none)."""
        return not any(attr in getattr(c, "changing", ()) for c in self.m.components)

    def items_by_value_lines(self) -> list[str]:
        """The module-level ItemsByValue tables (see the module)."""
        return [f"{name} = ItemsByValue(lambda v_{ident(var)}: {code}, len(ITEM_KIND))  " + comment(text)
                for code, (name, var, text) in self.items_by_value.items()]
