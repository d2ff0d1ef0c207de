"""A count of values whose test asks only where a few items lie, read from a table of those items (issue #40,
helper ginrummy).

`count(s in values of suit where s != missing of m and holds_card(p, rank of m, s)) = 3` (a meld's cards held:
`holds_card` a `there is c in hand of p where rank of c = r and suit of c = s`, or in the upcard) walks the
values, tests each, looks up the few items of each value's test and asks where they lie: a dozen calls a meld.
Its walk (an attribute's values, or a range whose ends read only what never changes) and every test but where
items lie read only what never changes (the walked value, the attributes of the names it is given that never
change), so for each value of those names the items each value's test looks for are a table (HeldGroups: one
tuple of items per value that passes the rest of the test, in the walk's order), and the count asks only where
each lies (runtime/helpers.py count_held_is), stopping once the answer is known as count_is does. The same
answer: an item lies in a zone exactly when the zone holds it, and the tests left out of the walk never change.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Optional

from ..model import ir, reads
from .quoting import comment, ident, lit

_PLAIN_ARGUMENT = (ir.Var, ir.Const)
_WALK_BOUND = (ir.Const, ir.Var, ir.ItemAttr, ir.Arith)


class HeldCounts:
    """Counts of values that ask only where a few items lie (CodeGenerator's part)."""

    def held_count_is(self, e: ir.Compare) -> Optional[str]:
        """count_held_is's call for `count(x in D where C) = K` (or !=) when D is an attribute's values or a range
        whose ends read only what never changes, and C (the definitions it uses written out where their
        arguments never change) is an `and` of tests that never change and one `there is c in Z where T` (or an
        `or` of such over several zones, T the same), T never changing either; None for any other count."""
        count, number = e.left, e.right
        domain = count.domain
        if isinstance(domain, ir.Span):
            if not (self._bound_fixed(domain.low) and self._bound_fixed(domain.high)):
                return None
        elif not isinstance(domain, ir.AttributeValues):
            return None
        where = self._written_out_fixed(count.where, 0)
        parts = where.operands if isinstance(where, ir.BoolOp) and where.op == "and" else (where,)
        fixed, asked = [], []
        for part in parts:
            (fixed if self.static_item_test(count.var, part, False) is not None else asked).append(part)
        if len(asked) != 1:
            return None
        places = self._places(asked[0])
        if places is None:
            return None
        item_var, test, zones = places
        found = self.static_item_test(item_var, test, True)
        if found is None:
            return None
        test, names = found
        keys = set(names) - {count.var, item_var}
        for part in fixed:
            keys |= set(self.static_item_test(count.var, part, False)[1]) - {count.var}
        if isinstance(domain, ir.Span):
            keys |= (reads.free_vars(domain.low) | reads.free_vars(domain.high))
        if any(name in self.var_code for name in keys | {count.var, item_var}):
            return None  # (a name the generated code renames: no table can read it)
        keys = tuple(sorted(keys))
        table = self._held_table(count, domain, fixed, item_var, test, keys)
        self.held_counts_used = True
        key = f"v_{ident(keys[0])}" if len(keys) == 1 else "(" + "".join(f"v_{ident(k)}, " for k in keys) + ")"
        inner = "(" + "".join(f"{index}, " for index in zones) + ")"  # (zone_index() code)
        found = f"count_held_is(st._loc, {table}[{key}], {self.expr(number)}, {inner})"
        return f"(not {found})" if e.op == "!=" else found

    def _bound_fixed(self, e: ir.E) -> bool:
        """Whether an end of a range reads only constants, plain names and attributes that never change of them."""
        if isinstance(e, ir.Var):
            return e.type in (ir.ITEM, ir.SEAT, ir.INT, ir.BOOL, ir.SYMBOL)
        if isinstance(e, ir.ItemAttr):
            return not e.changes and isinstance(e.item, ir.Var) and self._bound_fixed(e.item)
        if isinstance(e, ir.Arith):
            return e.op in ("+", "-", "*") and self._bound_fixed(e.left) and self._bound_fixed(e.right)
        return isinstance(e, ir.Const) and isinstance(e.value, int) and not isinstance(e.value, bool)

    def _written_out_fixed(self, e: ir.E, depth: int) -> ir.E:
        """``e`` with each use of a definition whose arguments are names, constants or attributes of names that
        never change written out (its value with the arguments in place of its parameters), a few levels deep."""
        if depth > 4:
            return e
        if isinstance(e, ir.DefinedValue):
            definition = self.definitions.get(e.name)
            if definition is not None and all(self._fixed_argument(a) for a in e.args):
                value = reads.substitute(definition.value, {p.name: a for p, a in zip(definition.params, e.args)},
                                         set())
                return self._written_out_fixed(value, depth + 1)
            return e
        if isinstance(e, ir.BoolOp):
            return replace(e, operands=tuple(self._written_out_fixed(o, depth) for o in e.operands))
        return e

    @staticmethod
    def _fixed_argument(a: ir.E) -> bool:
        return isinstance(a, _PLAIN_ARGUMENT) or (isinstance(a, ir.ItemAttr) and not a.changes
                                                  and isinstance(a.item, ir.Var))

    def _places(self, e: ir.E) -> Optional[tuple[str, ir.E, list[str]]]:
        """(the item's name, its test, the zones' codes) when ``e`` is `there is c in Z where T`, or an `or` of
        such whose tests are the same (their names made one); None otherwise."""
        tests = e.operands if isinstance(e, ir.BoolOp) and e.op == "or" else (e,)
        if not all(isinstance(t, ir.ThereIs) and not t.negated and isinstance(t.count.domain, ir.ZoneRef)
                   and t.count.where is not None for t in tests):
            return None
        first = tests[0].count
        zones, shown = [], None
        for t in tests:
            zone = t.count.domain
            if zone.seat is None and self.zone_per_player[zone.zone]:
                return None  # (every player's zone read as one)
            if zone.seat is not None and not isinstance(zone.seat, _PLAIN_ARGUMENT):
                return None
            test = t.count.where
            if t.count.var != first.var:
                test = reads.substitute(test, {t.count.var: ir.Var(ir.ITEM, test.loc, first.var, first.var)}, set())
            code = self.module_code(test)
            if shown is not None and code != shown:
                return None
            shown = code
            zones.append(self.zone_index(zone) if zone.seat is not None else f"st._t.zone_base[{lit(zone.zone)}]")
        return first.var, first.where, zones

    def _held_table(self, count: ir.Count, domain: ir.E, fixed: list, item_var: str, test: ir.E,
                    keys: tuple) -> str:
        """The module-level HeldGroups table's name: for each value of ``keys``, one tuple per value of the walk
        that passes the ``fixed`` tests, of the items ``test`` lets through for it."""
        walked = self.module_code(domain)
        passes = " and ".join(f"({self.module_code(part)})" for part in fixed) or "True"
        items = f"tuple(v_{ident(item_var)} for v_{ident(item_var)} in range(len(ITEM_KIND)) if {self.module_code(test)})"
        args = ", ".join(f"v_{ident(k)}" for k in keys)
        make = (f"lambda {args}: tuple({items} for v_{ident(count.var)} in {walked} if {passes})")
        text = count.text if getattr(count, "text", None) else count.where.text
        line = (make, len(keys) != 1, text)
        name = self.held_tables.get(line)
        if name is None:
            name = self.held_tables[line] = f"HELD_GROUPS_{len(self.held_tables)}"
        return name

    def held_count_lines(self) -> list[str]:
        """The module-level HeldGroups tables (see held_count_is)."""
        return [f"{name} = HeldGroups({code}, {spread!r})  " + comment(text)  # (code: module_code() in a lambda)
                for (code, spread, text), name in self.held_tables.items()]
