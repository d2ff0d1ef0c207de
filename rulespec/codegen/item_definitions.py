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

Such a definition may read others of its kind and `min`, `max` and `abs` (Cribbage's `pips(c)`: `min(rank_number(c),
10)`; `next_rank(a, b)`: `rank_number(b) = rank_number(a) + 1`), its table made after theirs (helper cribbage); and a
use of one that would be written out in place (a small definition) reads its table instead where the value written
out is more than a comparison of attributes (`before(a, b)`: an order of ranks, then of suits, four look-ups and two
orders' places at each use, one look-up from the table).
"""

from __future__ import annotations

from typing import Optional

from ..model import ir
from ..model.tree import walk
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
        if any(isinstance(node, (ir.DefinedValue, ir.Builtin)) for node in walk(definition.value)) \
                and not self.never_fails(definition.value):
            return None  # (read through definitions: only where no item lacks what it reads, so the table is made)
        table = f"DEFINED_{ident(ident(e.name).upper())}"  # (an ASCII name upper-cased: ident lets it through)
        name = self.item_definitions.setdefault(e.name, (table, len(definition.params), definition.value.text))[0]
        return name + "".join(f"[{self.expr(a)}]" for a in e.args)

    def tabled_before_written_out(self, e: ir.DefinedValue) -> Optional[str]:
        """The table of the use ``e`` of a definition of items (item_definition_table) that would be written out in
        place, where its value is more than a comparison of attributes (an `or`, an `if`, a definition or a function
        in it): one look-up instead of the value worked out at each use. None otherwise."""
        if not tables_before_written_out() or self.in_module:  # (a table's code, made before these tables: written out)
            return None
        definition = self.definitions.get(e.name)
        more = (ir.BoolOp, ir.Conditional, ir.DefinedValue, ir.Builtin) + ((ir.NumberOf,) if places_in_item_tables() else ())
        if definition is None or not any(isinstance(node, more)
                                         and not (isinstance(node, ir.BoolOp) and node.op == "and")
                                         for node in walk(definition.value)):
            return None
        if not self.never_fails(definition.value):
            return None  # (a table that could not be made would call the function: written out is cheaper)
        return self.item_definition_table(e)

    def never_fails(self, value: ir.E, compared: bool = False) -> bool:
        """Whether ``value``, and the definitions it reads, cannot fail for any item (so that its table, worked out
        for every item, is made: runtime/helpers.py item_table): an attribute some component lacks is read only
        ``compared`` by `=`, `!=` or a word's place in its order (read as none, the look-up cannot fail)."""
        if isinstance(value, ir.ItemAttr) and not all(any(name == value.attr for name, _ in c.attributes)
                                                      for c in self.m.components):
            return compared and self.never_fails(value.item)
        if isinstance(value, ir.DefinedValue) and value.name in self.definitions:
            if not self.never_fails(self.definitions[value.name].value):
                return False
        inner = isinstance(value, ir.Compare) and (value.op in ("=", "!=") or bool(value.order)) or (
            isinstance(value, ir.NumberOf) and value.values is not None and places_in_item_tables())  # (none's place: 0)
        return all(self.never_fails(v, inner) for part in vars(value).values()
                   for v in (part if isinstance(part, tuple) else (part,)) if isinstance(v, ir.E))

    def fixed_of_items(self, e: ir.E, params: set) -> bool:
        """Whether ``e`` reads only its item ``params`` (what never changes about them) and constants: through
        other definitions of items of that kind, `min`, `max` and `abs` too (definitions_of_items)."""
        if isinstance(e, ir.DefinedValue) and definitions_of_items():
            definition = self.definitions.get(e.name)
            return (definition is not None and 1 <= len(definition.params) <= 2
                    and all(p.type == ir.ITEM for p in definition.params) and len(e.args) == len(definition.params)
                    and all(isinstance(a, ir.Var) and a.name in params for a in e.args)
                    and self.fixed_of_items(definition.value, {p.name for p in definition.params}))
        if isinstance(e, ir.Builtin) and definitions_of_items():
            return e.func in ("min", "max", "abs") and all(self.fixed_of_items(a, params) for a in e.args)
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
        if isinstance(e, ir.NumberOf) and places_in_item_tables():  # `number of suit of c`: a place, fixed too
            return e.values is not None and self.fixed_of_items(e.value, params)
        return False

    def item_definition_lines(self) -> list[str]:
        """The module-level tables of the definitions of items read from them (after the definitions), each after
        the tables of the definitions its value reads (its function, called to make it, reads theirs)."""
        ordered: list[str] = []

        def after_its_own(name: str) -> None:
            if name in ordered:
                return
            definition = self.definitions.get(name)
            if definition is not None:
                for node in walk(definition.value):
                    if isinstance(node, ir.DefinedValue) and node.name in self.item_definitions:
                        after_its_own(node.name)
            ordered.append(name)

        for name in list(self.item_definitions):
            after_its_own(name)
        return [f"{table} = item_table(define_{ident(name)}, len(ITEM_KIND), {arity!r})  " + comment(text)
                for name in ordered for table, arity, text in (self.item_definitions[name],)]


def definitions_of_items() -> bool:
    """Whether a definition of items read from a table may read other such definitions, `min`, `max` and `abs`."""
    return True


def places_in_item_tables() -> bool:
    """Whether `number of V` of a fixed attribute of an item (its place among the attribute's values) is a value such
    a definition may read (OpenSpiel's card numbers, `(number of suit of c - 1) * 4 + number of rank of c - 1`), and
    makes a small one that would be written out in place more than a comparison of attributes: read from its table."""
    return True


def tables_before_written_out() -> bool:
    """Whether a small definition of items that is more than a comparison of attributes reads its table rather than
    being written out where it is used (ItemDefinitions.tabled_before_written_out)."""
    return True
