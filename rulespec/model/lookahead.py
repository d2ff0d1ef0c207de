"""A hypothetical move: `only if C after it`, an option's condition read in the position the option would
leave (Checker's part), and what the look-ahead runs through (``set_going``, read by the generator and the work
estimate too).

The look-ahead carries out the option's own statements on a copy of the state, with its bound names, then
every automatic step they set going: the steps their `then`s name, the steps those name, and those of the
triggers its placements fire, in the order the game would run them, each with the option's cause. C is read
when they are done, before anyone must decide again or chance must pick. Nothing else happens in the copy (no
end is checked, between the steps either; the turn does not pass: `the player to move` and `the turn number`
are still the mover's). Ruling: what would need a decision or a chance outcome on the way is refused at the
line that asks for it (a `then` naming a choice or a chance step, `queue`/`resolve`, `roll`, `shuffle`), and so
is a `then` naming a step an `instead` may replace (the position would hang on the replacement's condition), or
an option chosen by every player at once in secret (it would hang on the others' secret choices).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator, Optional, Sequence

from ..language import ast
from . import ir
from .value_types import BOOL


def statements_within(stmts: Sequence[ir.S]) -> Iterator[ir.S]:
    """Every statement of ``stmts`` and of the blocks inside them (a roll's and a shuffle's own statements aside:
    the statement itself is what is said)."""
    for s in stmts:
        yield s
        if isinstance(s, ir.If):
            yield from statements_within(s.then)
            yield from statements_within(s.otherwise)
        elif isinstance(s, (ir.ForEach, ir.Repeat)):
            yield from statements_within(s.body)


@dataclass(frozen=True)
class Blocked:
    """What stops a look-ahead: the statement (``at``) and what it would ask for (``what``), reached through the
    automatic steps and triggers of ``path`` (their names, from the option)."""

    at: ir.S
    what: str
    path: tuple[str, ...]


@dataclass(frozen=True)
class SetGoing:
    """What an option's look-ahead runs after its own statements: the automatic steps (by name, first reached
    first) and the triggers its placements fire (by name); ``cyclic`` when a step comes back in its own chain
    (oware's sowing, one seed a step); ``blocked``, the first thing it cannot run through, if any."""

    steps: tuple[str, ...]
    triggers: tuple[str, ...]
    cyclic: bool
    blocked: Optional[Blocked]


def set_going(body: Sequence[ir.S], steps: Sequence[ir.Step], triggers: Sequence[ir.Trigger],
              insteads: Sequence[ir.Instead]) -> SetGoing:
    """What the statements ``body`` of an option set going in a look-ahead (see SetGoing)."""
    by_name = {step.name: step for step in steps}
    fired_on: dict[str, list[ir.Trigger]] = {}
    for trigger in triggers:
        fired_on.setdefault(trigger.event.board, []).append(trigger)
    replaced = {instead.step: instead.name for instead in insteads}
    reached: list[str] = []
    fired: list[str] = []
    cyclic = False
    blocked: Optional[Blocked] = None

    def follow(stmts: Sequence[ir.S], path: tuple[str, ...]) -> None:
        nonlocal cyclic, blocked
        for s in statements_within(stmts):
            if blocked is not None:
                return
            what = _asks_for(s, by_name, replaced)
            if what is not None:
                blocked = Blocked(s, what, path)
                return
            if isinstance(s, ir.Then):
                if s.step in path:
                    cyclic = True
                if s.step not in reached:
                    reached.append(s.step)
                    follow(by_name[s.step].body, path + (s.step,))
            elif isinstance(s, ir.Place):
                for trigger in fired_on.get(s.board, ()):
                    if trigger.name not in fired:
                        fired.append(trigger.name)
                        follow(trigger.body, path + (f"trigger {trigger.name}",))

    follow(body, ())
    return SetGoing(tuple(reached), tuple(fired), cyclic, blocked)


def going_after(option: ir.ChoiceOption, model: ir.Model) -> Optional[SetGoing]:
    """What the look-ahead of ``option`` runs after its own statements, or None when it asks no `after it`."""
    if not any(isinstance(c, ir.AfterIt) for c in option.conditions):
        return None
    return set_going(option.body, model.steps, model.triggers, model.insteads)


def looks_through_then(option: ir.ChoiceOption, model: ir.Model) -> bool:
    """Whether the look-ahead of ``option`` runs automatic steps after its own statements."""
    going = going_after(option, model)
    return going is not None and bool(going.steps)


def _asks_for(s: ir.S, steps: dict[str, ir.Step], replaced: dict[str, str]) -> Optional[str]:
    """What ``s`` would ask for that a look-ahead cannot run through (a decision, chance, a replacement), or None."""
    if isinstance(s, ir.Roll):
        return "rolls dice (chance)"
    if isinstance(s, ir.Shuffle):
        return f"shuffles `{s.zone}` (chance)"
    if isinstance(s, ir.Resolve):
        return f"resolves queue `{s.queue}`"
    if isinstance(s, ir.Enqueue):
        return f"queues step `{s.step}`"
    if isinstance(s, ir.Then):
        step = steps.get(s.step)
        if step is None:
            return None  # (an unknown step was told where it is written)
        if step.kind == "choice":
            return f"starts step `{s.step}`, a choice (someone must decide there)"
        if step.kind == "chance":
            return f"starts step `{s.step}`, a chance step (chance must pick there)"
        if s.step in replaced:
            return f"starts step `{s.step}`, which `instead {replaced[s.step]}` may replace"
    return None


class LookAhead:
    """`only if C after it` (Checker's part)."""

    def after_it(self, after: ast.AfterIt, scope: dict[str, str], params: Sequence[ir.Param],
                 bindings: Sequence[ir.Binding], step: str, option: str) -> ir.AfterIt:
        """The condition of `only if C after it`, with every name the option's statements are given."""
        condition = self.expr(after.condition, scope, BOOL)
        names = tuple(ir.Var(p.type, None, p.name, p.name) for p in params) + tuple(
            ir.Var(b.type, None, b.var, b.var) for b in bindings)
        return ir.AfterIt(BOOL, after.condition.loc, f"{condition.text} after it", condition, step, option, names)

    def look_ahead_limits(self, steps: Sequence[ir.Step], triggers: Sequence[ir.Trigger],
                          insteads: Sequence[ir.Instead]) -> None:
        """Refuse, where it is written, what the look-ahead of an `only if ... after it` cannot run through."""
        for step in steps:
            for option in step.options:
                after = next((c for c in option.conditions if isinstance(c, ir.AfterIt)), None)
                if after is not None:
                    self._look_ahead_option(step, option, after, steps, triggers, insteads)

    def _look_ahead_option(self, step: ir.Step, option: ir.ChoiceOption, after: ir.AfterIt, steps: Sequence[ir.Step],
                           triggers: Sequence[ir.Trigger], insteads: Sequence[ir.Instead]) -> None:
        asked = f"option `{step.name}.{option.name}` asks `only if {after.text}`"
        if step.together:
            self.error(after.loc, f"{asked}, but `{step.name}` is chosen by each player at once, in secret: the "
                                  f"position it would leave hangs on the others' secret choices",
                       width=len(after.condition.text),
                       hint="ask it of a choice made by one player, or as a plain `only if` of the position now")
            return
        blocked = set_going(option.body, steps, triggers, insteads).blocked
        if blocked is None:
            return
        through = "".join(f" through trigger `{name[len('trigger '):]}`" if name.startswith("trigger ")
                          else f" through step `{name}`" for name in blocked.path)
        reached = f" (reached{through})" if through else ""
        self.error(blocked.at.loc, f"this statement {blocked.what}, but {asked}{reached}: the look-ahead runs the "
                                   f"option and the automatic steps it sets going, and reads the condition in the "
                                   f"one position they leave",
                   hint="ask the condition with a plain `only if`, or let the option and the automatic steps it "
                        "starts do what the condition reads, with the decision or chance left to a later turn")
