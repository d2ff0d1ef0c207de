"""A choice step's options: for each, the function that lists its legal bindings (each condition tested as
soon as its names are bound), every candidate (to explain a refusal), the first failing condition, and
its effect.
"""

from __future__ import annotations

import string
from typing import Optional

from ..model import ir, reads, uncut_ahead
from ..model.action_numbers import state_read
from ..model.first_thens_once import FirstThensOnce, first_thens_once
from ..model.look_ahead_writes import plain_writes
from ..model.lookahead import going_after
from ..model.narrowing import all_of, fits_condition, placed_conditions
from .quoting import docstring, ident, lit


class Options:
    """The functions of one option of a choice step (CodeGenerator's part)."""

    def binding_loops(self, bound: list, domains: dict, placed: list, ahead: Optional[ir.AfterIt] = None) -> None:
        """One loop a bound name, the conditions placed at each level skipping what fails (the walk of an
        option's bindings, as options_ lists them and has_legal_move_ looks for the first); left open. With
        ``ahead`` (a listing's look-ahead whose first `then`s are carried out once), the last name's values
        that pass the other conditions are gathered and the look-ahead asked of them all (ahead_loop)."""
        w = self.w
        counts_at, counts_level = len(w.lines), w.level
        self.bound, self.counted = set(bound), {}
        self.repeated, self.memoed = set(bound[1:]), {}
        for i, var in enumerate(bound):
            gathered = ahead is not None and i == len(bound) - 1
            if gathered:
                self.ahead_loop_head()
            self.binding_loop_head(var, domains[var])
            self.invariant_slot(var)
            self.outer = set(bound[:i])  # (the walks outside this one: see once())
            spans = getattr(self, "loop_spans", None) or {}
            self.stoppable = var if not gathered and isinstance(spans.get(var), ir.Span) else None  # (every_between.py)
            for c in placed[i]:
                if gathered and c is ahead:
                    continue
                self.skip_unless(c)
            self.outer, self.stoppable = set(), None
            if gathered:
                self.ahead_loop_tail(var, ahead)
        self.declare_counted(counts_at, counts_level)

    def first_thens_ahead(self, step: ir.Step, option: ir.ChoiceOption, placed: dict) -> Optional[ir.AfterIt]:
        """The option's `only if C after it` when its listings carry its first `then`s out once for every value
        of the last bound name (model/first_thens_once.py): tested last of the conditions on that name; else None."""
        split = self.thens_once.get((step.name, option.name))
        if split is None:
            return None
        last = placed[len(option.bindings) - 1]
        return last[-1] if last and isinstance(last[-1], ir.AfterIt) else None

    def ahead_loop_head(self) -> None:
        self.w.line("passing = []", note="the last name's values that pass the tests before the look-ahead")

    def ahead_loop_tail(self, var: str, after: ir.AfterIt) -> None:
        """Closes the loop that gathered the values of ``var`` and opens the loop over those C holds after."""
        w = self.w
        w.line(f"passing.append(v_{ident(var)})")
        w.dedent()
        names = "".join(f", {self.expr(n)}" for n in after.names if not (isinstance(n, ir.Var) and n.name == var))
        w.line(f"for v_{ident(var)} in ahead_{ident(after.step)}__{ident(after.option)}(st{names}, passing):",
               note=after.text)
        w.indent()

    def declare_counted(self, at: int, level: int) -> None:
        """Before a listing's loops: the counts it computes once for every candidate start out unknown (and
        those once a turn of an outer loop, at its top: loop_invariants.py)."""
        self.resolve_invariant_slots()
        if self.memoed:
            self.w.lines[at:at] = ["    " * level + f"{name} = {{}}  # a count or call by the value of the one chosen name "
                                   "it reads, once each" for name in self.memoed.values()]
        if self.counted:
            names = " = ".join(self.counted.values())
            what = "counts and calls" if any(code.startswith("define_") for code in self.counted) else "counts"
            self.w.lines[at:at] = ["    " * level + f"{names} = None  # {what} that are the same for every candidate, once needed"]
        self.bound, self.repeated, self.memoed = None, set(), {}

    def option(self, step: ir.Step, option: ir.ChoiceOption) -> None:
        """The four functions of one option: options_ (its legal bindings, with their texts), candidates_
        (every binding, to explain a refusal), first_failing_ (which condition refuses one) and effect_."""
        base = f"{ident(step.name)}__{ident(option.name)}"
        types = {p.name: p.type for p in step.params}
        for b in option.bindings:
            types[b.var] = b.type
        bound = [b.var for b in option.bindings]
        binding_tuple = "(" + "".join(f"v_{ident(v)}, " for v in bound) + ")"
        text = self.render(option.template, types, option.shown)
        domains, placed = self.option_plan(step, option, types)
        split = first_thens_once(option, self.definitions)
        if split is not None:
            self.thens_once[(step.name, option.name)] = split
            if self.first_thens_ahead(step, option, placed) is None:
                del self.thens_once[(step.name, option.name)]
        self.plans.append((option, bound, domains, placed, text, binding_tuple))
        self.options_function(step, option, base, domains, placed, text, binding_tuple)
        self.candidates_function(step, option, base, text, binding_tuple)
        self.first_failing_function(step, option, base)
        self.effect_function(step, option, base)
        if option.number is not None:
            self.number_function(step, option, base)
            self.numbered_candidates_function(step, option, base, types, binding_tuple)
        after = next((c for c in option.conditions if isinstance(c, ir.AfterIt)), None)
        if after is not None:
            self.after_function(step, option, base, after)
        if (step.name, option.name) in self.thens_once:
            self.ahead_function(step, option, base, after, self.thens_once[(step.name, option.name)])

    def option_plan(self, step: ir.Step, option: ir.ChoiceOption, types: dict[str, str]) -> tuple[dict, dict]:
        """How an option's bindings are walked: (name -> the code of what it walks, binding depth -> the
        conditions tested there; -1 before any). Each condition is tested as soon as its names are bound, and
        a condition that narrows a walk (`X fits S`, a placement free and touching) becomes the walk."""
        bound = [b.var for b in option.bindings]
        conditions = list(option.conditions)
        domains: dict[str, str] = {}
        for i, b in enumerate(option.bindings):
            domains[b.var] = self.expr(b.domain)
            self.walk_in_place(b.domain, domains[b.var])  # (its loops walk it in place: listing_loops.py)
            if isinstance(b.domain, ir.ZoneRef) and not any(z.name == b.domain.zone and z.stacked for z in self.m.zones) \
                    and any(c.has_copies for c in self.m.components):
                # Identical copies of a component make identical options: offer one of them (in a stacked
                # zone copies differ by their place in the pile, so all are kept; with no copies at all,
                # every item differs from every other).
                domains[b.var] = f"st._one_of_each({domains[b.var]})"
            if isinstance(b.domain, ir.Placements):
                self.legal_placements_walk(step, option, i, types, conditions, domains)
            fits = fits_condition(option, i, conditions)
            if fits is not None:
                domains[b.var] = f"st._t.fits[{self.boards[fits.board]}][v_{ident(fits.item.name)}]"
                conditions.remove(fits)
        placed = placed_conditions(bound, conditions, self.definitions, self.m.min_players, self.conjuncts,
                                   self.written_out_for_once(bound))
        self.walked_numbers = self.walking_numbers(option.bindings)  # (the steps a place is read by: shifted_places.py)
        for i, b in enumerate(option.bindings):
            # A space the conditions tested with it fix (`t = neighbour of s towards d`, through the
            # definitions they use) is looked up, not searched for among the board's (narrowing.py).
            if placed[i] and domains[b.var] == self.expr(b.domain):
                # The parts the board's geometry alone decides: their spaces read from a table (related_spaces.py).
                outer = tuple([p.name for p in step.params] + [o.var for o in option.bindings[:i]])
                related = self.related_walk(b.var, b.domain, placed[i], outer) \
                    if self.related_first(b.var, b.domain, placed[i], outer) else None
                if related is not None:
                    domains[b.var], placed[i] = related
                    continue
                where = all_of(placed[i])
                narrowed = self.narrowed_domain(b.var, b.domain, where)
                if narrowed is not None:
                    # (a space's neighbours written out in board order, when that is all it names)
                    domains[b.var] = self.steps_in_order(b.var, b.domain, where) or narrowed
                    # A part that says no more than the narrowed walk visits is not tested again.
                    placed[i] = [part for part in placed[i] if not self.implied_by_walk(b.var, b.domain, part, where)]
                    # Each direction's own part of the condition tested at its spaces (by_direction.py).
                    by_direction = self.by_direction(b.var, b.domain, where, placed[i])
                    if by_direction is not None:
                        domains[b.var], placed[i] = by_direction
                    continue
                # The leading conditions the seats decide: the values they let through, those left untested.
                seat_walk = self.seat_walk(b.var, b.domain, placed[i])
                if seat_walk is not None:
                    domains[b.var], placed[i] = seat_walk[0], placed[i][seat_walk[1]:]
                    continue
                # Else the spaces of one value the geometry decides, the group read from a table (spaces_by_value.py).
                related = self.related_walk(b.var, b.domain, placed[i], outer) \
                    or self.walk_by_value(b.var, b.domain, placed[i], outer)
                if related is not None:
                    domains[b.var], placed[i] = related
                    continue
                # The spaces of a walk or ray the conditions say it is on (member_walks.py).
                walked = self.member_walk(b.var, b.domain, placed[i])
                if walked is not None:
                    domains[b.var], placed[i] = walked
                    continue
                # The spaces its few passing pieces stand on, when that is what the first conditions ask (held_spaces.py).
                held = self.held_walk(b.var, b.domain, placed[i])
                if held is not None:
                    domains[b.var], placed[i] = held
                    continue
                # One space a column where the condition fixes the row by the column (one_a_column.py): an
                # inner walk only where it is then listed once (its row worked out once a listing, not a turn).
                columns = self.one_a_column_walk(b.var, b.domain, placed[i], frozenset(bound))
                # An inner walk: the values passing its tests of its own name alone, listed once (filtered_walks.py).
                filtered = self.filtered_walk(bound, i, b.domain, columns or domains[b.var], placed[i])
                if filtered is not None:
                    domains[b.var], placed[i] = filtered
                elif columns is not None and i == 0:
                    domains[b.var] = columns
        self.walked_numbers = {}  # (only this option's walks know them)
        return domains, placed

    def legal_placements_walk(self, step: ir.Step, option: ir.ChoiceOption, i: int, types: dict[str, str],
                              conditions: list, domains: dict[str, str]) -> None:
        """A binding over placements whose conditions ask it to be free and touching walks the legal placements
        instead (worked out once per shape and board position), those two conditions dropped. When it is the
        last binding and the text shows names only, its rows are kept per setup (kept_walks)."""
        b = option.bindings[i]
        free = [c for c in conditions if isinstance(c, ir.Check) and isinstance(c.subject, ir.Var)
                and c.subject.name == b.var and c.test in ("empty", "occupied_neighbour")]
        if {c.test for c in free} != {"empty", "occupied_neighbour"}:
            return
        p = b.domain
        board = self.boards[p.board]
        shape = repr(p.shape) if p.shape is not None else \
            f"ITEM_ATTRS[{self.m.boards[board].shape_attribute!r}].get({self.expr(p.item)})"
        domains[b.var] = f"st._legal_placements({board}, {shape})"
        for c in free:
            conditions.remove(c)
        fields = list(dict.fromkeys(f for _, f, _, _ in string.Formatter().parse(option.template) if f))
        if i == len(option.bindings) - 1 and not set(fields) & {name for name, _ in option.shown}:
            # What the text shows besides the placement, as the words its texts are kept by.
            words = [lit(step.name + "." + option.name)] + [
                self.label(f, types[f]) if types[f] == ir.ITEM else f"v_{ident(f)}"
                for f in fields if f != b.var]
            self.kept_walks[(step.name, option.name)] = (b.var, words)

    def options_function(self, step: ir.Step, option: ir.ChoiceOption, base: str, domains: dict[str, str],
                         placed: dict[int, list], text: str, binding_tuple: str) -> None:
        """options_<step>__<option>: the legal bindings with their texts, as option_plan walks them."""
        w = self.w
        bound = [b.var for b in option.bindings]
        w.line("")
        w.line("")
        w.line(f"def options_{base}(st{self.params(step.params)}):")
        w.indent()
        self.doc(option, f"Option `{option.name}` of `{step.name}`: `{option.template}`.")
        zones_started = self.start_zone_locals()
        w.line("found = []")
        for c in placed[-1]:
            w.line(f"if not ({self.expr(c)}):", note=c.text)
            w.indent()
            w.line("return found")
            w.dedent()
        self.loop_spans = {b.var: b.domain for b in option.bindings}  # (a walk that may stop: every_between.py)
        try:
            self.binding_loops(bound, domains, placed, self.first_thens_ahead(step, option, placed))
        finally:
            self.loop_spans = None
        w.line(f"found.append(({text}, {binding_tuple}))")
        for _ in bound:
            w.dedent()
        w.line("return found")
        self.finish_zone_locals(zones_started)
        w.dedent()

    def candidates_function(self, step: ir.Step, option: ir.ChoiceOption, base: str, text: str,
                            binding_tuple: str) -> None:
        """candidates_<step>__<option>: every binding, its conditions ignored; used only to explain a refusal."""
        w = self.w
        w.line("")
        w.line("")
        w.line(f"def candidates_{base}(st{self.params(step.params)}):")
        w.indent()
        w.line(docstring(f"Every `{option.name}` candidate, before its conditions; to explain refusals."))
        for b in option.bindings:
            domain = self.expr(b.domain)
            w.line(f"for v_{ident(b.var)} in {domain}:")
            w.indent()
        # What is on an empty space, a row of none: no text for this candidate, so not the action refused.
        self.yield_candidate(option, text, binding_tuple, candidate_text_may_fail(option))
        for _ in option.bindings:
            w.dedent()
        w.dedent()

    def yield_candidate(self, option: ir.ChoiceOption, text: str, rest: str, text_may_fail: bool) -> None:
        """Yields (text, REST) for one candidate; where its text may fail, a candidate without one is passed over
        (no text, no action to name)."""
        w = self.w
        if not text_may_fail:
            w.line(f"yield ({text}, {rest})")
            return
        w.line("try:")
        w.indent()
        w.line(f"text = {text}")
        w.dedent()
        w.line("except RuleRuntimeError:")
        w.indent()
        w.line("continue" if option.bindings else "return")
        w.dedent()
        w.line(f"yield (text, {rest})")

    def first_failing_function(self, step: ir.Step, option: ir.ChoiceOption, base: str) -> None:
        """first_failing_<step>__<option>: the index of the first condition a binding fails, or -1."""
        w = self.w
        w.line("")
        w.line("")
        w.line(f"def first_failing_{base}(st{self.params(step.params)}"
               f"{bound_params(option)}):")
        w.indent()
        w.line('"""The index of the first condition that does not hold, or -1."""')
        for i, c in enumerate(option.conditions):
            w.line(f"if not ({self.expr(c)}):", note=c.text)
            w.indent()
            w.line(f"return {i}")
            w.dedent()
        w.line("return -1")
        w.dedent()

    def effect_function(self, step: ir.Step, option: ir.ChoiceOption, base: str) -> None:
        """effect_<step>__<option>: what the option does, given its bindings."""
        w = self.w
        w.line("")
        w.line("")
        w.line(f"def effect_{base}(st, cause{self.params(step.params)}"
               f"{bound_params(option)}):")
        w.indent()
        self.doc(option, f"What `{option.name}` does.")
        with self.zone_locals(statements=True):
            # (a secret choice's effects run one seat after another before any `then`: none runs at once)
            self.inline_ids = set() if step.together else self.inline_thens(option.body)
            self.stmts(option.body)
            self.inline_ids = set()
            self.checked_after(step.name)
        w.dedent()

    def number_function(self, step: ir.Step, option: ir.ChoiceOption, base: str) -> None:
        """number_<step>__<option>: its action number for the adapters (`numbered EXPR`), given its bindings."""
        w = self.w
        w.line("")
        w.line("")
        w.line(f"def number_{base}(st{self.params(step.params)}"
               f"{bound_params(option)}):")
        w.indent()
        self.doc(option, f"The action number of `{option.name}`: `numbered {option.number.text}`.")
        w.line(f"return {self.expr(option.number)}")
        w.dedent()

    def numbered_candidates_function(self, step: ir.Step, option: ir.ChoiceOption, base: str, types: dict[str, str],
                                     binding_tuple: str) -> None:
        """numbered_<step>__<option>: every candidate that the conditions no state decides allow, each binding's
        domain at its geometric widest (widest_domain), with its text and action number: what the adapters name
        each number by without a state. A field of the text that a state decides reads `<its source>`."""
        w = self.w
        unknown = frozenset(field for field, value in option.shown if state_read(value, self.definitions) is not None)
        text = self.render(option.template, types, option.shown, unknown)
        w.line("")
        w.line("")
        w.line(f"def numbered_{base}(st{self.params(step.params)}):")
        w.indent()
        w.line(docstring(f"Every `{option.name}` candidate its fixed conditions allow, with its action number."))
        for b in option.bindings:
            w.line(f"for v_{ident(b.var)} in {self.widest_domain(b.domain)}:")
            w.indent()
        for c in option.conditions:
            if state_read(c, self.definitions) is None:
                w.line(f"if not ({self.expr(c)}):", note=c.text)
                w.indent()
                w.line("continue" if option.bindings else "return")
                w.dedent()
        number = self.expr(option.number)
        shown = [(field, value) for field, value in option.shown if field not in unknown]
        self.yield_candidate(option, text, f"{binding_tuple}, {number}", text_may_fail(option, shown))
        for _ in option.bindings:
            w.dedent()
        w.dedent()

    def widest_domain(self, domain: ir.E) -> str:
        """A binding's domain as wide as any state makes it: a ray, or a walk whose test a state decides, to the
        board's edge; a group, every space of its board. (A zone's is what it holds in the state given.)"""
        if state_read(domain, self.definitions) is None:
            return self.expr(domain)
        if isinstance(domain, (ir.Ray, ir.Walk)):
            where = "a ray from" if isinstance(domain, ir.Ray) else "a walk from"
            return (f"st._t.rays[{self.boards[domain.board]}, {self.expr(domain.direction)}]"
                    f"[{self.on_board(domain.space, where)}]")
        if isinstance(domain, ir.GroupOf):
            return f"st._t.cells_in_use[{self.boards[domain.board]}]"
        return self.expr(domain)

    def after_function(self, step: ir.Step, option: ir.ChoiceOption, base: str, after: ir.AfterIt) -> None:
        """after_<step>__<option>: whether `only if C after it` holds: the option's statements carried out on the
        state (by the seat that would choose it), then the automatic steps they set going, C read, and every
        write undone (runtime/imagining.py)."""
        w = self.w
        names = "".join(f", {self.expr(n)}" for n in after.names)
        seat = self.expr(step.by) if step.by is not None else "v_player"  # (any player: the first name bound)
        w.line("")
        w.line("")
        uncut = uncut_ahead.uncut_ahead(option, after.condition, self.m)
        listed = None if uncut is not None else self.answer_listed_names(step, option, after)
        w.line(f"def after_{base}(st{names}{', listing=None' if uncut is not None or listed is not None else ''}):")
        w.indent()
        self.doc(option, f"Whether `{after.condition.text}` holds in the position `{option.name}` would leave.")
        if uncut is not None:  # (the paths kept may show it without carrying the option out: model/uncut_ahead.py)
            self.uncut_used = True
            uncut_spaces = "".join(f"{self.expr(s)}, " for s in uncut.spaces)
            with self.zone_locals():
                w.line(f"if holds_uncut(st, {self.boards[uncut.board]}, ({uncut_spaces}), lambda: {self.expr(after.condition)}, "
                       f"listing, {lit(base)}):", note="a kept path joins each, through none of the spaces it places on")
            w.indent()
            w.line("return True")
            w.dedent()
        lean = self.lean_look_ahead(step, option, after)
        answered = None if uncut is not None else self.answer_kept_names(step, option, after)
        write_held = False
        if answered is not None or listed is not None:  # (one held function for each condition of a step: its options share it)
            kept_names = (answered or listed)[0]
            held_parts = (after.condition,) if answered is not None else listed[2]
            kept_read = "".join(f"{self.expr(n)}, " for n in kept_names)
            held_key = (step.name, " and ".join(c.text for c in held_parts), kept_read)
            held = self.held_made.get(held_key)
            write_held = held is None
            if write_held:
                held = self.held_made[held_key] = f"held_{base}"
            named = {n.name: n for n in after.names if isinstance(n, ir.Var)}
        if listed is not None:
            self.answers_listed_used = True
            written = listed[1]
            moved_spaces, moved_sources, set_on, from_zone = (
                "".join(f"{self.expr(named[n])}, " for n in some)
                for some in (written.spaces, written.sources, written.set_on, written.from_zone))
            attributes = "".join(f"{lit(a)}, " for a in written.attributes)
            w.line("if listing is not None:")
            w.indent()
            after_names = names[2:]  # (the after_ function's v_ names, comma-separated)
            settled_call = f", settled_{base}, ({after_names}{',' if names else ''})" if written.settled else ""
            w.line(f"known = answer_listed(st, listing, {held}, ({kept_read}), {self.boards[written.board]}, "
                   f"({moved_spaces}), ({moved_sources}), ({set_on}), ({attributes}), ({from_zone}){settled_call})",
                   note="read once for the listing, none of it written (runtime/read_answers.py)")
            guards = listed[3]
            if guards:
                with self.zone_locals():
                    guard = " and ".join(self.expr(g) for g in guards)
                    w.line(f"if known is not None and (not known or ({guard})):",
                           note=f"{', '.join(g.text for g in guards)}: the rest holds in any position")
            else:
                w.line("if known is not None:")
            w.indent()
            w.line("return known")
            w.dedent()
            w.dedent()
            if answered is not None:
                w.line("else:")
                w.indent()
        if answered is not None:
            self.answers_read_used = True
            moved = answered[1]
            moved_spaces, moved_sources = ("".join(f"{self.expr(named[n])}, " for n in some)
                                           for some in (moved.spaces, moved.sources))
            w.line(f"known = answer_kept(st, {held}, ({kept_read}), {self.boards[moved.board]}, ({moved_spaces}), "
                   f"({moved_sources}))",
                   note="what it reads as things stand, none of it moved (runtime/read_answers.py)")
            w.line("if known is not None:")
            w.indent()
            w.line("return known")
            w.dedent()
            if listed is not None:
                w.dedent()
        imagine, unimagine = self.imagining(option, seat, step, lean)
        w.line(f"kept, cause = {imagine}", note="carried out on the state itself, then undone (runtime/imagining.py)")
        w.line("try:")
        w.indent()
        w.line(f"effect_{base}(st, cause{names})")
        going = going_after(option, self.m)
        if going.steps and not lean:  # (a lean look-ahead's steps ran at once: codegen/lean_look_ahead.py)
            w.line("carry_through(st, cause)", note=f"then {', '.join(going.steps)}: the automatic steps it sets going")
        with self.zone_locals():
            w.line(f"return {self.expr(after.condition)}", note=after.condition.text)
        w.dedent()
        w.line("finally:")
        w.indent()
        w.line(f"{unimagine}(kept)")
        w.dedent()
        w.dedent()
        if listed is not None and listed[1].settled:
            self.settled_function(option, base, names, listed[1], named)
        if write_held:
            w.line("")
            w.line("")
            w.line(f"def held_{base}(st{''.join(f', {self.expr(n)}' for n in kept_names)}):")
            w.indent()
            held_text = " and ".join(c.text for c in held_parts)
            self.doc(option, f"`{held_text}` read on the state as it stands: what a look-ahead of `{option.name}` "
                             "asks, kept with what it read (runtime/read_answers.py).")
            with self.zone_locals():
                w.line(f"return {' and '.join(self.expr(c) for c in held_parts)}", note=held_text)
            w.dedent()

    def uncut_ahead_of(self, after: ir.AfterIt) -> Optional[uncut_ahead.UncutAhead]:
        """What model/uncut_ahead.py finds of the option an `only if C after it` reads ahead (see after_function)."""
        option = next(o for s in self.m.steps if s.name == after.step for o in s.options if o.name == after.option)
        return uncut_ahead.uncut_ahead(option, after.condition, self.m)

    def settled_function(self, option: ir.ChoiceOption, base: str, names: str, written, named: dict) -> None:
        """settled_<step>__<option>: the option's first write, `set A of occupant of X to V`, as (X, A, V) with V
        worked out on the state as it stands (model/moved_spaces.py WrittenAhead.settled), in the scope of the
        `then` it is met through (its step's parameters given the `then`'s arguments)."""
        w = self.w
        w.line("")
        w.line("")
        w.line(f"def settled_{base}(st{names}):")
        w.indent()
        self.doc(option, f"The first attribute `{option.name}` sets, with the value it sets, worked out before it "
                         "(runtime/read_answers.py answer_listed).")
        with self.zone_locals():
            cells = [self.expr(named[space]) for space, _, _, _ in written.settled]
            for k, cell in enumerate(cells):
                w.line(f"cell_{k} = {cell}")
            entries = []
            for k, (_, attribute, value, then) in enumerate(written.settled):
                if then is not None:
                    step = next(s for s in self.m.steps if s.name == then.step)
                    params = "".join(f"v_{ident(p.name)}, " for p in step.params)
                    args = "".join(f"{self.expr(a)}, " for a in then.args)
                    w.line(f"{params}= {args}", note=f"then {then.step}")
                w.line(f"value_{k} = {self.expr(value)}", note=value.text)
                entries.append(f"(cell_{k}, {lit(attribute)}, value_{k}), ")
            entries_code = "".join(entries)
            w.line(f"return ({entries_code})", note="what it sets")
        w.dedent()

    def answer_listed_of(self, after: ir.AfterIt) -> Optional[tuple]:
        """What codegen/lean_look_ahead.py answer_listed_names finds of an `only if C after it` (see after_function):
        its after_ function then takes the listing's dict, and reads its answer once a listing."""
        step = next(s for s in self.m.steps if s.name == after.step)
        option = next(o for o in step.options if o.name == after.option)
        if uncut_ahead.uncut_ahead(option, after.condition, self.m) is not None:
            return None
        return self.answer_listed_names(step, option, after)

    def imagining(self, option: ir.ChoiceOption, seat: str, step: ir.Step, lean: bool = False) -> tuple[str, str]:
        """The call that starts the look-ahead of ``option`` and the method that undoes it: a plain look-ahead
        keeps only what its statements can write (model/look_ahead_writes.py), a lean one less still
        (codegen/lean_look_ahead.py), any other the whole state."""
        lists = plain_writes(option, self.m, self.triggers_passed_over_ahead())
        if lists is None:
            return f"st._imagine({seat}, {lit(step.name)})", "st._unimagine"
        if lean:
            return f"st._imagine_lean({seat}, {lit(step.name)}, {lit(lists)})", "st._unimagine_lean"
        return f"st._imagine_plain({seat}, {lit(step.name)}, {lit(lists)})", "st._unimagine_plain"

    def ahead_function(self, step: ir.Step, option: ir.ChoiceOption, base: str, after: ir.AfterIt,
                       split: FirstThensOnce) -> None:
        """ahead_<step>__<option>: of the values of the last bound name given, those for which `only if C after
        it` holds, in order: the option's first `then`s carried out once for them all, the rest for each value
        under that position, C read, and every write undone (model/first_thens_once.py)."""
        w = self.w
        last = split.last
        names = "".join(f", {self.expr(n)}" for n in after.names if not (isinstance(n, ir.Var) and n.name == last))
        seat = self.expr(step.by) if step.by is not None else "v_player"
        w.line("")
        w.line("")
        w.line(f"def ahead_{base}(st{names}, passing):")
        w.indent()
        self.doc(option, f"The `{last}` of passing for which `{after.condition.text}` holds in the position "
                         f"`{option.name}` would leave: its first `then`s carried out once for them all.")
        w.line("if not passing:")
        w.indent()
        w.line("return passing")
        w.dedent()
        imagine, unimagine = self.imagining(option, seat, step)
        w.line(f"kept, cause = {imagine}", note="carried out on the state itself, then undone (runtime/imagining.py)")
        w.line("try:")
        w.indent()
        rest = []
        for s in split.rest:  # (its arguments worked out in the position as it stands, as the option's statements)
            args = []
            for a in s.args:
                if last in reads.free_vars(a) or isinstance(a, (ir.Var, ir.Const)):
                    args.append(self.expr(a))
                else:
                    local = f"arg_{len(rest)}_{len(args)}"
                    w.line(f"{local} = {self.expr(a)}", note=f"{a.text}: read before the first `then`s run")
                    args.append(local)
            rest.append((s.step, args))
        self.stmts(split.first)
        w.line("carry_through(st, cause)", note=f"then {', '.join(s.step for s in split.first)}: once")
        w.line("held = []")
        w.line(f"for v_{ident(last)} in passing:")
        w.indent()
        w.line(f"each, _ = {imagine}")
        w.line("try:")
        w.indent()
        for name, args in rest:
            inner = ", ".join(args)
            w.line(f"st._thens.append(({name!r}, ({inner},)))" if len(args) == 1 else
                   f"st._thens.append(({name!r}, ({inner})))")
        w.line("carry_through(st, cause)", note=f"then {', '.join(s.step for s in split.rest)}: for each")
        with self.zone_locals():
            w.line(f"if {self.expr(after.condition)}:", note=after.condition.text)
            w.indent()
            w.line(f"held.append(v_{ident(last)})")
            w.dedent()
        w.dedent()
        w.line("finally:")
        w.indent()
        w.line(f"{unimagine}(each)")
        w.dedent()
        w.dedent()
        w.line("return held")
        w.dedent()
        w.line("finally:")
        w.indent()
        w.line(f"{unimagine}(kept)")
        w.dedent()
        w.dedent()


# What a text can show for any candidate without failing: names, constants, a neighbour (none past the edge
# reads `none`), sums of those, an attribute of a chosen component or space.
_NEVER_FAILS = (ir.Var, ir.Const, ir.SeatConst, ir.OptionRef, ir.CounterRef, ir.SeatAttr, ir.Neighbour, ir.Negate)


def candidate_text_may_fail(option: ir.ChoiceOption) -> bool:
    """Whether working out the text of a candidate, before its conditions, may raise a rule error (`{occupant
    of t}` for an empty t): then candidates_ skips such a candidate."""
    return text_may_fail(option, option.shown)


def text_may_fail(option: ir.ChoiceOption, shown) -> bool:
    """Whether working out the ``shown`` fields of one of ``option``'s candidates may raise a rule error."""
    chosen = {b.var for b in option.bindings}

    def may_fail(e: ir.E) -> bool:
        if isinstance(e, ir.SpaceAttr):  # of a space chosen: one of the board's (a step's space may be none)
            return not (isinstance(e.space, ir.Var) and e.space.name in chosen)
        if isinstance(e, ir.ItemAttr):  # of a component named
            return not isinstance(e.item, ir.Var)
        if isinstance(e, ir.Arith) and e.op in ("+", "-", "*"):
            return may_fail(e.left) or may_fail(e.right)
        if isinstance(e, ir.Neighbour):
            return may_fail(e.space) or may_fail(e.direction)
        if isinstance(e, ir.Negate):
            return may_fail(e.operand)
        if isinstance(e, ir.Builtin):  # min, max, abs
            return any(may_fail(a) for a in e.args)
        if isinstance(e, ir.CounterRef):
            return e.seat is not None and may_fail(e.seat)
        return not isinstance(e, _NEVER_FAILS)

    return any(may_fail(value) for _, value in shown)


def bound_params(option: ir.ChoiceOption) -> str:
    """`, v_<name>` for each of an option's bound names: the parameters of its per-binding functions."""
    return "".join(f", v_{ident(b.var)}" for b in option.bindings)
