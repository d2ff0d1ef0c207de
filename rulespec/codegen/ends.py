"""The ends: one function per end, and one per timing that tests them all in declaration order, an end
reading a board tested only where the board changed (an index) and one reading counters alone skipped
while they are as they were.
"""

from __future__ import annotations

from typing import Optional

from ..language.ast import named_step_of
from ..model import end_inputs, ir, reads
from ..model.tree import walk
from .quoting import comment, docstring, ident, lit
from .writer import cites_text


class Ends:
    """The ends and their checks (CodeGenerator's part)."""

    # An end kept by what it reads keeps a zone read at one fixed seat alone by that seat's zone
    # (model/end_inputs.py KEPT_WORK_ONE_SEAT).
    one_seat_records = True

    def end(self, end: ir.End) -> None:
        w = self.w
        w.line("")
        w.line(comment(f"---------------------------------------------------------------- end {end.name}"))
        w.line(f"def end_{ident(end.name)}(st):")
        w.indent()
        self.doc(end, f"Whether the game ends now by `{end.name}`; returns the declared winners.")
        reads_at, self.counter_lists = len(w.lines), {}
        zones_started = self.start_zone_locals()
        self.end_test(end, "")
        w.line("return None")
        self.read_counters_first(reads_at, w.level)
        self.finish_zone_locals(zones_started)
        w.dedent()
        if end.then_step is not None:
            w.line("")
            w.line(f"def end_{ident(end.name)}__then(st):")
            w.indent()
            w.line(docstring(f"The step `{end.name}` runs before the game is scored."))
            args = "".join(f"{self.expr(a)}, " for a in end.then_args)
            if self.then_reads_each(end):
                # Its arguments name the one the end held for: the first, as the end's own test found it.
                self.each_test(end, f"return ({end.then_step!r}, ({args}))")
                w.line(f"raise RuleRuntimeError({lit('the end ' + end.name + ' held for nobody')})")
            else:
                w.line(f"return ({end.then_step!r}, ({args}))")
            w.dedent()

    def checked_after(self, step: str) -> None:
        """The last line of a step's body (an option's, an automatic or a chance step's) that ends are checked
        after (`checked after step NAME`): the check goes on the stack beneath the steps this one starts with
        `then`, so it runs once they are done. A step that no end names gets no line."""
        timing = next((end.timing for end in self.m.ends if named_step_of(end.timing) == step), None)
        if timing is not None:
            names = ", ".join(end.name for end in self.m.ends if end.timing == timing)
            self.w.line(f"st._thens.append((AFTER, ({lit(timing)},)))",
                        note=f"then the ends checked after step {step} ({names})")

    @staticmethod
    def then_reads_each(end: ir.End) -> bool:
        """Whether an end's `then` step is given the end's `for each` name (`then pay_the_pot(p)`)."""
        return bool(end.each_var) and any(isinstance(x, ir.Var) and x.name == end.each_var
                                          for a in end.then_args for x in walk(a))

    def winners(self, end: ir.End) -> str:
        """The winners an end declares, as code: `winner p` [p]; `loser p` every seat but p; none []."""
        if end.winner is None:
            return "[]"
        return f"st._all_but({self.expr(end.winner)})" if end.loser else f"[{self.expr(end.winner)}]"

    def end_test(self, end: ir.End, tag: str, then: bool = False) -> None:
        """The test of one end: return ``tag`` and its winners when it holds (and with ``then``, the step its
        `then` runs, worked out where the test held: (step, arguments), as end_<name>__then finds it)."""
        winners = self.winners(end)
        if then and end.then_step is not None:
            args = "".join(f"{self.expr(a)}, " for a in end.then_args)
            winners += f", ({end.then_step!r}, ({args}))"
        self.each_test(end, f"return {tag}{winners}")

    def each_test(self, end: ir.End, then: str) -> None:
        """``then`` for the first of the end's `for each` (or once, without one) for which its condition
        holds. The leading conjuncts of the condition that do not read the `for each` name are the same for
        every one: tested once, before the loop (`betting_over and beats(card_of(p), ...)`), where the loop
        walks the players (never none, so the test runs first either way; expressions change nothing)."""
        w = self.w
        hoisted, rest = self.loop_invariant_conjuncts(end)
        if hoisted:
            w.line(f"if {' and '.join(self.expr(c) for c in hoisted)}:")
            w.indent()
        if end.each_var:
            w.line(f"for v_{ident(end.each_var)} in {self.expr(end.each_domain)}:")
            w.indent()
        if rest:
            w.line(f"if {' and '.join(self.expr(c) for c in rest)}:")
            w.indent()
        w.line(then)
        if rest:
            w.dedent()
        if end.each_var:
            w.dedent()
        if hoisted:
            w.dedent()

    @staticmethod
    def loop_invariant_conjuncts(end: ir.End) -> tuple[list[ir.E], list[ir.E]]:
        """The end's condition as (the leading conjuncts that do not mention its `for each` name, the rest),
        the first empty unless the end walks the players (a domain that is never empty)."""
        condition = end.condition
        conjuncts: list[ir.E] = []

        def flatten(e: ir.E) -> None:  # `(a and b) and c` tests a, b, c in that order, as `a and b and c`
            if isinstance(e, ir.BoolOp) and e.op == "and":
                for operand in e.operands:
                    flatten(operand)
            else:
                conjuncts.append(e)

        flatten(condition)
        if not end.each_var or not isinstance(end.each_domain, ir.PlayersSet):
            return [], [condition]
        k = 0
        while k < len(conjuncts) and not any(isinstance(x, ir.Var) and x.name == end.each_var
                                             for x in walk(conjuncts[k])):
            k += 1
        if not k:
            return [], [condition]
        return conjuncts[:k], conjuncts[k:]

    def indexed_end_test(self, end: ir.End, plan: reads.IndexPlan, tag: str) -> None:
        """The test of an end indexed by what can change it (rulespec.model.reads): only the units the
        runtime's index names, all of them when it has no record of the board."""
        w = self.w
        winners = self.winners(end)
        unit = f"v_{ident(plan.space_var)}" + (f", v_{ident(plan.direction_var)}" if plan.direction_var else "")
        length = self.unit_line_length(plan)
        if length:
            unit += ", unit_line"
            self.unit_line = (self.boards[plan.board], plan.space_var, plan.direction_var, length)
        b = self.boards[plan.board]
        self.board_code[b] = f"board_{b}"
        if end.each_var and not any(getattr(x, "var", None) == end.each_var for x in walk(plan.test)):
            self.seat_values = (frozenset({end.each_var}), {})  # (unless the test binds that name again inside)
        self.few_units = True
        test = self.expr(plan.test)
        self.few_units = False
        one_test = None
        if self.tested_by_set(plan):  # every space of the unit's line passes C: first, the one space changed
            count = plan.test.left
            self.var_code[count.var] = "one_changed"
            one_test = self.expr(count.where)
            del self.var_code[count.var]
        seat_values, self.seat_values = self.seat_values, None
        w.line(f"board_{b} = st._boards[{b}]")  # the test only reads the board: one look-up, not one per space
        for board, direction in sorted(self.towards_used):
            w.line(f"toward_{board}_{lit(direction)} = st._t.toward[{board}][{lit(direction)}]")
        for line in self.cell_attr_locals() + self.line_locals():
            w.line(line)
        self.unit_line, self.board_code, self.towards_used = None, {}, set()
        index = f"index_{ident(end.name)}"
        seat = ""
        if plan.mover:  # (the seat to move, read once: the index's record is that seat's)
            w.line(f"v_{ident(reads.MOVER)} = st._turn_seat")
            seat = f", v_{ident(reads.MOVER)}"
        if end.each_var:
            w.line(f"units, one_changed = {index}.units_and_one(st{seat})" if one_test else f"units = {index}.units(st{seat})")
            w.line(f"for v_{ident(end.each_var)} in {self.expr(end.each_domain)}:")
            w.indent()
            for code, local in (seat_values[1] if seat_values else {}).items():  # the seat's values the test reads, once per seat
                w.line(f"{local} = {code}")
            if one_test:
                w.line(f"if one_changed is not None and not {one_test}:")
                w.line("    continue  # the one space changed fails C: so does every unit (each holds it)")
            w.line(f"for {unit} in units:")
        elif one_test:
            w.line(f"units, one_changed = {index}.units_and_one(st{seat})")
            w.line(f"if one_changed is not None and not {one_test}:")
            w.line("    units = ()  # the one space changed fails C: so does every unit (each holds it)")
            w.line(f"for {unit} in units:")
        else:
            w.line(f"for {unit} in {index}.units(st{seat}):")
        w.indent()
        w.line(f"if {test}:")
        w.indent()
        w.line(f"return {tag}{winners}")
        w.dedent()
        w.dedent()
        if end.each_var:
            w.dedent()

    @staticmethod
    def unit_line_length(plan: reads.IndexPlan) -> int:
        """The length of the unit's own whole line its test needs (line of N from the unit's space towards
        its direction), handed over with each unit; 0 when there is none."""
        if not plan.direction_var:
            return 0
        lengths = [term[2] for term in plan.requires if term[0] == "line" and term[1] == reads.UNIT]
        return lengths[0] if len(lengths) == 1 and 1 <= lengths[0] <= 6 else 0

    @staticmethod
    def tested_by_set(plan: reads.IndexPlan) -> bool:
        """Whether the test of a unit is `count(t in line of N from s towards d where C) = N` with C reading
        neither s nor d: it depends on the set of the line's spaces alone, the same from either end."""
        test = plan.test
        if not (isinstance(test, ir.Compare) and test.op == "=" and not test.order and isinstance(test.left, ir.Count)
                and isinstance(test.right, ir.Const) and plan.footprint == (("line", reads.UNIT, test.right.value),)):
            return False
        count = test.left
        line = count.domain
        return (isinstance(line, ir.LineOf) and isinstance(line.length, ir.Const)
                and line.length.value == test.right.value and count.where is not None
                and isinstance(line.space, ir.Var) and line.space.name == plan.space_var
                and isinstance(line.direction, ir.Var) and line.direction.name == plan.direction_var
                and not reads.free_vars(count.where) & {plan.space_var, plan.direction_var})

    def end_indexes(self) -> dict[str, reads.IndexPlan]:
        """The ends tested only where their board changed (end name -> plan), each with its module-level
        EndIndex: which units of the board each space can change, worked out once per game configuration."""
        w, plans = self.w, {}
        for end in self.m.ends:
            plan = reads.board_index(end, self.m)
            if plan is None:
                continue
            plans[end.name] = plan
            w.line("")
            w.line(comment(f"{end.name}: the units tested are "
                           + ("(space, direction) pairs" if plan.direction_var else "spaces")
                           + f" of {plan.board}, each reading only its {reads.footprint_text(plan.footprint)}"))
            requires = f", requires={lit(plan.requires)}" if plan.requires else ""
            if self.unit_line_length(plan):
                requires += f", line={lit(self.unit_line_length(plan))}"
                if self.tested_by_set(plan):
                    requires += ", by_set=True"
            if plan.mover:
                requires += ", by_seat=True"
            if (set(plan.footprint) == {("group",), ("here",)} and not plan.direction_var
                    and plan.board in self.boards_only_added()):
                requires += ", added_only=True"  # (only the empty neighbours of a space written: runtime/ends.py)
            w.line(f"index_{ident(end.name)} = EndIndex({lit(end.timing)}, {self.boards[plan.board]}, "
                   f"{lit(plan.directions)}, {lit(plan.footprint)}{requires})")
        return plans

    def end_checks(self) -> dict[str, str]:
        """One function per timing that tests every end checked then, in declaration order (what the
        runtime would do by calling each end_ function in turn). Returns timing -> function name.
        An end reading only a fixed neighbourhood of each space of a board is tested only where the board
        changed since the last check (see indexed_end_test); when every end holds false, the count of the
        state's writes is recorded for the next check."""
        w, names = self.w, {}
        plans = self.end_indexes()
        indexed_timings = {end.timing for end in self.m.ends if end.name in plans}
        # (records of ends kept by what they read live beside the boards' records: those are merged in, not set)
        kept_any = any(self.end_inputs_kept(end) is not None for end in self.m.ends if end.name not in plans)
        for timing in dict.fromkeys(e.timing for e in self.m.ends):
            step = named_step_of(timing)
            name = names[timing] = f"ends_after_step_{ident(step)}" if step is not None else f"ends_{ident(timing)}"
            w.line("")
            w.line("")
            w.line(f"def {name}(st):")
            w.indent()
            ends = [(k, end) for k, end in enumerate(self.m.ends) if end.timing == timing]
            cites = list(dict.fromkeys(c for _, end in ends for c in end.cites))
            rulings = list(dict.fromkeys(r for _, end in ends for r in end.rulings))
            lines = ", ".join(str(end.loc.line) for _, end in ends if end.loc)
            w.line(docstring(" ".join(part for part in (
                f"The ends checked {self.timing_words(timing)}, in declaration order: (index in ENDS, winners) of the first "
                f"that holds (and the step its `then` runs), or None.", f"[{', '.join(cites)}]" if cites else "",
                f"ruling {', '.join(rulings)}" if rulings else "",
                f"({self.source_name}:{lines})" if lines else f"({self.source_name})") if part)))
            reads_at, self.counter_lists = len(w.lines), {}
            zones_started = self.start_zone_locals()
            boards = []
            counters = self.counters_read(ends, plans)
            clean = self.ends_clean(timing, counters) or (
                timing == "after_step" and counters is None and self.marks_beyond_counters())  # (ends_watch.py)
            if counters is not None:
                seen = self.counters_seen(counters, copy=False)
                w.line(comment(f"every end here reads only the counters {', '.join(counters) or '(none)'}: at the "
                               f"values they had when every end last held false, every end is false"))
                w.line(f"if st._ends_seen.get(({lit(timing)}, 'counters')) == {seen}:")
                w.indent()
                if clean:
                    w.line("st._ends_clean = True")
                w.line("return None")
                w.dedent()
            asked_at, self.legal_moves_kept = len(w.lines), {}
            self.ends_calls_kept = self.ends_calls_asked_again(end for _, end in ends)  # (ends_calls.py)
            self.legal_moves_timing = timing
            self.legal_moves_asked_again = legal_moves_asked_again(end for _, end in ends)
            for k, end in ends:
                plan = plans.get(end.name)
                if plan is None:
                    inputs = self.end_inputs_kept(end) if counters is None else None
                    if inputs is not None:
                        self.end_test_kept(end, k, timing, inputs)
                        continue
                    w.line(comment(f"{end.name} {cites_text(end)}"))
                    self.end_test(end, f"{k}, ", then=True)
                    continue
                w.line(comment(f"{end.name} {cites_text(end)}: only where {plan.board} changed since it last held "
                               f"false" + (f" ({', '.join(plan.unfolded)} unfolded)" if plan.unfolded else "")))
                self.indexed_end_test(end, plan, f"{k}, ")
                boards.append(self.boards[plan.board])
            if self.legal_moves_kept:
                w.lines.insert(asked_at, "    " * w.level + " = ".join(self.legal_moves_kept.values())
                               + " = None  " + comment("whether a player has a legal move: asked by several ends, worked out once"))
            w.lines[asked_at:asked_at] = ["    " * w.level + f"{local} = {{}}  " + comment(
                "a definition several ends ask: each value worked out once a check") for local in sorted(self.ends_calls_used)]
            self.ends_calls_kept, self.ends_calls_used = {}, set()
            self.legal_moves_asked_again, self.legal_moves_kept, self.legal_moves_timing = frozenset(), {}, None
            if boards:
                seen = ", ".join(f"({lit(timing)}, {b}): st._writes()" for b in dict.fromkeys(boards))
                by_seat = list(dict.fromkeys(self.boards[plans[end.name].board] for _, end in ends
                                             if end.name in plans and plans[end.name].mover))
                seen += "".join(f", ({lit(timing)}, {b}, st._turn_seat): st._writes()" for b in by_seat)
                w.line(comment("every end held false: the writes made so far (the next check reads the spaces "
                               "written since: runtime/ends.py)" + ("; for the seat to move, its own record"
                                                                    if by_seat else "")))
                w.line(f"st._ends_seen = {{**st._ends_seen, {seen}}}" if len(indexed_timings) > 1 or kept_any or by_seat
                       else f"st._ends_seen = {{{seen}}}")
            if counters is not None:
                w.line(comment("every end held false: the counters they read, as they are now (for the next check)"))
                w.line(f"st._ends_seen = {{**st._ends_seen, ({lit(timing)}, 'counters'): "
                       f"{self.counters_seen(counters, copy=True)}}}")
            if clean:
                w.line("st._ends_clean = True  # (until a counter changes)" if counters is not None else
                       "st._ends_clean = True  # (until what they read changes: ends_watch.py)")
            w.line("return None")
            self.read_counters_first(reads_at, w.level)
            self.finish_zone_locals(zones_started)
            w.dedent()
        return names

    def turn_listing_kept(self, e: ir.HasLegalMove) -> bool:
        """Whether an end checked at turn start asks ``e`` of the player to move about the turn step, so that
        the turn's choices listed in full answer it and are kept for the offer that follows (Engine._turn_listed:
        the turn step's frame is pushed next, with no trigger or step between), not searched for a first move
        and then listed again. Measured: bench_chess_levers.py lever (f)."""
        return (self.legal_moves_timing == "turn_start" and e.step == self.m.turn_step
                and (self.expr(e.seat) == "st._turn_seat" or self.only_seat(e.seat))
                and e.step in self.distinct)  # (a choice step: its choices_)

    def only_seat(self, seat: ir.E) -> bool:
        """Whether ``seat`` is the game's one seat, so the player to move whenever a turn starts: `player 1` in a
        game for one player only (a newcomer's Morpion solitaire: `when player 1 has no legal move`)."""
        return self.m.max_players == 1 and self.expr(seat) == "0"

    def end_inputs_kept(self, end: ir.End) -> Optional[end_inputs.EndInputs]:
        """What an end reads, when it reads only counters, zones and changing attributes (a zone or an attribute
        among them) and its worst-case work is at least end_inputs.KEPT_WORK (model/end_inputs.py): its check
        is then kept by their values. None: tested as ever. Measured: benchmarks/bench_end_inputs.py."""
        inputs = end_inputs.end_inputs(end, self.m)
        if inputs is None or not inputs.beyond_counters():
            return None
        least = end_inputs.KEPT_WORK_ONE_SEAT if inputs.seat_by_seat() and self.one_seat_records else end_inputs.KEPT_WORK
        return inputs if self.work_estimate.expr(end.condition) >= least else None

    def end_test_kept(self, end: ir.End, k: int, timing: str, inputs: end_inputs.EndInputs) -> None:
        """The test of one end that reads only ``inputs`` (counters, zones, changing attributes): skipped while
        they are equal to the values they had when it last held false (kept in ``st._ends_seen`` under
        (timing, 'end', k), compared, never trusted), and those values kept when it holds false now. The
        condition's leading conjuncts that read counters alone and walk nothing (`called of p = 1`) are tested
        first, as ever, and the record kept for the rest, per value of the end's `for each` name: a cheap
        guard that fails does not pay for a record."""
        w = self.w
        hoisted, rest = self.loop_invariant_conjuncts(end)
        rest = [part for e in rest for part in self.conjuncts_of(e)]
        guard_hoisted = self.cheap_prefix(hoisted)
        guard_rest = self.cheap_prefix(rest) if len(guard_hoisted) == len(hoisted) else []
        kept_rest = rest[len(guard_rest):]
        reads_now, reads_kept = self.end_reads_now(inputs)
        w.line(comment(f"{end.name} {cites_text(end)}: it reads only {self.end_reads_words(inputs)}; where they are "
                       f"as they were when it last held false, it is false (model/end_inputs.py)"))
        winners = self.winners(end)
        if end.then_step is not None:
            args = "".join(f"{self.expr(a)}, " for a in end.then_args)
            winners += f", ({end.then_step!r}, ({args}))"
        if not (guard_hoisted or guard_rest) or len(guard_hoisted) < len(hoisted) or not kept_rest:
            # No cheap guard first (or an expensive one before the `for each`): one record for the whole end.
            key = lit((timing, "end", k))
            w.line(f"if st._ends_seen.get({key}) != ({reads_now}):")
            w.indent()
            self.end_test(end, f"{k}, ", then=True)
            w.line(f"st._ends_seen = {{**st._ends_seen, {key}: ({reads_kept})}}")
            w.dedent()
            return
        opened = 0
        if hoisted:
            w.line(f"if {' and '.join(self.expr(c) for c in hoisted)}:")
            w.indent()
            opened += 1
        var = f"v_{ident(end.each_var)}" if end.each_var else None  # (the `for each` name's)
        if var:
            w.line(f"for {var} in {self.expr(end.each_domain)}:")
            w.indent()
            opened += 1
        if guard_rest:
            w.line(f"if {' and '.join(self.expr(c) for c in guard_rest)}:")
            w.indent()
            opened += 1
        key = f"({lit(timing)}, 'end', {k}, {var})" if var else lit((timing, "end", k))
        w.line(f"if st._ends_seen.get({key}) != ({reads_now}):")
        w.indent()
        w.line(f"if {' and '.join(self.expr(c) for c in kept_rest)}:")
        w.indent()
        w.line(f"return {k}, {winners}")
        w.dedent()
        w.line(f"st._ends_seen = {{**st._ends_seen, {key}: ({reads_kept})}}")
        w.dedent()
        for _ in range(opened):
            w.dedent()

    @staticmethod
    def conjuncts_of(e: ir.E) -> list[ir.E]:
        """``e``'s conjuncts in order (`(a and b) and c` is a, b, c)."""
        if isinstance(e, ir.BoolOp) and e.op == "and":
            return [part for operand in e.operands for part in Ends.conjuncts_of(operand)]
        return [e]

    def cheap_prefix(self, conjuncts: list[ir.E]) -> list[ir.E]:
        """The leading ``conjuncts`` that read counters alone and walk nothing (end_inputs.EndInputs.cheap)."""
        k = 0
        while k < len(conjuncts):
            inputs = end_inputs.expression_inputs(conjuncts[k], self.m)
            if inputs is None or not inputs.cheap():
                break
            k += 1
        return conjuncts[:k]

    def end_reads_now(self, inputs: end_inputs.EndInputs) -> tuple[str, str]:
        """(the values an end reads as they are now, a copy of them to keep), as tuples' items: counters first
        (a comparison stops at the first that differs), then zones (a zone one per player: every player's),
        then the attributes."""
        per_seat = {c.name for c in self.m.counters if c.per_player or c.board is not None}
        zones = {z.name: z for z in self.m.zones}
        now, kept = [], []
        for name in inputs.counters:
            now.append(f"st._counters[{lit(name)}]")
            kept.append(now[-1] + ("[:]" if name in per_seat else ""))
        one_seat = dict(inputs.one_seat) if self.one_seat_records else {}
        for name in inputs.zones:
            base = f"st._t.zone_base[{lit(name)}]"
            if name in one_seat:  # (read at that seat alone: its own zone is the record)
                code = f"st._zones[{base} + {lit(one_seat[name])}]"
                now.append(code)
                kept.append(code + "[:]")
            elif zones[name].per_player:
                code = f"st._zones[{base}:{base} + st.players]"
                now.append(code)
                kept.append(f"[*map(list.copy, {code})]")
            else:
                now.append(f"st._zones[{base}]")
                kept.append(now[-1] + "[:]")
        for name in inputs.attributes:
            now.append(f"st._attrs[{lit(name)}]")
            kept.append(now[-1] + "[:]")
        return "".join(part + ", " for part in now), "".join(part + ", " for part in kept)

    def end_reads_words(self, inputs: end_inputs.EndInputs) -> str:
        """What an end kept by what it reads reads, as its generated comment says it (words of the rule file's
        names: only ever passed to comment())."""
        return "; ".join(part for part in (
            ("the counters " if len(inputs.counters) > 1 else "the counter ") + ", ".join(inputs.counters) if inputs.counters else "",
            ("the zones " if len(inputs.zones) > 1 else "the zone ") + ", ".join(
                f"{z} of player {dict(inputs.one_seat)[z] + 1}" if self.one_seat_records and z in dict(inputs.one_seat)
                else z for z in inputs.zones) if inputs.zones else "",
            ("the attributes " if len(inputs.attributes) > 1 else "the attribute ") + ", ".join(inputs.attributes)
            if inputs.attributes else "") if part)

    @staticmethod
    def timing_words(timing: str) -> str:
        """When the ends of ``timing`` are checked, as a generated docstring says it."""
        step = named_step_of(timing)
        return f"after step `{step}` (with the steps it starts)" if step is not None else f"at `{timing}`"

    @staticmethod
    def ends_clean(timing: str, counters: Optional[tuple[str, ...]]) -> bool:
        """Whether the check of the ends at ``timing`` marks the state clean when every end holds false
        (``st._ends_clean = True``): after a step, when every end reads counters alone (counters_read). The
        runtime then skips that check until a counter changes (generated code clears the mark first)."""
        return timing == "after_step" and counters is not None

    def counters_read(self, ends: list, plans: dict) -> Optional[tuple[str, ...]]:
        """The counters the ends of one timing read when every one of them reads only counters (and what
        never changes): then the check is skipped while those counters keep the values at which every end
        last held false. None otherwise."""
        if any(end.name in plans for _, end in ends):
            return None
        found: set[str] = set()
        for _, end in ends:
            read = reads.counters_read(end, self.m)
            if read is None:
                return None
            found.update(read)
        return tuple(sorted(found))

    def counters_seen(self, counters: tuple[str, ...], copy: bool) -> str:
        """The values of ``counters`` as one tuple (a seat's counters as a list: ``copy``, one of their own)."""
        as_lists = {c.name for c in self.m.counters if c.per_player or c.board is not None}  # per seat or space
        values = [f"st._counters[{lit(name)}]" + ("[:]" if copy and name in as_lists else "") for name in counters]
        return "(" + "".join(f"{code}, " for code in values) + ")"


def legal_moves_asked_again(ends) -> frozenset[tuple[str, str]]:
    """The legal-move questions (step, the seat as written) that more than one of ``ends`` asks of a seat naming
    no bound name (`the player to move has no legal move` in checkmate's and stalemate's conditions): nothing
    changes while ends are checked, so the answer is worked out once."""
    asked: dict[tuple[str, str], set[str]] = {}
    for end in ends:
        for node in walk(end.condition):
            if isinstance(node, ir.HasLegalMove) and not any(isinstance(n, ir.Var) for n in walk(node.seat)):
                asked.setdefault((node.step, node.seat.text), set()).add(end.name)
    return frozenset(key for key, names in asked.items() if len(names) > 1)
