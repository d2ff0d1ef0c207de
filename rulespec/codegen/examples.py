"""The rule file's examples as functions that drive an example runner (rulespec/pipeline/examples.py)
line by line, each call carrying its rule-file line.
"""

from __future__ import annotations

from ..model import ir
from .quoting import ident, lit


class Examples:
    """The examples (CodeGenerator's part)."""

    def example(self, ex: ir.Example) -> None:
        self.in_example = True
        try:
            self.example_lines(ex)
        finally:
            self.in_example = False

    def example_lines(self, ex: ir.Example) -> None:
        w = self.w
        w.line("")
        w.line("")
        w.line(f"def example_{ident(ex.name)}(run):")
        w.indent()
        self.doc(ex, f"Example: {ex.title}.")
        players = next((l.number for l in ex.lines if l.what == "players"), self.m.min_players)
        options = dict(ex.with_options)
        options.update({l.name: l.value for l in ex.lines if l.what == "option"})
        setup = next((l for l in ex.lines if l.what == "setup"), None)
        # `given leg N scored ...`: (leg, score, one value per seat, line), given to the runner as it starts
        scored = [(l.number, l.name, [int(v) for v in l.values], l.loc.line if l.loc else 0)
                  for l in ex.lines if l.what == "leg_scores"]
        legs = f"scored={lit(scored)}, " if scored else ""
        if setup is not None:
            w.line(f"st = run.setup(players={lit(players)}, options={lit(options)}, draws={lit(list(setup.values))}, "
                   f"first={lit(setup.name == 'first')}, "
                   + (f"leg={lit(setup.number)}, " if setup.number is not None else "") + legs
                   + f"line={lit(setup.loc.line if setup.loc else 0)})")
        elif scored:
            w.line(f"st = run.start(players={lit(players)}, options={lit(options)}, scored={lit(scored)})")
        else:
            w.line(f"st = run.start(players={players!r}, options={options!r})")
        for line in ex.lines:
            self.example_line(line)
        w.line("return st")
        w.dedent()

    def example_line(self, line: ir.ExampleLine) -> None:
        """The runner's call for one line of an example (a `for every` block: its instances' function, then the call)."""
        w = self.w
        where = line.loc.line if line.loc else 0
        if self.example_fact(line, where):
            return
        if line.what == "for_every":
            self.for_every(line, where)
        elif line.what == "items":
            target = line.target
            if isinstance(target, ir.BoardRef):
                w.line(f"run.place(st, {self.boards[target.board]}, {list(line.items)!r}, line={where})")
            else:
                w.line(f"run.put(st, {self.zone_index(target)}, {[label for label, _ in line.items]!r}, "
                       f"line={where})")
        elif line.what == "position":
            w.line(f"run.position(st, {line.position!r}, line={where})")
        elif line.what == "step":
            w.line(f"run.step(st, {line.name!r}, {self.args(line.args)}, line={where})")
        elif line.what == "counter":
            seat = f", seat={self.expr(line.expr)}" if line.expr is not None else ""
            w.line(f"run.counter(st, {line.name!r}, {line.number!r}{seat}, line={where})")
        elif line.what == "space_counter":
            w.line(f"run.space_counter(st, {line.name!r}, {line.space!r}, {line.number!r}, line={where})")
        elif line.what == "action":
            w.line(f"run.act(st, {line.value!r}, line={where})")
        elif line.what == "refused":
            w.line(f"run.refused(st, {line.value!r}, line={where})")
        elif line.what == "legal":
            w.line(f"run.legal(st, {line.value!r}, True, line={where})")
        elif line.what == "illegal":
            w.line(f"run.legal(st, {line.value!r}, False, line={where})")
        elif line.what == "numbered":
            w.line(f"run.numbered(st, {line.value!r}, {line.number!r}, line={where})")
        elif line.what == "over":
            w.line(f"run.over(st, {line.name!r}, line={where})")
        elif line.what == "fact":
            w.line(f"run.fact(st, {line.expr.text!r}, lambda: {self.expr(line.expr)}, line={where}"
                   f"{self.fact_sides(line.expr)})")

    def for_every(self, line: ir.ExampleLine, where: int) -> None:
        """`for every ...`: the lines under it as a function of one instance's state, run by the runner on a copy
        of the state here for each action offered (or chance outcome) the pattern matches."""
        w = self.w
        name = f"every_at_{where}"
        w.line(f"def {name}(st):")
        w.indent()
        for inner in line.body:
            self.example_line(inner)
        w.line("return st")
        w.dedent()
        w.line(f"run.for_every(st, {lit(line.name)}, {lit(line.value)}, {name}, line={lit(where)})")

    def fact_sides(self, fact: ir.E) -> str:
        """For a fact that compares a value (`X = 5`, `X < Y`, `t is pawn`), the runner's arguments that let a
        failure say what the value was: its sides, computed again, and how the fact reads them."""
        if isinstance(fact, ir.Compare):
            compared = (fact.op, fact.left.text, fact.right.text, fact.left.type, bool(fact.order))
            return f", sides=lambda: ({self.expr(fact.left)}, {self.expr(fact.right)}), compared={lit(compared)}"
        if isinstance(fact, ir.IsKind):
            compared = ("is", fact.item.text, fact.component, fact.item.type, False)
            return f", sides=lambda: ({self.expr(fact.item)}, {lit(fact.component)}), compared={lit(compared)}"
        return ""

    def example_fact(self, line: ir.ExampleLine, where: int) -> bool:
        """The call for one of an example's facts beyond a condition; False for the other lines."""
        w, at = line.what, f"line={lit(where)}"
        seat = f"lambda: {self.expr(line.expr)}" if line.expr is not None else "None"
        seats = f"lambda: [{', '.join(self.expr(e) for e in line.exprs)}]"
        calls = {
            "wins": lambda: f"run.winners(st, {seats}, {at})",
            "draw": lambda: f"run.result(st, 'draw', {at})",
            "game_over": lambda: f"run.result(st, 'over', {at})",
            "not_over": lambda: f"run.result(st, 'not_over', {at})",
            "ranking": lambda: f"run.ranking(st, {seats}, {at})",
            "returns": lambda: f"run.returns(st, {lit([list(r) for r in line.ratios])}, {at})",
            "offered_exactly": lambda: f"run.offered_exactly(st, {lit(list(line.values))}, {at})",
            "offered": lambda: f"run.offered(st, {seat}, {lit(list(line.values))}, True, {at})",
            "offered_no": lambda: f"run.offered(st, {seat}, {lit(list(line.values))}, False, {at})",
            "decides": lambda: f"run.decides(st, {seat}, {lit(line.name)}, {at})",
            "chance_outcomes": lambda: f"run.chance_outcomes(st, {lit(list(line.values))}, "
                                       f"{lit([list(r) for r in line.ratios])}, {at})",
            "chance_even": lambda: f"run.chance_even(st, {lit(line.number)}, {at}"
                                   + (f", pattern={lit(line.values[0])})" if line.values else ")"),
            "chance_read": lambda: f"run.chance_read(st, {lit(list(line.values))}, {at})",
            "place": lambda: f"run.place_of(st, {seat}, {lit(line.number)}, {at})",
            "log": lambda: f"run.log(st, {lit(list(line.values))}, {at})",
            "sees_top": lambda: f"run.sees_top(st, {seat}, {self.zone_index(line.target)}, {at})",
            "sees": lambda: f"run.sees(st, {seat}, {self.zone_index(line.target)}, True, {at})",
            "not_sees": lambda: f"run.sees(st, {seat}, {self.zone_index(line.target)}, False, {at})",
            "space_empty": lambda: f"run.space(st, {lit(self.boards[line.board])}, {lit(line.space)}, None, {at})",
            "space_holds": lambda: f"run.space(st, {lit(self.boards[line.board])}, {lit(line.space)}, "
                                   f"{lit(line.values[0])}, {at})",
            "space_count": lambda: f"run.space_count(st, {lit(line.name)}, {lit(line.space)}, {lit(line.values[0])}, "
                                   f"{lit(line.number)}, {at})",
            "turn_number": lambda: f"run.turn(st, {lit(line.number)}, None, {at})",
            "turn_of": lambda: f"run.turn(st, None, {seat}, {at})",
            "phase": lambda: f"run.phase(st, {lit(line.name)}, {at})",
            "leg": lambda: f"run.leg(st, {lit(line.number)}, {at})",
            "ran": lambda: f"run.ran(st, {lit(line.value)}, {lit(line.number)}, {at})",
            "match_total": lambda: f"run.match_total(st, {lit(line.name)}, {seat}, {lit(line.number)}, {at})",
        }
        if w in ("gained", "lost"):
            target = line.target
            kind, index = ("board", lit(self.boards[target.board])) if isinstance(target, ir.BoardRef) else \
                ("zone", self.zone_index(target))
            amount = lit(line.number) if line.number is not None else lit(list(line.values))
            self.w.line(f"run.moved(st, {lit(kind)}, {index}, {amount}, {lit(w == 'gained')}, {at})")
            return True
        if w in ("setup", "leg_scores"):  # (given as the example starts)
            return True
        if w not in calls:
            return False
        self.w.line(calls[w]())
        return True
