"""Chance steps: their outcomes (a draw from a zone, a pick with weights, dice faces), how an outcome reads
and what happens once it is known.
"""

from __future__ import annotations

import re
import string
from typing import Callable, Optional

from ..lib.limits import LIMIT
from ..model import ir
from ..model.action_numbers import state_read
from ..model.kept_values import kept_in_condition
from ..model.narrowing import all_of, pick_conditions
from .quoting import comment, docstring, ident, lit


class Chance:
    """Chance steps (CodeGenerator's part)."""

    def chance_step(self, step: ir.Step) -> None:
        """draw_<name> and text_<name> (a draw from a zone: its outcomes' texts read only when asked for) or
        outcomes_<name> (every outcome with its weight), then resolve_<name>: what happens once it is known."""
        w = self.w
        name = ident(step.name)
        outcome = step.outcome
        types = {p.name: p.type for p in step.params}
        types.update(dict.fromkeys(outcome.names, outcome.var_type))
        text = self.render(outcome.template, types, outcome.shown)
        if re.fullmatch(r"TEXT_\d+\[v_\w+\]", text):  # read from a table by item: the same in every state
            self.tabled_texts.add(step.name)
        var = ", ".join("v_" + ident(name) for name in outcome.names)
        if outcome.shuffle is not None:
            self.shuffle_step(step, var)
            return
        if outcome.draw_from is not None:
            # The runtime lists a draw from the zone's items; an outcome's text is read only when asked for.
            w.line(f"def draw_{name}(st{self.params(step.params)}):")
            w.indent()
            self.doc(step, f"Chance `{step.name}`: the zone it draws from.")
            w.line(f"return {self.zone_index(outcome.draw_from)}")
            w.dedent()
            w.line("")
            w.line(f"def text_{name}(st{self.params(step.params)}, {var}):")
            w.indent()
            self.doc(step, f"Chance `{step.name}`: how an outcome reads.")
            w.line(f"return {text}")
            w.dedent()
        else:
            w.line(f"def outcomes_{name}(st{self.params(step.params)}):")
            w.indent()
            self.doc(step, f"Chance `{step.name}`: every outcome with its weight.")
            if outcome.more_vars:
                self.pick_of_several(outcome, lambda: self.render(outcome.template, types, outcome.shown))
            elif outcome.pick_from is not None and outcome.weight is not None:
                where = f" if {self.expr(outcome.pick_where)}" if outcome.pick_where is not None else ""
                w.line(f"return weighted_picks([({text}, {var}, {self.expr(outcome.weight)}) "
                       f"for {var} in {self.expr(outcome.pick_from)}{where}])  " + comment(f"weighted by {outcome.weight.text}"))
            elif outcome.pick_from is not None:
                where = f" if {self.expr(outcome.pick_where)}" if outcome.pick_where is not None else ""
                w.line(f"return pick_weights([({text}, {var}) for {var} in {self.expr(outcome.pick_from)}{where}])")
                if self.picked_as_draw(step):
                    self.picked_as_draws.add(step.name)
                    self.spaces_picked(step, text, var, where)
            elif outcome.weights:  # a face weighted 0 is never offered
                faces = tuple((face, weight) for face, weight in zip(outcome.faces, outcome.weights) if weight)
                w.line(f"return [({text}, weight, ({var},)) for {var}, weight in {lit(faces)}]")
            else:
                w.line(f"return [({text}, 1, ({var},)) for {var} in {lit(tuple(outcome.faces))}]")
            w.dedent()
            counters = self.outcome_counters(step)
            if counters:
                w.line("")
                self.counters_key_function(step, name, counters)
        if outcome.number is not None:
            self.outcome_number_functions(step, types, var)
        w.line("")
        w.line(f"def resolve_{name}(st, cause{self.params(step.params)}, {var}):")
        w.indent()
        self.doc(step, f"What happens once the outcome of `{step.name}` is known.")
        with self.zone_locals(statements=True):
            self.inline_ids = self.inline_thens(step.body)
            self.stmts(step.body)
            self.inline_ids = set()
            self.checked_after(step.name)
        w.dedent()

    def picked_as_draw(self, step: ir.Step) -> bool:
        """Whether a chance step's pick is listed as a draw of spaces (StepInfo.pick): one name picked from a whole
        board's spaces, every one as likely (no `weighted by`), its text the space's label and the step's
        parameters' (no value worked out: the same text in every state), the board's labels all different (so no
        two outcomes read alike, and none need adding up), and its outcomes not kept otherwise (listed once, or
        by a key)."""
        outcome = step.outcome
        if (outcome.pick_from.__class__ is not ir.BoardRef or outcome.weight is not None or outcome.more_vars
                or outcome.shown or len(outcome.names) != 1 or self.outcomes_listed_once(step)
                or self.outcomes_key(step)):
            return False
        fields = {field for _, field, _, _ in string.Formatter().parse(outcome.template) if field is not None}
        types = {p.name: p.type for p in step.params}
        if outcome.names[0] not in fields or not fields <= {outcome.names[0], *types}:
            return False
        if self.changing and any(types.get(field) == "item" for field in fields):  # (a label that may change)
            return False
        board = next(b for b in self.m.boards if b.name == outcome.pick_from.board)
        if board.lattice == "graph":
            labels = list(board.row_values)
        else:
            labels = [(r, c) for r in board.row_values for c in board.column_values]
        return len(set(map(str, labels))) == len(labels)

    def spaces_picked(self, step: ir.Step, text: str, var: str, where: str) -> None:
        """pick_<name> (the spaces a pick listed as a draw picks from) and text_<name> (how one reads)."""
        w, name = self.w, ident(step.name)
        w.dedent()
        w.line("")
        w.line(f"def pick_{name}(st{self.params(step.params)}):")
        w.indent()
        self.doc(step, f"Chance `{step.name}`: the spaces it picks from, every one as likely (listed as a draw).")
        w.line(f"return [{var} for {var} in {self.expr(step.outcome.pick_from)}{where}]")
        w.dedent()
        w.line("")
        w.line(f"def text_{name}(st{self.params(step.params)}, {var}):")
        w.indent()
        self.doc(step, f"Chance `{step.name}`: how an outcome reads.")
        w.line(f"return {text}")

    def outcome_number_functions(self, step: ir.Step, types: dict[str, str], var: str) -> None:
        """number_<name>: an outcome's number for the adapters (`numbered EXPR`, under `chance outcomes numbered`);
        numbered_<name>: every outcome its fixed parts allow (a pick's `where`, if no state decides it), with its
        text and number: what the adapters name each number by without a state. A field of the text that a state
        decides reads `<its source>`."""
        w, name, outcome = self.w, ident(step.name), step.outcome
        w.line("")
        w.line(f"def number_{name}(st{self.params(step.params)}, {var}):")
        w.indent()
        self.doc(step, f"The number of an outcome of `{step.name}`: `numbered {outcome.number.text}`.")
        w.line(f"return {self.expr(outcome.number)}")
        w.dedent()
        w.line("")
        w.line("")
        unknown = frozenset(field for field, value in outcome.shown if state_read(value, self.definitions) is not None)
        w.line(f"def numbered_{name}(st{self.params(step.params)}):")
        w.indent()
        w.line(docstring(f"Every outcome of `{step.name}` its fixed parts allow, with its number."))
        if outcome.pick_from is not None:
            domain = self.widest_domain(outcome.pick_from)
        elif outcome.draw_from is not None:
            domain = f"st._zones[{self.zone_index(outcome.draw_from)}]"
        else:
            domain = lit(tuple(face for face, weight in zip(outcome.faces, outcome.weights or (1,) * len(outcome.faces))
                               if weight))
        w.line(f"each = tuple({domain})")
        for v in outcome.names:
            w.line(f"for v_{ident(v)} in each:")
            w.indent()
        if outcome.pick_where is not None and state_read(outcome.pick_where, self.definitions) is None:
            w.line(f"if not ({self.expr(outcome.pick_where)}):", note=outcome.pick_where.text)
            w.indent()
            w.line("continue")
            w.dedent()
        w.line(f"yield ({self.render(outcome.template, types, outcome.shown, unknown)}, ({var},), "
               f"{self.expr(outcome.number)})")
        for _ in outcome.names:
            w.dedent()
        w.dedent()
        w.line("")

    def pick_of_several(self, outcome: ir.Outcome, render: Callable[[], str]) -> None:
        """`for a, b picked from C`: every combination of the names' values is a candidate, its parts together.
        ``render`` writes the outcome's text, after the conditions: a definition's value that a condition works
        out whenever it holds (`tile of cell(n) = 0`) is kept in a local (`_k0 := define_cell(st, v_n)`) for
        the conditions after it, the text and the weight (the listing reads only, and each is worked out only
        for a candidate whose conditions hold, so the local is that candidate's)."""
        w = self.w
        names = ["v_" + ident(name) for name in outcome.names]
        collection = self.expr(outcome.pick_from)
        w.line(f"each = tuple({collection})")
        outer, kept = self.values_kept, {}
        placed = self.pick_tested_early(outcome)
        if placed is not None:  # (each part of the `where` tested once its names are picked)
            tests = [self.pick_condition(all_of(placed[i]), kept) if placed[i] else None for i in range(len(names))]
            loops = " ".join(f"for {name} in each" + (f" if {test}" if test is not None else "")
                             for name, test in zip(names, tests))
            where = ""
        else:
            loops = " ".join(f"for {name} in each" for name in names)
            cond = self.pick_condition(outcome.pick_where, kept) if outcome.pick_where is not None else None
            where = f" if {cond}" if cond is not None else ""
        text = render()
        weight = self.expr(outcome.weight) if outcome.weight is not None else "1"
        self.values_kept = outer
        line = f"return weighted_picks([({text}, ({', '.join(names)}), {weight}) {loops}{where}], several=True)"
        for code, (local, _) in kept.items():  # a value nothing read again is not kept
            if local not in self.kept_read:
                line = line.replace(f"({local} := {code})", code, 1)
        w.line(line + ("  " + comment(f"weighted by {outcome.weight.text}") if outcome.weight is not None else ""))

    def pick_condition(self, condition: ir.E, kept: dict) -> str:
        """The code of one of a pick's conditions, keeping the definitions' values it works out whenever it
        holds (see pick_of_several) for what is written after it."""
        self.keeping, self.condition_kept = self.pick_keeping(condition), {}
        try:
            code = self.expr(condition)
        finally:
            self.keeping = {}
        kept.update(self.condition_kept)
        self.values_kept = {**self.values_kept, **self.condition_kept}
        return code

    def pick_keeping(self, condition: ir.E) -> dict:
        """The uses of definitions a pick's condition keeps (model/kept_values.py), by id."""
        return kept_in_condition(condition, self.definitions, through_reads=True)

    def pick_tested_early(self, outcome: ir.Outcome) -> Optional[dict[int, list]]:
        """The parts of a pick's `where` by the name each is tested at (model/narrowing.py pick_conditions), or
        None: the whole tested on every candidate."""
        if outcome.pick_where is None:
            return None
        return pick_conditions(list(outcome.names), outcome.pick_where, self.definitions, self.m.min_players)

    def shuffle_step(self, step: ir.Step, var: str) -> None:
        """outcomes_<name>: every distinct order of the zone, equally likely; resolve_<name>: the zone so ordered."""
        w, name, zone = self.w, ident(step.name), step.outcome.shuffle
        prefix = step.outcome.template.split("{", 1)[0]
        w.line(f"def outcomes_{name}(st{self.params(step.params)}):")
        w.indent()
        self.doc(step, f"Chance `{step.name}`: every order of `{zone.zone}`, bottom first, each equally likely.")
        w.line(f"return shuffle_orders(st, {self.zone_index(zone)}, {lit(prefix)}, {lit(LIMIT.shuffle_orders)})")
        w.dedent()
        w.line("")
        if self.outcomes_key(step) is not None:
            w.line(f"def outcomes_key_{name}(st{self.params(step.params)}):")
            w.indent()
            self.doc(step, f"What the orders of `{zone.zone}` read: the components it holds (kept by those).")
            w.line(f"return shuffle_key(st, {self.zone_index(zone)})")
            w.dedent()
            w.line("")
        w.line(f"def resolve_{name}(st, cause{self.params(step.params)}, {var}):")
        w.indent()
        self.doc(step, f"`{zone.zone}` in the order drawn.")
        w.line(f"st._zones[{self.zone_index(zone)}][:] = {var}")
        w.dedent()

    def outcomes_key(self, step: ir.Step) -> Optional[str]:
        """The generated function that says what a chance step's outcomes read besides its arguments and the
        set-up (StepInfo.outcomes_key), or None: a shuffle's orders read the components its zone holds alone,
        so the engine keeps its listing by them (runtime/kept_outcomes.py) instead of listing every order
        again in every game; a pick's outcomes that read counters alone are kept by their values
        (outcomes_by_counters.py)."""
        if step.outcome is None or (step.outcome.shuffle is None and not self.outcome_counters(step)):
            return None
        return f"outcomes_key_{ident(step.name)}"

    @staticmethod
    def fixed_by_setup(e: ir.E) -> bool:
        """Whether ``e`` reads of a board only what the set-up fixes (the engine's tables for the players and
        options): its spaces in use (`sea`), the placements of a named shape, a space's face (`face of s`, given
        a space fixed too). Let Them Eat Shrimp!'s starting triangle, `picked from sea where face of where =
        piece`, is so listed once per piece and set-up, not 138 spaces tested and labelled at every game's start."""
        return isinstance(e, (ir.BoardRef, ir.FaceOf)) or isinstance(e, ir.Placements) and e.shape is not None

    @staticmethod
    def outcomes_listed_once(step: ir.Step) -> bool:
        """Whether a chance step's outcomes (not a draw) depend on its arguments and the game's set-up alone:
        dice faces, or a pick from numbers worked out of constants, options and arguments, or from what the
        set-up fixes of a board (Chance.fixed_by_setup), its text showing the pick and arguments' labels
        only. The runtime lists them once per arguments and set-up."""
        outcome, params = step.outcome, {p.name: p.type for p in step.params}
        if outcome is None or outcome.draw_from is not None or outcome.shuffle is not None or outcome.shown:
            return False

        def fixed(e) -> bool:
            if isinstance(e, ir.Var):
                return e.name in params or e.name in outcome.names
            if isinstance(e, (ir.Const, ir.OptionRef, ir.PlayersSet)):
                return True
            if Chance.fixed_by_setup(e):
                return not isinstance(e, ir.FaceOf) or fixed(e.space)
            if isinstance(e, (ir.Span, ir.Arith, ir.Compare, ir.BoolOp, ir.Not, ir.Negate, ir.Conditional)):
                return all(fixed(v) for value in vars(e).values()
                           for v in (value if isinstance(value, tuple) else (value,)) if isinstance(v, ir.E))
            return False

        if outcome.pick_from is not None and not (fixed(outcome.pick_from)
                                                  and all(e is None or fixed(e) for e in (outcome.pick_where,
                                                                                          outcome.weight))):
            return False
        for _, field, _, _ in string.Formatter().parse(outcome.template):
            if field is not None and field not in outcome.names and params.get(field) not in (ir.SEAT, ir.INT, ir.ITEM):
                return False
        return True
