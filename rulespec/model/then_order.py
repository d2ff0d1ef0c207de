"""A set-up line that reads what a step its `then`s started has not set yet (#40, helper ohhell).

A `then S(...)` starts S once the lines of the step that names it are done: the set-up's own lines all run
first, in order, and only then the steps its `then`s started, one after another. So in

    setup:
      then choose_tricks()
      repeat tricks_to_play times: ...

the `repeat` reads tricks_to_play as it starts (0), not as choose_tricks will set it. A newcomer writing Oh
Hell's deal (the number of cards and the dealer chosen by chance first) wrote it so; the game checked, and
then dealt nothing, or stopped at `left of dealer` with the dealer still none. The checker refuses such a
line at the value that reads it, naming the step and what it sets, and says how to write it: the lines in a
step of their own, started by a `then` after the one that sets what they read.

Only the set-up is read so: in a step or an option, a `then`'s arguments are worked out when it is named, by
design (backgammon's `then move(high)` then `then move(low)`), and a `then` in one branch of an `if` and a read
in the other never meet (branches are followed apart here too). Read as written: a counter, a zone moved into,
through the definitions a value uses and the steps a step's `then`s start in turn.
"""

from __future__ import annotations

from typing import Iterator, Optional, Sequence

from . import ir
from .lookahead import statements_within
from .tree import walk

Written = dict[tuple[str, str], str]  # ("counter" | "zone", name) -> the step (named by a `then`) that writes it


def reads_before_set(setup: Optional[ir.Step], steps: Sequence[ir.Step],
                     definitions: Sequence[ir.Definition]) -> Iterator[tuple[ir.E, str, str, str]]:
    """Each value of the set-up's own lines that reads what a step started by an earlier `then` of the set-up
    writes: (the value, "counter" or "zone", its name, the step), in the order written."""
    if setup is None:
        return
    by_name = {step.name: step for step in steps}
    defined = {d.name: d for d in definitions}
    found: list[tuple[ir.E, str, str, str]] = []
    _follow(setup.body, {}, by_name, defined, found)
    yield from found


def _follow(body: Sequence[ir.S], written: Written, steps: dict, defined: dict, found: list) -> Written:
    """Follows ``body`` in order, ``written`` what the `then`s before it start; returns what they start after it."""
    for s in body:
        for value in _own_values(s):
            for read in _reads(value, defined):
                if read in written:
                    found.append((value, *read, written[read]))
        if isinstance(s, ir.If):  # (a branch's `then`s are not before the other branch's lines)
            after_then = _follow(s.then, dict(written), steps, defined, found)
            after_otherwise = _follow(s.otherwise, dict(written), steps, defined, found)
            written = {**after_otherwise, **after_then}
        elif isinstance(s, (ir.ForEach, ir.Repeat)):
            written = _follow(s.body, written, steps, defined, found)
        elif isinstance(s, ir.Then):
            for write in sorted(_writes(s.step, steps, set())):
                written.setdefault(write, s.step)
    return written


def _own_values(s: ir.S) -> list[ir.E]:
    """The values a statement reads itself (a block's statements aside: they are followed in turn)."""
    if isinstance(s, ir.If):
        return [s.condition]
    if isinstance(s, ir.ForEach):
        return [v for v in (s.domain, s.start) if v is not None]
    if isinstance(s, ir.Repeat):
        return [s.times]
    if isinstance(s, (ir.Roll, ir.Shuffle)):
        return []
    values: list[ir.E] = []
    for value in vars(s).values():
        if isinstance(value, ir.E):
            values.append(value)
        elif isinstance(value, tuple):
            values.extend(v for v in value if isinstance(v, ir.E))
    return values


def _reads(value: ir.E, defined: dict, seen: Optional[set] = None) -> set[tuple[str, str]]:
    """The counters and zones ``value`` reads, through the definitions it uses."""
    seen = set() if seen is None else seen
    reads: set[tuple[str, str]] = set()
    for e in walk(value):
        if isinstance(e, ir.CounterRef):
            reads.add(("counter", e.name))
        elif isinstance(e, ir.ZoneRef):
            reads.add(("zone", e.zone))
        elif isinstance(e, ir.DefinedValue) and e.name in defined and e.name not in seen:
            seen.add(e.name)
            reads |= _reads(defined[e.name].value, defined, seen)
    return reads


def _writes(name: str, steps: dict, seen: set) -> set[tuple[str, str]]:
    """The counters step ``name`` sets and the zones it moves into, with those of the steps its `then`s start."""
    if name in seen or name not in steps:
        return set()
    seen.add(name)
    step = steps[name]
    writes: set[tuple[str, str]] = set()
    for body in (step.body, *(option.body for option in step.options)):
        for s in statements_within(body):
            if isinstance(s, ir.SetCounter):
                writes.add(("counter", s.counter))
            elif isinstance(s, ir.Move) and isinstance(s.to, ir.ZoneRef):
                writes.add(("zone", s.to.zone))
            elif isinstance(s, ir.Then):
                writes |= _writes(s.step, steps, seen)
    return writes
