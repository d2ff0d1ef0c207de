"""An automatic step that sets itself going again as the last thing it does, run as a loop (#40): Oware's
`step sow(player, emptied, last, hand)` sows one seed and ends with `then sow(player, emptied, here, hand - 1)`,
so each seed was a step of its own through the runtime's stack (the frame pushed, popped, the ends asked).
Where nothing can come between the two (no end is checked after every step or after this one, no `instead`
replaces it, the `then` is the last statement of its branch and outside loops: model-wise the runtime would
run it next, with the same cause and actor), the step's body is the body of a `while` loop and such a `then`
gives its parameters their new values and goes round again, counted as a step run (`fired`). A `then` to a
step that does so may then run it at once, as a `then` to any step without a chain of its own
(Statements.inline_thens)."""

from __future__ import annotations

from typing import Sequence

from ..language.ast import named_step_of
from ..model import ir
from .quoting import comment, ident


class StepsAgain:
    """Automatic steps that go round again by a loop, not through the stack (CodeGenerator's part)."""

    def runs_again(self, step: ir.Step) -> set[int]:
        """The `then`s (by id) of ``step``'s own body that set it going again and may be its loop's next turn:
        every `then` naming it is the last statement of its branch outside loops, nothing else of the body
        names a step after it, no end is checked after every step or after this one, and no `instead`
        replaces it. Empty when any of that fails, or the step is no automatic step."""
        if step.kind != "auto" or step.name == "setup" or self.ends_after_each_step() \
                or any(instead.step == step.name for instead in self.m.insteads) \
                or any(named_step_of(end.timing) == step.name for end in self.m.ends):
            return set()
        tails = {id(t) for t in self.tail_thens(step.body) if t.step == step.name}
        named = [t for t in all_thens(step.body) if t.step == step.name]
        return tails if tails and len(tails) == len(named) else set()

    def step_again(self, s: ir.Then, step: ir.Step) -> None:
        """A `then` to the step being written that its loop runs as its next turn: counted as a step run, its
        parameters given the new values (all worked out first, as for a call), round again."""
        w = self.w
        w.line(comment(f"then {s.step}: again at once, as the loop's next turn"))
        w.line("st._last_cause = cause")
        w.line(f"st.fired[{s.step!r}] = st.fired.get({s.step!r}, 0) + 1")
        w.line("again += 1")
        w.line("if again > st._engine.MAX_AUTO_STEPS:", note="a chain that never stops: the runtime's budget")
        w.indent()
        w.line(f"raise steps_again_spent(st._engine.MAX_AUTO_STEPS, {s.step!r})")
        w.dedent()
        if step.params:
            names = ", ".join(f"v_{ident(p.name)}" for p in step.params)
            w.line(f"{names} = {', '.join(self.expr(a) for a in s.args)}")
        w.line("continue")


def all_thens(stmts: Sequence[ir.S]):
    """Every `then` of a body, in branches and loops too."""
    for x in stmts:
        if isinstance(x, ir.Then):
            yield x
        for inner in ("then", "otherwise", "body"):
            yield from all_thens(getattr(x, inner, ()))
