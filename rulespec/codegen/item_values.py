"""A total over a zone of a value that reads only what never changes about the item, read from a table (#40).

`sum(card_value(c) for c in hand of p)`, where the value (a definition written out: `min(rank of c, 10)`) reads
the item's attributes that never change, numbers and names bound outside (a step's parameters, loop names),
joined by `+ - *`, `min`, `max`, `abs`, `-` and `if .. then .. else` over such tests: each item's value is
worked out once per value of those names for every item (a module-level ItemValues, as an item's test is an
ItemTests: counts.py item_test), and the total is the zone's items looked up in one C loop, `sum(map(...))`,
instead of the value worked out item by item. An attribute some component lacks, a remainder (which may divide
by 0) or anything the state decides keeps the total as written: a table works out every item's value, so only
a value that cannot fail for any item is made one.
"""

from __future__ import annotations

from typing import Optional

from ..model import ir, reads
from .quoting import ident

_VALUE_NODES = (ir.Const, ir.Var, ir.DefinedValue, ir.ItemAttr, ir.Arith, ir.Negate, ir.Builtin, ir.Conditional, ir.Compare,
                ir.BoolOp, ir.Not, ir.IsKind)


class ItemValueTables:
    """Totals of a value of the item read from a table (CodeGenerator's part)."""

    def item_value(self, e: ir.Total) -> Optional[str]:
        """For `sum(V for x in Z)` over a zone, without a condition, V reading only what never changes about x
        (see the module): code for a function of an item giving V (its module-level ItemValues table, shared
        with item_test's tables). None for any other total."""
        if not isinstance(e.domain, ir.ZoneRef) or e.where is not None:
            return None
        names: dict[str, None] = {}
        if not self._never_changes(e.value, e.var, names):
            return None
        code = self.module_code(e.value)  # (the table's code is the module's: no locals)
        key = (e.var, tuple(names), code, "values")
        found = self.item_tests.get(key)
        if found is None:
            found = self.item_tests[key] = (f"ITEM_VALUE_{len(self.item_tests)}", tuple(names), e.var, e.value.text)
        name, params = found[0], found[1]
        if not params:
            return name
        value = f"v_{ident(params[0])}" if len(params) == 1 else "(" + "".join(f"v_{ident(p)}, " for p in params) + ")"
        return f"{name}[{value}].__getitem__"

    def _never_changes(self, node, var: str, names: dict) -> bool:
        """Whether ``node`` reads only what never changes about the item ``var`` and cannot fail for any item;
        the names it reads besides ``var`` are added to ``names``."""
        if not isinstance(node, _VALUE_NODES) or getattr(node, "changes", False):
            return False
        if isinstance(node, ir.DefinedValue):  # a definition written out where it is used reads what it says
            definition = self.definitions.get(node.name)
            if definition is None or not self.inlined(definition, node.args):
                return False
            mapping = {p.name: a for p, a in zip(definition.params, node.args)}
            return self._never_changes(reads.substitute(definition.value, mapping, set()), var, names)
        if isinstance(node, ir.Var):
            return self.item_table_name(node, var, names)  # (codegen/counts.py, as an item's test reads names)
        if isinstance(node, ir.ItemAttr) and not all(
                any(name == node.attr for name, _ in c.attributes) for c in self.m.components):
            return False  # (a component without it reads none: a sum of none fails only where one is in the zone)
        if isinstance(node, ir.Arith) and node.op not in ("+", "-", "*"):
            return False
        if isinstance(node, ir.Compare) and (node.order or node.op not in ("=", "!=")):
            return False
        parts = [v for value in vars(node).values() for v in (value if isinstance(value, tuple) else (value,))
                 if isinstance(v, ir.E)]
        return all(self._never_changes(part, var, names) for part in parts)
