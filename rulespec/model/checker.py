"""AST -> checked model: apply variants, resolve names, check types, citations and use.

All problems are collected and reported together as one :class:`RuleError`, each with its
location, the offending line, what was expected and a hint.

One :class:`Checker` checks one file (and, for a house rule, its base). What it checks is told by
concern, a module each, joined here as the parts of one class, as they share the checker's state (its
tables and the problems found): how a problem is told (reporting), names and their tables (names),
variants and house rules (variants), dice, expressions and their types (expressions, comparisons),
definitions, statements and steps (statements), the texts players read (shown_texts), boards, the
game's own declarations (declarations), how it ends and is scored (outcomes), limits and costs
(bounds) and examples.
"""

from __future__ import annotations

import re
import string
from typing import Optional, Sequence

from ..language import ast
from ..language.collector import collector_paused
from ..language.errors import Diagnostic, RuleError, SourceText, did_you_mean
from ..lib.suggestions import run_budget
from . import ir
from .ir import BOOL, ITEM, SEAT
from .boards import Boards
from .bounds import Bounds
from .comparisons import Comparisons
from .declarations import Declarations
from .definitions import Definitions
from .dice import Dice
from .examples import Examples
from .expressions import Expressions
from .names import Names
from .outcomes import Outcomes
from .reporting import Reporting
from .shown_texts import ShownTexts
from .statements import Statements
from .value_types import space_type
from .value_types import board_of, expand_items, is_space  # noqa: F401 (the generator and the docs import them here)
from .variants import Variants


class Checker(Reporting, Names, Variants, Dice, Expressions, Comparisons, Definitions, Statements, ShownTexts,
              Boards, Declarations, Outcomes, Bounds, Examples):
    def __init__(self, rule_file: ast.RuleFile, base: Optional[ast.RuleFile] = None,
                 sources: Optional[dict[str, SourceText]] = None):
        self.file = rule_file
        if sources is not None:  # the texts of these files, read into lines already (a variant's check)
            self.sources = sources
        else:
            self.sources = {rule_file.path: SourceText(rule_file.path, rule_file.text)}
            if base is not None:
                self.sources[base.path] = SourceText(base.path, base.text)
        self.base = base
        self.example_variants: dict[str, set[str]] = {}  # an example -> the variants it is about (the one adding it)
        self.applied_variants: set[str] = set()
        self.left_out_of_base: list[str] = []  # the base's declarations for player counts a house rule does not seat
        self.problems: list[Diagnostic] = []
        # One mistake, one error: a name that is not known is reported where it is first used; its other
        # uses only count (see error() and repeated_uses()).
        self.first_report: dict[str, int] = {}  # name -> index in problems of its first report
        self.later_uses: dict[str, list[ast.Loc]] = {}
        # Checking a variant on its own: a variant may leave a declaration unused (it replaced its
        # only user), so "unused" is judged on the game as written, not per variant.
        self.variant_check = False

    def check(self, variants: Sequence[str] = ()) -> ir.Model:
        if not self.variant_check:
            self.check_names()
        decls, available = self.declarations(variants)
        decls = self.expand_dice(self.option_ranges(decls))
        self.collect(decls)
        model = self.build(decls, variants, available)
        if not variants and not self.problems:
            # Every variant the file offers is checked too, so a broken one is found before anyone plays it.
            for variant in available:
                other = Checker(self.file, self.base, sources=self.sources)
                other.variant_check = True
                try:
                    other.check([variant.name])
                except RuleError as error:
                    for problem in error.diagnostics:
                        if problem not in self.problems:
                            self.problems.append(problem)
                finally:
                    _let_go(other)
        if self.problems:
            raise RuleError(self.repeated_uses())
        return model

    def build(self, decls: list, variants: Sequence[str], available: list) -> ir.Model:
        self.bound_declarations(decls, available)
        if len(self.games) != 1:
            loc = self.games[1].loc if len(self.games) > 1 else None
            self.error(loc, "a rule file declares exactly one game" if self.games else "this file declares no game",
                       hint=None if self.games else 'start with `game "Name"` and its `id` and `players` lines')
        game = self.games[0] if self.games else ast.GameDecl(loc=ast.Loc(file=self.file.path, line=1, column=1,
                                                                            end_line=1, end_column=1), name="?")
        if game.id is None and self.games:
            self.error(game.loc, "the game has no id", hint='add a line `id "my-game"` under `game`')
        if self.games and not (2 <= game.min_players <= game.max_players or 1 <= game.min_players <= game.max_players):
            self.error(game.players_loc or game.loc, "the game needs a player count",
                       hint="add `players 2 to 4` under `game`")
        if game.id is not None and not re.fullmatch(r"[a-z][a-z0-9-]*", game.id):
            self.error(self._id_loc(game), f"the game id \"{game.id}\" may use only small letters, digits and -, "
                                           f"starting with a letter",
                       hint="the id names the generated module and its class: write it like `my-game`")
        self.cites_of(game, "the game")

        rulings = tuple(ir.Ruling(d.id, d.loc, d.cites, d.rulings, d.title, d.text) for d in self.rulings.values())
        options = tuple(ir.Option(d.name, d.loc, self.cites_of(d, f"option `{d.name}`"), d.rulings, d.title,
                                  d.values, d.default, d.numeric) for d in self.options.values())
        for d in self.options.values():
            if d.default not in d.values:
                self.error(d.loc, f"the default `{d.default}` is not one of the values",
                           hint=did_you_mean(d.default, d.values))
        self.items_bounded = self.count_items()
        components = tuple(ir.Component(d.name, d.loc, self.cites_of(d, f"component `{d.name}`"), d.rulings,
                                        tuple((a.name, a.values) for a in d.attributes), d.copies, d.shown_as,
                                        tuple(a.name for a in d.attributes if a.ordered))
                           for d in self.components.values())
        for d in self.components.values():
            if d.shown_as and self.template_ok(d.shown_as, d.loc if "shown" in self._line(d.loc) else
                                               self._shown_loc(d)):
                fields = {f for _, f, _, _ in string.Formatter().parse(d.shown_as) if f}
                attrs = {a.name for a in d.attributes}
                for f in sorted(fields - attrs):
                    self.error(d.loc, f"`shown as` uses {{{f}}}, which `{d.name}` does not have",
                               hint=did_you_mean(f, attrs))
        leave_outs = []
        for d in decls:
            if d.kind != "leave_out" or self._inherited_for_unseated_count(d, d.players, "leave-out"):
                continue
            self.cites_of(d, "this leave-out")
            if not d.players:
                if d.values[0] not in self.components:
                    self.error(d.loc, f"there is no component `{d.values[0]}`",
                               hint=did_you_mean(d.values[0], self.components))
                leave_outs.append(ir.LeaveOut(f"leave out every {d.values[0]}", d.loc, d.cites, d.rulings, 0, "",
                                              d.values))
                continue
            values = self.attributes.get(d.attribute)
            if values is None:
                self.error(d.loc, f"no component has the attribute `{d.attribute}`",
                           hint=did_you_mean(d.attribute, self.attributes))
            else:
                for v in d.values:
                    if v not in values:
                        self.error(d.loc, f"`{v}` is not a {d.attribute}", hint=did_you_mean(v, [str(x) for x in values]))
            if self.games and not game.min_players <= d.players <= game.max_players:
                self.error(d.loc, f"the game is not played with {d.players} players")
            leave_outs.append(ir.LeaveOut(f"leave out with {d.players} players", d.loc, d.cites, d.rulings,
                                          d.players, d.attribute, d.values))
        zones = tuple(ir.Zone(d.name, d.loc, self.cites_of(d, f"zone `{d.name}`"), d.rulings, d.per_player,
                              d.visibility, d.start, d.stacked, d.start_component, d.size_unseen)
                      for d in self.zones.values())
        for d in self.zones.values():
            if d.start_component is not None:
                if d.start_component not in self.components:
                    self.error(d.loc, f"there is no component `{d.start_component}`",
                               hint=did_you_mean(d.start_component, self.components))
                if d.per_player:
                    self.error(d.loc, f"zone `{d.name}` is one per player; only a shared zone can hold components "
                                      f"at the start")
        claimed = {z.start_component for z in zones if z.start_component}
        if set(self.components) - claimed and not any(z.start == "in_play" for z in zones):
            self.error(game.loc, "no zone holds the components at the start",
                       hint="add `, holds every component in play` to one shared zone")
        if leave_outs and not any(z.start == "left_out" for z in zones):
            self.error(leave_outs[0].loc, "components are left out, but no zone holds them",
                       hint="add `, holds every component left out` to a shared zone (the box)")
        for z in zones:
            if z.start and z.per_player:
                self.error(z.loc, f"zone `{z.name}` is one per player; only a shared zone can hold components at the start")
        counters = tuple(ir.Counter(d.name, d.loc, self.cites_of(d, f"counter `{d.name}`"), d.rulings, d.per_player,
                                    d.start) for d in self.counters.values())
        queues = tuple(ir.Queue(d.name, d.loc, self.cites_of(d, f"queue `{d.name}`"), d.rulings)
                       for d in self.queues.values())
        boards = tuple(self.board(d) for d in self.boards.values())
        shapes = tuple(self.shape(d) for d in self.shapes.values())
        self.bound_boards(boards, shapes)
        fits = []
        fit_first: dict[tuple[str, str], object] = {}
        for d in decls:
            if d.kind != "fit":
                continue
            self.cites_of(d, "this fit")
            first = fit_first.setdefault((d.component, d.board), d.loc)
            if first is not d.loc:
                # one fit per component and board: where it fits is one condition (and one generated table)
                self.error(d.loc, f"`fit {d.component} on {d.board}` is declared twice",
                           hint=f"the first is at {first}; join the two conditions with `or` in one fit")
                continue
            if d.component not in self.components:
                self.error(d.loc, f"there is no component `{d.component}`", hint=did_you_mean(d.component, self.components))
            if d.board not in self.boards:
                self.error(d.loc, f"there is no board `{d.board}`", hint=did_you_mean(d.board, self.boards))
                continue
            scope = {"item": ITEM, "space": space_type(d.board)}
            condition = self.expr(d.condition, scope, BOOL) if d.condition is not None else None
            fits.append(ir.Fit(f"fit {d.component} on {d.board}", d.loc, d.cites, d.rulings, d.component, d.board,
                               condition))

        setups = [d for d in decls if d.kind == "setup"]
        setup = None
        if setups:
            d = setups[0]
            setup = ir.Step("setup", d.loc, self.cites_of(d, "setup"), d.rulings, "auto", (),
                            body=self.stmts(d.body, {}))
        turns_decl = next((d for d in decls if d.kind == "turns"), None)
        turns, turn_step, first_seat, skip_when = None, None, 0, None
        if turns_decl is None:
            self.error(game.loc, "the game has no turns",
                       hint="add `turns go clockwise from player 1, each turn runs <step>`")
        else:
            self.cites_of(turns_decl, "turns")
            turns = ir.Cited("turns", turns_decl.loc, turns_decl.cites, turns_decl.rulings)
            turn_step, first_seat = turns_decl.step, turns_decl.first_seat - 1
            if self.games and not 1 <= turns_decl.first_seat <= game.min_players:
                self.error(turns_decl.loc, f"there is no player {turns_decl.first_seat} in a "
                                           f"{game.min_players}-player game",
                           hint=f"the first turn goes to a player from 1 to {game.min_players}")
            if turns_decl.skip_when is not None:
                skip_when = self.expr(turns_decl.skip_when, {turns_decl.skip_var: SEAT}, BOOL)
            self.used.add("step:" + turn_step)
            step = self.steps.get(turn_step)
            if step is None:
                self.error(turns_decl.loc, f"there is no step `{turn_step}`", hint=did_you_mean(turn_step, self.steps))
            elif [p.type for p in step.params] != ["seat"]:
                self.error(step.loc, f"`{turn_step}` runs each turn, so it takes exactly one player: "
                                     f"`{turn_step}(player: seat)`")

        self.definition_cycles()
        for name in self.defines:  # in file order, so that their own mistakes are reported in file order
            self.definition(name)
        steps = tuple(self.step(d) for d in decls if d.kind in ("step", "choice", "chance"))
        triggers = tuple(self.trigger(d) for d in decls if d.kind == "trigger")
        insteads = tuple(self.instead(d) for d in decls if d.kind == "instead")
        ends = tuple(self.end(d) for d in decls if d.kind == "end")
        if not ends and self.games:
            self.error(game.loc, "the game never ends", hint="add an `end` declaration")
        scores = tuple(self.score(d) for d in decls if d.kind == "score")
        self.score_cycles(scores)
        rankings = [d for d in decls if d.kind == "ranking"]
        ranking = self.ranking(rankings[0]) if rankings else None
        self.won_cycles(scores, ranking)
        returns = [self.returns(d) for d in decls if d.kind == "returns"]
        invariants = tuple(self.invariant(d) for d in decls if d.kind == "invariant")
        self.look_alike_texts(steps)
        self.checked_steps, self.checked_boards = steps, boards  # what an example's action texts are matched against
        self.deferred_actions: list = []
        self.example_decls = decls
        examples = tuple(self.example(d) for d in decls if d.kind == "example"
                         and not self._inherited_for_unseated_count(
            d, next((line.number for line in d.lines if line.what == "players"), 0), "example"))
        # Examples about variants this model does not apply (`with variant ...`): `rulespec check` runs them
        # under their own variants too.
        elsewhere = tuple((d.name, tuple(sorted(self.example_own_variants(d)))) for d in self.examples_set_aside
                          if d.variants and set(d.variants) <= {v.name for v in available})
        matches = [self.match(d) for d in decls if d.kind == "match"]
        if len(matches) > 1:
            self.error(matches[1].loc, "a game has at most one match")
        for v in available:
            self.cites_of(v, f"variant `{v.name}`")

        # A declaration left unused by a mistake elsewhere (a misspelt use) is not a second mistake: unused
        # declarations are reported once the rest checks.
        if not self.variant_check and not variants and not self.problems:
            self.report_unused(decls)
        model = ir.Model(
            game_id=game.id or "game", title=game.name, source_path=self.file.path, source_text=self.file.text,
            rulebook=game.rulebook, game_cites=tuple(game.cites) + tuple(game.players_cites) + tuple(game.max_turns_cites),
            min_players=game.min_players, max_players=game.max_players, max_turns=game.max_turns,
            variants_applied=tuple(variants), variants_available=tuple((v.name, v.title) for v in available),
            variant_cites=tuple(c for v in available for c in v.cites),
            rulings=rulings, options=options, components=components, leave_outs=tuple(leave_outs), zones=zones,
            counters=counters, queues=queues, boards=boards, shapes=shapes, fits=tuple(fits), setup=setup, turns=turns,
            turn_step=turn_step, first_seat=first_seat, skip_var=turns_decl.skip_var if turns_decl else None,
            skip_when=skip_when, steps=steps, triggers=triggers, insteads=insteads, ends=ends,
            scores=scores, ranking=ranking, invariants=invariants, examples=examples,
            match=matches[0] if matches else None, causes=tuple(self.causes),
            definitions=tuple(self.definitions[name] for name in self.defines if name in self.definitions),
            returns=returns[0] if returns else None,
            seat_attributes=tuple(self.seat_attribute(d, game) for d in self.seat_attributes.values()),
            left_out_of_base=tuple(self.left_out_of_base),
            dice=tuple(ir.Dice(d.name, d.loc, d.cites, d.rulings, d.attribute.name, d.attribute.values, str(d.count),
                               d.per_player, d.holder, d.visibility, *self.dice_names(d), d.lost)
                         for d in self.dice.values()),
            examples_elsewhere=elsewhere,
        )
        if not self.problems:
            self.running_deferred = True
            for check_action in self.deferred_actions:
                check_action()
        self.bound_nesting(model)
        self.fixed_conditions(model)
        if not self.problems:  # estimated on a sound model only: a broken one has unknown types and names
            self.bound_work(model)
        return model


def check(rule_file: ast.RuleFile, variants: Sequence[str] = (), base: Optional[ast.RuleFile] = None) -> ir.Model:
    """Check a parsed rule file (with the named variants applied) and return its model."""
    # (every did-you-mean of one check shares a budget of work: rulespec/lib/suggestions.py)
    with collector_paused(), run_budget():  # as the parse (rulespec/language/collector.py)
        checker = Checker(rule_file, base)
        try:
            return checker.check(variants)
        finally:
            _let_go(checker)


def _let_go(checker: Checker) -> None:
    """Drop what a finished checker holds (its tables, the model's parts, closures of its deferred checks).

    Its nested helpers that call themselves, and the deferred checks it keeps, are closures over it:
    reference cycles, which kept the checker, and through it the AST and a whole model, alive until the
    cyclic collector ran (a sixth of a warm pass over the bundled games went on collections). Let go
    here, they are freed by reference counting at once (tests/core/test_collector.py)."""
    checker.__dict__.clear()
