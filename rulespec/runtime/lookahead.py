"""What `only if C after it` runs after the option's own statements, on the state it looks ahead on: the
automatic steps they set going with `then` (and those of the triggers its placements fire), as the game would
run them next.

The checker has refused a look-ahead whose chain would reach a decision, chance or a replacement
(rulespec/model/lookahead.py), so every step named here is automatic; no end is checked between them.
"""

from __future__ import annotations

from .common import AFTER, RuleRuntimeError


def carry_through(st, cause: str) -> None:
    """Run on ``st`` (looked ahead on) the automatic steps its pending `then`s name, depth first as the
    runtime's stack runs them (a step's own `then`s before the next of the step that started it), each with the option's
    ``cause`` and actor; the end checks a step leaves for after a named step (AFTER) are passed over."""
    engine = st._engine
    steps, budget, fired = engine._steps, engine.MAX_AUTO_STEPS, st.fired
    waiting = st._thens[::-1]  # (the next to run last: popped first)
    st._thens = []
    runs = 0
    while waiting:
        step, args = waiting.pop()
        if step == AFTER:
            continue
        runs += 1
        if runs > budget:
            raise RuleRuntimeError(
                f"{budget} automatic steps ran in the look-ahead of an option without coming to an end (the next: "
                f"`{step}`): a `then` chain that never stops? Engine.MAX_AUTO_STEPS is the limit")
        st._last_cause = cause
        fired[step] = fired.get(step, 0) + 1
        steps[step].run(st, cause, *args)
        if st._thens:
            waiting += reversed(st._thens)
            st._thens = []
