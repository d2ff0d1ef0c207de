"""Statements and steps: a step's body, a choice's options, a chance step's outcome, triggers, replacements, invariants."""

from __future__ import annotations

from typing import Optional, Sequence

from ..language import ast
from ..language.errors import did_you_mean
from ..language.grammar import starts_a_value
from ..lib.limits import LIMIT, refusal
from . import ir
from .ir import BOOL, INT, ITEM, SEAT, SEATS, SYMBOL, ZONE, ZONES
from .shuffles import ORDER
from .value_types import BUILTINS, graph_direction_type, space_type, board_of, is_space, is_placement, element_type, describe_type, VALUES_OF

PARAM_TYPES = ("seat", "space", "item", "number", "word", "direction")


class Statements:
    """Statements and steps: checked against the tables (``steps``, ``counters``, ``queues``, ``boards``,
    ``causes``); add to ``used``."""

    EVERY_PLAYER_WORDS = ("all", "every", "everyone", "everybody", "both", "each", "players")

    BY_WHOM_HINT = ("a choice every player makes at once, in secret, is `by each player` (`by each player where C` "
                    "for some); `by any player` is a claim window (whoever acts first); `by player` is one seat, "
                    "the step's parameter `player: seat`")

    def stmts(self, stmts: Sequence, scope: dict[str, str]) -> tuple[ir.S, ...]:
        """The statements of one block; a `let` names its value for the statements after it (and the blocks
        inside them), not for any outside the block."""
        checked = []
        for node in stmts:
            if node.kind == "let":
                value = self.expr(node.value, scope)
                self.let_name(node, scope)
                attribute = self.attribute_of(value) or (
                    scope.get(VALUES_OF + value.name) if isinstance(value, ir.Var) else None)
                scope = self.bind(scope, node.name, value.type, node.loc, attribute=attribute)
                checked.append(ir.Let(node.loc, node.name, value))
                continue
            s = self.stmt(node, scope)
            if s is not None:
                checked.append(s)
        return tuple(checked)

    def let_name(self, node: ast.Let, scope: dict[str, str]) -> None:
        """A `let` may not take a name that already means something where it would be read: a declaration's
        (a definition, counter, zone ...), a value of an attribute or option, or a word of the language a value
        starts with (`count`: read as that word wherever a value is written; `over` or `turned`, which no value
        starts with, are read as the name there). The name already bound in the block is refused by bind."""
        name = node.name
        loc = self._var_loc(node.loc, name)
        if name in scope:
            return
        declared = self.names.get(name)
        if declared is not None and declared.kind != "example":  # (an example's name is never read in a rule)
            kind = self.KIND_WORDS.get(declared.kind, declared.kind)
            self.error(loc, f"`{name}` is already the name of {kind} (line {declared.loc.line})", width=len(name),
                       hint="a `let` would hide it from the statements after it; give this value another name")
        elif name in self.symbols or name in BUILTINS or name == "players" or name in ir.COMPASS \
                or starts_a_value(name):
            what = "a value of an attribute or option" if name in self.symbols else "a word of the language"
            self.error(loc, f"`{name}` is already {what}", width=len(name),
                       hint="give this value another name")

    def stmt(self, node, scope: dict[str, str]) -> Optional[ir.S]:
        kind, loc = node.kind, node.loc
        if kind == "move":
            item = self.expr(node.item, scope, ITEM)
            to = self.expr(node.to, scope)
            if to.type == ZONES:
                self.error(node.to.loc, f"`{to.text}` is kept per player", hint=f"write `{to.text} of <player>`")
            elif to.type not in (ZONE, "?"):
                hint = "use `place ... on ...` to put something on a board" if to.type.startswith("spaces:") or is_space(to.type) else None
                self.error(node.to.loc, f"`{to.text}` is {describe_type(to.type)}, not a zone", hint=hint)
            return ir.Move(loc, item, to, node.cause)
        if kind == "place":
            item = self.expr(node.item, scope, ITEM)
            space = self.expr(node.space, scope)
            if not (is_space(space.type) or is_placement(space.type) or space.type == "?"):
                self.error(node.space.loc, f"`{space.text}` is {describe_type(space.type)}, but a space or a "
                                           f"placement is needed here")
            return ir.Place(loc, board_of(space.type) or "?", item, space, node.cause)
        if kind in ("then", "enqueue"):
            args = self.call_args(node, scope)
            if kind == "then":
                return ir.Then(loc, node.step, args)
            if node.queue not in self.queues:
                self.error(loc, f"there is no queue `{node.queue}`", hint=did_you_mean(node.queue, self.queues))
            self.used.add("queue:" + node.queue)
            return ir.Enqueue(loc, node.queue, node.step, args)
        if kind == "resolve":
            if node.queue not in self.queues:
                self.error(loc, f"there is no queue `{node.queue}`", hint=did_you_mean(node.queue, self.queues))
            self.used.add("queue:" + node.queue)
            return ir.Resolve(loc, node.queue)
        if kind in ("set", "add") and node.counter not in self.counters and node.counter in self.attributes:
            return self.set_attribute(node, scope, kind == "add")
        if kind in ("set", "add"):
            counter = self.counters.get(node.counter)
            seat = None
            if counter is None:
                self.error(loc, f"there is no counter `{node.counter}`", hint=did_you_mean(node.counter, self.counters))
            else:
                self.used.add("counter:" + node.counter)
                if counter.board is not None:
                    return self.set_space_counter(node, counter, scope, kind == "add")
                if counter.per_player and node.seat is None:
                    self.error(loc, f"`{node.counter}` is kept per player", hint=f"write `{node.counter} of <player>`")
                if not counter.per_player and node.seat is not None:
                    self.error(loc, f"`{node.counter}` is not kept per player")
            if node.seat is not None:
                seat = self.expr(node.seat, scope, SEAT)
            held = self.counter_value_type(node.counter) if counter is not None else INT
            if held != INT and kind == "add":
                self.error(loc, f"`{node.counter}` holds {describe_type(held)}, not a number: nothing adds to it",
                           hint=f"write `set {node.counter} to ...`")
            return ir.SetCounter(loc, node.counter, seat, self.expr(node.value, scope, INT if held == "?" else held),
                                 add=(kind == "add"))
        if kind == "if":
            return ir.If(loc, self.expr(node.condition, scope, BOOL), self.stmts(node.then, scope),
                         self.stmts(node.otherwise, scope))
        if kind == "for":
            domain = self.expr(node.domain, scope)
            element = element_type(domain.type)
            if element is None and domain.type != "?":
                self.error(node.domain.loc, f"`{domain.text}` is {describe_type(domain.type)}; there is nothing "
                                            f"to go through")
            start = None
            if node.start is not None:
                start = self.expr(node.start, scope, SEAT)
                if element not in (SEAT, None):
                    self.error(node.start.loc, f"`from` starts a walk of the players clockwise, but `{domain.text}` "
                                               f"is {describe_type(domain.type)}",
                               hint="write `for each p in players from the starting player`")
            return ir.ForEach(loc, node.var, element or "?", domain,
                              self.stmts(node.body, self.bind(scope, node.var, element or "?", loc, domain)), start)
        if kind == "repeat":
            if node.times.kind == "num" and node.times.value > LIMIT.repeat:
                self.error(node.times.loc, refusal("repeat", node.times.value),
                           hint="repeat a step as often as the rulebook says; a game is played by people")
            return ir.Repeat(loc, self.expr(node.times, scope, INT), self.stmts(node.body, scope))
        if kind == "nothing":
            return ir.Nothing(loc)
        if kind == "next_turn":
            return ir.NextTurn(loc, self.expr(node.seat, scope, SEAT))
        if kind == "roll":
            return self.roll(node, scope)
        if kind == "lose":
            return self.lose(node, scope)
        if kind == "shuffle":
            return self.shuffle(node, scope)
        self.error(loc, f"unexpected statement `{self.text(node)}`")
        return None

    def set_space_counter(self, node, counter, scope: dict[str, str], add: bool) -> ir.S:
        """`add 1 to seeds of s`, `set seeds of s to 0`: a counter per space, on a space of its board."""
        value = self.expr(node.value, scope, INT)
        if node.seat is None:
            self.error(node.loc, f"`{node.counter}` is kept per space of {counter.board}",
                       hint=f"write `{node.counter} of <space>`")
            return ir.SetCounter(node.loc, node.counter, None, value, add=add)
        space = self.expr(node.seat, scope)
        if space.type not in (space_type(counter.board), "?"):
            self.error(node.seat.loc, f"`{space.text}` is {describe_type(space.type)}, but `{node.counter} of` needs "
                                      f"a space of {counter.board}")
        return ir.SetCounter(node.loc, node.counter, space, value, add=add)

    def set_attribute(self, node, scope: dict[str, str], add: bool) -> Optional[ir.S]:
        """`set colour of d to white`, `add 1 to level of d`: an attribute declared `can change`, given a
        value of its list (a value the file fixes is checked here, any other when it is set)."""
        attr, loc = node.counter, node.loc
        values = self.attributes[attr]
        numeric = isinstance(values[0], int)
        if attr not in self.changing:
            owners = [c.name for c in self.components.values() if any(a.name == attr for a in c.attributes)]
            self.error(loc, f"`{attr}` of a component cannot change: no component declares it `can change`",
                       hint=f"declare it on the component: `component {owners[0]}: ... , {attr} can change`")
            return None
        if node.seat is None:
            self.error(loc, f"`{attr}` is an attribute of a component: say whose", hint=f"write `{attr} of <component>`")
            return None
        item = self.expr(node.seat, scope, ITEM)
        if add and not numeric:
            self.error(loc, f"`{attr}` is a word ({', '.join(map(str, values))}): nothing to add to",
                       hint=f"write `set {attr} of {item.text} to ...`")
            return None
        value = self.expr(node.value, scope, INT if numeric else SYMBOL)
        self.value_in_list(node.value.loc, attr, value, values, add)
        return ir.SetAttribute(loc, attr, item, value, add)

    def value_in_list(self, loc, attr: str, value: ir.E, values: tuple, add: bool) -> None:
        """A value the file fixes (a word, a number, a seat's value) must be one of the attribute's."""
        if add or value.type == "?":
            return
        if isinstance(value, ir.Const) and value.value not in values:
            self.error(loc, f"`{value.text}` is not a value of `{attr}` ({', '.join(map(str, values))})",
                       hint=did_you_mean(str(value.value), [str(v) for v in values]))
        elif isinstance(value, ir.SeatAttr):
            outside = [v for v in value.values if v not in values and str(v) not in map(str, values)]
            if outside:
                self.error(loc, f"`{value.text}` may be {', '.join(map(str, outside))}, not a value of `{attr}` "
                                f"({', '.join(map(str, values))})")

    def call_args(self, node, scope) -> tuple[ir.E, ...]:
        step = self.steps.get(node.step)
        self.used.add("step:" + node.step)
        if step is None:
            self.error(node.loc, f"there is no step `{node.step}`", hint=did_you_mean(node.step, self.steps))
            return tuple(self.expr(a, scope) for a in node.args)
        if len(node.args) != len(step.params):
            self.error(node.loc, f"`{node.step}` takes {len(step.params)} value(s) "
                                 f"({', '.join(p.name for p in step.params) or 'none'}), not {len(node.args)}")
            return tuple(self.expr(a, scope) for a in node.args)
        return tuple(self.expr(a, scope, self.param_type(p, report=False)) for a, p in zip(node.args, step.params))

    def param_type(self, param: ast.Param, report: bool = True) -> str:
        if param.board is not None:
            return self.directions_param_type(param, report)
        if param.type == "seat":
            return SEAT
        if param.type == "item":
            return ITEM
        if param.type == "number":
            return INT
        if param.type == "word":
            return SYMBOL
        if param.type == "direction":  # a compass word, or a name going through `directions of BOARD`
            return ir.DIRECTION
        if param.type == "space":
            if len(self.boards) == 1:
                return space_type(next(iter(self.boards)))
            if report:
                self.error(param.loc, f"`{param.name}: space` is ambiguous: there are several boards",
                           hint=f"name the board instead: {' or '.join(f'`{param.name}: {b}`' for b in self.boards)}")
            return "?"
        if param.type in self.boards:
            return space_type(param.type)
        if not report:  # reported once, where the parameter is declared
            return "?"
        if param.type in self.attributes:  # `s: suit`, as a counter is typed: a parameter takes any word
            self.error(param.loc, f"`{param.name}: {param.type}`: a parameter holding one of `{param.type}`'s "
                                  f"words is typed `word`", hint=self.word_param_hint(param.name, param.type))
            return "?"
        self.error(param.loc, f"unknown type `{param.type}`", hint=did_you_mean(param.type, PARAM_TYPES)
                   or f"types are {', '.join(PARAM_TYPES)} or a board's name")
        return "?"

    def word_param_hint(self, name: str, attribute: str) -> str:
        values = self.attributes[attribute]
        example = f"`{values[0]}`, " if values else ""
        return (f"write `{name}: word` (a word parameter takes a word of any attribute: {example}"
                f"`{attribute} of c`, ...)")

    def directions_param_type(self, param: ast.Param, report: bool) -> str:
        """`d: direction of B`: one of graph B's named directions (`links around: a-b`); on a grid, a compass
        direction as `d: direction` is."""
        board = self.boards.get(param.board)
        if param.type != "direction" or board is None:
            if report and board is None and param.board in self.attributes and param.type == "word":
                self.error(param.loc, f"`{param.name}: {param.type} of {param.board}`: a parameter holding one of "
                                      f"`{param.board}`'s words is typed `word`",
                           hint=self.word_param_hint(param.name, param.board))
            elif report and param.type != "direction":
                self.error(param.loc, f"`{param.name}: {param.type} of {param.board}`: only a direction is "
                                      f"one of a board's", hint=f"write `{param.name}: direction of {param.board}`"
                                                                 f" or `{param.name}: {param.board}` (a space)")
            elif report:
                self.error(param.loc, f"`{param.board}` is not a board", hint=did_you_mean(param.board, self.boards)
                           or f"boards: {', '.join(self.boards) or 'none'}")
            return "?"
        if board.lattice != "graph":
            return ir.DIRECTION
        if not self.graph_direction_names(board.name):
            if report:
                self.error(param.loc, f"board `{board.name}` is a graph whose links have no named direction",
                           hint="name a direction of its links (`links around: a-b, b-c`)")
            return "?"
        return graph_direction_type(board.name)

    def params(self, params: Sequence[ast.Param]) -> tuple[tuple[ir.Param, ...], dict[str, str]]:
        out, scope = [], {}
        for p in params:
            if p.name in scope:
                self.error(p.loc, f"parameter `{p.name}` appears twice")
            t = self.param_type(p)
            out.append(ir.Param(p.name, t))
            scope[p.name] = t
        return tuple(out), scope

    def step(self, d) -> ir.Step:
        self.cites_of(d, f"{d.kind} `{d.name}`")
        params, scope = self.params(d.params)
        if d.kind == "step":
            return ir.Step(d.name, d.loc, d.cites, d.rulings, "auto", params, body=self.stmts(d.body, scope))
        if d.kind == "chance":
            return self._chance_step(d, params, scope)
        any_player = d.by is None  # a claim window, or a simultaneous decision (`together`): every seat may act
        together_where = None
        if any_player:
            if "player" in scope:
                self.error(d.loc, f"a choice `by {'each' if d.together else 'any'} player` names the acting seat "
                                  f"`player`; rename the parameter")
            by = None
            if d.together_where is not None:
                together_where = self.expr(d.together_where, {**scope, "player": SEAT}, BOOL)
        else:
            who = d.by.id if isinstance(d.by, ast.Name) else None
            if who in self.EVERY_PLAYER_WORDS and who not in scope:
                self.error(d.by.loc, f"unknown name `{who}`", hint=self.BY_WHOM_HINT)
                by = self._bad(d.by)
            else:
                by = self.expr(d.by, scope, SEAT)
        # `by` something unknown: its options still read `player` as the acting seat, so that one mistake in
        # the header is not reported again at every `player` below it
        unknown_chooser = by is not None and by.type == "?" and "player" not in scope
        options = []
        seen = set()
        texts: dict[str, str] = {}  # a text without `{...}` -> the option that shows it
        others = self.options_not_alone(d)  # (what `only when no other option is offered` looks at)
        for option in d.options:
            if option.name in seen:
                self.error(option.loc, f"option `{option.name}` appears twice in `{d.name}`")
            seen.add(option.name)
            if "{" not in option.template and option.template in texts:
                self.error(option.loc, f"options `{texts[option.template]}` and `{option.name}` of `{d.name}` are "
                                       f"both shown as \"{option.template}\"",
                           hint="an action is chosen by its text: give each option a text of its own")
            texts.setdefault(option.template, option.name)
            self.cites_of(option, f"option `{option.name}`", required=False)
            inner = dict(scope)
            bindings = []
            if unknown_chooser:
                inner["player"] = SEAT
            if any_player:  # every seat may take this option: the acting seat is the first thing chosen
                inner["player"] = SEAT
                bindings.append(ir.Binding("player", SEAT, ir.PlayersSet(SEATS, option.loc, "players")))
            for binding in option.bindings:
                domain = self.expr(binding.domain, inner)
                element = element_type(domain.type)
                if element is None and domain.type != "?":
                    self.error(binding.domain.loc, f"`{domain.text}` is {describe_type(domain.type)}; an option "
                                                   f"chooses from a zone, a board or the players")
                inner = self.bind(inner, binding.var, element or "?", binding.loc, domain)
                bindings.append(ir.Binding(binding.var, element or "?", domain))
            number = self.option_number_checked(option, d.name, inner, self.numbered)
            # (several `only if` lines: their conjuncts in order, each placed where its names are bound)
            conditions = tuple(self.expr(c, inner, BOOL) for guard in option.guards for c in self.conjuncts(guard))
            if option.alone is not None and others:  # asked first: it holds rarely, and reads no name it binds
                conditions = (ir.HasLegalMove(BOOL, option.alone, "no other option is offered", by, d.name, True,
                                              others),) + conditions
            if together_where is not None:  # the seats that choose: each of their options asks it first
                conditions = (together_where,) + conditions
            shown = self.template(option.template, inner, option.loc)
            if any_player and "{player}" in option.template:
                self.error(option.loc, "the acting player is already shown before the text",
                           hint="leave `{player}` out of the text")
            if option.after is not None:  # `only if C after it`: tested last, once every name is bound
                conditions += (self.after_it(option.after, inner, params, bindings, d.name, option.name),)
            options.append(ir.ChoiceOption(option.name, option.loc, option.cites, option.rulings, option.template,
                                           tuple(bindings), conditions, self.stmts(option.body, inner), shown,
                                           number, option.alone is not None and bool(others)))
        return ir.Step(d.name, d.loc, d.cites, d.rulings, "choice", params, by=by, options=tuple(options),
                       together=d.together, together_where=together_where)

    def options_not_alone(self, d: ast.ChoiceDecl) -> tuple[str, ...]:
        """The options of ``d`` without `only when no other option is offered`: those the ones with it look at
        (several with it do not look at each other: each is offered when none of these is, as its own conditions
        say). Refused: the line in a choice not made by one player (whose choice would it ask?), and in a choice
        whose every option has it (none is other)."""
        alone = [o for o in d.options if o.alone is not None]
        if not alone:
            return ()
        if d.by is None:
            who = "every player at once" if d.together else "any player"
            self.error(alone[0].alone, f"option `{alone[0].name}` is offered only when no other option is, but "
                                       f"`{d.name}` is a choice made by {who}: whose options would it ask?",
                       hint="offer it in a choice by one player (`choice turn(player: seat) by player`), or give "
                            "it an `only if` of its own")
            return ()
        others = tuple(o.name for o in d.options if o.alone is None)
        if not others:
            self.error(alone[0].alone, f"every option of `{d.name}` is offered only when no other option is: "
                                       f"there is no other option for them to wait on",
                       hint="leave `only when no other option is offered` out of the options a player takes "
                            "when they can")
        return others

    def _chance_step(self, d: ast.ChanceDecl, params: tuple[ir.Param, ...], scope: dict[str, str]) -> ir.Step:
        """A chance step: its outcome (a pick from a collection, a draw from a zone, or a face), shown by its text."""
        outcome = d.outcome
        inner = dict(scope)
        draw_from = None
        pick_from = pick_where = weight = shuffle = None
        weights: tuple[int, ...] = ()
        if outcome.pick_from is not None:
            pick_from = self.expr(outcome.pick_from, scope)
            var_type = element_type(pick_from.type)
            if var_type is None:
                if pick_from.type != "?":
                    self.error(outcome.pick_from.loc, f"`{pick_from.text}` is {describe_type(pick_from.type)}; "
                                                      f"a pick is made from a collection")
                var_type = "?"
            for name in (outcome.var,) + outcome.more_vars:  # (a name twice is refused by bind)
                inner = self.bind(inner, name, var_type, outcome.loc)
            if outcome.pick_where is not None:
                pick_where = self.expr(outcome.pick_where, inner, BOOL)
            if outcome.weight is not None:
                weight = self._outcome_weight(outcome.weight, inner)
        elif outcome.shuffle is not None:
            shuffle = self.expr(outcome.shuffle, scope)  # (what `shuffle` may name is said at the statement)
            inner = self.bind(inner, outcome.var, ORDER, outcome.loc)
            var_type = ORDER
        elif outcome.draw_from is not None:
            draw_from = self.expr(outcome.draw_from, scope)
            if draw_from.type not in (ZONE, "?"):
                self.error(outcome.draw_from.loc, f"`{draw_from.text}` is {describe_type(draw_from.type)}; a draw "
                                                  f"comes from one zone")
            inner = self.bind(inner, outcome.var, ITEM, outcome.loc)
            var_type = ITEM
        else:
            var_type = self._face_type(outcome)
            inner = self.bind(inner, outcome.var, var_type, outcome.loc)
            self.symbols.update(f for f in outcome.faces if isinstance(f, str))
            weights = self._face_weights(outcome)
        shown = self.template(outcome.template, inner, outcome.loc)
        number = self.chance_number_checked(d, inner)
        return ir.Step(d.name, d.loc, d.cites, d.rulings, "chance", params, body=self.stmts(d.body, inner),
                       outcome=ir.Outcome(outcome.template, outcome.var, var_type, draw_from, outcome.faces,
                                          pick_from, pick_where, shown, weights, weight, shuffle,
                                          outcome.more_vars, number))

    def _face_type(self, outcome: ast.Outcome) -> str:
        """The type of a roll's faces: words, or whole numbers (never both)."""
        numbers = [f for f in outcome.faces if isinstance(f, int)]
        if numbers and len(numbers) < len(outcome.faces):
            self.error(outcome.loc, "a roll's faces are all words or all numbers, not both",
                       hint="write every face as a word (`two, four`) or every face as a number (`2, 4`)")
        return INT if numbers else SYMBOL

    def _face_weights(self, outcome: ast.Outcome) -> tuple[int, ...]:
        """`weighted (9, 1)`: one whole number per face, none below 0, not all 0 (checked here: they are constants)."""
        weights = outcome.weights
        if not weights:
            return ()
        faces = ", ".join(str(f) for f in outcome.faces)
        if len(weights) != len(outcome.faces):
            self.error(outcome.loc, f"{len(outcome.faces)} faces ({faces}) but {len(weights)} weights",
                       hint="give one weight per face, in the faces' order")
        elif not any(weights):
            self.error(outcome.loc, "every face is weighted 0: the roll would have no outcome",
                       hint="give at least one face a weight above 0")
        return weights

    def _outcome_weight(self, weight: ast.Expr, scope: dict[str, str]) -> ir.E:
        """`weighted by EXPR`: a whole number per candidate (0: not offered). A constant is checked here; any
        other weight when the rules run (a negative weight, or every weight 0, names this line)."""
        checked = self.expr(weight, scope, INT)
        negated = isinstance(checked, ir.Negate) and isinstance(checked.operand, ir.Const)
        constant = checked.operand if negated else checked
        if isinstance(constant, ir.Const) and isinstance(constant.value, int) and (negated or constant.value <= 0):
            value = -constant.value if negated else constant.value
            self.error(weight.loc, f"every candidate is weighted {value}: the pick would have no outcome",
                       hint="a weight is a whole number, 0 or more; a weight above 0 for some candidate")
        return checked

    def trigger(self, d: ast.TriggerDecl) -> ir.Trigger:
        self.cites_of(d, f"trigger `{d.name}`")
        event = self.event(d.event)
        scope = self.event_scope(d.event)
        return ir.Trigger(d.name, d.loc, d.cites, d.rulings, event, self.stmts(d.body, scope))

    def event(self, e: ast.Event) -> ir.Event:
        if e.board not in self.boards:
            self.error(e.loc, f"there is no board `{e.board}`", hint=did_you_mean(e.board, self.boards))
        for cause in e.causes:
            if cause not in self.causes:
                self.error(e.loc, f"nothing is ever placed `as {cause}`",
                           hint=did_you_mean(cause, self.causes) or f"causes used: {', '.join(self.causes)}")
        return ir.Event(e.board, e.causes)

    def event_scope(self, event: ast.Event) -> dict[str, str]:
        """What a trigger or event invariant may name: the item, its (first) space, who placed it."""
        return {"item": ITEM, "space": space_type(event.board), "player": SEAT}

    def instead(self, d: ast.InsteadDecl) -> ir.Instead:
        self.cites_of(d, f"replacement `{d.name}`")
        step = self.steps.get(d.step)
        scope: dict[str, str] = {}
        params: tuple[ir.Param, ...] = ()
        if step is None:
            self.error(d.loc, f"there is no step `{d.step}` to replace", hint=did_you_mean(d.step, self.steps))
        else:
            self.used.add("step:" + d.step)
            if len(d.params) != len(step.params):
                self.error(d.loc, f"`{d.step}` takes {len(step.params)} value(s); name each of them here")
            typed, _ = self.params(step.params)
            params = tuple(ir.Param(name, p.type) for name, p in zip(d.params, typed))
            scope = {p.name: p.type for p in params}
        return ir.Instead(d.name, d.loc, d.cites, d.rulings, d.step, params, self.expr(d.condition, scope, BOOL),
                          self.stmts(d.body, scope))

    def invariant(self, d: ast.InvariantDecl) -> ir.Invariant:
        self.cites_of(d, f"invariant `{d.name}`")
        event = condition = None
        if d.form == "always":
            condition = self.expr(d.condition, {}, BOOL)
        elif d.form == "on_event":
            event = self.event(d.event)
            condition = self.expr(d.condition, self.event_scope(d.event), BOOL)
        else:
            if d.queue not in self.queues:
                self.error(d.loc, f"there is no queue `{d.queue}`", hint=did_you_mean(d.queue, self.queues))
            for cause in d.causes:
                if cause not in self.causes:
                    self.error(d.loc, f"nothing is ever placed `as {cause}`", hint=did_you_mean(cause, self.causes))
        return ir.Invariant(d.name, d.loc, d.cites, d.rulings, d.title, d.form, condition, event, d.queue, d.causes)
