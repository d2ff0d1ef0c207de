"""A look-ahead that keeps only what its statements and its condition can write (issue #40).

A plain look-ahead (model/look_ahead_writes.py) keeps and puts back every slot a plain statement can write
(runtime/imagining.py _imagine_plain), and then runs carry_through for the `then`s its statements leave. Chess's
`slide` leaves none: its `then land(s, t)` runs at once inside the effect (codegen/statements.py inline_thens),
no trigger runs while it looks ahead, no invariant watches its placements, no loop is walked; yet each of a
listing's thirty look-aheads kept and cut back the loop budget, the trigger depth, the list of `then`s and the
violations, and called carry_through for nothing. Such a look-ahead is *lean*: it starts with _imagine_lean
(only the slots its primitives, counters, steps run at once and condition can write) and runs no carry_through.

Lean when, from the checked model: the look-ahead is plain; the option is not one of a secret choice's (their
`then`s never run at once); every `then` of its statements runs at once, to a step whose own statements name no
step and walk no loop; its statements walk no loop (`for each`, `repeat`); no trigger runs in a look-ahead (all
passed over, model/unread_ahead.py) and no invariant watches a placement; no end is checked after a step or
after a named step (the code that runs a `then` at once asks those, and a named step's check waits among the
`then`s); and the condition reads nothing that may run a listing or read the game's end (a legal move, a
position seen, a winner, a score, another look-ahead: model/unread_ahead.py's reads of everything).
"""

from __future__ import annotations

from typing import Optional

from ..language.ast import named_step_of
from ..model import ir
from ..model.action_numbers import state_read
from ..model.look_ahead_writes import plain_writes
from ..model.moved_spaces import MovedSpaces, WrittenAhead, moved_spaces, written_ahead
from ..model.reads import free_vars
from ..model.lookahead import statements_within
from ..model.unread_ahead import reads_everything

_LOOPS = (ir.ForEach, ir.Repeat)
# A listing's kept answer (answer_listed_names): on; benchmarks/bench_listed_answers.py and its lock-step test turn it
# off to compare.
LISTED_ANSWERS = True


class LeanLookAhead:
    """Whether an option's look-ahead is lean (CodeGenerator's part)."""

    def lean_look_ahead(self, step: ir.Step, option: ir.ChoiceOption, after: ir.AfterIt) -> bool:
        """Whether the look-ahead of ``option`` (asking ``after``) is lean (see the module's docstring)."""
        m = self.m
        if step.together or plain_writes(option, m, self.triggers_passed_over_ahead()) is None:
            return False
        if self.ends_after_each_step() or any(named_step_of(end.timing) is not None for end in m.ends):
            return False
        if set(t.name for t in m.triggers) - self.triggers_passed_over_ahead():
            return False
        if any(inv.form == "on_event" for inv in m.invariants):
            return False
        at_once = self.inline_thens(option.body)
        for s in statements_within(option.body):
            if isinstance(s, _LOOPS) or isinstance(s, ir.Then) and not (id(s) in at_once and self.ends_no_chain(s.step)):
                return False
        return not reads_everything(m, after.condition)

    def answer_kept_names(self, step: ir.Step, option: ir.ChoiceOption,
                          after: ir.AfterIt) -> Optional[tuple[tuple[ir.E, ...], MovedSpaces]]:
        """For a lean look-ahead whose condition reads no name the option binds and whose option writes only
        spaces its names give and the pieces on them (model/moved_spaces.py): the names the condition reads
        (of ``after.names``) and those spaces. Its answer read as things stand then answers every candidate
        that moves none of what it read (runtime/read_answers.py). None otherwise."""
        if not self.lean_look_ahead(step, option, after):
            return None
        read = free_vars(after.condition)
        moved = moved_spaces(option, self.m)
        bound = {n.name for n in after.names if isinstance(n, ir.Var)}
        if moved is None or not read <= {p.name for p in step.params} or not set(moved.spaces) <= bound:
            return None
        return tuple(n for n in after.names if isinstance(n, ir.Var) and n.name in read), moved

    def answer_listed_names(self, step: ir.Step, option: ir.ChoiceOption,
                            after: ir.AfterIt) -> Optional[tuple]:
        """For a plain look-ahead (lean or not) whose condition reads no name the option binds and reads
        nothing that may run a listing, no trigger running in it and no invariant watching a placement, whose
        option writes only spaces its names give, the pieces on them, attributes of those pieces and pieces
        from a zone (model/moved_spaces.py written_ahead): the names its kept parts read, what the option
        writes, the parts kept and the guards of the others (kept_and_guarded). A listing reads the kept parts
        once in the position it lists; their answer answers every candidate that writes none of what they read
        (runtime/read_answers.py answer_listed) when it is false or the guards hold. None otherwise."""
        m = self.m
        if not LISTED_ANSWERS or step.together:
            return None
        if plain_writes(option, m, self.triggers_passed_over_ahead()) is None:
            return None
        if set(t.name for t in m.triggers) - self.triggers_passed_over_ahead():
            return None
        if any(inv.form == "on_event" for inv in m.invariants) or reads_everything(m, after.condition):
            return None
        written = written_ahead(option, m, self.steps_passed_over_ahead())
        bound = {n.name for n in after.names if isinstance(n, ir.Var)}
        if written is None or not set(written.spaces) <= bound:
            return None
        split = self.kept_and_guarded(step, after.condition)
        if split is None:
            return None
        kept, guards = split
        read = set().union(*(free_vars(c) for c in kept))
        return tuple(n for n in after.names if isinstance(n, ir.Var) and n.name in read), written, kept, guards

    def kept_and_guarded(self, step: ir.Step, condition: ir.E) -> Optional[tuple[tuple[ir.E, ...], tuple[ir.E, ...]]]:
        """``condition``'s parts joined by `and`: those that read no name the option binds (read once a listing),
        and, for each other part, a guard that reads no state and under which the part holds in any state
        (`not (X and Y)`, X reading no state: `not X`; a part reading no state: itself). None when a part has
        none, or no part reads no bound name."""
        params = {p.name for p in step.params}
        parts = condition.operands if isinstance(condition, ir.BoolOp) and condition.op == "and" else (condition,)
        kept, guards = [], []
        for part in parts:
            if free_vars(part) <= params:
                kept.append(part)
                continue
            if state_read(part, self.definitions) is None:
                guards.append(part)
                continue
            inner = part.operand if isinstance(part, ir.Not) else None
            if not (isinstance(inner, ir.BoolOp) and inner.op == "and"):
                return None
            free = next((x for x in inner.operands if state_read(x, self.definitions) is None), None)
            if free is None:
                return None
            guards.append(ir.Not(free.type, free.loc, "not (" + free.text + ")", free))  # (its text: a note's)
        return (tuple(kept), tuple(guards)) if kept else None

    def ends_no_chain(self, name: str) -> bool:
        """Whether step ``name``'s statements name no step and walk no loop; or name steps only by a closing run
        of `then`s that runs at once (codegen/statements.py chain_runs_at_once), to steps that end no chain."""
        step = self.steps.get(name)
        if step is None:
            return False
        if not any(isinstance(s, (ir.Then, ir.Enqueue, ir.Resolve) + _LOOPS) for s in statements_within(step.body)):
            return True
        replaced = {instead.step for instead in self.m.insteads}
        return (not any(isinstance(s, (ir.Enqueue, ir.Resolve) + _LOOPS) for s in statements_within(step.body))
                and self.chain_runs_at_once(step, replaced)
                and all(self.ends_no_chain(t.step) for t in statements_within(step.body) if isinstance(t, ir.Then)))
