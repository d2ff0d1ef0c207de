"""A hypothetical move: `only if C after it`, an option's condition read in the position the option would
leave (Checker's part).

The look-ahead carries out the option's own statements on a copy of the state, with its bound names, and
reads C there; nothing that would come after them happens in the copy (no end is checked, the turn does
not pass: `the player to move` and `the turn number` are still the mover's). Triggers its placements fire
run in the copy, as they run inside a placement. What the look-ahead cannot run through is refused where it
is written: a step the option (or a trigger it fires) would start (`then`, `queue`, `resolve`: it may be
another choice or chance), a roll (chance), and a choice made by every player at once in secret (the
position would hang on the others' secret choices).
"""

from __future__ import annotations

from typing import Iterator, Sequence

from ..language import ast
from . import ir
from .value_types import BOOL

# Statements that start another step or draw by chance: what a look-ahead cannot carry out.
_STARTS_STEPS = (ir.Then, ir.Enqueue, ir.Resolve, ir.Roll)


def statements_within(stmts: Sequence[ir.S]) -> Iterator[ir.S]:
    """Every statement of ``stmts`` and of the blocks inside them (a roll's own plain statements aside)."""
    for s in stmts:
        yield s
        if isinstance(s, ir.If):
            yield from statements_within(s.then)
            yield from statements_within(s.otherwise)
        elif isinstance(s, (ir.ForEach, ir.Repeat)):
            yield from statements_within(s.body)


class LookAhead:
    """`only if C after it` (Checker's part)."""

    def after_it(self, after: ast.AfterIt, scope: dict[str, str], params: Sequence[ir.Param],
                 bindings: Sequence[ir.Binding], step: str, option: str) -> ir.AfterIt:
        """The condition of `only if C after it`, with every name the option's statements are given."""
        condition = self.expr(after.condition, scope, BOOL)
        names = tuple(ir.Var(p.type, None, p.name, p.name) for p in params) + tuple(
            ir.Var(b.type, None, b.var, b.var) for b in bindings)
        return ir.AfterIt(BOOL, after.condition.loc, f"{condition.text} after it", condition, step, option, names)

    def look_ahead_limits(self, steps: Sequence[ir.Step], triggers: Sequence[ir.Trigger]) -> None:
        """Refuse, where it is written, what the look-ahead of an `only if ... after it` cannot run through."""
        starting = {t.event.board: t for t in triggers
                    if any(isinstance(s, _STARTS_STEPS) for s in statements_within(t.body))}
        for step in steps:
            for option in step.options:
                after = next((c for c in option.conditions if isinstance(c, ir.AfterIt)), None)
                if after is not None:
                    self._look_ahead_option(step, option, after, starting)

    def _look_ahead_option(self, step: ir.Step, option: ir.ChoiceOption, after: ir.AfterIt,
                           starting: dict[str, ir.Trigger]) -> None:
        asked = f"option `{step.name}.{option.name}` asks `only if {after.text}`"
        if step.together:
            self.error(after.loc, f"{asked}, but `{step.name}` is chosen by each player at once, in secret: the "
                                  f"position it would leave hangs on the others' secret choices",
                       width=len(after.condition.text),
                       hint="ask it of a choice made by one player, or as a plain `only if` of the position now")
            return
        for s in statements_within(option.body):
            if isinstance(s, _STARTS_STEPS):
                what = ("rolls dice (chance)" if isinstance(s, ir.Roll) else
                        f"resolves queue `{s.queue}`" if isinstance(s, ir.Resolve) else f"starts step `{s.step}`")
                self.error(s.loc, f"this statement {what}, but {asked}: the look-ahead carries out the option's "
                                  f"own statements only, and cannot run another step or chance",
                           hint="do in the option itself what the position is read after, or ask the condition "
                                "with a plain `only if`")
                return
            if isinstance(s, ir.Place) and s.board in starting:
                trigger = starting[s.board]
                self.error(s.loc, f"this placement fires trigger `{trigger.name}`, which starts a step, but "
                                  f"{asked}: the look-ahead cannot run another step",
                           hint=f"let `{trigger.name}` change the position itself, or ask the condition with a "
                                f"plain `only if`")
                return
