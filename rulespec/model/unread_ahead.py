"""What a look-ahead need not run: a trigger that only keeps counters nothing read during a look-ahead reads.

A look-ahead (`only if C after it`) carries the option out and undoes it, to read C (rulespec/model/lookahead.py).
Chess's `castling_rights` fires on every placement, a look-ahead's too, and sets `kingside` and `queenside`,
which `not in_check(player)` never reads: a quarter of chess's time went into bookkeeping that is thrown away
(issue #40). Such a trigger is passed over while a look-ahead runs (TriggerInfo.unread_ahead): what it would
write is undone anyway, and nothing that runs or is read before that reads it, so the condition's value is the
same.

A trigger is passed over when its statements set counters and nothing else (`if`, `for each`, `let` around
them), and none of those counters is read by anything a look-ahead may run or read: the condition of any
`after it` and the definitions it uses, the statements of an option that reads ahead, of every step, of every
trigger not passed over (worked out to a fixed point) and of event invariants, and the ends checked after a
step (the generated code asks them before it runs a `then` at once). A condition that reads what is not
written out as counters (a legal move, a position seen before, a winner, a score, another look-ahead) reads
everything: no trigger is passed over.

An automatic step is passed over alike (steps_unread_ahead): a step that only sets counters (`if`, `for each`,
`let` around them: no `then`, nothing moved or placed), none of which anything a look-ahead may run or read
reads, the other steps not passed over included (a fixed point). Shogi's `note_check` counts a player's
checks in a row after every move, asking `in_check` of the other side: every candidate move's look-ahead
ran it, for a counter no `after it` reads, doubling the cost of reading a move ahead (issue #40). The step
returns at once in a look-ahead (the generated step's first line: codegen/declarations.py); it still runs
in play, where its counters are kept.
"""

from __future__ import annotations

from typing import Optional, Sequence

from . import ir
from .lookahead import statements_within
from .tree import walk

# Reads more of the state than its counters named in it: nothing is passed over where a look-ahead reads one.
_READS_EVERYTHING = (ir.HasLegalMove, ir.PositionOccurred, ir.Won, ir.ScoreRef, ir.AfterIt)
_COUNTERS_ONLY = (ir.If, ir.ForEach, ir.Let, ir.SetCounter, ir.Nothing)  # statements that write no more than counters


class _CounterReads:
    """The counters an expression or statements read (None: everything), through the definitions they use."""

    def __init__(self, model: ir.Model):
        self.definitions = {d.name: d for d in model.definitions}
        self.memo: dict[str, Optional[frozenset]] = {}

    def expr(self, e: Optional[ir.E]) -> Optional[frozenset]:
        found: set[str] = set()
        for node in walk(e):
            if isinstance(node, _READS_EVERYTHING):
                return None
            if isinstance(node, ir.CounterRef):
                found.add(node.name)
            elif isinstance(node, ir.DefinedValue):
                inner = self.definition(node.name)
                if inner is None:
                    return None
                found |= inner
        return frozenset(found)

    def definition(self, name: str) -> Optional[frozenset]:
        if name not in self.memo:
            self.memo[name] = None  # (a definition met again inside itself reads everything: the safe answer)
            definition = self.definitions.get(name)
            self.memo[name] = self.expr(definition.value) if definition is not None else None
        return self.memo[name]

    def stmts(self, stmts: Sequence[ir.S]) -> Optional[frozenset]:
        found: set[str] = set()
        for s in statements_within(stmts):
            if isinstance(s, ir.SetCounter) and s.add:
                found.add(s.counter)  # (`add 1 to c` reads c)
            for value in vars(s).values():
                for e in (value if isinstance(value, tuple) else (value,)):
                    if isinstance(e, ir.E):
                        inner = self.expr(e)
                        if inner is None:
                            return None
                        found |= inner
        return frozenset(found)


def reads_everything(model: ir.Model, e: Optional[ir.E]) -> bool:
    """Whether ``e`` reads more than the counters named in it (a legal move, a position seen, a winner, a score,
    another look-ahead), through the definitions it uses."""
    return _CounterReads(model).expr(e) is None


def _counters_set(body) -> Optional[frozenset]:
    """The counters a body of statements sets, or None when it does more than set counters."""
    found = set()
    for s in statements_within(body):
        if not isinstance(s, _COUNTERS_ONLY):
            return None
        if isinstance(s, ir.SetCounter):
            found.add(s.counter)
    return frozenset(found)


def _passed_over(reads: "_CounterReads", read: frozenset, writes: dict, bodies: dict) -> frozenset[str]:
    """Of the bodies by name that only set counters (``writes``: name -> the counters, or None), those whose
    counters nothing reads: not ``read``, nor any body that runs (is not passed over), to a fixed point."""
    passed = {name for name, w in writes.items() if w is not None and not (w & read)}
    while True:  # a body that runs reads what it reads: those it reads from run too
        running = [reads.stmts(body) for name, body in bodies.items() if name not in passed]
        if any(r is None for r in running):
            return frozenset()
        read_too = frozenset().union(*running)
        kept = {name for name in passed if not (writes[name] & read_too)}
        if kept == passed:
            return frozenset(passed)
        passed = kept


def triggers_unread_ahead(model: ir.Model) -> frozenset[str]:
    """The triggers a look-ahead passes over (see the module's docstring), by name."""
    reading_ahead = [o for step in model.steps for o in step.options if any(isinstance(c, ir.AfterIt) for c in o.conditions)]
    if not reading_ahead or not model.triggers:
        return frozenset()
    reads = _CounterReads(model)
    always = [reads.expr(c.condition) for o in reading_ahead for c in o.conditions if isinstance(c, ir.AfterIt)]
    always += [reads.stmts(o.body) for o in reading_ahead]
    always += [reads.stmts(step.body) for step in model.steps]
    always += [reads.expr(i.condition) for i in model.invariants if i.event is not None]
    always += [reads.expr(e) for end in model.ends if end.timing not in ("turn_start", "after_turn")
               for e in (end.condition, end.winner, end.each_domain)]
    if any(r is None for r in always):
        return frozenset()
    read = frozenset().union(*always)
    writes = {t.name: _counters_set(t.body) for t in model.triggers}
    return _passed_over(reads, read, writes, {t.name: t.body for t in model.triggers})


def steps_unread_ahead(model: ir.Model) -> frozenset[str]:
    """The automatic steps a look-ahead passes over (see the module's docstring), by name: those that only
    set counters that nothing a look-ahead may run or read reads (the other steps not passed over, the
    triggers not passed over, the `after it` conditions and the bodies of the options that read ahead, event
    invariants, the ends checked after a step)."""
    reading_ahead = [o for step in model.steps for o in step.options if any(isinstance(c, ir.AfterIt) for c in o.conditions)]
    if not reading_ahead:
        return frozenset()
    reads = _CounterReads(model)
    always = [reads.expr(c.condition) for o in reading_ahead for c in o.conditions if isinstance(c, ir.AfterIt)]
    always += [reads.stmts(o.body) for o in reading_ahead]
    passed_triggers = triggers_unread_ahead(model)
    always += [reads.stmts(t.body) for t in model.triggers if t.name not in passed_triggers]
    always += [reads.expr(i.condition) for i in model.invariants if i.event is not None]
    always += [reads.expr(e) for end in model.ends if end.timing not in ("turn_start", "after_turn")
               for e in (end.condition, end.winner, end.each_domain)]
    if any(r is None for r in always):
        return frozenset()
    read = frozenset().union(*always)
    writes = {step.name: _counters_set(step.body) if step.kind == "auto" else None for step in model.steps}
    return _passed_over(reads, read, writes, {step.name: step.body for step in model.steps})
