"""A definition of one or two items that reads only what never changes about them, read from a table made once
(issue #40).

Banqi's `beats(a: item, b: item)` (whether a piece may capture another: their kinds compared, with the soldier's
and the general's exceptions) was a call at every capture a listing looks at, each comparing kinds in a chain of
`and`s and `or`s. Its value depends only on the two items (their components and attributes that cannot change,
constants, arithmetic, comparisons, `and` / `or` / `not`, `if ... then ... else`): the engine works it out once for every
item, or pair of items, when the module is imported (runtime/helpers.py item_table, by calling the definition's
own function), and each use reads `DEFINED_<NAME>[a][b]`, the arguments worked out as before. At most
MOST_ENTRIES entries (items, or items squared); a definition whose value fails for some item (an attribute that
item does not have, compared with a number) keeps the calls (item_table gives a table that calls it). Decided
from the checked model; every other definition is called as before.
"""

from __future__ import annotations

from typing import Optional

from ..model import ir
from .quoting import comment, ident

MOST_ENTRIES = 4096


class ItemDefinitions:
    """Definitions of items read from tables made once (CodeGenerator's part)."""

    def item_definition_table(self, e: ir.DefinedValue) -> Optional[str]:
        """The code of the use ``e`` of a definition of items read from its table (see the module), or None."""
        definition = self.definitions.get(e.name)
        if definition is None or not 1 <= len(definition.params) <= 2 \
                or any(p.type != ir.ITEM for p in definition.params):
            return None
        items = len(self.item_tables()[0])
        if not items or items ** len(definition.params) > MOST_ENTRIES:
            return None
        if not self.fixed_of_items(definition.value, {p.name for p in definition.params}):
            return None
        table = f"DEFINED_{ident(ident(e.name).upper())}"  # (an ASCII name upper-cased: ident lets it through)
        name = self.item_definitions.setdefault(e.name, (table, len(definition.params), definition.value.text))[0]
        return name + "".join(f"[{self.expr(a)}]" for a in e.args)

    def fixed_of_items(self, e: ir.E, params: set) -> bool:
        """Whether ``e`` reads only its item ``params`` (what never changes about them) and constants."""
        if isinstance(e, ir.Const):
            return True
        if isinstance(e, ir.Var):
            return e.name in params
        if isinstance(e, ir.ItemAttr):
            return not e.changes and isinstance(e.item, ir.Var) and e.item.name in params
        if isinstance(e, ir.IsKind):
            return isinstance(e.item, ir.Var) and e.item.name in params
        if isinstance(e, ir.Compare):
            return self.fixed_of_items(e.left, params) and self.fixed_of_items(e.right, params)
        if isinstance(e, ir.BoolOp):
            return all(self.fixed_of_items(o, params) for o in e.operands)
        if isinstance(e, ir.Not):
            return self.fixed_of_items(e.operand, params)
        if isinstance(e, ir.Arith):
            return self.fixed_of_items(e.left, params) and self.fixed_of_items(e.right, params)
        if isinstance(e, ir.Conditional):
            return all(self.fixed_of_items(p, params) for p in (e.condition, e.then, e.otherwise))
        return False

    def item_definition_lines(self) -> list[str]:
        """The module-level tables of the definitions of items read from them (after the definitions)."""
        return [f"{name} = item_table(define_{ident(definition)}, len(ITEM_KIND), {arity!r})  " + comment(text)
                for definition, (name, arity, text) in self.item_definitions.items()]
