"""A total over a zone of a value that reads only what never changes about the item, read from a table (#40).

`sum(card_value(c) for c in hand of p)`, where the value (a definition written out: `min(rank of c, 10)`) reads
the item's attributes that never change, numbers and names bound outside (a step's parameters, loop names),
joined by `+ - *`, `min`, `max`, `abs`, `-` and `if .. then .. else` over such tests: each item's value is
worked out once per value of those names for every item (a module-level ItemValues, as an item's test is an
ItemTests: counts.py item_test), and the total is the zone's items looked up in one C loop, `sum(map(...))`,
instead of the value worked out item by item. An attribute some component lacks, a remainder (which may divide
by 0) or anything the state decides keeps the total as written: a table works out every item's value, so only
a value that cannot fail for any item is made one.

The same table serves a small definition of an item wherever it would be written out in place (tabled_definition):
`suit_number(c) = led`, `point_card(c)` in an option's condition or a step, where `suit_number` is an `if ..
then .. else` over the item's suit, reads `ITEM_VALUE_k(v_c)`, one look-up, instead of the definition's tests
of the attributes made at every use, for every candidate (a definition that stays a call is item_definitions.py's).
"""

from __future__ import annotations

from typing import Optional

from ..model import ir, reads
from ..model.tree import free_vars as free_names
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

    def tabled_definition(self, e: ir.DefinedValue) -> Optional[str]:
        """For a use of a definition written out in place (Expressions.inlined) whose arguments are plain names,
        one of them an item x, and whose value reads only what never changes about x (see the module) and is more than one attribute or
        name: code reading its value from x's table (a module-level ItemValues, shared by every use that reads
        the same names). None for any other use, and inside a table's own code (Counts.module_code)."""
        found = self.tabled_definition_table(e)
        if found is None:
            return None
        table, item, params = found
        return f"{table}({item})" if not params else f"{table}[{params}][{item}]"

    def tabled_definition_table(self, e: ir.E) -> Optional[tuple[str, str, str]]:
        """tabled_definition's table: (the module-level name, the item's code, the code of the names besides the
        item it is kept by, or "" for none: then the name is the function of an item)."""
        definition = self.definitions.get(e.name) if isinstance(e, ir.DefinedValue) else None
        if (self.in_module or definition is None or not e.args or not all(isinstance(a, ir.Var) for a in e.args)
                or not self.inlined(definition, e.args)):  # (a call: item_definitions.py's table, where it has one)
            return None
        at = next((k for k, a in enumerate(e.args) if a.type == ir.ITEM), None)
        if at is None:
            return None
        item, var = e.args[at], definition.params[at].name  # (the table's item is named as the definition names it)
        if any(a.name == var for k, a in enumerate(e.args) if k != at):  # (a name the table's item would hide)
            return None
        mapping = {p.name: a for k, (p, a) in enumerate(zip(definition.params, e.args)) if k != at}
        value = reads.substitute(definition.value, mapping, set())
        if isinstance(value, (ir.Const, ir.Var, ir.ItemAttr)):  # (read as it is: a table would not be cheaper)
            return None
        names: dict[str, None] = {}
        if item.name in self.var_code or not self._never_changes(value, var, names):
            return None
        key = (var, tuple(names), self.module_code(value), "values")
        found = self.item_tests.get(key)
        if found is None:
            found = self.item_tests[key] = (f"ITEM_VALUE_{len(self.item_tests)}", tuple(names), var,
                                            f"{ident(e.name)}({ident(var)})")  # (its line's comment)
        name, params = found[0], found[1]
        kept_by = "" if not params else f"v_{ident(params[0])}" if len(params) == 1 else \
            "(" + "".join(f"v_{ident(p)}, " for p in params) + ")"
        return name, f"v_{ident(item.name)}", kept_by

    def value_found(self, count: ir.Count, domain: str) -> Optional[str]:
        """`there is x in Z where V(x) = E` (`count(...) > 0`), V a definition of x read from its table
        (tabled_definition) and E a name, number, option or counter that does not read x: whether E is among the
        zone's items' values, `E in map(table, Z)`, found in one C loop (Hearts' `can_follow`: a card of the suit
        led), instead of a test made item by item. None for any other count."""
        where = count.where
        if not (isinstance(count.domain, ir.ZoneRef) and isinstance(where, ir.Compare) and where.op == "="
                and not where.order):
            return None
        for value, other in ((where.left, where.right), (where.right, where.left)):
            if not isinstance(other, (ir.Const, ir.Var, ir.OptionRef, ir.CounterRef)) or free_names(other, {count.var}):
                continue
            if isinstance(other, ir.CounterRef) and other.seat is not None and not isinstance(other.seat, (ir.Var, ir.SeatConst)):
                continue  # (a counter of a seat worked out: read as written)
            found = self.tabled_definition_table(value)
            if found is None or found[1] != f"v_{ident(count.var)}":
                continue
            table, _, key = found
            if key:  # (the table of the values of the names it is kept by: a function of an item, for map)
                table = f"{table}[{key}].__getitem__"
            return f"({self.expr(other)} in map({table}, {domain}))"
        return None

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
