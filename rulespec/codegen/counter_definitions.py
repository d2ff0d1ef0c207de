"""A definition that reads of the state only counters, kept by their values and its arguments (issue #40).

Tiny bridge's score (tests/newcomer/games/tiny-bridge-2p.rules, helper tinybridge) is the double-dummy result of
two tricks, averaged over six ways of holding the cards West and East do not: `double_dummy(a1, a2, b1, b2, c1,
c2, d1, d2)`, a `min` of `max`es of `min`s of `max`es over each hand's legal cards down to `tricks_taken` and
`taker`, each comparing cards through `beats`, which reads the trump suit from the counter `contract`. Every game
that ends with a contract worked the whole tree out again, six times: 180 us a game's returns where OpenSpiel reads
a table made once. Yet its value depends only on the eight cards and on `contract`. Such a definition (its
parameters items, seats, numbers, words or truth values; its value reading of the state only counters, shared
ones or one per player, the rest constants, its parameters, what never changes about an item (an attribute not
declared `can change`, its kind), a seat's values, comparisons, arithmetic, `and`, `or`, `not`, `if ... then ...
else`, `min`, `max`, `abs`, `number of`, and definitions of the same kind) is kept in a module-level dict by (each
counter's value, then the arguments): worked out as written the first time, read from the dict after
(define_<name> calling worked_<name>). A value is a function of what the key holds, so the dict holds for every
state of the engine; it is emptied when it holds MOST_KEPT entries (content_definitions.py, whose writer it
shares). Options and the number of players are not read (an engine module serves every configuration). Decided from the checked model, for a definition that is
worth a look-up: one that reads another definition and whose value, the definitions it reads written out, has at
least WORTH nodes (below it the key costs what it saves: Contract bridge's `beats`, 85 nodes, Skat's `same_suit`, 80,
chess's `line_number`, 70, measured 0.95x to 1.00x kept), and that reads a counter or has a
parameter that is not an item (one of items alone that reads no counter is codegen/item_definitions.py's, read from
a table where it is used); every other is as before.
"""

from __future__ import annotations

from typing import Optional

from ..model import ir
from ..model.tree import children
from .content_definitions import write_kept_definition
from .quoting import lit

WORTH = 100
_PLAIN_TYPES = (ir.SEAT, ir.INT, ir.BOOL, ir.SYMBOL, ir.ITEM)
_PURE = (ir.Const, ir.Var, ir.SeatConst, ir.CounterRef, ir.ItemAttr, ir.IsKind, ir.SeatAttr, ir.NumberOf,
         ir.Compare, ir.BoolOp, ir.Not, ir.Arith, ir.Negate, ir.Conditional, ir.DefinedValue, ir.Builtin)


class CounterDefinitions:
    """Definitions kept by the counters they read and their arguments (CodeGenerator's part)."""

    def counter_keys(self, definition: ir.Definition) -> Optional[tuple[tuple[str, bool], ...]]:
        """The counters (name, one per player) ``definition``'s key reads, in order met, or None when it is not
        such a definition (see the module)."""
        if not kept_by_counters() or not definition.params \
                or not all(p.type in _PLAIN_TYPES for p in definition.params):
            return None
        counters = {c.name: c for c in self.m.counters}
        definitions = {d.name: d for d in self.m.definitions}
        keys: dict = {}
        sizes: dict = {}

        def size(e: ir.E, names: frozenset, depth: int) -> Optional[int]:
            """The nodes of ``e``, the definitions it reads written out, when ``e`` is such a value, else None."""
            if not isinstance(e, _PURE) or depth > 12:
                return None
            if isinstance(e, ir.Var):
                return 1 if e.name in names else None
            if isinstance(e, ir.CounterRef):
                counter = counters.get(e.name)
                if counter is None or counter.board is not None or (e.seat is None) == counter.per_player:
                    return None
                keys.setdefault((e.name, counter.per_player), None)
            if isinstance(e, ir.ItemAttr) and e.changes:
                return None
            if isinstance(e, ir.Builtin) and e.func not in ("min", "max", "abs"):
                return None
            total = 1
            if isinstance(e, ir.DefinedValue):
                callee = definitions.get(e.name)
                if callee is None or len(callee.params) != len(e.args):
                    return None
                if e.name not in sizes:
                    sizes[e.name] = size(callee.value, frozenset(p.name for p in callee.params), depth + 1)
                if sizes[e.name] is None:
                    return None
                total += sizes[e.name]
            for part in children(e):
                inner = size(part, names, depth)
                if inner is None:
                    return None
                total += inner
            return total

        whole = size(definition.value, frozenset(p.name for p in definition.params), 0)
        if whole is None or whole < WORTH or not sizes:
            return None
        if not keys and all(p.type == ir.ITEM for p in definition.params):
            return None  # (of items alone, reading no counter: an item table's, codegen/item_definitions.py)
        return tuple(keys)

    def counter_definition(self, definition: ir.Definition) -> bool:
        """define_<name> for a definition kept by the counters it reads and its arguments (see the module), calling
        worked_<name> (its value as written) the first time; False (nothing written) for any other."""
        keys = self.counter_keys(definition)
        if keys is None:
            return False
        key_reads = "".join(f"tuple(st._counters[{lit(name)}]), " if per_player else f"st._counters[{lit(name)}], "
                            for name, per_player in keys)
        write_kept_definition(self, definition, key_reads, "the counters it reads", "counter_definitions.py")
        return True


def kept_by_counters() -> bool:
    """Whether a definition reading of the state only counters is kept by their values and its arguments."""
    return True
