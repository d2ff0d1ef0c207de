"""Checked model -> readable Python engine module.

Stage four of the pipeline. One ``visit_<Node>`` per IR node, as in Jinja2's CodeGenerator; the
generated module imports its helpers from :mod:`rulespec.runtime` instead of inlining them, and
every function says in its docstring which rulebook clauses it implements and which rule-file
lines it came from. Names and texts from the rule file reach the output only through
:mod:`rulespec.codegen.quoting` (checked identifiers, ``repr()`` literals, escaped comments and
docstrings): nothing in a rule file is executed.

CodeGenerator is put together from one part per construct, each in its own module of this package
(expressions, counts, statements, declarations, options, choices, ends, examples, the engine class, ...);
this module holds its state, the module's skeleton and tables, and the check of what it wrote.
"""

from __future__ import annotations

import opcode
import os
from types import CodeType
from typing import Optional, Sequence, Union

from ..language.ast import named_step_of
from ..language.collector import collector_paused
from ..model import ir, reads
from ..model.first_thens_once import FirstThensOnce
from ..model.lookahead import looks_through_then
from .chance import Chance
from .cheap_first import CheapFirst
from .choices import Choices
from .board_tallies import BoardTallies
from .connected import KeptConnected
from .content_definitions import ContentDefinitions
from .counter_definitions import CounterDefinitions
from .content_tables import ContentTables
from .passing_items import PassingItems
from .indexed_firsts import IndexedFirsts
from .held_counts import HeldCounts
from .line_walks import LineWalks
from .ends_calls import EndsCalls
from .ends_watch import EndsWatch
from .row_blocks import RowBlocks
from .whole_lines import WholeLines
from .counts import Counts
from .item_values import ItemValueTables
from .item_definitions import ItemDefinitions
from .content_directions import ContentDirections
from .declarations import Declarations
from .engine_class import EngineClass
from .ends import Ends
from .examples import Examples
from .expressions import Expressions
from .guards import Guards
from .hoisted import HoistedReads
from .joined_groups import JoinedGroups
from .connected_each import ConnectedFromEach
from .kept_values import KeptValues
from .known_on_board import KnownOnBoard
from .lean_look_ahead import LeanLookAhead
from .filtered_walks import FilteredWalks
from .found_loops import FoundLoops
from .one_a_column import OneAColumn
from .later_answers import LaterAnswers
from .listed_answers import ListedAnswers
from .held_spaces import HeldSpaces
from .member_walks import MemberWalks
from .listing_loops import ListingLoops
from .listing_plans import ListingPlans
from .loop_invariants import LoopInvariants
from .narrowing import Narrowing
from .one_group import OneGroup
from .reach_masks import ReachMasks
from .every_between import EveryBetween
from .options import Options, candidate_text_may_fail
from .quoting import UnsafeText, comment, docstring, ident, lit
from .related_pairs import RelatedPairs
from .related_spaces import RelatedSpaces
from .outcomes_by_counters import OutcomesByCounters
from .rows_kept_by_counters import RowsKeptByCounters
from .spaces_by_value import SpacesByValue
from .seat_walks import SeatWalks
from .shared_walks import SharedWalks
from .shifted_places import ShiftedPlaces
from .steps_again import StepsAgain
from .statements import Statements
from .steps_in_order import StepsInOrder
from .by_direction import ByDirection
from .texts import Texts
from .version import GENERATOR_VERSION, source_hash  # noqa: F401 (GENERATOR_VERSION is bumped in version.py)
from .writer import Writer, cites_text
from .written_out_for_once import WrittenOutForOnce


class CodeGenerator(Expressions, KnownOnBoard, HoistedReads, Counts, ItemValueTables, WholeLines, Narrowing, ShiftedPlaces, RelatedSpaces, RelatedPairs, SpacesByValue, SeatWalks, LineWalks, JoinedGroups, ConnectedFromEach, KeptConnected, BoardTallies,
                    KeptValues, FoundLoops, Statements, StepsAgain, StepsInOrder, ByDirection, Texts, Declarations, Guards, Chance, OutcomesByCounters, Options,
                    Choices, SharedWalks, RowBlocks, ListedAnswers, LaterAnswers, ListingPlans, RowsKeptByCounters, ListingLoops, HeldSpaces, MemberWalks, LoopInvariants,
                    LeanLookAhead, FilteredWalks, OneAColumn, WrittenOutForOnce, EndsCalls, OneGroup, CheapFirst, ContentTables, ContentDefinitions, CounterDefinitions, ItemDefinitions, ContentDirections, PassingItems, IndexedFirsts, HeldCounts, ReachMasks, EveryBetween,
                    Ends, EndsWatch, Examples, EngineClass):
    """One engine module from one checked model: ``module()`` writes it, once."""

    def __init__(self, model: ir.Model, source_name: Union[str, "os.PathLike[str]"]):
        self.m = model
        self.kept_values_start()  # (no definition's value kept from an `if`'s condition yet: kept_values.py)
        self.counters_marked = False  # inside a block or loop that cleared the ends' mark before it (see loop_body)
        self.text_tables: dict[tuple[str, str], str] = {}  # (template, type of its one field) -> table name
        self.picked_as_draws: set[str] = set()  # chance steps whose picks of spaces are listed as draws (StepInfo.pick)
        self.tabled_texts: set[str] = set()  # chance steps whose outcome texts are read from such a table
        self.source_name = os.fspath(source_name)  # (a path given as a Path: its text, quoted as any text)
        if not isinstance(self.source_name, str):
            raise UnsafeText(f"a rule file's name is a text, not {type(self.source_name).__name__}")
        self.w = Writer()
        self.boards = {b.name: i for i, b in enumerate(model.boards)}
        self.definitions = {d.name: d for d in model.definitions}
        self.indexed_end_definitions = self.definitions_of_indexed_ends()  # (connected.py)
        self.few_units = False  # writing an indexed end's test, or a definition only such tests read (connected.py)
        self.zone_per_player = {z.name: z.per_player for z in model.zones}
        self.steps = {s.name: s for s in model.steps}
        if model.setup is not None:
            self.steps["setup"] = model.setup
        self.scores = {s.name for s in model.scores}
        self.var_types: dict[str, str] = {}
        # While listing an option's candidates: the names it binds, and each count that depends on none
        # of them, kept in a local once first counted (see once()); depth > 0 inside count/total/any.
        self.bound: Optional[set[str]] = None
        self.counted: dict[str, str] = {}
        self.places_used: dict[str, str] = {}  # `number of V`'s tables read, each its line (expressions.py)
        self.places_written = False  # (once they are put in, a `number of V` written after keeps its dict)
        self.filtered_codes: set[str] = set()  # inner walks filtered once by their own tests (filtered_walks.py)
        # ... and each count or call that reads one of them (one the listing binds inside another walk, so that
        # it meets each value more than once: ``repeated``), kept in a dict by that name's value (see once())
        self.repeated: set[str] = set()
        # ... or one bound by a loop outside the one whose conditions are being written (``outer``: `size(r)` in
        # `for r in ..., n in ... only if n <= size(r)`), met again for every value of the inner names
        self.outer: set[str] = set()
        self.memoed: dict[str, str] = {}
        self.depth = 0
        self.unit_line: Optional[tuple] = None  # (board, space var, direction var, length) of an indexed end's unit
        # An indexed end's `for each p` (or a definition's seat parameters): ({p}, {code of a value of p's seat, or
        # of a seat a fixed step from it: its local}) while its test is made, so that each value is read once per
        # seat, not once per unit (see indexed_end_test) or per loop turn (Guards.read_first)
        self.seat_values: Optional[tuple[frozenset[str], dict[str, str]]] = None
        self.board_code: dict[int, str] = {}  # board -> the local holding its contents (an indexed end's loop)
        self.towards_used: set[tuple[int, int]] = set()  # (board, direction) tables read through toward_ locals
        self.line_lengths_used: set[tuple[int, int]] = set()  # (board, length) line tables read through lines_ locals
        self.cell_attrs_used: dict[str, str] = {}  # attribute -> the local holding its CELL_ATTRS table
        self.plans: list[tuple] = []  # the options of the choice step being written, as choices() lists them
        # (item name, names read besides it, code) of an item test (see item_test) -> (its ItemTests table's
        # name, the names it reads besides the item, the item's name, the test's rule text)
        self.item_tests: dict[tuple, tuple[str, tuple[str, ...], str, str]] = {}
        # a test of one space's content read from a table by it (content_tables.py): its code of the content ->
        # (its ContentTests table's name, its parameters, whether it is kept by values, the test's rule text)
        self.content_tests: dict[str, tuple[str, str, bool, str]] = {}
        # a definition of items read from a table made once (item_definitions.py): its name -> (the table's name,
        # how many items it is given, its rule text)
        self.item_definitions: dict[str, tuple[str, int, str]] = {}
        # a definition of a space's content and a direction read from a table by content (content_directions.py):
        # its name -> (the table's name, its text)
        self.content_directions: dict[str, tuple[str, str]] = {}
        # (step, option) -> its last bound name, when that walks a board's legal placements and the option's
        # text reads labels only: its rows are kept per setup (choices(), Tables.placement_rows)
        self.kept_walks: dict[tuple[str, str], str] = {}
        # (step, option) -> its `then`s split where the first are carried out once for every value of the last
        # bound name in its listings' look-ahead (model/first_thens_once.py, Options.ahead_function)
        self.thens_once: dict[tuple[str, str], FirstThensOnce] = {}
        self.distinct: dict[str, bool] = {}  # choice step -> no two of its choices can read the same
        self.rows_kept: set[str] = set()  # choice steps whose choices_ keeps its rows by what it reads (LISTED_)
        self.labels_distinct: Optional[bool] = None  # whether no two components read the same
        # Attributes declared `can change` (read from st._attrs) and, then, labels read from the state (st._labels)
        self.changing = model.changing_attributes
        self.kinds: dict[str, str] = {}  # item name -> the local holding its component kind (choices())
        self.counter_lists: Optional[dict[str, str]] = None  # counter -> local, in a function that only reads
        self.in_example = False  # writing an example's lines (see visit_SeatConst)
        # (board, name) of the spaces an `and` has found occupied so far: their occupant read from the contents
        self.known_occupied: frozenset[tuple[str, str]] = frozenset()
        # (step, seat) of a legal-move question several ends of one check ask (its seat naming no bound name),
        # and its call -> the local keeping its answer (see Ends.end_checks)
        self.legal_moves_asked_again: frozenset[tuple[str, str]] = frozenset()
        self.legal_moves_kept: dict[str, str] = {}
        self.ends_calls_kept: dict[str, str] = {}  # definitions several ends of the check being written ask -> their dict
        self.ends_calls_used: set[str] = set()  # those dicts read in it (ends_calls.py)
        self.legal_moves_timing: Optional[str] = None  # the timing whose ends are being written (Ends.turn_listing_kept)
        self.var_code: dict[str, str] = {}  # a variable written as other code (a space of a line unrolled)
        self.scans: list[str] = []  # the walks' sizes counted by loops for the test being written (guards.py scan)
        self.toward_tables: dict[int, str] = {}  # board -> the local holding its steps (Guards.read_first)
        self.ray_tables: Optional[set[int]] = None  # in a definition: the boards whose rays it reads by direction
        # While a listing is written: its step, each option's [first line, line after, level] of its rows, and
        # the options whose rows are counted to answer a later option's question (listed_answers.py)
        self.listing_step = ""
        self.rows_listed: Optional[set[str]] = None  # in a listing: the options whose rows are listed (Choices)
        self.others_rows: Optional[str] = None  # in a listing: what the options not offered alone listed (Choices)
        self.option_spans: dict = {}  # option k, or a shared walk's options (a tuple), -> its span
        self.options_counted: set = set()
        # the options listed as if their question held, later options' rows answering it, and the options whose
        # rows' ends are marked for that (later_answers.py)
        self.answered_later: dict = {}
        self.rows_marked: set = set()
        self.inline_ids: set[int] = set()  # the `then`s of the body being written that run at once (inline_thens)
        # (the step being written, the `then`s of its body that are its loop's next turn) when it runs again by a
        # loop (steps_again.py); None elsewhere
        self.looping: Optional[tuple[ir.Step, set[int]]] = None
        self.steps_again_used = False  # whether a step runs again by a loop (steps_again_spent, imported then)
        # Inside a function that reads its zones through locals (see zone_locals): zone -> what it reads of it
        # ("index": where its zones start, "pile": a shared zone's list); None elsewhere.
        self.zone_code: Optional[dict[str, set]] = None
        self.listed_keys: list[str] = []  # choice steps whose rows are kept with a board's contents (their number: key)
        self.connected_keys: dict[tuple, int] = {}  # a kept `connected` (board, names, tests) -> its number (key)
        # a kept `connected`'s number -> (its REACH_ENDS_ function's name, parameters, tests, rule text)
        self.reach_ends_made: dict[int, tuple[str, list[str], list[str], str]] = {}
        self.each_walked: frozenset[str] = frozenset()  # the definition being written's parameters a walk binds
        self.each_tests_made: dict[tuple, tuple[int, str]] = {}  # (parameters, tests) -> (number, text): EACH_TESTS_
        self.joined_used: set[str] = set()  # the runtime.joined functions called (imported then: joined_groups.py)
        self.space_tests_made: dict[tuple, tuple] = {}  # (parameters, test) -> (number, parameters, test, text): SPACES_
        self.fill_tests_made: dict[str, tuple[str, str]] = {}  # a fill on integers' test -> (FILL_TESTS_ name, text)
        self.fill_calls_used: set[str] = set()  # the runtime.fills functions the fills on integers call
        self.witnessed_used = False  # a `connected` answered by its last path (runtime/witnessed.py)
        self.uncut_used = False  # a look-ahead decided by the paths kept (model/uncut_ahead.py)
        self.held_made: dict[tuple, str] = {}  # (step, condition, names read) -> its held_ function (read_answers.py)
        self.answers_read_used = False  # a look-ahead's answer kept with what it read (runtime/read_answers.py)
        self.answers_listed_used = False  # a look-ahead's answer read once a listing (runtime/read_answers.py answer_listed)
        self.lines_through_made: dict[tuple, str] = {}  # (board, line set, its lines) -> its LINES_THROUGH_ table
        self.tally_tests_made: dict[str, tuple[str, str]] = {}  # a count read from a tally's test -> (TALLY_TESTS_ name, text)
        self.rows_kept_used = False  # whether a listing keeps its rows (KeptRows, imported then)
        self.blocks_used: set[int] = set()  # the options of the listing being written whose rows are kept in blocks
        self.cells_by_used: set[tuple[str, str]] = set()  # (board constant, ROW or COLUMN) of narrowed walks
        self.shifts_used: dict[str, set[tuple[int, int]]] = {}  # board constant -> the steps its places are read by
        self.walked_numbers: dict[str, frozenset] = {}  # an option's names walked over a few constants (their values)
        self.ray_stop_used = False  # whether a walk of a ray is of the space it stops at (ray_stop, imported then)
        self.walks_skipping_none: set[str] = set()  # option walks of neighbours written out (steps_in_order.py)
        self.walks_by_direction: dict[str, str] = {}  # such walks with each direction's number beside it (by_direction.py)
        self.walks_in_place: dict[str, ir.Walk] = {}  # an option's walk (its code) -> the walk, walked in place there
        self.narrowing_used = False  # whether a walk of a board is narrowed (spaces_among, imported then)
        self.space_numbered_used = False  # whether a walk is narrowed to a space by its index (imported then)
        self.line_tables: Optional[dict[str, str]] = None  # an automatic step's line tables read through locals
        self.located_helpers_used: set[str] = set()  # count_located, first_located (imported when used)
        self.items_by_value: dict[str, tuple] = {}  # V's code -> (its ItemsByValue's name, the item's name, V's text)
        self.count_is_used = False  # whether a count compared with a number stops once known (imported then)
        self.every_between_used = False  # whether a run's every-test is answered from a tally (every_between.py)
        self.stoppable: Optional[str] = None  # the name a listing's walk being tested walks upwards by itself (every_between.py)
        self.loop_spans = None  # an option's names -> what they walk, while its options_ function is written
        self.held_tables: dict[tuple, str] = {}  # (a HeldGroups table's lambda, spread, text) -> its name
        self.held_counts_used = False  # whether a count asks only where a few items lie (imported then)
        self.occupancy_counts_used = False  # whether a count reads a board's contents in C (imported then)
        self.first_empty_used = False  # whether a first empty space is found in a board's contents (imported then)
        self.by_value_used = False  # whether a walk reads spaces grouped by a value (spaces_by_value, imported then)
        # (walked name, seats read, the walk's values, test) -> (its SeatWalk table's name, rule text): walks
        # narrowed to what the seats decide (seat_walks.py)
        self.seat_walks: dict[tuple, tuple[str, str]] = {}
        # (board, parameters, test) -> (its related_ function's name, lines): geometric conditions (related_spaces.py)
        self.related_made: dict[tuple, tuple[str, list[str]]] = {}
        # the code of a walk read from such a table -> (its board, the table's key), and the boards whose occupied
        # spaces a count among those reads as a mask (the state keeps it: MASKED_BOARDS; counts.py)
        self.related_reads: dict[str, tuple[int, str]] = {}
        self.masked_boards: set[str] = set()
        # (board, parameters, test) -> [its lines_ function's name, its lines...]: whole lines kept by geometry
        self.lines_made: dict[tuple, list[str]] = {}

    def doc(self, decl, what: str) -> None:
        """A function's docstring: what it does, the clauses it cites and where in the rule file it is."""
        self.w.line(docstring(" ".join(part for part in (
            what, cites_text(decl), f"({self.source_name}:{decl.loc.line})" if decl.loc else f"({self.source_name})")
            if part)))

    def params(self, params: Sequence[ir.Param]) -> str:
        return "".join(f", v_{ident(p.name)}" for p in params)

    def module(self) -> str:
        m, w = self.m, self.w
        w.line(docstring(f"{m.title}: reference engine generated by rulespec from {self.source_name}.\n\n"
                         "Do not edit: change the rule file and run `rulespec build`. Every function names the rulebook\n"
                         "clauses it implements and the rule-file line it was compiled from.\n"))
        w.line("")
        w.line("from rulespec.runtime.engine import (")
        w.line("    ANY_PLAYER, RESOLVE, BoardInfo, EndInfo, Engine, FaceInfo, InsteadInfo, InvariantInfo, OptionInfo, StepInfo,")
        w.line("    TriggerInfo, ZoneInfo, best_sets, build_item_tables, pick_weights, span,")
        w.line(")")
        self.imports_at = len(w.lines)
        if any(step.outcome is not None and (step.outcome.weight is not None or step.outcome.more_vars)
               for step in m.steps):
            w.line("from rulespec.runtime.engine import weighted_picks")
        if any(step.outcome is not None and step.outcome.shuffle is not None for step in m.steps):
            w.line("from rulespec.runtime.engine import shuffle_orders")
            if any(self.outcomes_key(step) for step in m.steps):
                w.line("from rulespec.runtime.engine import shuffle_key")
        if any(step.together for step in m.steps):  # (only then: the other engines stay as they were)
            w.line("from rulespec.runtime.engine import SIMULTANEOUS")
        if any(named_step_of(end.timing) for end in m.ends):
            w.line("from rulespec.runtime.engine import AFTER")
        if any(reads.board_index(end, m) is not None for end in m.ends):
            w.line("from rulespec.runtime.ends import EndIndex")
        if any(self.then_reads_each(end) for end in m.ends) or any(
                candidate_text_may_fail(option) for step in m.steps if step.kind == "choice" for option in step.options):
            w.line("from rulespec.runtime.engine import RuleRuntimeError")
        if any(looks_through_then(option, m) for step in m.steps for option in step.options):
            w.line("from rulespec.runtime.lookahead import carry_through")
        if m.counts_positions:
            w.line("from rulespec.runtime.repetition import times_occurred")
        if m.counts_positions_on:
            w.line("from rulespec.runtime.repetition import times_occurred_on")
        w.line("from rulespec.runtime.numbers import COUNTER_LIMIT, counter_value")
        w.line("")
        w.line(f"SOURCE_HASH = {source_hash(m.source_text + '|' + ','.join(m.variants_applied))!r}")
        w.line(f"GENERATOR_VERSION = {GENERATOR_VERSION!r}")
        w.line("")
        self.components()
        self.boards_section()
        self.board_tables_at = len(w.lines)  # (narrowed walks' tables of spaces by row or column go here)
        self.fits()
        for definition in m.definitions:
            self.definition(definition)
        definition_tables_at = len(w.lines)  # (the tables of definitions of items: item_definitions.py)
        if m.skip_when is not None:
            w.line("")
            w.line("")
            w.line(f"def skip_turn(st, v_{ident(m.skip_var)}):")
            w.indent()
            self.doc(m.turns, f"Whether a player's turn is skipped: `{m.skip_when.text}`.")
            w.line(f"return {self.expr(m.skip_when)}")
            w.dedent()
        # Numbers fixed by the configuration, each a function of the starting state.
        fixed = [(m.turn_limit, "turn_limit", "The most turns a game of this configuration lasts: `at most {} turns`."),
                 (m.decision_limit, "decision_limit", "The most decisions a game of this configuration takes: "
                                                      "`at most {} decisions` (verify checks it)."),
                 (m.action_numbers, "last_action_number", "The last action number with the options and players of a "
                                                          "game: `actions numbered 0 to {}` (each option's `numbered`)."),
                 (m.chance_numbers, "last_chance_number", "The last chance outcome number with the options and players "
                                                          "of a game: `chance outcomes numbered 0 to {}` (each chance "
                                                          "step's `numbered`).")]
        for declared, function, said in fixed:
            if declared is None:
                continue
            w.line("")
            w.line("")
            w.line(f"def {function}(st):")
            w.indent()
            self.doc(declared, said.format(declared.value.text))
            w.line(f"return {self.expr(declared.value)}")
            w.dedent()
        for step in ([m.setup] if m.setup else []) + list(m.steps):
            self.step(step)
        for trigger in m.triggers:
            self.trigger(trigger)
        for instead in m.insteads:
            self.instead(instead)
        for end in m.ends:
            self.end(end)
        self.end_check_names = self.end_checks()
        for score in m.scores:
            self.score(score)
        if m.returns is not None and m.returns.form == "value":
            self.returns_of(m.returns)
        for invariant in m.invariants:
            self.invariant(invariant)
        for example in m.examples:
            self.example(example)
        if self.item_definitions or self.content_directions:  # (before the earlier tables are put in: their lines come before these)
            w.lines[definition_tables_at:definition_tables_at] = ["", ""] + self.item_definition_lines() + self.content_direction_lines()
        self.text_table_lines()
        self.engine_class()
        return w.text()

    def components(self) -> None:
        w = self.w
        w.line("# ---------------------------------------------------------------- components")
        w.line("COMPONENTS = (")
        w.indent()
        for c in self.m.components:
            w.line(comment(f"{c.name} {cites_text(c)}"))
            w.line(f"({c.name!r}, {c.attributes!r}, {c.copies_table!r}, {c.shown_as!r}),")
        w.dedent()
        w.line(")")
        w.line("ITEM_KIND, ITEM_LABEL, ITEM_ATTRS = build_item_tables(COMPONENTS)")
        w.line("# an attribute of what a space holds, by the space's content (an item, or -1 for empty: the last, None)")
        w.line("CELL_ATTRS = {attr: tuple(map(values.get, range(len(ITEM_KIND)))) + (None,) "
               "for attr, values in ITEM_ATTRS.items()}")
        for attr, values in self.orders().items():  # an ordered attribute: each value's place, lowest 0
            w.line(f"ORDER_{ident(attr)} = {lit({v: k for k, v in enumerate(values)})}")
        self.tables_at = len(w.lines)
        w.line("")

    def boards_section(self) -> None:
        w = self.w
        for board in self.m.boards:
            const = self.board_const(board.name)
            w.line(comment(f"---------------------------------------------------------------- board {board.name} "
                           f"{cites_text(board)}"))
            w.line(f"{const}_ROWS = {board.row_values!r}")
            w.line(f"{const}_COLUMNS = {board.column_values!r}")
            w.line(f"{const}_ROW = tuple(r for r in {const}_ROWS for _ in {const}_COLUMNS)")
            w.line(f"{const}_COLUMN = tuple(c for _ in {const}_ROWS for c in {const}_COLUMNS)")
            separator = "c" if board.lattice == "triangles" else " "
            if board.lattice == "graph":  # each space by its name
                w.line(f"{const}_LABEL = {const}_ROWS")
            else:
                w.line(f"{const}_LABEL = tuple(f'{{r}}{separator}{{c}}' for r, c in zip({const}_ROW, {const}_COLUMN))")
            for face in board.faces:
                if face.condition is not None:
                    w.line("")
                    w.line(f"def face_{ident(board.name)}__{ident(face.name)}(st):")
                    w.indent()
                    self.doc(face, f"Face {face.name} of {board.name} is used when `{face.condition.text}`.")
                    w.line(f"return {self.expr(face.condition)}")
                    w.dedent()
            w.line("")
            w.line(f"{const}_FACES = (")
            w.indent()
            width = len(board.column_values)
            for face in board.faces:
                cond = f"face_{ident(board.name)}__{ident(face.name)}" if face.condition is not None else "None"
                w.line(f"FaceInfo({face.name!r}, (")
                w.indent()
                for r, row in enumerate(board.row_values):
                    w.line(f"{''.join(face.cells[r * width:(r + 1) * width])!r}", note=str(row))
                w.dedent()
                w.line(f"), {cond}),")
            w.dedent()
            w.line(")")
            w.line("")

    def fits(self) -> None:
        w = self.w
        for fit in self.m.fits:
            w.line("")
            w.line(f"def fit_{ident(fit.component)}__on__{ident(fit.board)}(st, v_item, v_space):")
            w.indent()
            self.doc(fit, f"Where a {fit.component} may go on {fit.board}.")
            w.line(f"return {self.expr(fit.condition) if fit.condition is not None else 'True'}")
            w.dedent()
        w.line("")


def generate(model: ir.Model, source_name: Union[str, "os.PathLike[str]"], filename: str = "<generated>") -> str:
    """Python source of the engine for ``model``; ``filename`` is the one its code is compiled under (by
    check_generated, and given to the module that runs it, through ``checked_code``)."""
    with collector_paused():  # as the parse (rulespec/language/collector.py)
        generator = CodeGenerator(model, source_name)
        try:
            source = generator.module()
        finally:
            # Its nested helpers that call themselves are closures over it (reference cycles): dropping
            # its tables here frees them at once, not when the cyclic collector runs (as the checker's).
            generator.__dict__.clear()
        check_generated(source, filename)
    return source


# (source, filename) -> code: the module check_generated compiled last and passed, until it is run.
_CHECKED: dict[tuple[str, str], CodeType] = {}


def checked_code(source: str, filename: str) -> CodeType:
    """The code of a generated module: the one check_generated compiled from exactly this source under
    this filename (a module generated and then run is compiled once), or compiled now as it would be."""
    code = _CHECKED.pop((source, filename), None)
    return code if code is not None else compile(source, filename, "exec", dont_inherit=True)


def check_generated(source: str, filename: str = "<generated>") -> None:
    """A backstop behind the quoting and the checker's name rules: the module compiles, and no two of
    its top-level definitions share a name (two rule-file names must never become one function).

    The module is compiled (as loading it does), not parsed into a syntax tree: the tree of a big engine
    cost twice the compile. The top-level names come from the compiler's own record of the module's
    code, its STORE_NAME instructions (a `def`, a `class`, an assignment, an import at the top level,
    in a branch too), not from the generator's: a name bound twice is refused however it came about."""
    _CHECKED.clear()
    try:
        code = compile(source, filename, "exec", dont_inherit=True)
    except SyntaxError as error:
        raise UnsafeText(f"the generated module does not parse: {error.msg} at line {error.lineno}") from None
    seen: set[str] = set()
    for name in top_level_stores(code):
        if name in seen:
            raise UnsafeText(f"two definitions of {name} in the generated module")
        seen.add(name)
    _CHECKED[(source, filename)] = code


_STORE_NAME, _EXTENDED_ARG = opcode.opmap["STORE_NAME"], opcode.EXTENDED_ARG


def top_level_stores(code) -> list[str]:
    """The names a module's code binds at its top level (its STORE_NAME instructions), in order.

    Read from the code units directly (an opcode and its argument, EXTENDED_ARG before a wide one), as
    ``dis.get_instructions`` reads them (tests/codegen/test_check_generated.py holds it to that list on every
    committed engine): this check runs on every module generated, and dis's instruction objects would add
    about a tenth to generating the bundled engines."""
    units, names = code.co_code, code.co_names
    stored, extended = [], 0
    for at in range(0, len(units), 2):
        op = units[at]
        if op == _EXTENDED_ARG:
            extended = (extended | units[at + 1]) << 8
            continue
        if op == _STORE_NAME:
            stored.append(names[extended | units[at + 1]])
        extended = 0
    return stored
