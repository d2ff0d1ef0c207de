"""The functions of the rule file's declarations: definitions, steps (automatic and choice; chance steps
are in chance.py), triggers, insteads, scores, payoffs and invariants.
"""

from __future__ import annotations

from typing import Optional

from ..model import ir
from .quoting import comment, docstring, ident


class Declarations:
    """One function per declaration of the rule file (CodeGenerator's part)."""

    def definition(self, definition: ir.Definition) -> None:
        """define_<name>(st, <params>): a definition's value, worked out where it is used."""
        w = self.w
        kept = self.content_definition(definition)  # (kept by what its spaces hold: content_definitions.py)
        kept = kept or self.counter_definition(definition)  # (kept by the counters it reads: counter_definitions.py)
        w.line("")
        w.line("")
        w.line(f"def {'worked' if kept else 'define'}_{ident(definition.name)}(st{self.params(definition.params)}):")
        w.indent()
        self.doc(definition, f"Definition `{definition.name}`: `{definition.value.text}`.")
        self.few_units = definition.name in self.indexed_end_definitions
        self.each_walked = self.walked_params().get(definition.name, frozenset())  # (connected_each.py)
        top, self.ray_tables = len(w.lines), set()  # (the boards whose rays ray_stop_loop reads: looked up there)
        self.none_names = self.off_board.params_of(definition.name)  # those some use passes none
        zones_started = self.start_zone_locals()
        value = self.as_count_tests(definition.value)  # (`there is` as the count it means: guards.py)
        guarded = self.guarded_value(value)
        if guarded is not None:  # `A and ... and L`: each A a guard returning False, then L (guards.py)
            reads_at, self.counter_lists = len(w.lines), {}
            self.start_reading_first(definition)
            tests, value = guarded
            for test in tests:
                self.guard(test, "return False")
        either = self.either_value(value) if guarded is None else None
        # (a count or first whose answer for each item is read from a table stays as it is: see item_test, and
        # located_count for a first found through the items that can pass)
        if either is not None:  # `A or ... or L`: each test returning True at once, in order (guards.py)
            reads_at, self.counter_lists = len(w.lines), {}
            self.either_statements(either)
            self.read_counters_first(reads_at, w.level)
        elif self.any_test(value) and self.item_test(value.left) is None:
            # `count(x in D where C) = 0` (or > 0, != 0) asks whether some x passes: a loop that stops at the
            # first x passing, each seat's counts looked up once.
            count, found = value.left, value.op != "="
            if guarded is None:
                reads_at, self.counter_lists = len(w.lines), {}
            self.first_found_loop(count.var, *self.seat_walk_or_whole(count.var, count.domain, count.where), found)
            w.line(f"return {not found!r}")
            self.read_counters_first(reads_at, w.level)
        elif (guarded is None and self.first_loop(value) and self.item_test(value) is None
              and self.located_count(value) is None):
            # `any(x in D where C)`: the first x passing, by a loop that returns it; when there is none, the
            # runtime's own error (`... found nothing`).
            reads_at, self.counter_lists = len(w.lines), {}
            domain = self.narrowed_domain(value.var, value.domain, value.where)
            domain, where = (domain, value.where) if domain is not None else \
                self.seat_walk_or_whole(value.var, value.domain, value.where)
            if value.where is not None and domain == self.expr(value.domain):  # (held_spaces.py)
                domain, where = self.held_expression_walk(value.var, value.domain, value.where) or (domain, where)
            w.line(f"for v_{ident(value.var)} in {domain}:")
            w.indent()
            if where is not None:
                w.line(f"if {self.expr(where)}:")
                w.indent()
            w.line(f"return v_{ident(value.var)}")
            if where is not None:
                w.dedent()
            w.dedent()
            w.line(f"return st._first({value.text!r}, ())")
            self.read_counters_first(reads_at, w.level)
        else:
            w.line(f"return {self.expr(self.scanned(value))}")
            self.end_scans()
            if guarded is not None:
                self.read_counters_first(reads_at, w.level)
        if guarded is not None:
            self.read_first(reads_at, w.level)
        self.finish_zone_locals(zones_started)
        w.lines[top:top] = ["    " * w.level + f"rays_{b} = st._t.rays_by_board[{b}]  # each direction's rays of its board"
                            for b in sorted(self.ray_tables)]
        self.none_names, self.ray_tables, self.few_units, self.each_walked = frozenset(), None, False, frozenset()
        w.dedent()

    def either_statements(self, tests: tuple[ir.E, ...]) -> None:
        """`A1 or ... or L` as statements: each test in order returning True when it holds (one asking whether
        some x of a walk passes, a first_found_loop), the last's value returned when it is no loop (the same
        tests in the same order, stopping where `or` stops: every test is a truth value)."""
        w = self.w
        *firsts, last = tests
        for test in firsts:
            if self.found_loop(test):
                count = test.left
                self.first_found_loop(count.var, *self.seat_walk_or_whole(count.var, count.domain, count.where), True)
                continue
            w.line(f"if {self.expr(self.scanned(test))}:", note=test.text)
            self.end_scans()
            w.indent()
            w.line("return True")
            w.dedent()
        if self.found_loop(last):
            count = last.left
            self.first_found_loop(count.var, *self.seat_walk_or_whole(count.var, count.domain, count.where), True)
            w.line("return False")
        else:
            w.line(f"return {self.expr(self.scanned(last))}", note=last.text)
            self.end_scans()

    def first_found_loop(self, var: str, domain: str, where: Optional[ir.E], found: bool) -> None:
        """A loop over ``domain`` returning ``found`` at the first ``var`` where ``where`` holds. When ``where``
        asks in its turn whether some y of a walk passes (`count(y in ray from s towards d where C) > 0`), that
        is a loop inside it, returning at the first (x, y) found: the same tests in the same order as any()
        over the inner walk, without a generator made for each x (chess's attack along eight lines)."""
        w = self.w
        w.line(f"for v_{ident(var)} in {domain}:")
        w.indent()
        tests, where = self.loop_guards(where)  # (where a walk's first step is among its conjuncts: guards.py)
        for test in tests:
            self.guard(test, "continue")
        inner = self.inner_exists(self.there_is_inside(where))
        if inner is not None:
            self.depth += 1
            if self.ray_walked_in_place(inner):
                self.ray_stop_loop(inner.var, inner.domain, inner.where, found)
            else:
                inner_domain, test_left = self.walk_and_test(inner.var, inner.domain, inner.where)
                self.first_found_loop(inner.var, inner_domain, test_left, found)
            self.depth -= 1
        elif where is None:
            w.line(f"return {found!r}")
        else:
            w.line(f"if {self.expr(self.scanned(where))}:")
            self.end_scans()
            w.indent()
            w.line(f"return {found!r}")
            w.dedent()
        w.dedent()

    def there_is_inside(self, where: Optional[ir.E]) -> Optional[ir.E]:
        """A loop's condition `there is y in D where C` read as the count it means, `count(y in D where C) > 0`,
        so that first_found_loop writes it as the loop inside it that the count written out gets (a ray walked
        in place): the newcomer's Crazyhouse asks `there is d in all directions of grid where (there is t in
        ray from s towards d where ...)`, whose inner walk stayed any() over ray_stop's generator, made for each
        direction, while chess's `count(... count(t in ray ...) > 0) > 0` walked the ray in place."""
        if isinstance(where, ir.ThereIs) and not where.negated:
            return self.as_count_tests(where)
        return where

    def ray_walked_in_place(self, inner: ir.Count) -> bool:
        """Whether the inner walk of first_found_loop is a ray whose condition needs its space occupied (walked to
        the space it stops at, in place: ray_stop_loop)."""
        return self.ray_stops(inner.var, inner.domain, inner.where)

    def ray_stop_loop(self, var: str, ray: ir.Ray, where: ir.E, found: bool) -> None:
        """The inner loop of first_found_loop over a ray whose condition needs its space occupied: the ray walked
        in place to the space it stops at, ``where`` tested there, then the next x (as a loop over ray_stop's one
        space, without a call and a tuple made for each x: chess's attack along eight lines)."""
        w, b = self.w, self.boards[ray.board]
        if not self.rays_by_board():
            rays = f"st._t.rays[{b}, {self.expr(ray.direction)}]"
        else:  # (the board's rays looked up once, at the definition's top)
            self.ray_tables.add(b)
            rays = f"rays_{b}[{self.expr(ray.direction)}]"
        w.line(f"for v_{ident(var)} in {rays}[{self.on_board(ray.space, 'a ray from')}]:",
               note="walked to the first occupied space")
        w.indent()
        w.line(f"if st._boards[{b}][v_{ident(var)}] >= 0:")
        w.indent()
        w.line(f"if {self.expr(where)}:")
        w.indent()
        w.line(f"return {found!r}")
        w.dedent()
        w.line("break")
        w.dedent()
        w.dedent()

    def rays_by_board(self) -> bool:
        """Whether a ray walked in place reads its board's rays through a local of the definition being written
        (looked up once there, Tables.rays_by_board), not a (board, direction) pair looked up at each direction:
        in a definition, not elsewhere."""
        return self.ray_tables is not None

    @staticmethod
    def inner_exists(e: Optional[ir.E]) -> Optional[ir.Count]:
        """The count of ``e`` when it is `count(y in D where C) > 0` (or != 0) over a walk that is no board,
        zone or placements (whose counts have ways of their own: masks, tables of items): else None."""
        if not (isinstance(e, ir.Compare) and not e.order and e.op in (">", "!=") and isinstance(e.left, ir.Count)
                and e.left.where is not None and isinstance(e.right, ir.Const)
                and e.right.value.__class__ is int and e.right.value == 0):
            return None
        if isinstance(e.left.domain, (ir.BoardRef, ir.ZoneRef, ir.Placements)):
            return None
        return e.left

    @staticmethod
    def first_loop(e: ir.E) -> bool:
        """Whether a definition's value is written as a loop: `any(x in D where C)`, the first x passing."""
        return isinstance(e, ir.First)

    def any_test(self, e: ir.E) -> bool:
        """Whether ``e`` asks only whether some x of a zone, the players or a range passes:
        `count(x in D where C) = 0` (or > 0, != 0), D not a board (its counts have ways of their own), nor a
        group a runtime record answers (group_touch, joined_groups.py: no walk at all)."""
        return (isinstance(e, ir.Compare) and not e.order and e.op in ("=", ">", "!=")
                and isinstance(e.left, ir.Count) and e.left.where is not None
                and not isinstance(e.left.domain, (ir.BoardRef, ir.Placements))
                and isinstance(e.right, ir.Const) and e.right.value.__class__ is int and e.right.value == 0
                and not (isinstance(e.left.domain, ir.GroupOf) and self.group_touched(e)))

    def group_touched(self, e: ir.Compare) -> bool:
        """Whether group_touch answers ``e``, asked with nothing made for it (its SPACES_ test numbered where
        the code is written)."""
        made, used = set(self.space_tests_made), set(self.joined_used)
        try:
            return self.group_touch(e) is not None
        finally:
            for key in set(self.space_tests_made) - made:
                del self.space_tests_made[key]
            self.joined_used &= used

    def step(self, step: ir.Step) -> None:
        """The functions of one step: an automatic step's, a chance step's (chance.py) or a choice step's."""
        self.w.line("")
        self.w.line(comment(f"---------------------------------------------------------------- {step.kind} {step.name}"))
        if step.kind == "auto":
            self.auto_step(step)
        elif step.kind == "chance":
            self.chance_step(step)
        else:
            self.choice_step(step)

    def auto_step(self, step: ir.Step) -> None:
        """step_<name>(st, cause, <params>): an automatic step's body."""
        w = self.w
        name = ident(step.name)
        w.line(f"def step_{name}(st, cause{self.params(step.params)}):")
        w.indent()
        self.doc(step, f"Step `{step.name}`.")
        if step.name in self.steps_passed_over_ahead():
            w.line("if st._journal is not None:  # a look-ahead: nothing read ahead reads what it sets (model/unread_ahead.py)")
            w.indent()
            w.line("return")
            w.dedent()
        with self.zone_locals(statements=True):
            self.inline_ids = self.inline_thens(step.body)
            again = self.runs_again(step)
            if again:  # (it sets itself going again: a loop, each such `then` its next turn; steps_again.py)
                self.looping, self.steps_again_used = (step, again), True
                w.line("again = 0  # turns of the loop: each a step run, within the runtime's budget")
                w.line("while True:")
                w.indent()
            self.line_tables_start(step, bool(again))
            self.stmts(step.body)
            if again:
                w.line("return")
                w.dedent()
                self.looping = None
            self.inline_ids = set()
            self.checked_after(step.name)
            self.line_tables_first()
        w.dedent()

    def choice_step(self, step: ir.Step) -> None:
        """by_<name> (who decides), then each option's functions (options.py) and the listing of them all
        (choices.py)."""
        w = self.w
        name = ident(step.name)
        w.line(f"def by_{name}(st{self.params(step.params)}):")
        w.indent()
        if step.together:
            w.line(docstring(f"Each player chooses `{step.name}` in secret; the choices are resolved together."))
            w.line("return SIMULTANEOUS")
        elif step.by is None:
            w.line(docstring(f"Any player may take `{step.name}` (a claim window)."))
            w.line("return ANY_PLAYER")
        else:
            w.line(docstring(f"Who decides `{step.name}`."))
            w.line(f"return {self.expr(step.by)}")
        w.dedent()
        self.plans = []
        for option in step.options:
            self.option(step, option)
        self.distinct[step.name] = self.choices(step)
        if any(option.alone for option in step.options):
            self.legal_move_function(step, others=True)
        if self.m.asks_legal_moves and step.name == self.m.turn_step:
            self.legal_move_function(step)

    def legal_move_function(self, step: ir.Step, others: bool = False) -> None:
        """has_legal_move_<step>(st, player): whether the turn's choice would offer the player an option now
        (`p has a legal move`). Each option is walked as its listing walks it (option_plan), stopping at
        the first binding that passes every condition; no text is made. The options offered only when no other
        is come last, that question left out: they are reached only when the others offered nothing. With
        ``others``: others_offered_<step>, the same for the options without `only when no other option is
        offered` alone (what those with it ask)."""
        w = self.w
        w.line("")
        w.line("")
        if others:
            alone = [option.name for option in step.options if option.alone]
            w.line(f"def others_offered_{ident(step.name)}(st{self.params(step.params)}):")
            w.indent()
            self.doc(step, f"Whether an option of `{step.name}` but {', '.join(alone)} (offered only when no "
                           f"other option is) would be offered now: the first one found is enough.")
        else:
            w.line(f"def has_legal_move_{ident(step.name)}(st{self.params(step.params)}):")
            w.indent()
            self.doc(step, f"Whether `{step.name}` would offer an option now: the first one found is enough.")
        zones_started = self.start_zone_locals()
        plans = [plan for plan in self.plans if not plan[0].alone]
        if not others:
            plans += [(option, bound, domains, {level: [c for c in cs if not (isinstance(c, ir.HasLegalMove) and c.among)]
                                                for level, cs in placed.items()}, text, binding)
                      for option, bound, domains, placed, text, binding in self.plans if option.alone]
        for option, bound, domains, placed, _, _ in plans:
            w.line(comment(f"{option.name}: `{option.template}`"))
            level = w.level
            for c in placed[-1]:
                w.line(f"if {self.expr(c)}:", note=c.text)
                w.indent()
            self.binding_loops(bound, domains, placed)
            w.line("return True")
            w.level = level
        w.line("return False")
        self.finish_zone_locals(zones_started)
        w.dedent()

    def trigger(self, trigger: ir.Trigger) -> None:
        w = self.w
        w.line("")
        w.line(comment(f"---------------------------------------------------------------- trigger {trigger.name}"))
        w.line(f"def trigger_{ident(trigger.name)}(st, v_item, v_space, v_player, cause):")
        w.indent()
        causes = ", ".join(trigger.event.causes) or "any cause"
        self.doc(trigger, f"When something is placed on {trigger.event.board} as {causes}.")
        with self.zone_locals(statements=True):
            self.stmts(trigger.body)
        w.dedent()

    def instead(self, instead: ir.Instead) -> None:
        w = self.w
        name = ident(instead.name)
        w.line("")
        w.line(comment(f"---------------------------------------------------------------- instead {instead.name}"))
        w.line(f"def applies_{name}(st{self.params(instead.params)}):")
        w.indent()
        w.line(docstring(f"Whether `{instead.name}` replaces `{instead.step}` now: {instead.condition.text}."))
        with self.zone_locals():
            w.line(f"return {self.expr(instead.condition)}")
        w.dedent()
        w.line("")
        w.line("")
        w.line(f"def instead_{name}(st, cause{self.params(instead.params)}):")
        w.indent()
        self.doc(instead, f"What happens instead of `{instead.step}`.")
        with self.zone_locals(statements=True):
            self.stmts(instead.body)
        w.dedent()

    def returns_of(self, returns: ir.Returns) -> None:
        w = self.w
        w.line("")
        w.line("")
        w.line(f"def returns_of(st, v_{ident(returns.var)}):")
        w.indent()
        self.doc(returns, f"A seat's payoff: `{returns.value.text}`.")
        w.line(f"return {self.expr(returns.value)}")
        w.dedent()

    def score(self, score: ir.Score) -> None:
        w = self.w
        w.line("")
        w.line("")
        w.line(f"def score_{ident(score.name)}(st, v_{ident(score.var)}):")
        w.indent()
        self.doc(score, f"Score `{score.name}`.")
        with self.zone_locals():
            w.line(f"return {self.expr(score.value)}")
        w.dedent()

    def invariant(self, inv: ir.Invariant) -> None:
        w = self.w
        if inv.form == "never_queue":
            return
        w.line("")
        args = "st" if inv.form == "always" else "st, v_item, v_space, v_player"
        w.line(f"def invariant_{ident(inv.name)}({args}):")
        w.indent()
        self.doc(inv, f"Invariant: {inv.title}.")
        w.line(f"return {self.expr(inv.condition)}")
        w.dedent()
