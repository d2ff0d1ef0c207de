"""Statements: the effects of steps, options, triggers and insteads (moves, placements, counters, `then`,
loops, branches), one ``stmt_<Node>`` per IR statement.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Optional, Sequence

from ..language.ast import named_step_of
from ..model import ir, reads
from ..model.counter_values import held_values
from .quoting import comment, ident, lit
from .steps_again import all_thens


def counters_set(stmts: Sequence[ir.S]) -> tuple[str, ...]:
    """The counters that the statements (or ones nested in them) set, in the order first set."""
    found: dict[str, None] = {}
    for s in stmts:
        if isinstance(s, ir.SetCounter):
            found[s.counter] = None
        elif isinstance(s, ir.If):
            found.update(dict.fromkeys(counters_set(s.then) + counters_set(s.otherwise)))
        elif isinstance(s, (ir.ForEach, ir.Repeat, ir.Roll, ir.Lose, ir.Shuffle)):
            found.update(dict.fromkeys(counters_set(s.body)))
    return tuple(found)


class Statements:
    """The statements of a step's body, one ``stmt_<Node>`` each (CodeGenerator's part)."""

    def cause(self, cause: Optional[str]) -> str:
        return repr(cause) if cause is not None else "cause"

    def stmts(self, stmts: Sequence[ir.S]) -> None:
        if not stmts:
            self.w.line("pass")
        none_before = self.none_names  # a `let` of a space past the edge counts as none-able in its block only
        kept = self.counters_marked
        if not kept and any(isinstance(s, ir.SetCounter) and self.clears_mark(s.counter) for s in stmts):
            # A block that sets a counter clears the ends' mark once, at its top, not before each change
            # (earlier in the step is the same: every change is preceded by it).
            self.w.line(self.counters_changing())
            self.counters_marked = True
        self.kept_values_through(stmts, lambda s: getattr(self, "stmt_" + type(s).__name__)(s))
        self.counters_marked = kept
        self.none_names = none_before

    def stmt_Move(self, s: ir.Move) -> None:
        self.mark_cleared_here(zones=True)
        if any(z.name == s.to.zone and z.at_most is not None for z in self.m.zones):  # `at most N`: checked first
            self.w.line(f"st._move_bounded({self.expr(s.item)}, {self.zone_index(s.to)}, {self.cause(s.cause)})")
            return
        lifted = self.lifted(s)
        if lifted is not None:
            board, space = lifted
            self.w.line(f"st._lift({board}, {space}, {self.zone_index(s.to)}, {self.cause(s.cause)})")
            return
        self.w.line(f"st._move({self.expr(s.item)}, {self.zone_index(s.to)}, {self.cause(s.cause)})")

    def lifted(self, s: ir.Move) -> Optional[tuple[str, str]]:
        """`move occupant of s to Z`, Z a shared zone or one a seat's name picks (whose code cannot fail, so
        the occupant is still looked up before anything can raise): the codes of the board and of s, for
        State._lift (runtime/lifting.py). None for any other move."""
        item = s.item
        if not isinstance(item, ir.Occupant) or not (s.to.seat is None or isinstance(s.to.seat, ir.Var)):
            return None
        return self.boards[item.board], self.on_board(item.space, "the occupant of")

    def stmt_Place(self, s: ir.Place) -> None:
        self.mark_cleared_here(zones=True)  # (what is placed leaves its zone)
        shifted = self.shifted(s)
        if shifted is not None:
            self.w.line(f"st._shift({self.boards[s.board]}, {shifted}, {self.expr(s.space)}, {self.cause(s.cause)})")
            return
        method = "_place_tile" if s.space.type.startswith("placement:") else "_place"
        self.w.line(f"st.{method}({self.boards[s.board]}, {self.expr(s.item)}, {self.expr(s.space)}, "
                    f"{self.cause(s.cause)})")

    def shifted(self, s: ir.Place) -> Optional[str]:
        """`place occupant of s on t`, s a space of the same board and t a name never none (whose code cannot fail, so the
        two are worked out in the same order as `_place(b, _occupant(b, s), t)`): the code of s, for State._shift
        (runtime/shifting.py). None for any other placement."""
        item = s.item
        if not (isinstance(item, ir.Occupant) and item.board == s.board and isinstance(s.space, ir.Var)
                and not s.space.type.startswith("placement:") and not self.may_be_none(s.space)):
            return None
        return self.on_board(item.space, "the occupant of")

    def args(self, args: Sequence[ir.E]) -> str:
        inner = ", ".join(self.expr(a) for a in args)
        return f"({inner},)" if len(args) == 1 else f"({inner})"

    def stmt_Then(self, s: ir.Then) -> None:
        if self.looping is not None and id(s) in self.looping[1]:
            self.step_again(s, self.looping[0])
            return
        if id(s) in self.inline_ids:
            # The automatic step runs at once (the runtime would run it next, with this step's cause), unless
            # the end check between the two steps would find an end: then the runtime takes it, as any `then`.
            w = self.w
            checked = self.ends_after_each_step()
            if checked:
                w.line("if st._engine._quiet_after_step(st):", note=f"then {s.step}: run at once")
                w.indent()
            else:  # (no end is checked after a step: none can be found between the two)
                w.line(comment(f"then {s.step}: run at once"))
            w.line("st._last_cause = cause")
            w.line(f"st.fired[{s.step!r}] = st.fired.get({s.step!r}, 0) + 1")
            w.line(f"step_{ident(s.step)}(st, cause{''.join(', ' + self.expr(a) for a in s.args)})")
            if checked:
                w.dedent()
                w.line("else:")
                w.indent()
                w.line(f"st._thens.append(({s.step!r}, {self.args(s.args)}))")
                w.dedent()
            return
        # the step and its arguments (a tuple already) go on the state's list of steps to run, as st._then does
        self.w.line(f"st._thens.append(({s.step!r}, {self.args(s.args)}))")

    def ends_after_each_step(self) -> bool:
        """Whether some end is checked after every step (Engine._quiet_after_step asks them; with none it is
        always true)."""
        return any(end.timing == "after_step" for end in self.m.ends)

    def tail_thens(self, body: Sequence[ir.S]) -> list[ir.Then]:
        """The `then`s of a step's body that are the last statement of their branch, outside loops, when every
        `then`, queue or resolve of the body is so (so that nothing of the body runs after it, nor any other
        `then` before it); none when one is not."""
        tails: list[ir.Then] = []

        def names_steps(stmts) -> bool:
            for x in stmts:
                if isinstance(x, (ir.Then, ir.Enqueue, ir.Resolve, ir.Roll, ir.Lose, ir.Shuffle)):
                    return True
                if isinstance(x, ir.If) and (names_steps(x.then) or names_steps(x.otherwise)):
                    return True
                if isinstance(x, (ir.ForEach, ir.Repeat)) and names_steps(x.body):
                    return True
            return False

        def ends_block(stmts) -> bool:
            for i, x in enumerate(stmts):
                last = i == len(stmts) - 1
                if isinstance(x, ir.Then) and last:
                    tails.append(x)
                elif isinstance(x, ir.If) and last:
                    if not (ends_block(x.then) and ends_block(x.otherwise)):
                        return False
                elif names_steps((x,)):
                    return False
            return True

        return tails if ends_block(body) else self.closing_thens(body)

    def closing_thens(self, body: Sequence[ir.S]) -> list[ir.Then]:
        """The `then`s of a body that ends with a run of them, each a `then` or an `if` whose branches are `then`s
        only, no `if` after a `then` and nothing else after the first (Crazyhouse's `land`: `if t is occupied: then
        take(t, ...)`, then `then arrive(s, t)`): run at once one after the other, in the order the runtime would
        run them, when what comes after the first reads nothing the first may change (each later `then`'s
        arguments names or written values, no `if` tested after one ran) and no trigger names a step (a trigger
        runs at once inside a placement; its `then`s would wait behind the run). None otherwise (chain_at_once)."""
        if not self.chain_at_once():
            return []
        start = next((i for i, x in enumerate(body) if names_any_step(x)), None)
        if start is None:
            return []
        run, tails, seen_then = body[start:], [], False
        for x in run:
            if isinstance(x, ir.Then):
                branch = (x,)
            elif isinstance(x, ir.If) and not seen_then and all(isinstance(y, ir.Then) for y in x.then + x.otherwise):
                branch = x.then + x.otherwise
            else:
                return []
            for t in branch:
                if tails and not all(self.later_argument(a) for a in t.args):
                    return []
            tails.extend(branch)
            seen_then = seen_then or isinstance(x, ir.Then)
        return ClosingRun(tails) if len(tails) > 1 else []

    def chain_at_once(self) -> bool:
        """Whether a step's closing run of `then`s may run at once (closing_thens): no trigger names a step, no end
        is checked after a named step (its check goes on the stack beneath the named step's `then`s), and no end
        is checked after every step unless closing_runs_checked (each `then` of the run then asks
        Engine._quiet_after_step first, stmt_Then: a `then` kept back by an end check keeps every later one back
        too, since nothing runs between their checks and the check finds the same end). The switch of the lever
        (benchmarks/bench_crazyhouse_levers.py)."""
        return (not any(names_any_step(x) for trigger in self.m.triggers for x in trigger.body)
                and (not self.ends_after_each_step() or self.closing_runs_checked())
                and not any(named_step_of(end.timing) is not None for end in self.m.ends))

    def closing_runs_checked(self) -> bool:
        """Whether a closing run of `then`s runs at once also where an end is checked after every step (Markov
        soccer's and Laser tag's `then carry_out(p)`, `then carry_out(left of p)` after the draw of who moves
        first; Go Fish's, Dou dizhu's), its later `then`s' arguments also seat steps and sums of names and written
        values (later_argument). The switch of the lever (benchmarks/bench_closing_runs.py)."""
        return True

    def later_argument(self, e: ir.E, depth: int = 0) -> bool:
        """Whether ``e``, an argument of a `then` of a closing run after its first, reads nothing a step run
        before it may change (it is worked out after them when the run runs at once, before them when the runtime
        runs it): a name or a written value; with closing_runs_checked also a seat a few places from one (`left of
        p`: the players never change), a definition without parameters whose value is such (Dou dizhu's `SOLO`,
        `1`), and sums, differences and negations of these."""
        if isinstance(e, (ir.Var, ir.Const)):
            return True
        if not self.closing_runs_checked() or depth > 8:
            return False
        if isinstance(e, ir.SeatStep):
            return self.later_argument(e.seat, depth + 1)
        if isinstance(e, ir.Arith):
            return self.later_argument(e.left, depth + 1) and self.later_argument(e.right, depth + 1)
        if isinstance(e, ir.Negate):
            return self.later_argument(e.operand, depth + 1)
        if isinstance(e, ir.DefinedValue) and not e.args:
            definition = self.definitions.get(e.name)
            return (definition is not None and not definition.params
                    and not reads.free_vars(definition.value) and self.later_argument(definition.value, depth + 1))
        return False

    def inline_thens(self, body: Sequence[ir.S]) -> set[int]:
        """The `then`s of a step's body (an option's, an automatic or a chance step's) that run their step at
        once, by a call, instead of through the runtime's stack: those of tail_thens naming an automatic step
        that no `instead` replaces and whose own body names no automatic step, so that chains stay one call
        deep; or one that runs again by a loop (steps_again.py) and names besides itself only automatic steps
        that name none. By id."""
        tails = self.tail_thens(body)
        replaced = {instead.step for instead in self.m.insteads}

        def no_chain(name: str, leaf_too: bool) -> bool:  # a known step that starts no automatic step
            step = self.steps.get(name)
            return step is not None and (step.kind != "auto" or leaf_too and all(
                no_chain(t.step, False) for t in all_thens(step.body)))

        def inlinable(name: str) -> bool:
            step = self.steps.get(name)
            if step is None or step.kind != "auto" or name == "setup" or name in replaced:
                return False
            again = self.runs_again(step)  # (one that runs again by its loop may also end by a step without a chain)
            if all(id(t) in again or no_chain(t.step, bool(again)) for t in all_thens(step.body)):
                return True
            return not again and (self.chain_runs_at_once(step, replaced) or self.tail_chain_runs_at_once(step, replaced))
        found = {id(t) for t in tails if inlinable(t.step)}
        if isinstance(tails, ClosingRun) and len(found) != len(tails):
            return set()  # (a closing run runs at once whole or not at all: a `then` queued before would run after)
        return found

    def chain_runs_at_once(self, step: ir.Step, replaced: set) -> bool:
        """Whether every `then` of ``step`` is of its closing run (closing_thens), each to an automatic step that no
        `instead` replaces, that does not run again and whose own body names no step: then the whole chain runs
        at once, one call inside another, two deep."""
        thens = list(all_thens(step.body))
        closing = {id(t) for t in self.closing_thens(step.body)}
        if not thens or any(id(t) not in closing for t in thens):
            return False
        return self.leaves_run_at_once(thens, replaced)

    def leaves_run_at_once(self, thens: list, replaced: set) -> bool:
        """Whether each `then` of ``thens`` names an automatic step that no `instead` replaces, that does not run
        again and whose own body names no step (the leaves of chain_runs_at_once and tail_chain_runs_at_once)."""
        for t in thens:
            leaf = self.steps.get(t.step)
            if (leaf is None or leaf.kind != "auto" or t.step == "setup" or t.step in replaced
                    or self.runs_again(leaf) or any(names_any_step(x) for x in leaf.body)):
                return False
        return True

    def tail_chain_runs_at_once(self, step: ir.Step, replaced: set) -> bool:
        """Whether every `then` of ``step`` is a tail `then` (tail_thens: the last statement of its branch, nothing of
        the body after it), each to an automatic step that no `instead` replaces, that does not run again and whose
        own body names no step (Bridge's `card_played`: `if in_trick = 4: then finish_trick()`): then ``step`` runs
        at once where its caller's `then` would, and its own tail `then` runs at once inside it, two deep. Each
        asks Engine._quiet_after_step first where an end is checked after every step, so that an end found
        between two of the steps keeps the rest for the runtime, as before (a kept tail `then` is the last of its
        step's, and its caller's is the last of the caller's: nothing else can run before it). Not where a
        trigger names a step or an end is checked after a named step (tail_chain_at_once)."""
        if not self.tail_chain_at_once():
            return False
        thens = list(all_thens(step.body))
        tails = self.tail_thens(step.body)
        if not thens or isinstance(tails, ClosingRun) or {id(t) for t in thens} != {id(t) for t in tails}:
            return False
        return self.leaves_run_at_once(thens, replaced)

    def tail_chain_at_once(self) -> bool:
        """Whether a step whose tail `then`s name automatic steps that name none may itself run at once
        (tail_chain_runs_at_once): no trigger names a step (a trigger runs at once inside a placement; its `then`s
        would wait behind the chain), no end is checked after a named step (its check goes on the stack beneath
        the named step's `then`s). Ends checked after every step are asked between the steps. The switch of the
        lever (benchmarks/bench_tail_chains.py)."""
        return (not any(names_any_step(x) for trigger in self.m.triggers for x in trigger.body)
                and not any(named_step_of(end.timing) is not None for end in self.m.ends))

    def stmt_Enqueue(self, s: ir.Enqueue) -> None:
        self.w.line(f"st._enqueue({s.queue!r}, {s.step!r}, {self.args(s.args)})")

    def stmt_Resolve(self, s: ir.Resolve) -> None:
        self.w.line(f"st._then(RESOLVE, ({s.queue!r},))")

    def stmt_SetCounter(self, s: ir.SetCounter) -> None:
        if s.seat is None:
            target = f"st._counters[{s.counter!r}]"
        elif self.counter_lists is not None:  # (a list looked up once at the function's top: hoisted.py)
            target = f"{self.counter_lists.setdefault(s.counter, f'counter_{ident(s.counter)}')}[{self.counter_owner(s.counter, s.seat)}]"
        else:
            target = f"st._counters[{s.counter!r}][{self.counter_owner(s.counter, s.seat)}]"
        if not self.counters_marked and self.clears_mark(s.counter):
            self.w.line(self.counters_changing())
        held = held_values(self.m, s.counter)
        if held is not None:  # a seat, a direction or a word: kept as its index among the values (none: -1)
            self.w.line(f"{target} = {lit(dict(zip(held + (None,), tuple(range(len(held))) + (-1,))))}"
                        f"[{self.expr(s.value)}]")
            return
        # Every value stored goes through counter_value: a counter's range is bounded (runtime/numbers.py).
        if not s.add and isinstance(s.value, ir.Const):  # a number written in the file: within the limits already
            self.w.line(f"{target} = {self.expr(s.value)}")
            return
        value = f"{target} + {self.expr(s.value)}" if s.add else self.expr(s.value)
        # the value kept when it is within a counter's bounds; outside them counter_value refuses it, by name
        self.w.line(f"{target} = value if -COUNTER_LIMIT <= (value := {value}) <= COUNTER_LIMIT "
                    f"else counter_value(value, {s.counter!r})")

    def stmt_SetAttribute(self, s: ir.SetAttribute) -> None:
        self.mark_cleared_here(attributes=True)
        method = "_add_attr" if s.add else "_set_attr"  # (the runtime checks the value is one of the attribute's)
        self.w.line(f"st.{method}({s.attr!r}, {self.expr(s.item)}, {self.expr(s.value)})")

    def counters_changing(self) -> str:
        """The line before a block changes counters: the after-step ends are to be checked again (their mark,
        State._ends_clean, is cleared; see ends_after_step). Nothing is kept: a step that fails is undone by
        replaying (State._undo)."""
        return "st._ends_clean = False  # counters change: the after-step ends are checked again"

    def loop_body(self, body: Sequence[ir.S]) -> None:
        """A loop's body; a loop that sets a counter clears the ends' mark once, before it (earlier in the step
        than the first change is the same: nothing changed the counters in between)."""
        kept = self.counters_marked
        self.counters_marked = kept or any(self.clears_mark(c) for c in counters_set(body))
        if self.counters_marked and not kept:
            self.w.dedent()
            self.w.lines.insert(len(self.w.lines) - 1, "    " * self.w.level + self.counters_changing())
            self.w.indent()
        self.stmts(body)
        self.counters_marked = kept

    def stmt_ForEach(self, s: ir.ForEach) -> None:
        # Iterate over a copy (the body may move what it walks over), counted against the loop budget.
        # A walk of a board whose body is one `if` fixing the space is narrowed to those spaces (narrowing.py).
        only = s.body[0] if len(s.body) == 1 and isinstance(s.body[0], ir.If) and not s.body[0].otherwise else None
        domain = only and self.narrowed_domain(s.var, s.domain, only.condition, frozenset(counters_set(s.body)))
        body = s.body
        if only and not domain:  # the values the seats let through (seat_walks.py), the rest of the test on each
            domain, left = self.seat_walk_or_whole(s.var, s.domain, only.condition, reading=False)
            if domain == self.expr(s.domain):  # (the board's geometry alone may decide a part: related_spaces.py)
                domain, left = self.related_for_each(s.var, s.domain, only.condition) or (domain, left)
            body = s.body if left is only.condition else (replace(only, condition=left),) if left else only.then
        domain = domain or self.expr(s.domain)
        if s.start is not None:  # the seats in clockwise order, the one named first
            domain = f"sorted({domain}, key=lambda seat: (seat - {self.expr(s.start)}) % st.players)"
        self.w.line(f"for v_{ident(s.var)} in st._loop_over({domain}):",
                    note=None if s.start is None else f"clockwise from {s.start.text}")
        self.w.indent()
        self.loop_body(body)
        self.w.dedent()

    def related_for_each(self, var: str, domain: ir.E, where: ir.E) -> Optional[tuple[str, Optional[ir.E]]]:
        """A `for each` of a whole board whose one `if` has parts the board's geometry alone decides, as a count's
        walk is (counts.py walk_and_test): the spaces read from their table and the rest of the test; None else."""
        parts = where.operands if isinstance(where, ir.BoolOp) and where.op == "and" else (where,)
        outer = tuple(sorted(set().union(*(reads.free_vars(part) for part in parts)) - {var}))
        return self.related_and_left(var, domain, where, parts, outer)

    def stmt_Repeat(self, s: ir.Repeat) -> None:
        self.w.line(f"for _ in st._loop({self.expr(s.times)}):")
        self.w.indent()
        self.loop_body(s.body)
        self.w.dedent()

    def stmt_Roll(self, s: ir.Roll) -> None:
        # Each die back to the supply, then one chance step per die: every roll an explicit chance node.
        self.stmts(s.body)

    def stmt_Shuffle(self, s: ir.Shuffle) -> None:
        # The zone's chance step started: its order is one chance node.
        self.stmts(s.body)

    def stmt_Lose(self, s: ir.Lose) -> None:
        # One die of the holder to the set-aside zone (from the supply if the holder is empty).
        self.stmts(s.body)

    def stmt_Let(self, s: ir.Let) -> None:
        if self.may_be_none(s.value):
            self.none_names = self.none_names | {s.name}
        self.w.line(f"v_{ident(s.name)} = {self.expr(s.value)}", note=f"let {s.name}")

    def stmt_Nothing(self, s: ir.Nothing) -> None:
        self.w.line("pass")

    def stmt_NextTurn(self, s: ir.NextTurn) -> None:
        self.w.line(f"st._next_seat = {self.expr(s.seat)}")


def names_any_step(x: ir.S) -> bool:
    """Whether statement ``x`` names a step or sets chance going (`then`, `queue`, `resolve`, a roll, a loss of a die,
    a shuffle), in its branches and loops too."""
    if isinstance(x, (ir.Then, ir.Enqueue, ir.Resolve, ir.Roll, ir.Lose, ir.Shuffle)):
        return True
    return any(names_any_step(y) for inner in ("then", "otherwise", "body") for y in getattr(x, inner, ()))


class ClosingRun(list):
    """The `then`s of a body's closing run (Statements.closing_thens): run at once all of them, or none."""
