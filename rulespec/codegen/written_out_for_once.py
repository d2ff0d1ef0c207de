"""A definition used by a listing's condition written out in place there when its value holds a part that is
the same for every candidate (#40).

A listing keeps a call or a count that reads none of the names the option chooses: worked out when first
needed, then kept in a local (Counts.once). A definition called with a chosen name hides such a part from
it: EinStein's `may_move(s, player)`, whose value asks `not rolled_on_board(p)` (is the cube showing the
roll still on the board?), searched the board again for every cube of the player's. Here such a use is
written out in place, as its conjuncts (model/narrowing.py conjuncts, which writes out a definition given
plain arguments where a part of it is tested before the rest), so the part reading none of the chosen names
is kept once by the listing, as it would be had the author written the definition's value in the option.
Nothing is worked out that the call did not work out, in the same order: the value is the definition's
own, its arguments plain (a look-up that cannot fail), and a kept part is worked out when first needed.

Such a use anywhere in a listing's condition, not only a condition tested whole (written_out_nested): Tarok's
`(negative and negative_ok(player, c)) or (not negative and (in_trick = 0 or asked(player, c)))` hid, inside
`asked(p, c)`, `can_follow(p)` (a search of the hand) for every card of the hand, and inside `negative_ok`'s
`beats(p, c)` a search of the hand for a higher card asked again for every card: each use is written out in
place (and the uses its value makes with a chosen name, in turn, a few deep), so the parts reading none of the
chosen names are kept once by the listing. A `max(...)`/`min(...)` reading none of them is kept once too
(Expressions.visit_Extreme): Tarok's highest bid so far, asked for every contract.
"""

from __future__ import annotations

from typing import Optional

from ..model import ir, reads
from ..model.narrowing import conjuncts, plain_argument, small_value
from ..model.tree import free_vars

_SEARCHES = (ir.Count, ir.Total, ir.First, ir.ThereIs)


NESTED_DEPTH = 4  # how many definitions deep a use is written out within another written out (written_out_nested)


class WrittenOutForOnce:
    """Definitions' uses written out in a listing's condition for a part kept once (CodeGenerator's part)."""

    nested_in_listing = True  # (the switch the lever's A/B and lock-step test turn off: written_out_nested)

    def written_out_nested(self, e: ir.DefinedValue) -> Optional[str]:
        """The code of a use of a definition in a listing's condition (not inside a count: see once()), written out
        in place, when an argument reads a chosen name and the value holds a part the listing keeps once; None
        for any other use (it stays a call). Uses within the value are written so in turn, NESTED_DEPTH deep."""
        if not self.nested_in_listing or self.bound is None or self.depth:
            return None
        names = frozenset(self.bound)
        chain = self.__dict__.setdefault("nested_written_out", [])
        if e.name in chain or len(chain) >= NESTED_DEPTH or not free_vars(e, set(names)):
            return None
        value = self.written_out_value(e)
        if value is None or not self.holds_search_kept_once(value, names):
            return None
        chain.append(e.name)
        try:
            return self.expr(value)
        finally:
            chain.pop()

    def written_out_for_once(self, bound: list[str]):
        """For placed_conditions: a condition (one the listing tests whole) -> its parts when it is a use of a
        definition whose value, written out, holds a part the listing keeps once (reads none of ``bound``);
        else None, and the condition stays a call."""
        names = frozenset(bound)

        def parts(c: ir.E) -> Optional[list[ir.E]]:
            if not free_vars(c, set(names)):  # (the same for every candidate: the call itself is kept once)
                return None
            value = self.written_out_value(c)
            if value is None or not self.holds_part_kept_once(value, names):
                return None
            return conjuncts(value, self.definitions, self.m.min_players)

        return parts

    def written_out_value(self, c: ir.E) -> Optional[ir.E]:
        """The value of the definition ``c`` uses, its parameters given ``c``'s arguments, when the use is a call
        (not written out already, as a small one is) and every argument plain; else None."""
        definition = self.definitions.get(c.name) if isinstance(c, ir.DefinedValue) else None
        if definition is None or not all(plain_argument(a, self.m.min_players) for a in c.args) \
                or small_value(definition.value):
            return None
        return reads.substitute(definition.value, {p.name: a for p, a in zip(definition.params, c.args)}, set())

    def holds_search_kept_once(self, e: ir.E, names: frozenset[str]) -> bool:
        """Whether ``e`` holds a part reading none of ``names`` that walks something (a count, a search, a `max` or
        `min`, or a use of a definition whose value walks something): a cheap one (a counter read through a
        definition) is not worth writing a use out for, its call being no dearer than the local kept."""
        if isinstance(e, _SEARCHES + (ir.Extreme,)):
            return not free_vars(e, set(names))
        if isinstance(e, ir.DefinedValue):
            return not free_vars(e, set(names)) and self.walks(e.name, set())
        return any(self.holds_search_kept_once(v, names) for value in vars(e).values()
                   for v in (value if isinstance(value, tuple) else (value,)) if isinstance(v, ir.E))

    def walks(self, name: str, seen: set) -> bool:
        """Whether definition ``name``'s value walks something, itself or through the definitions it uses."""
        definition = self.definitions.get(name)
        if definition is None or name in seen:
            return False
        seen.add(name)

        def found(e: ir.E) -> bool:
            if isinstance(e, _SEARCHES + (ir.Extreme,)):
                return True
            if isinstance(e, ir.DefinedValue) and self.walks(e.name, seen):
                return True
            return any(found(v) for value in vars(e).values()
                       for v in (value if isinstance(value, tuple) else (value,)) if isinstance(v, ir.E))
        return found(definition.value)

    def holds_part_kept_once(self, e: ir.E, names: frozenset[str]) -> bool:
        """Whether ``e``, written in a listing's condition, works out a count, a search or a definition's call
        that reads none of ``names`` where the listing keeps it (not inside another count: see once())."""
        if isinstance(e, (ir.DefinedValue,) + _SEARCHES):  # (a small definition holds none: small_value)
            return not free_vars(e, set(names))
        return any(self.holds_part_kept_once(v, names) for value in vars(e).values()
                   for v in (value if isinstance(value, tuple) else (value,)) if isinstance(v, ir.E))
