"""Chance steps: their outcomes (a draw from a zone, a pick with weights, dice faces), how an outcome reads
and what happens once it is known.
"""

from __future__ import annotations

import string

from ..model import ir


class Chance:
    """Chance steps (CodeGenerator's part)."""

    @staticmethod
    def outcomes_listed_once(step: ir.Step) -> bool:
        """Whether a chance step's outcomes (not a draw) depend on its arguments and the game's set-up alone:
        dice faces, or a pick from numbers worked out of constants, options and arguments, its text showing
        the pick and arguments' labels only. The runtime lists them once per arguments and set-up."""
        outcome, params = step.outcome, {p.name: p.type for p in step.params}
        if outcome is None or outcome.draw_from is not None or outcome.shown:
            return False

        def fixed(e) -> bool:
            if isinstance(e, ir.Var):
                return e.name in params or e.name == outcome.var
            if isinstance(e, (ir.Const, ir.OptionRef, ir.PlayersSet)):
                return True
            if isinstance(e, (ir.Span, ir.Arith, ir.Compare, ir.BoolOp, ir.Not, ir.Negate)):
                return all(fixed(v) for value in vars(e).values()
                           for v in (value if isinstance(value, tuple) else (value,)) if isinstance(v, ir.E))
            return False

        if outcome.pick_from is not None and not (fixed(outcome.pick_from)
                                                  and (outcome.pick_where is None or fixed(outcome.pick_where))):
            return False
        for _, field, _, _ in string.Formatter().parse(outcome.template):
            if field is not None and field != outcome.var and params.get(field) not in (ir.SEAT, ir.INT, ir.ITEM):
                return False
        return True
