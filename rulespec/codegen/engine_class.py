"""The generated module's Engine subclass: the tables that tell the runtime the game (zones, boards,
steps, triggers, ends, scores, invariants, examples), naming the functions written before it.
"""

from __future__ import annotations

import re

from ..model import ir
from ..model.counter_values import held_words
from ..model.moves import max_moves_by_players
from ..model.tree import free_vars
from ..model.unread_ahead import steps_unread_ahead, triggers_unread_ahead
from .quoting import docstring, ident, lit
from .writer import cites_text


class EngineClass:
    """The engine class at the generated module's foot (CodeGenerator's part)."""

    def engine_class(self) -> None:
        """The Engine subclass: what the runtime is told of the game, naming the functions written before."""
        m, w = self.m, self.w
        class_name = ident("".join(part.capitalize() for part in re.split(r"[^A-Za-z0-9]+", m.game_id) if part)
                           + "Engine")
        w.line("")
        w.line("")
        w.line(f"class {class_name}(Engine):")
        w.indent()
        w.line(docstring(f"{m.title} [{', '.join(m.game_cites)}]" if m.game_cites else m.title))
        w.line("")
        self.game_tables()
        self.board_tables()
        w.line(f"FIRST_SEAT = {m.first_seat!r}")
        w.line(f"TURN_STEP = {m.turn_step!r}")
        if m.skip_when is not None:
            w.line("SKIP_TURN = staticmethod(skip_turn)")
        if m.turn_limit is not None:
            w.line("TURN_LIMIT = staticmethod(turn_limit)  # MAX_TURNS with the options and players of a game")
        if m.decision_limit is not None:
            w.line("DECISION_LIMIT = staticmethod(decision_limit)  # the most decisions with the options and players of a game")
        if m.action_numbers is not None:
            w.line("ACTION_NUMBERS = staticmethod(last_action_number)  # `actions numbered 0 to N`: N for a game's configuration")
        if m.chance_numbers is not None:
            w.line("CHANCE_NUMBERS = staticmethod(last_chance_number)  # `chance outcomes numbered 0 to N`: N for a game's configuration")
        if m.counts_positions:
            w.line("COUNTS_POSITIONS = True  # a rule asks how often a position has occurred: turn starts record it")
        if m.counts_positions_on:
            w.line(f"COUNTS_POSITIONS_ON = {m.counts_positions_on!r}  # boards whose positions alone are counted: turn starts record them")
        if self.masked_boards:
            masked = tuple(b.name for b in m.boards if b.name in self.masked_boards)
            w.line(f"MASKED_BOARDS = {masked!r}  # boards whose occupied spaces the state keeps as a bit mask: counts read it")
        outside = tuple(c.name for c in m.counters if c.outside_position)
        if outside:
            w.line(f"NOT_POSITION_COUNTERS = {outside!r}  # counters not part of the position (`the position has occurred`)")
        self.steps_table()
        self.rule_tables()
        self.invariants_and_examples()
        w.dedent()
        w.line("")
        w.line("")
        w.line(f"GAME = {class_name}")

    def game_tables(self) -> None:
        """The game's name, source, players, limits, variants, options, components, zones, counters and queues."""
        m, w = self.m, self.w
        w.line(f"GAME_ID = {m.game_id!r}")
        w.line(f"TITLE = {m.title!r}")
        w.line(f"SOURCE = {lit(self.source_name)}")
        w.line(f"MIN_PLAYERS = {m.min_players!r}")
        w.line(f"MAX_PLAYERS = {m.max_players!r}")
        w.line(f"MAX_TURNS = {m.max_turns!r}")
        w.line(f"MAX_MOVES = {max_moves_by_players(m)!r}  # by player count (rulespec/model/moves.py)")
        w.line(f"VARIANTS_APPLIED = {m.variants_applied!r}")
        w.line(f"VARIANTS_AVAILABLE = {m.variants_available!r}")
        w.line(f"OPTIONS = {{{', '.join(f'{o.name!r}: ({o.values!r}, {o.default!r})' for o in m.options)}}}")
        w.line("COMPONENTS = COMPONENTS")
        w.line("ITEM_KIND, ITEM_LABEL, ITEM_ATTRS = ITEM_KIND, ITEM_LABEL, ITEM_ATTRS")
        if self.changing:  # (only then: the other engines stay as they were)
            values = {a: tuple(dict.fromkeys(v for c in m.components for n, vs in c.attributes if n == a for v in vs))
                      for a in self.changing}
            w.line(f"CHANGING = {lit({a: (values[a], kinds) for a, kinds in self.changing.items()})}  "
                   f"# attribute -> (its values, the components whose one can change)")
        w.line(f"LEAVE_OUTS = {tuple((l.players, l.attribute, l.values) for l in m.leave_outs)!r}")
        w.line("ZONES = (")
        w.indent()
        for z in m.zones:
            w.line(f"ZoneInfo({z.name!r}, {z.per_player!r}, {z.visibility!r}, {z.start!r}, {z.cites!r}"
                   f"{', stacked=True' if z.stacked else ''}"
                   f"{f', start_component={z.start_component!r}' if z.start_component else ''}"
                   f"{', size_unseen=True' if z.size_unseen else ''}"
                   f"{f', start_copies={lit(z.start_copies)}' if z.start_copies else ''}"
                   f"{f', at_most={z.at_most!r}, line={z.loc.line!r}' if z.at_most is not None else ''}),")
        w.dedent()
        w.line(")")
        w.line(f"COUNTERS = {{{', '.join(f'{c.name!r}: ({c.per_player!r}, {c.start!r})' for c in m.counters)}}}")
        held = [c for c in m.counters if c.holds != "number"]
        if held:  # counter -> how a position's text writes each value it keeps (written only in a game with one)
            w.line(f"COUNTER_WORDS = {lit({c.name: held_words(m, c) for c in held})}")
        per_space = [c for c in m.counters if c.board is not None]
        if per_space:  # counter -> the board on whose spaces it is kept (written only in a game with one)
            w.line(f"SPACE_COUNTERS = {{{', '.join(f'{lit(c.name)}: {self.boards[c.board]!r}' for c in per_space)}}}")
        w.line(f"QUEUES = {tuple(q.name for q in m.queues)!r}")

    def board_tables(self) -> None:
        """BOARDS (each board's rows, columns, attributes and faces), SHAPES and FITS."""
        m, w = self.m, self.w
        w.line("BOARDS = (")
        w.indent()
        for b in m.boards:
            const = self.board_const(b.name)
            extra = (f", kind='triangles', shape_attribute={b.shape_attribute!r}, marks={b.marks!r}"
                     if b.lattice == "triangles" else
                     f", adjacency={lit(b.adjacency)}" if b.adjacency != "orthogonal" else "")
            if b.lattice == "graph":
                extra = (f", kind='graph', links={lit(b.links)}, directions={lit(b.directions)}, "
                         f"drawn_at={lit(b.drawn_at)}" + (f", marks={lit(b.marks)}" if b.marks else ""))
            if b.row_option or b.column_option:  # rows or columns past an option's value are not in use
                extra += f", row_option={lit(b.row_option)}, column_option={lit(b.column_option)}"
            if b.jumps:  # each jump's leaps, (rows down the map, columns east)
                extra += f", jumps={lit(tuple((j.name, j.offsets) for j in b.jumps))}"
            rows = f"{const}_ROWS" if all(isinstance(r, str) for r in b.row_values) else \
                f"tuple(str(r) for r in {const}_ROWS)"  # numbered rows: BoardInfo keeps their labels
            w.line(f"BoardInfo({b.name!r}, {rows}, {const}_COLUMNS, {b.row_attribute!r}, "
                   f"{b.column_attribute!r}, {const}_FACES{extra}),")
        w.dedent()
        w.line(")")
        if m.shapes:
            w.line("SHAPES = {")
            w.indent()
            for shape in m.shapes:
                w.line(f"{shape.name!r}: {shape.cells!r},", note=cites_text(shape))
            w.dedent()
            w.line("}")
        fits: dict[tuple[str, int], list[str]] = {}
        for fit in m.fits:
            fits.setdefault((fit.component, self.boards[fit.board]), []).append(
                f"fit_{ident(fit.component)}__on__{ident(fit.board)}")
        w.line("FITS = {")
        w.indent()
        for key, fns in fits.items():
            w.line(f"{key!r}: ({', '.join(fns)},),")
        w.dedent()
        w.line("}")

    def steps_table(self) -> None:
        """STEPS: each step's StepInfo, naming its functions."""
        m, w = self.m, self.w
        w.line("STEPS = {")
        w.indent()
        for step in ([m.setup] if m.setup else []) + list(m.steps):
            self.step_info(step)
        w.dedent()
        w.line("}")

    def step_info(self, step: ir.Step) -> None:
        """One step's StepInfo, naming its functions: an automatic step's run, a chance step's outcomes and
        resolve, a choice step's by, options and choices (with what its listing may keep or skip)."""
        w = self.w
        name = ident(step.name)
        params = tuple(p.name for p in step.params)
        typed = f", param_types={tuple(p.type for p in step.params)!r}" if step.params else ""
        if step.kind == "auto":
            w.line(f"{step.name!r}: StepInfo({step.name!r}, 'auto', {params!r}, {step.cites!r}, run=step_{name}{typed}),")
        elif step.kind == "chance":
            # A draw's text that shows no worked-out value reads labels only: the runtime may read it
            # late (when asked) and share one Action per outcome (text_static).
            listing = (f"draw=draw_{name}, text=text_{name}, text_static={(not step.outcome.shown or step.name in self.tabled_texts) and not self.changing!r}"
                       if step.outcome.draw_from is not None else f"outcomes=outcomes_{name}"
                       f"{', listed_once=True' if self.outcomes_listed_once(step) else ''}"
                       f"{f', outcomes_key={self.outcomes_key(step)}' if self.outcomes_key(step) else ''}"
                       f"{f', pick=pick_{name}, text=text_{name}, text_static=True' if step.name in self.picked_as_draws else ''}")
            numbered = f", number=number_{name}, numbered=numbered_{name}" if step.outcome.number is not None else ""
            w.line(f"{step.name!r}: StepInfo({step.name!r}, 'chance', {params!r}, {step.cites!r}, "
                   f"{listing}, resolve=resolve_{name}{typed}{numbered}),")
        else:
            w.line(f"{step.name!r}: StepInfo({step.name!r}, 'choice', {params!r}, {step.cites!r}, by=by_{name}, "
                   f"options=(")
            w.indent()
            for option in step.options:
                base = f"{name}__{ident(option.name)}"
                conditions = tuple((c.text, option.cites) for c in option.conditions)
                numbered = f", number=number_{base}, numbered=numbered_{base}" if option.number is not None else ""
                w.line(f"OptionInfo({option.name!r}, {option.template!r}, {option.cites!r}, options_{base}, "
                       f"effect_{base}, candidates_{base}, first_failing_{base}, {conditions!r}{numbered}),")
            w.dedent()
            w.line(f"), choices=choices_{name}{', distinct=True' if self.distinct[step.name] else ''}"
                   f"{', listed_once=True' if self.listed_once(step) else ''}"
                   f"{', rows_kept=True' if step.name in self.rows_kept else ''}{typed}),")

    def triggers_passed_over_ahead(self) -> frozenset[str]:
        """The triggers a look-ahead passes over (model/unread_ahead.py): TRIGGERS says so, and what a plain
        look-ahead keeps (codegen/options.py imagining) leaves their writes out; one answer for both."""
        return triggers_unread_ahead(self.m)

    def steps_passed_over_ahead(self) -> frozenset[str]:
        """The automatic steps a look-ahead passes over (model/unread_ahead.py): each returns at once there."""
        return steps_unread_ahead(self.m)

    def rule_tables(self) -> None:
        """TRIGGERS, INSTEADS, ENDS and END_CHECKS, SCORES, RANKING, RETURNS and MATCH."""
        m, w = self.m, self.w
        w.line("TRIGGERS = (")
        w.indent()
        unread_ahead = self.triggers_passed_over_ahead()
        for t in m.triggers:
            w.line(f"TriggerInfo({t.name!r}, {self.boards[t.event.board]}, {t.event.causes!r}, "
                   f"trigger_{ident(t.name)}, {t.cites!r}{', unread_ahead=True' if t.name in unread_ahead else ''}),")
        w.dedent()
        w.line(")")
        w.line("INSTEADS = (")
        w.indent()
        for i in m.insteads:
            w.line(f"InsteadInfo({i.name!r}, {i.step!r}, applies_{ident(i.name)}, instead_{ident(i.name)}, "
                   f"{i.cites!r}),")
        w.dedent()
        w.line(")")
        w.line("ENDS = (")
        w.indent()
        for e in m.ends:
            then = f", end_{ident(e.name)}__then" if e.then_step is not None else ""
            if e.draw:  # (written only where declared: other engines stay as they were)
                then += ", draw=True"
            w.line(f"EndInfo({e.name!r}, {e.timing!r}, end_{ident(e.name)}, {e.cites!r}{then}),")
        w.dedent()
        w.line(")")
        w.line(f"END_CHECKS = {{{', '.join(f'{t!r}: {n}' for t, n in self.end_check_names.items())}}}")
        w.line(f"SCORES = {{{', '.join(f'{s.name!r}: score_{ident(s.name)}' for s in m.scores)}}}")
        w.line(f"RANKING = {m.ranking.keys if m.ranking else ()!r}")
        if m.returns is not None and m.returns.form == "value":
            w.line("RETURNS = ('value', returns_of)")
            if shared_returns() and m.returns.var not in free_vars(m.returns.value, {m.returns.var}):
                w.line("RETURNS_SHARED = True", note="every seat's payoff is the same value: worked out once")
        elif m.returns is not None:
            w.line(f"RETURNS = ('result', {(m.returns.win, m.returns.draw, m.returns.loss)!r})")
        if m.returns is not None and m.returns.total is not None:
            w.line(f"RETURNS_SUM = {lit(m.returns.total)}", note=cites_text(m.returns))
        if m.match is not None:
            w.line(f"MATCH = ({m.match.legs!r}, {m.match.totals!r})", note=cites_text(m.match))

    def invariants_and_examples(self) -> None:
        """INVARIANTS and EXAMPLES."""
        m, w = self.m, self.w
        w.line("INVARIANTS = (")
        w.indent()
        for inv in m.invariants:
            if inv.form == "always":
                w.line(f"InvariantInfo({inv.name!r}, {inv.title!r}, 'always', invariant_{ident(inv.name)}, "
                       f"cites={inv.cites!r}),")
            elif inv.form == "on_event":
                w.line(f"InvariantInfo({inv.name!r}, {inv.title!r}, 'on_event', invariant_{ident(inv.name)}, "
                       f"board={self.boards[inv.event.board]}, causes={inv.event.causes!r}, cites={inv.cites!r}),")
            else:
                w.line(f"InvariantInfo({inv.name!r}, {inv.title!r}, 'never_queue', causes={inv.causes!r}, "
                       f"queue={inv.queue!r}, cites={inv.cites!r}),")
        w.dedent()
        w.line(")")
        w.line("EXAMPLES = (")
        w.indent()
        for ex in m.examples:
            w.line(f"({ex.name!r}, {ex.title!r}, {ex.cites!r}, example_{ident(ex.name)}),")
        w.dedent()
        w.line(")")


def shared_returns() -> bool:
    """Whether payoffs as numbers whose value does not read its seat (`returns of p: payoff`: every seat the same,
    a cooperative game's) are worked out once for every seat (Engine.RETURNS_SHARED) rather than once a seat."""
    return True
