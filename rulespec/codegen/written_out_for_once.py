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
"""

from __future__ import annotations

from typing import Optional

from ..model import ir, reads
from ..model.narrowing import conjuncts, plain_argument, small_value
from ..model.tree import free_vars

_SEARCHES = (ir.Count, ir.Total, ir.First, ir.ThereIs)


class WrittenOutForOnce:
    """Definitions' uses written out in a listing's condition for a part kept once (CodeGenerator's part)."""

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

    def holds_part_kept_once(self, e: ir.E, names: frozenset[str]) -> bool:
        """Whether ``e``, written in a listing's condition, works out a count, a search or a definition's call
        that reads none of ``names`` where the listing keeps it (not inside another count: see once())."""
        if isinstance(e, (ir.DefinedValue,) + _SEARCHES):  # (a small definition holds none: small_value)
            return not free_vars(e, set(names))
        return any(self.holds_part_kept_once(v, names) for value in vars(e).values()
                   for v in (value if isinstance(value, tuple) else (value,)) if isinstance(v, ir.E))
