"""AST -> checked model: apply variants, resolve names, check types, citations and use.

All problems are collected and reported together as one :class:`RuleError`, each with its
location, the offending line, what was expected and a hint.

One :class:`Checker` checks one file (and, for a house rule, its base). What it checks is told by
concern, a module each, joined here as the parts of one class, as they share the checker's state (its
tables and the problems found): how a problem is told (reporting), names and their tables (names),
variants and house rules (variants), dice, expressions and their types (expressions, comparisons),
definitions, statements and steps (statements), a move read ahead (lookahead), the texts players read (shown_texts), boards, the
game's own declarations (declarations), how it ends and is scored (outcomes), limits and costs
(bounds) and examples.
"""

from __future__ import annotations

from typing import Optional, Sequence

from ..language import ast
from ..language.collector import collector_paused
from ..language.errors import Diagnostic, RuleError, SourceText
from ..lib.suggestions import run_budget
from . import ir
from .action_numbers import ActionNumbers
from .board_moves import BoardMoves
from .boards import Boards
from .bounds import Bounds
from .comparisons import Comparisons
from .counter_values import CounterValues
from .declarations import Declarations
from .definitions import Definitions
from .dice import Dice
from .example_blocks import ExampleBlocks
from .examples import Examples
from .expressions import Expressions
from .graphs import Graphs
from .holds import Holding
from .lookahead import LookAhead
from .names import Names
from .outcomes import Outcomes
from .reporting import Reporting
from .shown_texts import ShownTexts
from .shuffles import Shuffles
from .statements import Statements
from .then_order import reads_before_set
from .turn_limit import TurnLimits
from .value_types import board_of, is_space  # noqa: F401 (rulespec/codegen imports them from here)
from .variants import Variants
from .zone_starts import ZoneStarts


class Checker(Reporting, Names, Variants, Dice, Shuffles, Expressions, Holding, Comparisons, Definitions, Statements,
              LookAhead, ShownTexts, Boards, Graphs, BoardMoves, Declarations, ZoneStarts, Outcomes, Bounds, Examples,
              ExampleBlocks, TurnLimits, ActionNumbers, CounterValues):
    def __init__(self, rule_file: ast.RuleFile, base: Optional[ast.RuleFile] = None,
                 sources: Optional[dict[str, SourceText]] = None):
        self.file = rule_file
        self.base = base
        if sources is not None:  # the texts of these files, read into lines already (a variant's check)
            self.sources = sources
        else:
            self.sources = {rule_file.path: SourceText(rule_file.path, rule_file.text)}
            while base is not None:  # (a house rule's base may extend another in turn)
                self.sources[base.path] = SourceText(base.path, base.text)
                base = base.base
        self.example_variants: dict[str, set[str]] = {}  # an example -> the variants it is about (the one adding it)
        self.applied_variants: set[str] = set()
        self.replaced: list = []  # (a base declaration, this file's change to it): see Variants.merged_with_base
        self.removed: dict[str, ast.Removal] = {}
        self.fractions_allowed: set[int] = set()  # the `a / b` nodes that stand where a return's value may be exact
        self.removed_decls: dict[str, ast.Node] = {}
        self.merged_decls: list = []
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
        decls = self.expand_shuffles(self.expand_dice(self.option_ranges(decls)))
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
        """The model of the declarations as checked; its parts are made in the order their mistakes are told."""
        self.bound_declarations(decls, available)
        game = self.game_header()
        rulings, options, components = self.rulings_options_components()
        leave_outs = self.leave_outs_checked(decls, game)
        zones = self.zones_checked(game, leave_outs)
        counters, queues, boards, shapes = self.holders_and_boards()
        fits = self.fits_checked(decls)
        setup = self.setup_step(decls)
        turns_decl, turns, turn_step, first_seat, skip_when = self.turn_order(decls, game)
        self.definition_cycles()
        for name in self.defines:  # in file order, so that their own mistakes are reported in file order
            self.definition(name)
        max_turns, turn_limit = self.turn_limit_checked(game)
        decision_limit = self.decision_limit_checked(game)
        self.numbered = game.action_numbers is not None  # (each option says `numbered`: statements.py)
        action_numbers = self.action_numbers_checked(game)
        self.chance_numbered = game.chance_numbers is not None  # (each chance step says `numbered`: statements.py)
        chance_numbers = self.chance_numbers_checked(game)
        steps = tuple(self.step(d) for d in decls if d.kind in ("step", "choice", "chance"))
        self.legal_move_cycles(steps, turn_step)
        self.setup_reads_checked(setup, steps)
        triggers = tuple(self.trigger(d) for d in decls if d.kind == "trigger")
        insteads = tuple(self.instead(d) for d in decls if d.kind == "instead")
        self.look_ahead_limits(steps, triggers, insteads)
        ends = tuple(self.end(d) for d in decls if d.kind == "end")
        if not ends and self.games:
            removed_end = next((self.removed[name] for name, d in self.removed_decls.items() if d.kind == "end"), None)
            if removed_end is not None:  # (told at the house rule's line, not at the base's game)
                self.error(removed_end.loc, f"without end `{removed_end.target}` the game never ends",
                           hint="declare an end of this file's own in its place, or keep this one")
            else:
                self.error(game.loc, "the game never ends", hint="add an `end` declaration")
        scores = tuple(self.score(d) for d in decls if d.kind == "score")
        self.score_cycles(scores)
        rankings = [d for d in decls if d.kind == "ranking"]
        ranking = self.ranking(rankings[0]) if rankings else None
        self.won_cycles(scores, ranking)
        returns = [self.returns(d) for d in decls if d.kind == "returns"]
        invariants = tuple(self.invariant(d) for d in decls if d.kind == "invariant")
        self.look_alike_texts(steps)
        examples, elsewhere = self.examples_checked(decls, steps, boards, available)
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
            rulebook=game.rulebook, game_cites=tuple(game.cites) + tuple(game.players_cites) + tuple(game.max_turns_cites)
            + tuple(game.decision_limit_cites) + tuple(game.action_numbers_cites) + tuple(game.chance_numbers_cites),
            min_players=game.min_players, max_players=game.max_players, max_turns=max_turns,
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
            examples_elsewhere=elsewhere, asks_legal_moves=self.asks_legal_moves,
            counts_positions=self.counts_positions, turn_limit=turn_limit, decision_limit=decision_limit,
            action_numbers=action_numbers, chance_numbers=chance_numbers,
            counts_positions_on=tuple(name for name in self.boards if name in self.counts_positions_on),
            clause_texts=self.clause_texts_checked(),
        )
        self.run_deferred_actions()
        self.bound_model(model)
        return model

    def setup_reads_checked(self, setup: Optional[ir.Step], steps: Sequence[ir.Step]) -> None:
        """A set-up line that reads what a step its earlier `then` starts sets: read before that step runs
        (then_order.py)."""
        definitions = [self.definitions[name] for name in self.defines if name in self.definitions]
        told: set[tuple[str, str]] = set()
        for value, kind, name, step in reads_before_set(setup, steps, definitions):
            if (kind, name) in told:  # (one mistake, told once: at the first value that reads it)
                continue
            told.add((kind, name))
            done = "sets it" if kind == "counter" else "moves anything into it"
            self.error(value.loc, f"the set-up reads {kind} `{name}` here before `{step}` {done}: a set-up's "
                                  f"`then`s start their steps once all its own lines have run",
                       hint=f"put the lines from here on in a step of their own, and start it with a `then` "
                            f"after `then {step}(...)`")


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
