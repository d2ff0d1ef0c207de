"""Checked model -> readable Python engine module.

Stage four of the pipeline. One ``visit_<Node>`` per IR node, as in Jinja2's CodeGenerator; the
generated module imports its helpers from :mod:`rulespec.runtime` instead of inlining them, and
every function says in its docstring which rulebook clauses it implements and which rule-file
lines it came from. Names and texts from the rule file reach the output only through
:mod:`rulespec.codegen.quoting` (checked identifiers, ``repr()`` literals, escaped comments and
docstrings): nothing in a rule file is executed.
"""

from __future__ import annotations

import ast as pyast
import builtins
import opcode
import os
import re
import string
from types import CodeType
from contextlib import contextmanager
from typing import Iterable, Iterator, Optional, Sequence, Union

from ..language.collector import collector_paused
from ..model import ir, reads
from ..model.checker import board_of, is_space
from ..model.cost import walk
from ..model.moves import max_moves_by_players
from .quoting import UnsafeText, comment, docstring, function, ident, lit, operator
from .version import GENERATOR_VERSION, source_hash  # noqa: F401 (GENERATOR_VERSION is bumped in version.py)

# What generated code names at module level besides its upper-case tables: Python's builtins, the runtime's
# helpers it imports, its definitions' functions (CodeGenerator.reach_ends: no name of a function's own).
_MODULE_HELPERS = frozenset(("span", "best_sets", "pick_weights", "counter_value", "build_item_tables"))


def _module_name(name: str) -> bool:
    return (name.isupper() or name in _MODULE_HELPERS or name.startswith("define_")
            or (name in vars(builtins) and not name.startswith("_")))

# A listing kept with a board's contents (State._listed_kept) is used when the board has at least this many
# spaces in use; a smaller one is listed afresh (callgrind, random play: Hex 5x5 and tic-tac-toe cost more
# kept, Hex 7x7 the same, Hex 11x11 less).
LISTED_KEPT_FROM = 64


def cites_text(decl) -> str:
    parts = []
    if decl.cites:
        parts.append("[" + ", ".join(decl.cites) + "]")
    if decl.rulings:
        parts.append("ruling " + ", ".join(decl.rulings))
    return " ".join(parts)


class Writer:
    def __init__(self) -> None:
        self.lines: list[str] = []
        self.level = 0

    def line(self, text: str = "", note: Optional[str] = None) -> None:
        """One line of code; ``note`` (any text, rule text included) becomes a trailing comment."""
        if note is not None:
            text += "  " + comment(note)
        self.lines.append(("    " * self.level + text) if text else "")

    def indent(self) -> None:
        self.level += 1

    def dedent(self) -> None:
        self.level -= 1

    def text(self) -> str:
        return "\n".join(self.lines).rstrip() + "\n"


def counters_set(stmts: Sequence[ir.S]) -> tuple[str, ...]:
    """The counters that the statements (or ones nested in them) set, in the order first set."""
    found: dict[str, None] = {}
    for s in stmts:
        if isinstance(s, ir.SetCounter):
            found[s.counter] = None
        elif isinstance(s, ir.If):
            found.update(dict.fromkeys(counters_set(s.then) + counters_set(s.otherwise)))
        elif isinstance(s, (ir.ForEach, ir.Repeat, ir.Roll, ir.Lose)):
            found.update(dict.fromkeys(counters_set(s.body)))
    return tuple(found)


class CodeGenerator:
    def __init__(self, model: ir.Model, source_name: Union[str, "os.PathLike[str]"]):
        self.m = model
        self.counters_marked = False  # inside a block or loop that cleared the ends' mark before it (see loop_body)
        self.text_tables: dict[tuple[str, str], str] = {}  # (template, type of its one field) -> table name
        self.tabled_texts: set[str] = set()  # chance steps whose outcome texts are read from such a table
        self.source_name = os.fspath(source_name)  # (a path given as a Path: its text, quoted as any text)
        if not isinstance(self.source_name, str):
            raise UnsafeText(f"a rule file's name is a text, not {type(self.source_name).__name__}")
        self.w = Writer()
        self.boards = {b.name: i for i, b in enumerate(model.boards)}
        self.definitions = {d.name: d for d in model.definitions}
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
        self.depth = 0
        self.unit_line: Optional[tuple] = None  # (board, space var, direction var, length) of an indexed end's unit
        # An indexed end's `for each p`: (p, {code of a value of p's seat: its local}) while its unit test is
        # made, so that each value is read once per seat, not once per unit (see indexed_end_test)
        self.seat_values: Optional[tuple[str, dict[str, str]]] = None
        self.board_code: dict[int, str] = {}  # board -> the local holding its contents (an indexed end's loop)
        self.towards_used: set[tuple[int, int]] = set()  # (board, direction) tables read through toward_ locals
        self.cell_attrs_used: dict[str, str] = {}  # attribute -> the local holding its CELL_ATTRS table
        self.plans: list[tuple] = []  # the options of the choice step being written, as choices() lists them
        # (item name, names read besides it, code) of an item test (see item_test) -> (its ItemTests table's
        # name, the names it reads besides the item, the item's name, the test's rule text)
        self.item_tests: dict[tuple, tuple[str, tuple[str, ...], str, str]] = {}
        # (step, option) -> its last bound name, when that walks a board's legal placements and the option's
        # text reads labels only: its rows are kept per setup (choices(), Tables.placement_rows)
        self.kept_walks: dict[tuple[str, str], str] = {}
        self.distinct: dict[str, bool] = {}  # choice step -> no two of its choices can read the same
        self.rows_kept: set[str] = set()  # choice steps whose choices_ keeps its rows by what it reads (LISTED_)
        self.labels_distinct: Optional[bool] = None  # whether no two components read the same
        self.kinds: dict[str, str] = {}  # item name -> the local holding its component kind (choices())
        self.counter_lists: Optional[dict[str, str]] = None  # counter -> local, in a function that only reads
        self.in_example = False  # writing an example's lines (see visit_SeatConst)
        self.var_code: dict[str, str] = {}  # a variable written as other code (a space of a line unrolled)
        self.inline_ids: set[int] = set()  # the `then`s of the body being written that run at once (inline_thens)
        # Inside a function that reads its zones through locals (see zone_locals): zone -> what it reads of it
        # ("index": where its zones start, "pile": a shared zone's list); None elsewhere.
        self.zone_code: Optional[dict[str, set]] = None
        self.listed_keys: list[str] = []  # choice steps whose rows are kept with a board's contents (their number: key)
        self.connected_keys: dict[tuple, int] = {}  # a kept `connected` (board, names, tests) -> its number (key)
        # a kept `connected`'s number -> (its REACH_ENDS_ function's name, parameters, tests, rule text)
        self.reach_ends_made: dict[int, tuple[str, list[str], list[str], str]] = {}
        self.rows_kept_used = False  # whether a listing keeps its rows (KeptRows, imported then)

    # ------------------------------------------------------------------ expressions
    def expr(self, e: ir.E) -> str:
        return getattr(self, "visit_" + type(e).__name__)(e)

    def visit_Const(self, e: ir.Const) -> str:
        return repr(e.value)

    def visit_Var(self, e: ir.Var) -> str:
        return self.var_code.get(e.name) or "v_" + ident(e.name)

    def visit_SeatConst(self, e: ir.SeatConst) -> str:
        if e.index < self.m.min_players or self.in_example:
            return repr(e.index)  # seated in every game (an example's runner checks its seats, at their lines)
        # `player 3` in a game for 2 to 4: the runtime checks the seat is in play (else `hand of player 3`
        # would read the next zone along).
        return f"st._seat_in_play({e.index!r})"

    def visit_OptionRef(self, e: ir.OptionRef) -> str:
        if e.type == ir.INT:  # a numeric option: its value is kept as the digits chosen
            return f"int(st._options[{e.name!r}])"
        return f"st._options[{e.name!r}]"

    def visit_CounterRef(self, e: ir.CounterRef) -> str:
        if e.seat is None:
            return f"st._counters[{e.name!r}]"
        if self.counter_lists is not None:  # a function that only reads: each seat's counts looked up once
            return f"{self.counter_lists.setdefault(e.name, f'counter_{ident(e.name)}')}[{self.expr(e.seat)}]"
        return f"st._counters[{e.name!r}][{self.expr(e.seat)}]"

    def read_counters_first(self, at: int, level: int) -> None:
        """Put the lookups of the per-seat counters read since line ``at`` there; stop collecting them."""
        if self.counter_lists:
            self.w.lines[at:at] = ["    " * level + f"{local} = st._counters[{name!r}]"
                                   for name, local in self.counter_lists.items()]
        self.counter_lists = None

    def read_boards_first(self, at: int, level: int) -> None:
        """Put the lookups of the boards read through a local since line ``at`` there (first of all: the
        lines put there before may read them); stop reading boards through locals."""
        code = self.w.lines[at:]
        used = [b for b, local in self.board_code.items() if any(f"{local}[" in text for text in code)]
        near = [b for b in self.board_code if any(f"neighbours_{b}[" in text for text in code)]
        towards, self.towards_used = sorted(self.towards_used), set()
        self.w.lines[at:at] = (["    " * level + f"board_{b} = st._boards[{b}]" for b in used]
                               + ["    " * level + f"neighbours_{b} = st._t.neighbours[{b}]" for b in near]
                               + ["    " * level + f"toward_{b}_{lit(d)} = st._t.toward[{b}][{lit(d)}]" for b, d in towards]
                               + ["    " * level + line for line in self.cell_attr_locals()])
        self.board_code = {}

    def cell_attr_locals(self) -> list[str]:
        """The lines that put each CELL_ATTRS table read since the last call into its local; stop collecting."""
        found = [f"{local} = CELL_ATTRS[{lit(attr)}]" for attr, local in self.cell_attrs_used.items()]
        self.cell_attrs_used = {}
        return found

    def visit_ScoreRef(self, e: ir.ScoreRef) -> str:
        return f"score_{ident(e.score)}(st, {self.expr(e.seat)})"

    def visit_PlayersSet(self, e: ir.PlayersSet) -> str:
        return "st._t.seats"  # (every seat, from 0: Tables.seats)

    def zone_index(self, e: ir.ZoneRef) -> str:
        if self.zone_code is not None:
            self.zone_code.setdefault(e.zone, set()).add("index")
            base = f"zone_{ident(e.zone)}"
        else:
            base = f"st._t.zone_base[{e.zone!r}]"
        return f"{base} + {self.expr(e.seat)}" if e.seat is not None else base

    def visit_ZoneRef(self, e: ir.ZoneRef) -> str:
        if e.seat is None and self.zone_per_player[e.zone]:
            return f"st._zones_named({e.zone!r})"
        if self.zone_code is not None:
            if e.seat is None:  # a shared zone: its list, looked up once (moves change it in place)
                self.zone_code.setdefault(e.zone, set()).add("pile")
                return f"pile_{ident(e.zone)}"
            return f"zones[{self.zone_index(e)}]"
        return f"st._zones[{self.zone_index(e)}]"

    @contextmanager
    def zone_locals(self) -> Iterator[None]:
        """Around a function's body (after its docstring): the zones it reads are looked up once, at its
        top, into locals (``zones``, ``zone_<name>`` where a zone's zones start, ``pile_<name>`` a shared
        zone's list) instead of through ``st._zones[st._t.zone_base[...]]`` at each use. A step changes
        zones in place and never replaces the lists during a function, so the locals stay current."""
        started = self.start_zone_locals()
        try:
            yield
        finally:
            self.finish_zone_locals(started)

    def start_zone_locals(self) -> tuple:
        """zone_locals(), begun here (at the top of a function's body); finish_zone_locals ends it."""
        started = (len(self.w.lines), self.w.level, self.zone_code)
        self.zone_code = {}
        return started

    def finish_zone_locals(self, started: tuple) -> None:
        at, level, outer = started
        used, self.zone_code = self.zone_code, outer
        lines = []
        if any("index" in parts for parts in used.values()):
            lines.append("zones = st._zones")
        for zone, parts in used.items():
            if "index" in parts:
                lines.append(f"zone_{ident(zone)} = st._t.zone_base[{zone!r}]")
        for zone, parts in used.items():
            if "pile" in parts:
                lines.append(f"pile_{ident(zone)} = " + (f"zones[zone_{ident(zone)}]" if "index" in parts
                                                         else f"st._zones[st._t.zone_base[{zone!r}]]"))
        self.w.lines[at:at] = ["    " * level + line for line in lines]

    def visit_BoardRef(self, e: ir.BoardRef) -> str:
        return f"st._t.cells_in_use[{self.boards[e.board]}]"

    def visit_QueueRef(self, e: ir.QueueRef) -> str:
        return f"st._queues[{e.queue!r}]"

    def visit_ItemAttr(self, e: ir.ItemAttr) -> str:
        if all(any(name == e.attr for name, _ in c.attributes) for c in self.m.components):
            return f"ITEM_ATTRS[{e.attr!r}][{self.expr(e.item)}]"
        # Some components lack the attribute (a token has no shape): theirs reads as nothing, equal to no value.
        return f"ITEM_ATTRS[{e.attr!r}].get({self.expr(e.item)})"

    def visit_SpaceAttr(self, e: ir.SpaceAttr) -> str:
        board = self.m.boards[self.boards[e.board]]
        table = "ROW" if e.attr == board.row_attribute else "COLUMN"
        return f"{self.board_const(e.board)}_{table}[{self.expr(e.space)}]"

    def board_const(self, board: str) -> str:
        return "B_" + ident(board).upper()

    def visit_Occupant(self, e: ir.Occupant) -> str:
        return f"st._occupant({self.boards[e.board]}, {self.expr(e.space)})"

    def visit_Neighbour(self, e: ir.Neighbour) -> str:
        b = self.boards[e.board]
        if self.hoisted_toward(e):  # one fixed direction, where boards are read through locals
            self.towards_used.add((b, e.direction.value))
            return f"toward_{b}_{self.expr(e.direction)}[{self.expr(e.space)}]"
        return f"st._t.toward[{b}][{self.expr(e.direction)}][{self.expr(e.space)}]"

    def hoisted_toward(self, e: ir.Neighbour) -> bool:
        """Whether ``e``'s table (board, fixed direction) is read through a local (see read_boards_first)."""
        return (bool(self.board_code) and isinstance(e.direction, ir.Const) and isinstance(e.direction.value, int)
                and not isinstance(e.direction.value, bool))

    def visit_LineOf(self, e: ir.LineOf) -> str:
        return f"st._line({self.boards[e.board]}, {self.expr(e.space)}, {self.expr(e.direction)}, {self.expr(e.length)})"

    def visit_Walk(self, e: ir.Walk) -> str:
        self.depth += 1
        cond = self.expr(e.condition)
        self.depth -= 1
        if e.until:
            cond = f"not {cond}"
        return (f"st._walk({self.boards[e.board]}, {self.expr(e.space)}, {self.expr(e.direction)}, "
                f"lambda v_{ident(e.var)}: {cond})")

    def visit_Connected(self, e: ir.Connected) -> str:
        self.depth += 1
        tests = [self.expr(x) for x in (e.condition, e.start, e.goal)]
        self.depth -= 1
        var = f"v_{ident(e.var)}"
        passes, start, goal = (f"lambda {var}: {cond}" for cond in tests)
        names = reads.connected_kept(e, self.m)
        if names is None:
            return f"st._connected({self.boards[e.board]}, {self.expr(e.domain)}, {passes}, {start}, {goal})"
        # What it reached is kept, per expression and values of the names it reads (the same code: one key).
        number = self.connected_keys.setdefault((e.board, tuple(v.name for v in names), passes, start, goal),
                                                len(self.connected_keys))
        key = f"({number!r}, " + "".join(f"{self.expr(v)}, " for v in names) + ")"
        ends = self.reach_ends(e, number, names) or f"lambda st, *values: ({start}, {goal})"
        return f"st._connected_kept({self.boards[e.board]}, {key}, {passes}, {ends})"

    def reach_ends(self, e: ir.Connected, number: int, names: tuple) -> Optional[str]:
        """The name of a module-level function ``REACH_ENDS_<number>(st, <the key's values>)`` giving a kept
        `connected`'s start and goal tests, which State._connected_kept asks for only when it works out
        its plan (once per setup and key): the tests are then not made at every call. None when their code
        reads a name of the function it is in (a local the generator hoisted), or a name is not plain."""
        if any(self.expr(v) != f"v_{ident(v.name)}" for v in names):
            return None
        found = self.reach_ends_made.get(number)
        if found is not None:
            return found[0]
        saved = self.bound, self.kinds, self.depth, self.board_code
        self.bound, self.kinds, self.depth, self.board_code = None, {}, self.depth + 1, {}
        try:
            tests = [self.expr(x) for x in (e.start, e.goal)]
        finally:
            self.bound, self.kinds, self.depth, self.board_code = saved
        var = f"v_{ident(e.var)}"
        params = ["st"] + [f"v_{ident(v.name)}" for v in names]
        for test in tests:  # every name it reads: a parameter, its space, or one of the module's (no local)
            for node in pyast.walk(pyast.parse(test, mode="eval")):
                if isinstance(node, pyast.Name) and not (node.id in params or node.id == var or _module_name(node.id)):
                    return None
        name = f"REACH_ENDS_{number!r}"
        self.reach_ends_made[number] = (name, params, [f"lambda {var}: {test}" for test in tests], e.text)
        return name

    def reach_ends_lines(self) -> list[str]:
        """The module-level functions of the kept `connected` tests' starts and goals (see reach_ends)."""
        lines = []
        for name, params, (start, goal), text in self.reach_ends_made.values():
            lines += ["", "", f"def {name}({', '.join(params)}):",
                      f"    {docstring('The start and the goal of `' + text + '` (State._connected_kept).')}",
                      f"    return {start}, {goal}"]
        return lines + [""] if lines else lines

    def visit_Directions(self, e: ir.Directions) -> str:
        return lit(e.directions)

    def visit_SeatAttr(self, e: ir.SeatAttr) -> str:
        if e.type == ir.DIRECTION:  # compass words: each seat's direction, as an index of COMPASS
            code = f"{lit(tuple(ir.COMPASS.index(v) for v in e.values))}[{self.expr(e.seat)}]"
        elif e.type == ir.INT:  # numbers: each seat's number
            code = f"{lit(tuple(int(v) for v in e.values))}[{self.expr(e.seat)}]"
        else:
            code = f"{lit(e.values)}[{self.expr(e.seat)}]"
        if self.seat_values is not None and isinstance(e.seat, ir.Var) and e.seat.name == self.seat_values[0]:
            found = self.seat_values[1]
            return found.setdefault(code, f"seat_value_{len(found)}")
        return code

    def visit_Top(self, e: ir.Top) -> str:
        if self.zone_code is not None and not (e.zone.seat is None and self.zone_per_player[e.zone.zone]):
            # st._top, inline: for an empty zone the `or` calls st._top, which raises
            return f"({self.expr(e.zone)} or st._top({self.zone_index(e.zone)}))[-1]"
        return f"st._top({self.zone_index(e.zone)})"

    def visit_SeatStep(self, e: ir.SeatStep) -> str:
        return f"({self.expr(e.seat)} + {lit(e.offset)}) % st.players"

    def visit_Others(self, e: ir.Others) -> str:
        return f"st._others({self.expr(e.seat)})"

    def visit_Size(self, e: ir.Size) -> str:
        if isinstance(e.collection, ir.PlayersSet):
            return "st.players"
        return f"len({self.expr(e.collection)})"

    def visit_RegionComplete(self, e: ir.RegionComplete) -> str:
        return f"st._region_complete({self.boards[e.board]}, {self.expr(e.space)})"

    def visit_Check(self, e: ir.Check) -> str:
        subject = self.expr(e.subject)
        if e.subject.type.startswith("placement:"):
            b = self.boards[board_of(e.subject.type)]
            if e.test == "empty":
                return f"st._placement_free({b}, {subject})"
            return f"st._placement_touches({b}, {subject})"
        if is_space(e.subject.type):
            b = self.boards[board_of(e.subject.type)]
            if e.test == "none":
                return f"({subject} is None)"
            if isinstance(e.subject, ir.Neighbour):  # none past the edge: neither empty nor occupied
                if self.hoisted_toward(e.subject) and isinstance(e.subject.space, ir.Var) and e.test != "none":
                    # a local table's entry, cheap to read twice: no method call
                    op = "<" if e.test == "empty" else ">="
                    return f"({subject} is not None and {self.cells(b)}[{subject}] {op} 0)"
                if e.test == "empty":
                    return f"st._space_empty({b}, {subject})"
                if e.test in ("occupied", "not_empty"):
                    return f"st._space_occupied({b}, {subject})"
            if e.test in ("empty",):
                return f"{self.cells(b)}[{subject}] < 0"
            if e.test in ("occupied", "not_empty"):
                return f"{self.cells(b)}[{subject}] >= 0"
            return f"st._has_occupied_neighbour({b}, {subject})"
        if e.test == "empty":
            return f"not {subject}"
        return f"bool({subject})"

    def visit_IsKind(self, e: ir.IsKind) -> str:
        if isinstance(e.item, ir.Var) and e.item.name in self.kinds and not self.depth:
            return f"{self.kinds[e.item.name]} == {e.component!r}"
        return f"ITEM_KIND[{self.expr(e.item)}] == {e.component!r}"

    def kind_tests(self, e, var: str) -> int:
        """How many `var is <component>` tests ``e`` makes outside any count, total or any(...)."""
        if isinstance(e, ir.IsKind):
            return int(isinstance(e.item, ir.Var) and e.item.name == var)
        if isinstance(e, (ir.Count, ir.Total, ir.First)):
            return 0
        found = 0
        for value in vars(e).values():
            for v in (value if isinstance(value, tuple) else (value,)):
                if isinstance(v, ir.E):
                    found += self.kind_tests(v, var)
        return found

    def visit_Holds(self, e: ir.Holds) -> str:
        return self.holds_inline(e) or f"st._holds({self.boards[e.board]}, {self.expr(e.space)}, {e.component!r})"

    def holds_inline(self, e: ir.Holds) -> Optional[str]:
        """`S holds <component>` where the board is read through a local and S is a name (cheap to read
        twice): State._holds without a method call. None elsewhere."""
        b = self.boards[e.board]
        if b not in self.board_code or not isinstance(e.space, ir.Var):
            return None
        code = f"{self.cells(b)}[{self.expr(e.space)}]"
        return f"({code} >= 0 and ITEM_KIND[{code}] == {e.component!r})"

    def visit_HoldsSeatValue(self, e: ir.HoldsSeatValue) -> str:
        if e.attribute is None:
            return f"st._holds({self.boards[e.board]}, {self.expr(e.space)}, {self.expr(e.value)})"
        # An empty space is -1, which no item is: CELL_ATTRS' last entry, no value, never equal to a seat's.
        table = f"CELL_ATTRS[{lit(e.attribute)}]"
        if self.board_code:  # where boards are read through locals, so is this table (see read_boards_first)
            table = self.cell_attrs_used.setdefault(e.attribute, f"cell_attr_{len(self.cell_attrs_used)}")
        return f"({table}[{self.cells(self.boards[e.board])}[{self.expr(e.space)}]] == {self.expr(e.value)})"

    def cells(self, b: int) -> str:
        """Code for board ``b``'s contents: a local where the current function hoisted it, else the state's."""
        return self.board_code.get(b) or f"st._boards[{b}]"

    def visit_Fits(self, e: ir.Fits) -> str:
        return f"{self.expr(e.space)} in st._t.fit_sets[{self.boards[e.board]}][{self.expr(e.item)}]"

    def visit_Member(self, e: ir.Member) -> str:
        return f"{self.expr(e.element)} in {self.expr(e.collection)}"

    _STATIC_ITEM_TEST = (ir.Const, ir.Var, ir.IsKind, ir.ItemAttr, ir.BoolOp, ir.Not, ir.Compare)

    def item_test(self, e) -> Optional[str]:
        """For a count, `any` or first over a zone whose condition reads only what never changes about the
        item (its component and attributes, compared with constants and with names bound outside: a step's
        parameters, loop names): code for a function of an item giving the condition (its table in a
        module-level ItemTests, worked out for every item once per value of those names), so the walk runs
        in C loops. None for any other count."""
        if not (isinstance(e.domain, ir.ZoneRef) and e.where is not None):
            return None
        names: dict[str, None] = {}

        def static(node) -> bool:
            if not isinstance(node, self._STATIC_ITEM_TEST):
                return False
            if isinstance(node, ir.Var):
                if node.name in self.var_code:
                    return False
                if node.name != e.var:
                    if not (node.type in (ir.ITEM, ir.SEAT, ir.INT, ir.BOOL, ir.SYMBOL) or is_space(node.type)):
                        return False  # (a value a table can be kept by)
                    names[node.name] = None
                return True
            if isinstance(node, ir.Compare) and (node.order or node.op not in ("=", "!=")):
                return False
            parts = [v for value in vars(node).values() for v in (value if isinstance(value, tuple) else (value,))
                     if isinstance(v, ir.E)]
            return all(static(part) for part in parts)

        if not static(e.where):
            return None
        bound, self.bound = self.bound, None
        kinds, self.kinds = self.kinds, {}
        depth, self.depth = self.depth, self.depth + 1
        try:
            code = self.expr(e.where)
        finally:
            self.bound, self.kinds, self.depth = bound, kinds, depth
        key = (e.var, tuple(names), code)
        found = self.item_tests.get(key)
        if found is None:
            found = self.item_tests[key] = (f"ITEM_TEST_{len(self.item_tests)}", tuple(names), e.var, e.where.text)
        name, params = found[0], found[1]
        if not params:
            return name  # (the one table's look-up, made at import)
        value = f"v_{ident(params[0])}" if len(params) == 1 else "(" + "".join(f"v_{ident(p)}, " for p in params) + ")"
        return f"{name}[{value}].__getitem__"

    def item_test_lines(self) -> list[str]:
        """The module-level ItemTests tables of the item tests (see item_test)."""
        lines = []
        for (_, _, test), (name, params, var, text) in self.item_tests.items():
            args = "".join(f", v_{ident(p)}" for p in params)
            table = f"ItemTests(lambda v_{ident(var)}{args}: {test}, len(ITEM_KIND), {len(params) != 1!r})"
            lines.append(f"{name} = {table}" + ("[()].__getitem__" if not params else "") + "  " + comment(text))
        return lines

    def visit_Count(self, e: ir.Count) -> str:
        found = self._cells_mask(e)
        if found is not None:
            return f"({found}).bit_count()"
        self.depth += 1
        where = f" if {self.expr(e.where)}" if e.where is not None else ""
        domain = self.expr(e.domain)
        self.depth -= 1
        if e.where is None and not isinstance(e.domain, ir.BoardRef):
            return f"len({domain})"
        test = self.item_test(e)
        if test is not None:  # each item's test looked up in C loops (see item_test)
            return self.once(e, f"sum(map({test}, {domain}))")
        # A list comprehension runs a few times faster than sum() over a generator on small zones.
        return self.once(e, f"len([1 for v_{ident(e.var)} in {domain}{where}])")

    def visit_First(self, e: ir.First) -> str:
        where = e.where
        if (isinstance(where, ir.Compare) and where.op == "=" and not where.order and isinstance(where.left, ir.ItemAttr)
                and isinstance(where.left.item, ir.Var) and where.left.item.name == e.var
                and e.var not in reads.free_vars(where.right) and isinstance(e.domain, ir.ZoneRef)
                and (isinstance(where.right, (ir.Const, ir.Var, ir.OptionRef)) or (  # read first: it cannot fail
                    isinstance(where.right, ir.SeatAttr) and isinstance(where.right.seat, (ir.Var, ir.SeatConst))))
                and all(any(name == where.left.attr for name, _ in c.attributes) for c in self.m.components)):
            # `any(t in Z where A of t = v)`: the first item of the zone whose attribute is v, found in C
            # loops (each item's attribute read from its table), not a test per item.
            return (f"st._first_with({e.text!r}, {self.expr(e.domain)}, ITEM_ATTRS[{where.left.attr!r}], "
                    f"{self.expr(where.right)})")
        self.depth += 1
        where = f" if {self.expr(e.where)}" if e.where is not None else ""
        domain = self.expr(e.domain)
        self.depth -= 1
        test = self.item_test(e)
        if test is not None:  # each item's test looked up in C loops (see item_test)
            return f"st._first({e.text!r}, filter({test}, {domain}))"
        return f"st._first({e.text!r}, (v_{ident(e.var)} for v_{ident(e.var)} in {domain}{where}))"

    def visit_Total(self, e: ir.Total) -> str:
        self.depth += 1
        where = f" if {self.expr(e.where)}" if e.where is not None else ""
        value, domain = self.expr(e.value), self.expr(e.domain)
        self.depth -= 1
        return self.once(e, f"sum([{value} for v_{ident(e.var)} in {domain}{where}])")

    def once(self, e: ir.E, code: str) -> str:
        """A count or total in an option's condition that depends on none of the names the option
        binds is the same for every candidate: counted when first needed, then kept in a local."""
        if self.bound is None or self.depth or self.free_vars(e, self.bound):
            return code
        name = self.counted.setdefault(code, f"_n{len(self.counted)}")
        return f"({name} if {name} is not None else ({name} := {code}))"

    def visit_BestSets(self, e: ir.BestSets) -> str:
        return (f"best_sets({e.figure!r}, ITEM_ATTRS[{e.attribute!r}], {e.kinds!r}, {self.expr(e.domain)}, "
                f"{self.expr(e.wild)}, {dict(e.table)!r})")

    def visit_Placements(self, e: ir.Placements) -> str:
        b = self.boards[e.board]
        if e.shape is not None:
            return f"st._t.placements_of[{b}][{e.shape!r}]"
        attr = self.m.boards[b].shape_attribute
        # A component without a shape (a token) has no placements.
        return f"st._t.placements_of[{b}].get(ITEM_ATTRS[{attr!r}].get({self.expr(e.item)}), ())"

    def visit_CellsOf(self, e: ir.CellsOf) -> str:
        b = self.boards[e.board]
        if e.subject.type.startswith("placement:"):
            return f"st._t.placement_cells[{b}][{self.expr(e.subject)}]"
        return f"st._cells_of({b}, {self.expr(e.subject)})"

    def visit_IsMarked(self, e: ir.IsMarked) -> str:
        return f"st._t.mark_of[{self.boards[e.board]}][{self.expr(e.space)}] == {e.mark!r}"

    def visit_FaceOf(self, e: ir.FaceOf) -> str:
        return f"st._t.face_of[{self.boards[e.board]}][{self.expr(e.space)}]"

    def visit_FacesInUse(self, e: ir.FacesInUse) -> str:
        return f"st._t.faces_in_use[{self.boards[e.board]}]"

    def visit_AttributeValues(self, e: ir.AttributeValues) -> str:
        return repr(e.values)

    def _legal_placement_test(self, e: ir.Compare) -> Optional[str]:
        """`count(w in placements of X on B where w is empty and w has an occupied neighbour) = 0` (or > 0, != 0)
        only asks whether one legal placement exists: a few big-integer operations per rotation instead of a
        loop over every placement (rulespec.lib.geometry)."""
        count, zero = e.left, e.right
        if not (isinstance(count, ir.Count) and isinstance(count.domain, ir.Placements) and isinstance(zero, ir.Const)
                and zero.value == 0 and e.op in ("=", ">", "!=") and isinstance(count.where, ir.BoolOp)
                and count.where.op == "and" and len(count.where.operands) == 2):
            return None
        tests = set()
        for operand in count.where.operands:
            if not (isinstance(operand, ir.Check) and isinstance(operand.subject, ir.Var)
                    and operand.subject.name == count.var):
                return None
            tests.add(operand.test)
        if tests != {"empty", "occupied_neighbour"}:
            return None
        placements = count.domain
        b = self.boards[placements.board]
        if placements.shape is not None:
            shape = repr(placements.shape)
        else:
            shape = f"ITEM_ATTRS[{self.m.boards[b].shape_attribute!r}][{self.expr(placements.item)}]"
        found = f"st._any_legal_placement({b}, {shape})"
        return f"(not {found})" if e.op == "=" else found

    def _cells_mask(self, count: ir.E) -> Optional[str]:
        """`count(c in B where ...)` over a board of triangles, when the condition reads only whether c is
        empty or occupied and how it is marked (with and, or, not): the bit mask of the spaces it counts,
        in a few big-integer operations (the occupied mask the state keeps, the marked spaces' mask the
        tables keep) instead of a test per space. None for any other count."""
        if not (isinstance(count, ir.Count) and isinstance(count.domain, ir.BoardRef) and count.where is not None):
            return None
        b = self.boards[count.domain.board]
        if self.m.boards[b].lattice != "triangles":
            return None
        code = self._space_mask(count.where, count.var, b)
        return None if code is None else f"{code} & st._t.cells_mask[{b}]"

    def _space_mask(self, e: ir.E, var: str, b: int) -> Optional[str]:
        """The code of the mask of board b's spaces `var` for which ``e`` holds (bits outside the board's
        spaces may be set: the caller masks them off), or None when ``e`` reads anything else."""
        if isinstance(e, ir.IsMarked) and isinstance(e.space, ir.Var) and e.space.name == var and e.board == \
                self.m.boards[b].name:
            return f"st._t.marked_mask({b}, ({lit(e.mark)},))"
        if isinstance(e, ir.Check) and isinstance(e.subject, ir.Var) and e.subject.name == var:
            if e.test == "empty":
                return f"~st._masks[{b}]"
            if e.test in ("occupied", "not_empty"):
                return f"st._masks[{b}]"
            return None
        if isinstance(e, ir.Not):
            inner = self._space_mask(e.operand, var, b)
            return None if inner is None else f"~({inner})"
        if isinstance(e, ir.BoolOp) and e.op in ("and", "or"):
            marks = [o.mark for o in e.operands if isinstance(o, ir.IsMarked) and isinstance(o.space, ir.Var)
                     and o.space.name == var and o.board == self.m.boards[b].name]
            if e.op == "or" and len(marks) == len(e.operands):  # one mask for every mark named
                return f"st._t.marked_mask({b}, ({''.join(lit(m) + ', ' for m in marks)}))"
            parts = [self._space_mask(o, var, b) for o in e.operands]
            if any(part is None for part in parts):
                return None
            return "(" + (" & " if e.op == "and" else " | ").join(parts) + ")"
        return None

    def orders(self) -> dict[str, tuple]:
        """Each ordered attribute's values, lowest first (`rank (jack < queen < king)`)."""
        found: dict[str, tuple] = {}
        for c in self.m.components:
            for name, values in c.attributes:
                if name in c.ordered:
                    found.setdefault(name, tuple(values))
        return found

    def order_table(self, order: tuple) -> str:
        attr = next(a for a, values in self.orders().items() if tuple(str(v) for v in values) == tuple(order))
        return f"ORDER_{ident(attr)}"

    def place_in_order(self, e: ir.E, order: tuple) -> str:
        """A value of an ordered attribute as its place (a word of the file: worked out here)."""
        if isinstance(e, ir.Const):
            return lit(list(order).index(e.value))
        return f"{self.order_table(order)}.get({self.expr(e)}, -1)"

    def visit_Extreme(self, e: ir.Extreme) -> str:
        self.depth += 1
        where = f" if {self.expr(e.where)}" if e.where is not None else ""
        value, domain = self.expr(e.value), self.expr(e.domain)
        self.depth -= 1
        extra = f", {self.order_table(e.order)}" if e.order else ""
        return (f"st._extreme({lit(e.text)}, {lit(e.func == 'max')}, [{value} for v_{ident(e.var)} in {domain}{where}]"
                f"{extra})")

    def visit_Conditional(self, e: ir.Conditional) -> str:
        return f"({self.expr(e.then)} if {self.expr(e.condition)} else {self.expr(e.otherwise)})"

    def visit_Won(self, e: ir.Won) -> str:
        return f"st._won({self.expr(e.seat)})"

    def visit_Compare(self, e: ir.Compare) -> str:
        if e.order:
            op = operator(e.op)
            return f"({self.place_in_order(e.left, e.order)} {op} {self.place_in_order(e.right, e.order)})"
        found = self._cells_mask(e.left)
        if (found is not None and isinstance(e.right, ir.Const) and e.right.value == 0
                and not isinstance(e.right.value, bool) and e.op in ("=", ">", "!=")):
            return f"(not ({found}))" if e.op == "=" else f"bool({found})"
        fast = self._legal_placement_test(e)
        if fast is None:
            fast = self._count_test(e)
        if fast is not None:
            return fast
        op = operator("==" if e.op == "=" else e.op)
        return f"({self.expr(e.left)} {op} {self.expr(e.right)})"

    def _count_test(self, e: ir.Compare) -> Optional[str]:
        """`count(x in D where C) > 0` (or != 0, = 0) only asks whether one x passes: any() stops at the
        first. `count(t in line of N from s towards d where C) = N` asks whether the line is whole and every
        space of it passes: all() over the full line (none when the board ends first) stops at the first
        that fails. Same answers as counting, in a fraction of the work (N in a row, every step)."""
        count, number = e.left, e.right
        if not (isinstance(count, ir.Count) and count.where is not None and isinstance(number, ir.Const)
                and isinstance(number.value, int) and not isinstance(number.value, bool)):
            return None
        var = f"v_{ident(count.var)}"
        if self.bound is not None and not self.depth and not self.free_vars(count, self.bound):
            return None  # the same for every candidate of an option: counted once and kept (see once())
        if number.value == 0 and e.op in (">", "!=", "="):
            self.depth += 1
            where, domain = self.expr(count.where), self.expr(count.domain)
            self.depth -= 1
            test = self.item_test(count)
            found = f"any(map({test}, {domain}))" if test is not None else f"any({where} for {var} in {domain})"
            return f"(not {found})" if e.op == "=" else found
        line = count.domain
        if (isinstance(line, ir.LineOf) and e.op == "=" and isinstance(line.length, ir.Const)
                and line.length.value == number.value):
            full = (f"st._t.full_lines[{self.boards[line.board]}, {self.expr(line.direction)}, "
                    f"{self.expr(line.length)}][{self.expr(line.space)}]")
            if not self.depth and 1 <= number.value <= 6 and count.var not in reads.bound_names(count.where):
                # Outside any comprehension (an end's own test): the line is looked up once, into a local,
                # and its spaces tested one by one (`and` stops at the first that fails; no generator).
                # The unit's own whole line comes with the unit (EndIndex line=N): no look-up, never None.
                own = self.unit_line is not None and self.unit_line == (
                    self.boards[line.board], line.space.name if isinstance(line.space, ir.Var) else None,
                    line.direction.name if isinstance(line.direction, ir.Var) else None, number.value)
                local = "unit_line" if own else f"line_{ident(count.var)}"
                self.depth += 1
                tests = []
                for k in range(number.value):
                    self.var_code[count.var] = f"{local}[{k}]"
                    tests.append(self.expr(count.where))
                del self.var_code[count.var]
                self.depth -= 1
                if own:
                    return f"({' and '.join(tests)})"
                return f"(({local} := {full}) is not None and {' and '.join(tests)})"
            self.depth += 1
            where = self.expr(count.where)
            self.depth -= 1
            return f"({full} is not None and all({where} for {var} in {full}))"
        return None

    def visit_Arith(self, e: ir.Arith) -> str:
        if e.op == "mod":  # by a written number above 0 Python's own %; else refused at 0 when the rules run
            right = e.right
            if isinstance(right, ir.Const) and isinstance(right.value, int) and right.value > 0:
                return f"({self.expr(e.left)} % {self.expr(right)})"
            return f"st._mod({self.expr(e.left)}, {self.expr(right)})"
        # A chain `a + b - c` is written flat, in one pair of parentheses: Python refuses code nested more
        # than 200 parentheses deep, and a long sum must not count as nesting.
        terms, node = [], e
        while isinstance(node, ir.Arith) and self.same_precedence(node.op, e.op):
            terms.append(f" {operator(node.op)} {self.expr(node.right)}")
            node = node.left
        terms.reverse()
        return f"({self.expr(node)}{''.join(terms)})"

    @staticmethod
    def same_precedence(a: str, b: str) -> bool:
        return (a in "+-") == (b in "+-") and "mod" not in (a, b)

    def visit_Negate(self, e: ir.Negate) -> str:
        return f"(-{self.expr(e.operand)})"

    def visit_Not(self, e: ir.Not) -> str:
        return f"(not {self.expr(e.operand)})"

    def visit_BoolOp(self, e: ir.BoolOp) -> str:
        return "(" + f" {operator(e.op)} ".join(self.expr(o) for o in e.operands) + ")"

    def visit_Span(self, e: ir.Span) -> str:
        return f"span({self.expr(e.low)}, {self.expr(e.high)})"

    def visit_DefinedValue(self, e: ir.DefinedValue) -> str:
        definition = self.definitions.get(e.name)
        if definition is not None and self.inlined(definition, e.args):
            # A small definition is written where it is used (`mine(t, p)` becomes the comparison itself):
            # a Python call costs more than the test. Its define_ function stays, for the other readers.
            mapping = {p.name: a for p, a in zip(definition.params, e.args)}
            return self.expr(reads.substitute(definition.value, mapping, set()))
        return f"define_{ident(e.name)}(st{''.join(', ' + self.expr(a) for a in e.args)})"

    def inlined(self, definition: ir.Definition, args: Sequence[ir.E]) -> bool:
        """Whether a use of ``definition`` is written out in place: its value is a few nodes without any
        count, total, `any`, walk or definition of its own, and each argument is a variable or a constant
        (evaluating one can neither fail nor cost: the call would have evaluated it first)."""
        if not all(isinstance(a, (ir.Var, ir.Const)) or (isinstance(a, ir.SeatConst) and a.index < self.m.min_players)
                   for a in args):
            return False
        nodes = 0

        def small(node) -> bool:
            nonlocal nodes
            nodes += 1
            if isinstance(node, (ir.Count, ir.First, ir.Total, ir.Walk, ir.DefinedValue, ir.BestSets)) or nodes > 12:
                return False
            return all(small(v) for value in vars(node).values()
                       for v in (value if isinstance(value, tuple) else (value,)) if isinstance(v, ir.E))

        return small(definition.value)

    def visit_Builtin(self, e: ir.Builtin) -> str:
        return f"{function(e.func)}({', '.join(self.expr(a) for a in e.args)})"

    # ------------------------------------------------------------------ statements
    def cause(self, cause: Optional[str]) -> str:
        return repr(cause) if cause is not None else "cause"

    def stmts(self, stmts: Sequence[ir.S]) -> None:
        if not stmts:
            self.w.line("pass")
        kept = self.counters_marked
        if not kept and any(isinstance(s, ir.SetCounter) for s in stmts):
            # A block that sets a counter clears the ends' mark once, at its top, not before each change
            # (earlier in the step is the same: every change is preceded by it).
            self.w.line(self.counters_changing())
            self.counters_marked = True
        for s in stmts:
            getattr(self, "stmt_" + type(s).__name__)(s)
        self.counters_marked = kept

    def stmt_Move(self, s: ir.Move) -> None:
        self.w.line(f"st._move({self.expr(s.item)}, {self.zone_index(s.to)}, {self.cause(s.cause)})")

    def stmt_Place(self, s: ir.Place) -> None:
        method = "_place_tile" if s.space.type.startswith("placement:") else "_place"
        self.w.line(f"st.{method}({self.boards[s.board]}, {self.expr(s.item)}, {self.expr(s.space)}, "
                    f"{self.cause(s.cause)})")

    def args(self, args: Sequence[ir.E]) -> str:
        inner = ", ".join(self.expr(a) for a in args)
        return f"({inner},)" if len(args) == 1 else f"({inner})"

    def stmt_Then(self, s: ir.Then) -> None:
        if id(s) in self.inline_ids:
            # The automatic step runs at once (the runtime would run it next, with this step's cause), unless
            # the end check between the two steps would find an end: then the runtime takes it, as any `then`.
            w = self.w
            w.line("if st._engine._quiet_after_step(st):", note=f"then {s.step}: run at once")
            w.indent()
            w.line("st._last_cause = cause")
            w.line(f"st.fired[{s.step!r}] = st.fired.get({s.step!r}, 0) + 1")
            w.line(f"step_{ident(s.step)}(st, cause{''.join(', ' + self.expr(a) for a in s.args)})")
            w.dedent()
            w.line("else:")
            w.indent()
            w.line(f"st._thens.append(({s.step!r}, {self.args(s.args)}))")
            w.dedent()
            return
        # st._then(step, args), inline: the arguments are a tuple already
        self.w.line(f"st._thens.append(({s.step!r}, {self.args(s.args)}))")

    def inline_thens(self, body: Sequence[ir.S]) -> set[int]:
        """The `then`s of a step's body (an option's, an automatic or a chance step's) that run their step at
        once, by a call, instead of through the runtime's stack: those naming an automatic step that no
        `instead` replaces and whose own body names no automatic step (chains stay one call deep), when
        every `then`, queue or resolve of the body is the last statement of its branch and outside loops
        (so that nothing of the body runs after it, nor any other `then` before it). By id."""
        tails: list[ir.Then] = []

        def names_steps(stmts) -> bool:
            for x in stmts:
                if isinstance(x, (ir.Then, ir.Enqueue, ir.Resolve, ir.Roll, ir.Lose)):
                    return True
                if isinstance(x, ir.If) and (names_steps(x.then) or names_steps(x.otherwise)):
                    return True
                if isinstance(x, (ir.ForEach, ir.Repeat)) and names_steps(x.body):
                    return True
            return False

        def ends_block(stmts) -> bool:
            for i, x in enumerate(stmts):
                last = i == len(stmts) - 1
                if isinstance(x, ir.Then) and last:
                    tails.append(x)
                elif isinstance(x, ir.If) and last:
                    if not (ends_block(x.then) and ends_block(x.otherwise)):
                        return False
                elif names_steps((x,)):
                    return False
            return True

        if not ends_block(body):
            return set()
        replaced = {instead.step for instead in self.m.insteads}

        def inlinable(name: str) -> bool:
            step = self.steps.get(name)
            if step is None or step.kind != "auto" or name == "setup" or name in replaced:
                return False
            found: list = []

            def thens(stmts):
                for x in stmts:
                    if isinstance(x, ir.Then):
                        found.append(x.step)
                    for inner in ("then", "otherwise", "body"):
                        thens(getattr(x, inner, ()))
            thens(step.body)
            return all(self.steps.get(t) is not None and self.steps[t].kind != "auto" for t in found)
        return {id(t) for t in tails if inlinable(t.step)}

    def stmt_Enqueue(self, s: ir.Enqueue) -> None:
        self.w.line(f"st._enqueue({s.queue!r}, {s.step!r}, {self.args(s.args)})")

    def stmt_Resolve(self, s: ir.Resolve) -> None:
        self.w.line(f"st._then(RESOLVE, ({s.queue!r},))")

    def stmt_SetCounter(self, s: ir.SetCounter) -> None:
        target = f"st._counters[{s.counter!r}]" + (f"[{self.expr(s.seat)}]" if s.seat is not None else "")
        if not self.counters_marked:
            self.w.line(self.counters_changing())
        # Every value stored goes through counter_value: a counter's range is bounded (runtime/numbers.py).
        if not s.add and isinstance(s.value, ir.Const):  # a number written in the file: within the limits already
            self.w.line(f"{target} = {self.expr(s.value)}")
            return
        value = f"{target} + {self.expr(s.value)}" if s.add else self.expr(s.value)
        # counter_value's bounds test, inline (a call per change costs more than the test); out of bounds it raises
        self.w.line(f"{target} = value if -COUNTER_LIMIT <= (value := {value}) <= COUNTER_LIMIT "
                    f"else counter_value(value, {s.counter!r})")

    def counters_changing(self) -> str:
        """The line before a block changes counters: the after-step ends are to be checked again (their mark,
        State._ends_clean, is cleared; see ends_after_step). Nothing is kept: a step that fails is undone by
        replaying (State._undo)."""
        return "st._ends_clean = False  # counters change: the after-step ends are checked again"

    def loop_body(self, body: Sequence[ir.S]) -> None:
        """A loop's body; a loop that sets a counter clears the ends' mark once, before it (earlier in the step
        than the first change is the same: nothing changed the counters in between)."""
        kept = self.counters_marked
        self.counters_marked = kept or bool(counters_set(body))
        if self.counters_marked and not kept:
            self.w.dedent()
            self.w.lines.insert(len(self.w.lines) - 1, "    " * self.w.level + self.counters_changing())
            self.w.indent()
        self.stmts(body)
        self.counters_marked = kept

    def stmt_If(self, s: ir.If) -> None:
        self.w.line(f"if {self.expr(s.condition)}:")
        self.w.indent()
        self.stmts(s.then)
        self.w.dedent()
        if s.otherwise:
            self.w.line("else:")
            self.w.indent()
            self.stmts(s.otherwise)
            self.w.dedent()

    def stmt_ForEach(self, s: ir.ForEach) -> None:
        # Iterate over a copy (the body may move what it walks over), counted against the loop budget.
        self.w.line(f"for v_{ident(s.var)} in st._loop_over({self.expr(s.domain)}):")
        self.w.indent()
        self.loop_body(s.body)
        self.w.dedent()

    def stmt_Repeat(self, s: ir.Repeat) -> None:
        self.w.line(f"for _ in st._loop({self.expr(s.times)}):")
        self.w.indent()
        self.loop_body(s.body)
        self.w.dedent()

    def stmt_Roll(self, s: ir.Roll) -> None:
        # Each die back to the supply, then one chance step per die: every roll an explicit chance node.
        self.stmts(s.body)

    def stmt_Lose(self, s: ir.Lose) -> None:
        # One die of the holder to the set-aside zone (from the supply if the holder is empty).
        self.stmts(s.body)

    def stmt_Nothing(self, s: ir.Nothing) -> None:
        self.w.line("pass")

    def stmt_NextTurn(self, s: ir.NextTurn) -> None:
        self.w.line(f"st._next_seat = {self.expr(s.seat)}")

    # ------------------------------------------------------------------ helpers
    def doc(self, decl, what: str) -> None:
        """A function's docstring: what it does, the clauses it cites and where in the rule file it is."""
        self.w.line(docstring(" ".join(part for part in (
            what, cites_text(decl), f"({self.source_name}:{decl.loc.line})" if decl.loc else f"({self.source_name})")
            if part)))

    def render(self, template: str, types: dict[str, str], shown: Sequence[tuple[str, ir.E]] = ()) -> str:
        """A template like "play {tile}" as a concatenation of literals and labels. A template with one
        item or seat in it reads from a table of its texts, made once (no new string for each option).
        A field that is not a chosen value is the checked expression the checker gave for it (``shown``)."""
        import string
        parsed = list(string.Formatter().parse(template))
        fields = [field for _, field, _, _ in parsed if field is not None]
        values = dict(shown)
        if len(fields) == 1 and fields[0] not in values and types[fields[0]] in (ir.ITEM, ir.SEAT):
            type_ = types[fields[0]]
            name = self.text_tables.get((template, type_))
            if name is None:
                name = self.text_tables[(template, type_)] = f"TEXT_{len(self.text_tables)}"
            return f"{name}[v_{ident(fields[0])}]"
        if len(fields) == 1 and fields[0] in values:
            shown_value = values[fields[0]]
            if isinstance(shown_value, ir.ItemAttr) and isinstance(shown_value.item, ir.Var) \
                    and types.get(shown_value.item.name) == ir.ITEM and shown_value.type not in (ir.ITEM, ir.SEAT) \
                    and not is_space(shown_value.type):
                # `bid {value of c}`: an attribute of a chosen item reads the same in every state: one table of
                # texts by item, made once (no str() and concatenation for each option listed).
                key = (template, "attribute:" + shown_value.attr)
                name = self.text_tables.get(key)
                if name is None:
                    name = self.text_tables[key] = f"TEXT_{len(self.text_tables)}"
                return f"{name}[v_{ident(shown_value.item.name)}]"
        parts = []
        for literal, field, _, _ in parsed:
            if literal:
                parts.append(repr(literal))
            if field is not None and field in values:
                parts.append(self.value_label(values[field]))
            elif field is not None:
                parts.append(self.label(field, types[field]))
        return " + ".join(parts) if parts else "''"

    def value_label(self, e: ir.E) -> str:
        """How a value worked out in a text reads: a component, a space or a player by its label, a number
        or a word as itself. Written as plain code: it is read where the text is made."""
        bound, self.bound = self.bound, None  # never kept in a local of one listing (see once())
        try:
            code = self.expr(e)
        finally:
            self.bound = bound
        if e.type == ir.ITEM:
            return f"ITEM_LABEL[{code}]"
        if is_space(e.type):
            return f"{self.board_const(board_of(e.type))}_LABEL[{code}]"
        if e.type == ir.SEAT:
            return f"SEAT_LABEL[{code}]"
        return f"str({code})"

    def label(self, var: str, type_: str) -> str:
        v = "v_" + ident(var)
        if type_ == ir.ITEM:
            return f"ITEM_LABEL[{v}]"
        if is_space(type_):
            return f"{self.board_const(board_of(type_))}_LABEL[{v}]"
        if type_.startswith("placement:"):
            return f"st._t.placement_label[{self.boards[board_of(type_)]}][{v}]"
        if type_ == ir.SEAT:
            return f"SEAT_LABEL[{v}]"
        return f"str({v})"

    def free_vars(self, e, names: set[str]) -> set[str]:
        found: set[str] = set()

        def walk(node):
            if isinstance(node, ir.Var) and node.name in names:
                found.add(node.name)
            if isinstance(node, (ir.Count, ir.Total)):
                inner = names - {node.var}
                found.update(self.free_vars(node.domain, names))
                if node.where is not None:
                    found.update(self.free_vars(node.where, inner))
                if isinstance(node, ir.Total):
                    found.update(self.free_vars(node.value, inner))
                return
            for value in vars(node).values():
                if isinstance(value, ir.E):
                    walk(value)
                elif isinstance(value, tuple):
                    for v in value:
                        if isinstance(v, ir.E):
                            walk(v)
        walk(e)
        return found

    # ------------------------------------------------------------------ declarations
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
        if any(step.together for step in m.steps):  # (only then: the other engines stay as they were)
            w.line("from rulespec.runtime.engine import SIMULTANEOUS")
        if any(reads.board_index(end, m) is not None for end in m.ends):
            w.line("from rulespec.runtime.ends import EndIndex")
        if any(self.then_reads_each(end) for end in m.ends):
            w.line("from rulespec.runtime.engine import RuleRuntimeError")
        w.line("from rulespec.runtime.numbers import COUNTER_LIMIT, counter_value")
        w.line("")
        w.line(f"SOURCE_HASH = {source_hash(m.source_text + '|' + ','.join(m.variants_applied))!r}")
        w.line(f"GENERATOR_VERSION = {GENERATOR_VERSION!r}")
        w.line("")
        self.components()
        self.boards_section()
        self.fits()
        for definition in m.definitions:
            self.definition(definition)
        if m.skip_when is not None:
            w.line("")
            w.line("")
            w.line(f"def skip_turn(st, v_{ident(m.skip_var)}):")
            w.indent()
            self.doc(m.turns, f"Whether a player's turn is skipped: `{m.skip_when.text}`.")
            w.line(f"return {self.expr(m.skip_when)}")
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
        self.text_table_lines()
        self.engine_class()
        return w.text()

    def text_table_lines(self) -> None:
        """The tables of option and outcome texts (see render), put after the component tables."""
        import string
        lines = [f"SEAT_LABEL = tuple('player ' + str(seat + 1) for seat in range({self.m.max_players!r}))"]
        for (template, type_), name in self.text_tables.items():
            parsed = list(string.Formatter().parse(template))
            text = " + ".join([repr(literal) if literal else "" for literal, _, _, _ in parsed][:1] + ["label"] +
                              [repr(literal) for literal, _, _, _ in parsed[1:] if literal])
            text = text.lstrip(" +")
            if type_.startswith("attribute:"):  # the attribute's value of every item, as the text reads it
                attr = type_[len("attribute:"):]
                universal = all(any(n == attr for n, _ in c.attributes) for c in self.m.components)
                value = f"ITEM_ATTRS[{attr!r}][item]" if universal else f"ITEM_ATTRS[{attr!r}].get(item)"
                text = " + ".join([repr(literal) for literal, _, _, _ in parsed[:1] if literal] + [f"str({value})"] +
                                  [repr(literal) for literal, _, _, _ in parsed[1:] if literal])
                lines.append(f"{name} = tuple({text} for item in range(len(ITEM_KIND)))  " + comment(repr(template)))
                continue
            source = "ITEM_LABEL" if type_ == ir.ITEM else "SEAT_LABEL"
            lines.append(f"{name} = tuple({text} for label in {source})  " + comment(repr(template)))
        self.w.lines[self.tables_at:self.tables_at] = lines + self.item_test_lines() + self.reach_ends_lines()
        if self.item_tests:  # (only then: the other engines stay as they were)
            self.w.lines[self.imports_at:self.imports_at] = ["from rulespec.runtime.engine import ItemTests"]
        if self.rows_kept_used:
            self.w.lines[self.imports_at:self.imports_at] = ["from rulespec.runtime.engine import KeptRows"]

    def components(self) -> None:
        w = self.w
        w.line("# ---------------------------------------------------------------- components")
        w.line("COMPONENTS = (")
        w.indent()
        for c in self.m.components:
            w.line(comment(f"{c.name} {cites_text(c)}"))
            w.line(f"({c.name!r}, {c.attributes!r}, {c.copies!r}, {c.shown_as!r}),")
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

    def definition(self, definition: ir.Definition) -> None:
        """define_<name>(st, <params>): a definition's value, worked out where it is used."""
        w = self.w
        w.line("")
        w.line("")
        w.line(f"def define_{ident(definition.name)}(st{self.params(definition.params)}):")
        w.indent()
        self.doc(definition, f"Definition `{definition.name}`: `{definition.value.text}`.")
        zones_started = self.start_zone_locals()
        value = definition.value
        # (a count or first whose test a table gives for every item, in C loops, stays as it is: see item_test)
        if self.any_test(value) and self.item_test(value.left) is None:
            # `count(x in D where C) = 0` (or > 0, != 0): a loop that stops at the first x passing, each
            # seat's counts looked up once (a generator under any() costs more than the test on small domains).
            count, found = value.left, value.op != "="
            reads_at, self.counter_lists = len(w.lines), {}
            w.line(f"for v_{ident(count.var)} in {self.expr(count.domain)}:")
            w.indent()
            w.line(f"if {self.expr(count.where)}:")
            w.indent()
            w.line(f"return {found!r}")
            w.dedent()
            w.dedent()
            w.line(f"return {not found!r}")
            self.read_counters_first(reads_at, w.level)
        elif self.first_loop(value) and self.item_test(value) is None:
            # `any(x in D where C)`: the first x passing, by a loop (no generator, no call); when there is
            # none, the runtime's own error (`... found nothing`).
            reads_at, self.counter_lists = len(w.lines), {}
            w.line(f"for v_{ident(value.var)} in {self.expr(value.domain)}:")
            w.indent()
            if value.where is not None:
                w.line(f"if {self.expr(value.where)}:")
                w.indent()
            w.line(f"return v_{ident(value.var)}")
            if value.where is not None:
                w.dedent()
            w.dedent()
            w.line(f"return st._first({value.text!r}, ())")
            self.read_counters_first(reads_at, w.level)
        else:
            w.line(f"return {self.expr(value)}")
        self.finish_zone_locals(zones_started)
        w.dedent()

    @staticmethod
    def first_loop(e: ir.E) -> bool:
        """Whether a definition's value is written as a loop: `any(x in D where C)`, the first x passing."""
        return isinstance(e, ir.First)

    @staticmethod
    def any_test(e: ir.E) -> bool:
        """Whether ``e`` asks only whether some x of a zone, the players or a range passes:
        `count(x in D where C) = 0` (or > 0, != 0), D not a board (its counts have ways of their own)."""
        return (isinstance(e, ir.Compare) and not e.order and e.op in ("=", ">", "!=")
                and isinstance(e.left, ir.Count) and e.left.where is not None
                and not isinstance(e.left.domain, (ir.BoardRef, ir.Placements))
                and isinstance(e.right, ir.Const) and e.right.value.__class__ is int and e.right.value == 0)

    def params(self, params: Sequence[ir.Param]) -> str:
        return "".join(f", v_{ident(p.name)}" for p in params)

    def step(self, step: ir.Step) -> None:
        w = self.w
        name = ident(step.name)
        w.line("")
        w.line(comment(f"---------------------------------------------------------------- {step.kind} {step.name}"))
        if step.kind == "auto":
            w.line(f"def step_{name}(st, cause{self.params(step.params)}):")
            w.indent()
            self.doc(step, f"Step `{step.name}`.")
            with self.zone_locals():
                self.inline_ids = self.inline_thens(step.body)
                self.stmts(step.body)
                self.inline_ids = set()
            w.dedent()
            return
        if step.kind == "chance":
            outcome = step.outcome
            types = {p.name: p.type for p in step.params}
            types[outcome.var] = outcome.var_type
            text = self.render(outcome.template, types, outcome.shown)
            if re.fullmatch(r"TEXT_\d+\[v_\w+\]", text):  # read from a table by item: the same in every state
                self.tabled_texts.add(step.name)
            var = "v_" + ident(outcome.var)
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
                if outcome.pick_from is not None:
                    where = f" if {self.expr(outcome.pick_where)}" if outcome.pick_where is not None else ""
                    w.line(f"return pick_weights([({text}, {var}) for {var} in {self.expr(outcome.pick_from)}{where}])")
                else:
                    w.line(f"return [({text}, 1, ({var},)) for {var} in {outcome.faces!r}]")
                w.dedent()
            w.line("")
            w.line(f"def resolve_{name}(st, cause{self.params(step.params)}, {var}):")
            w.indent()
            self.doc(step, f"What happens once the outcome of `{step.name}` is known.")
            with self.zone_locals():
                self.inline_ids = self.inline_thens(step.body)
                self.stmts(step.body)
                self.inline_ids = set()
            w.dedent()
            return
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

    def declare_counted(self, at: int, level: int) -> None:
        """Before a listing's loops: the counts it computes once for every candidate start out unknown."""
        if self.counted:
            names = " = ".join(self.counted.values())
            self.w.lines[at:at] = ["    " * level + f"{names} = None  # counts that are the same for every candidate, once needed"]
        self.bound = None

    def option(self, step: ir.Step, option: ir.ChoiceOption) -> None:
        w = self.w
        base = f"{ident(step.name)}__{ident(option.name)}"
        types = {p.name: p.type for p in step.params}
        for b in option.bindings:
            types[b.var] = b.type
        bound = [b.var for b in option.bindings]
        binding_tuple = "(" + "".join(f"v_{ident(v)}, " for v in bound) + ")"
        text = self.render(option.template, types, option.shown)
        # Fast enumeration: each condition is checked as soon as its names are bound, and a
        # `X fits S` condition turns the walk over a board into a walk over X's precomputed spaces.
        conditions = list(option.conditions)
        placed: dict[int, list] = {i: [] for i in range(-1, len(bound))}
        domains: dict[str, str] = {}
        for i, b in enumerate(option.bindings):
            domains[b.var] = self.expr(b.domain)
            if isinstance(b.domain, ir.ZoneRef) and not any(z.name == b.domain.zone and z.stacked for z in self.m.zones) \
                    and any(c.copies > 1 for c in self.m.components):
                # Identical copies of a component make identical options: offer one of them (in a stacked
                # zone copies differ by their place in the pile, so all are kept; with no copies at all,
                # every item differs from every other).
                domains[b.var] = f"st._one_of_each({domains[b.var]})"
            if isinstance(b.domain, ir.Placements):
                free = [c for c in conditions if isinstance(c, ir.Check) and isinstance(c.subject, ir.Var)
                        and c.subject.name == b.var and c.test in ("empty", "occupied_neighbour")]
                if {c.test for c in free} == {"empty", "occupied_neighbour"}:
                    # Free and touching: the legal placements, computed once per shape and board position.
                    p = b.domain
                    board = self.boards[p.board]
                    shape = repr(p.shape) if p.shape is not None else \
                        f"ITEM_ATTRS[{self.m.boards[board].shape_attribute!r}].get({self.expr(p.item)})"
                    domains[b.var] = f"st._legal_placements({board}, {shape})"
                    for c in free:
                        conditions.remove(c)
                    fields = list(dict.fromkeys(f for _, f, _, _ in string.Formatter().parse(option.template) if f))
                    if i == len(bound) - 1 and not set(fields) & {name for name, _ in option.shown}:
                        # What the text shows besides the placement, as the words its texts are kept by.
                        words = [lit(step.name + "." + option.name)] + [
                            self.label(f, types[f]) if types[f] == ir.ITEM else f"v_{ident(f)}"
                            for f in fields if f != b.var]
                        self.kept_walks[(step.name, option.name)] = (b.var, words)
            if isinstance(b.domain, ir.BoardRef):
                for c in list(conditions):
                    if (isinstance(c, ir.Fits) and isinstance(c.space, ir.Var) and c.space.name == b.var
                            and isinstance(c.item, ir.Var) and c.item.name not in bound[i:]):
                        domains[b.var] = f"st._t.fits[{self.boards[c.board]}][v_{ident(c.item.name)}]"
                        conditions.remove(c)
                        break
        for c in conditions:
            needed = self.free_vars(c, set(bound))
            level = max((bound.index(v) for v in needed), default=-1)
            placed[level].append(c)
        self.plans.append((option, bound, domains, placed, text, binding_tuple))
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
        counts_at, counts_level = len(w.lines), w.level
        self.bound, self.counted = set(bound), {}
        depth = 0
        for i, var in enumerate(bound):
            w.line(f"for v_{ident(var)} in {domains[var]}:")
            w.indent()
            depth += 1
            for c in placed[i]:
                w.line(f"if not ({self.expr(c)}):", note=c.text)
                w.indent()
                w.line("continue")
                w.dedent()
        self.declare_counted(counts_at, counts_level)
        w.line(f"found.append(({text}, {binding_tuple}))")
        for _ in range(depth):
            w.dedent()
        w.line("return found")
        self.finish_zone_locals(zones_started)
        w.dedent()
        # Every candidate, conditions ignored: used only to explain a refusal.
        w.line("")
        w.line("")
        w.line(f"def candidates_{base}(st{self.params(step.params)}):")
        w.indent()
        w.line(docstring(f"Every `{option.name}` candidate, before its conditions; to explain refusals."))
        for var in bound:
            domain = self.expr(next(b.domain for b in option.bindings if b.var == var))
            w.line(f"for v_{ident(var)} in {domain}:")
            w.indent()
        w.line(f"yield ({text}, {binding_tuple})")
        for _ in bound:
            w.dedent()
        w.dedent()
        w.line("")
        w.line("")
        w.line(f"def first_failing_{base}(st{self.params(step.params)}"
               f"{''.join(f', v_{ident(v)}' for v in bound)}):")
        w.indent()
        w.line('"""The index of the first condition that does not hold, or -1."""')
        for i, c in enumerate(option.conditions):
            w.line(f"if not ({self.expr(c)}):", note=c.text)
            w.indent()
            w.line(f"return {i}")
            w.dedent()
        w.line("return -1")
        w.dedent()
        w.line("")
        w.line("")
        w.line(f"def effect_{base}(st, cause{self.params(step.params)}{''.join(f', v_{ident(v)}' for v in bound)}):")
        w.indent()
        self.doc(option, f"What `{option.name}` does.")
        with self.zone_locals():
            # (a secret choice's effects run one seat after another before any `then`: none runs at once)
            self.inline_ids = set() if step.together else self.inline_thens(option.body)
            self.stmts(option.body)
            self.inline_ids = set()
        w.dedent()

    def choices(self, step: ir.Step) -> bool:
        """choices_<step>: every option of a choice step listed by one function, in the order offered
        (a claim window: seat order, then declaration order), as (seat, text, option, binding) rows.
        When every option binds the seat first, over all players, one walk over the seats lists them
        all. Returns whether no two rows can read the same (else the runtime checks)."""
        w = self.w
        any_player = step.by is None
        plans = self.plans
        if any_player and not all(bound for _, bound, _, _, _, _ in plans):
            return False  # no seat to offer an option to: the runtime lists the options one by one
        first = {bound[0] for _, bound, _, _, _, _ in plans} if any_player else set()
        together = (any_player and len(first) == 1 and all(
            isinstance(option.bindings[0].domain, ir.PlayersSet) and domains[bound[0]] == "st._t.seats"
            for option, bound, domains, _, _, _ in plans))
        distinct = (together or not any_player) and self.read_apart(step, plans, any_player)
        # An option whose text reads only labels of its names (a seat's colour, a space's row) makes the same
        # row for the same seat, arguments and binding in every state: each row is made once and kept.
        memos = {} if any_player or not self.static_params(step) else {
            k: f"memo_{k}"
            for k, (option, bound, _, _, text, _) in enumerate(plans)
            if bound and not re.fullmatch(r"TEXT_\d+\[v_\w+\]", text) and self.static_text(option)  # (a table: made)
            and (step.name, option.name) not in self.kept_walks}  # (placements: kept per setup, Tables.placement_rows)
        # Every row kept (none listed otherwise): the kept rows see each text as it is made, so the listing
        # itself offers no two that read the same, and the engine need not look (KeptRows).
        all_kept = bool(memos) and len(memos) == len(plans)
        kept_rows = f"ROWS_{ident(step.name)}"
        w.line("")
        w.line("")
        if memos:
            self.rows_kept_used = True
            w.line(f"{kept_rows} = KeptRows({len(plans)})",
                   note=f"(seat{''.join(', ' + p.name for p in step.params)}) -> per option, binding -> its row, made once")
            w.line("")
            w.line("")
        key_parts = self.listing_reads(step)
        if key_parts is not None:
            w.line(f"LISTED_{ident(step.name)} = {{}}", note="what the listing read -> (seat, rows): the same reads, "
                                                          "the same rows")
            w.line("")
            w.line("")
        w.line(f"def choices_{ident(step.name)}(st{self.params(step.params)}):")
        w.indent()
        self.doc(step, f"Every choice of `{step.name}` now, in the order offered.")
        zones_started = self.start_zone_locals()
        memo = f"LISTED_{ident(step.name)}"
        if key_parts is not None:
            # What the listing reads of the state (and its arguments): the same reads list the same rows,
            # kept per engine module (rows are never changed once listed).
            w.line(f"key = ({', '.join(self.listing_key(step, key_parts))},)", note="all the listing reads")
            w.line(f"found = {memo}.get(key)")
            w.line("if found is not None:")
            w.indent()
            w.line("return found")
            w.dedent()
        w.line("rows = []")
        if not any_player:
            w.line(f"seat = {self.expr(step.by)}")
        if memos:
            key = "(seat" + "".join(f", v_{ident(p.name)}" for p in step.params) + ")"
            w.line(f"kept = {kept_rows}[{key}]")
        for k, memo in memos.items():
            w.line(f"{memo} = kept.by_option[{k}]")
        counts_at, counts_level = len(w.lines), w.level
        self.bound, self.counted = {v for _, bound, _, _, _, _ in plans for v in bound}, {}
        self.counter_lists = {}
        # Listing only reads: each board's contents are looked up once, into a local (see read_boards_first).
        self.board_code = {b: f"board_{b}" for b in range(len(self.m.boards))}
        if together:
            for k, (_, _, _, placed, _, _) in enumerate(plans):
                if placed[-1]:
                    w.line(f"_ok{k} = " + " and ".join(f"({self.expr(c)})" for c in placed[-1]),
                           note=" and ".join(c.text for c in placed[-1]))
            w.line(f"for v_{ident(next(iter(first)))} in st._t.seats:")
            w.indent()
        shared = self.shared_domains(plans)
        listed_kept = self.listed_kept(step, plans, memos, key_parts, any_player)
        for k, (option, bound, domains, placed, text, binding_tuple) in enumerate(plans):
            w.line(comment(f"{option.name}: `{option.template}`"))
            if listed_kept is not None:
                # The rows kept with the board's contents: the next listing tests only the spaces changed since.
                var = f"v_{ident(bound[0])}"
                test = " and ".join(f"({self.expr(c)})" for c in placed[0])
                row = f"(seat, {text}, {k}, {binding_tuple})"
                key = f"('listed', {len(self.listed_keys)!r}, seat" + "".join(f", v_{ident(p.name)}" for p in step.params) + ")"
                self.listed_keys.append(step.name)
                # (on a small board listing afresh costs less: tic-tac-toe's 9 spaces, Hex's 25; even at 49)
                w.line(f"if len({domains[bound[0]]}) >= {LISTED_KEPT_FROM!r}:")
                w.indent()
                w.line(f"rows = st._listed_kept({listed_kept!r}, {key}, lambda {var}: {test}, "
                       f"lambda {var}: memo_{k}.get({var}) or kept.make(memo_{k}, {var}, {row}))",
                       note=" and ".join(c.text for c in placed[0]))
                w.dedent()
                w.line("else:")
                w.indent()
            level = w.level
            guards = placed[0] if together else placed[-1]
            tests = ([f"_ok{k}"] if together and placed[-1] else []) + [f"({self.expr(c)})" for c in guards]
            if tests:
                w.line(f"if {' and '.join(tests)}:", note=" and ".join(c.text for c in guards) if guards else None)
                w.indent()
            seat = f"v_{ident(bound[0])}" if any_player else "seat"
            row = f"({seat}, {text}, {k}, {binding_tuple})"
            kept, words = self.kept_walks.get((step.name, option.name), (None, ()))
            for i, var in enumerate(bound[1:] if together else bound, start=1 if together else 0):
                if var == kept and not placed[i]:
                    # The rows of every legal placement, put together in C loops: each text is made once per
                    # setup for the same words (it reads labels only: the same in every state).
                    head = "".join(f"v_{ident(v)}, " for v in bound[:i])
                    w.line(comment("each legal placement's text made once per setup (it reads labels only)"))
                    w.line(f"rows += st._t.placement_rows(({', '.join(words)}, ), {seat}, {k}, ({head}), {domains[var]}, "
                           f"lambda v_{ident(var)}: {text})")
                    break
                domain = domains[var]
                if domain in shared:  # listed by several options: made when first needed, then kept
                    name = shared[domain]
                    domain = f"({name} if {name} is not None else ({name} := {domain}))"
                w.line(f"for v_{ident(var)} in {domain}:")
                w.indent()
                if sum(self.kind_tests(c, var) for j in range(i, len(bound)) for c in placed[j]) > 1:
                    self.kinds[var] = f"kind_{ident(var)}"
                    w.line(f"kind_{ident(var)} = ITEM_KIND[v_{ident(var)}]", note="tested more than once")
                for c in placed[i]:
                    if self.neighbour_test_inline(c):
                        continue
                    w.line(f"if not ({self.expr(c)}):", note=c.text)
                    w.indent()
                    w.line("continue")
                    w.dedent()
            else:
                if k in memos:
                    one = f"v_{ident(bound[0])}" if len(bound) == 1 else binding_tuple
                    w.line(f"rows.append(memo_{k}.get({one}) or kept.make(memo_{k}, {one}, {row}))")
                else:
                    w.line(f"rows.append({row})")
            w.level = level
            self.kinds = {}
        if listed_kept is not None:
            w.dedent()
        if together:
            w.dedent()
        self.declare_counted(counts_at, counts_level)
        if shared:
            w.lines.insert(counts_at, "    " * counts_level + " = ".join(shared.values())
                           + " = None  # the candidates several options walk, once needed")
        self.read_counters_first(counts_at, counts_level)
        self.read_boards_first(counts_at, counts_level)
        if any_player and not together:
            w.line("rows.sort(key=lambda row: row[0])  # stable: seat order, then declaration order")
        if all_kept and not distinct:
            w.line("if kept.repeated:", note="two rows read the same: the first is the one offered")
            w.indent()
            w.line("rows = kept.first_of_each(rows)")
            w.dedent()
        seat_code = ('SIMULTANEOUS' if step.together else 'ANY_PLAYER') if any_player else 'seat'
        if key_parts is not None:
            w.line(f"if len({memo}) > 4096:", note="bounded: the states of a game read few distinct ways")
            w.indent()
            w.line(f"{memo}.clear()")
            w.dedent()
            w.line(f"found = {memo}[key] = {seat_code}, rows")
            w.line("return found")
            self.rows_kept.add(step.name)
        else:
            w.line(f"return {seat_code}, rows")
        self.finish_zone_locals(zones_started)
        w.dedent()
        return distinct or all_kept

    def neighbour_test_inline(self, c) -> bool:
        """Inside a listing's loop, where boards are read through locals: `S has an occupied neighbour` for a
        name S, written as a loop over the board's neighbour table (a local read once per listing) that goes
        on to the next candidate when no neighbour is occupied (State._has_occupied_neighbour, no method call
        per space). Returns whether it wrote the test (else the caller writes it as an expression)."""
        if not (isinstance(c, ir.Check) and c.test == "occupied_neighbour" and isinstance(c.subject, ir.Var)
                and is_space(c.subject.type) and not c.subject.type.startswith("placement:")):
            return False
        b = self.boards[board_of(c.subject.type)]
        if b not in self.board_code:
            return False
        w = self.w
        w.line(f"for _near in neighbours_{b}[{self.expr(c.subject)}]:", note=c.text)
        w.indent()
        w.line(f"if {self.cells(b)}[_near] >= 0:")
        w.indent()
        w.line("break")
        w.dedent()
        w.dedent()
        w.line("else:")
        w.indent()
        w.line("continue")
        w.dedent()
        return True

    _STATIC_TYPES = (ir.SEAT, ir.INT, ir.BOOL, ir.SYMBOL, ir.ITEM, ir.DIRECTION)

    def listed_kept(self, step: ir.Step, plans: list, memos: dict, key_parts, any_player: bool) -> Optional[int]:
        """The board whose contents a choice's rows may be kept with (State._listed_kept), or None: one player
        decides, its one option's rows are kept (memos), it binds one name, to every space of a board in use,
        and each condition tests that space, reading the board only there and otherwise only values (its
        seat, arguments, options, labels: rulespec.model.reads, as for a kept `connected`)."""
        if any_player or key_parts is not None or len(plans) != 1 or 0 not in memos:
            return None
        option, bound, domains, placed, _, _ = plans[0]
        if len(bound) != 1 or placed[-1] or not placed[0] or (step.name, option.name) in self.kept_walks:
            return None
        domain = option.bindings[0].domain
        if not isinstance(domain, ir.BoardRef) or domains[bound[0]] != f"st._t.cells_in_use[{self.boards[domain.board]}]":
            return None
        params = {p.name for p in step.params}
        env = {bound[0]: reads.ANCHOR}
        for c in placed[0]:
            for name in reads.free_vars(c) - {bound[0]}:
                if name not in params:
                    return None
                env[name] = reads.VALUE
        if not all(p.type in self._STATIC_TYPES for p in step.params):
            return None
        reader = reads._Reader(self.m, domain.board)
        try:
            if not all(reader.reads(c, env) <= {("here",)} for c in placed[0]):
                return None
        except reads.NotLocal:
            return None
        return self.boards[domain.board]

    def static_params(self, step: ir.Step) -> bool:
        """Whether every parameter of a step is a plain value (a memo of its rows is keyed by them)."""
        return all(p.type in self._STATIC_TYPES or is_space(p.type) for p in step.params)

    def static_text(self, option: ir.ChoiceOption) -> bool:
        """Whether an option's text is the same in every state for the same names: each field is a name
        (a seat, an item, a space, a number or a word: its label) or a label of names (`{colour of player}`,
        `{row of s}`, `{value of c}`), never something of the state or of the game's setup."""
        types = {b.var: b.type for b in option.bindings}
        shown = dict(option.shown)

        def static(e: ir.E) -> bool:
            if isinstance(e, (ir.Var, ir.Const)):
                return True
            if isinstance(e, ir.SeatAttr):
                return static(e.seat)
            if isinstance(e, ir.SpaceAttr):
                return static(e.space)
            if isinstance(e, ir.ItemAttr):
                return static(e.item)
            if isinstance(e, ir.Arith):
                return static(e.left) and static(e.right)
            if isinstance(e, ir.Negate):
                return static(e.operand)
            return False

        for _, field, _, _ in string.Formatter().parse(option.template):
            if field is None:
                continue
            if field in shown:
                if not static(shown[field]):
                    return False
            elif field in types and not (types[field] in self._STATIC_TYPES or is_space(types[field])):
                return False
        return True

    _LISTING_PURE = (ir.Const, ir.Var, ir.SeatConst, ir.PlayersSet, ir.ItemAttr, ir.SeatAttr, ir.SeatStep, ir.Others,
                     ir.IsKind, ir.Member, ir.Count, ir.First, ir.Total, ir.Compare, ir.Extreme, ir.Conditional,
                     ir.Arith, ir.Negate, ir.Not, ir.BoolOp)

    def listing_reads(self, step: ir.Step) -> Optional[list[tuple[object, str]]]:
        """What a choice's listing reads of the state, when that is only zones (their items, sizes or
        emptiness) and counters besides its arguments and the number of players: [(a ZoneRef or a counter's
        name, how it is read: "items", "size" or "empty")], or None when it reads anything else (boards,
        options, definitions, scores, ...) or is a secret choice."""
        if step.together:
            return None
        parts: list[tuple[object, str]] = []
        params = {p.name for p in step.params}

        def zone(e: ir.ZoneRef, mode: str) -> bool:
            # A seat's zone named by a name the listing binds (`feast of q`): every seat's zone of that name.
            seat_vars = reads.free_vars(e.seat) if e.seat is not None else set()
            parts.append((("zones", e.zone) if seat_vars - params else e, mode))
            return e.seat is None or walk(e.seat)

        def walk(e) -> bool:
            if isinstance(e, ir.ZoneRef):
                return zone(e, "items")
            if isinstance(e, ir.CounterRef):
                parts.append((("counter", e.name), "items"))
                return e.seat is None or walk(e.seat)
            if isinstance(e, ir.Check) and isinstance(e.subject, ir.ZoneRef) and e.test in ("empty", "not_empty"):
                return zone(e.subject, "empty")
            if isinstance(e, ir.Size) and isinstance(e.collection, ir.ZoneRef):
                return zone(e.collection, "size")
            if isinstance(e, ir.Top):
                return walk(e.zone)
            if not isinstance(e, self._LISTING_PURE):
                return False
            for value in vars(e).values():
                for v in (value if isinstance(value, tuple) else (value,)):
                    if isinstance(v, ir.E) and not walk(v):
                        return False
            return True

        exprs: list = [step.by] if step.by is not None else []
        for option in step.options:
            exprs += [b.domain for b in option.bindings] + list(option.conditions) + [e for _, e in option.shown]
        if not all(walk(e) for e in exprs) or (not parts and self.listed_once(step)):
            return None  # (a listing of its arguments alone, with no condition: listed once by the runtime)
        return parts  # (empty: it reads its arguments alone; kept by them, its Pending is shared, StepInfo.rows_kept)

    def listing_key(self, step: ir.Step, parts: list[tuple[object, str]]) -> list[str]:
        """Code for the key of a listing (see listing_reads): the number of players, the step's arguments,
        then each zone read (its items, else its size, else whether it is empty) and each counter read."""
        # The arguments the listing reads (an argument only passed on to the effects is not part of it).
        used: set[str] = set(reads.free_vars(step.by)) if step.by is not None else set()
        for option in step.options:
            for e in [b.domain for b in option.bindings] + list(option.conditions) + [e for _, e in option.shown]:
                used |= reads.free_vars(e)
            used |= {field for _, field, _, _ in string.Formatter().parse(option.template) if field is not None}
        key = ["st.players"] + [f"v_{ident(p.name)}" for p in step.params if p.name in used]
        strength = {"empty": 0, "size": 1, "items": 2}
        per_player = {c.name for c in self.m.counters if c.per_player}
        read: dict[str, str] = {}  # the code of what is read -> the most it is read for
        for what, mode in parts:
            if isinstance(what, tuple) and what[0] == "counter":  # its value; a seat's counter: every seat's
                code = (f"tuple(st._counters[{lit(what[1])}])" if what[1] in per_player
                        else f"st._counters[{lit(what[1])}]")
                read[code] = "value"
                continue
            if isinstance(what, tuple):  # every seat's zone of a name: their sizes (or their items), in seat order
                self.zone_code.setdefault(what[1], set()).add("index")  # (the locals zones, zone_<name>)
                code = (f"tuple(map({'tuple' if mode == 'items' else 'len'}, "
                        f"zones[zone_{ident(what[1])}:zone_{ident(what[1])} + st.players]))")
                read[code] = "value"
                continue
            code = self.expr(what)
            if code not in read or strength[read[code]] < strength[mode]:
                read[code] = mode
        for code, mode in read.items():
            key.append({"value": code, "empty": f"not {code}", "size": f"len({code})"}.get(mode) or f"tuple({code})")
        return key

    @staticmethod
    def shared_domains(plans: list) -> dict[str, str]:
        """The walks over one of each identical copy in a zone (a list made per listing) that several
        options of a choice make, reading none of their bound names: code -> the local that keeps it."""
        seen: dict[str, int] = {}
        for _, bound, domains, _, _, _ in plans:
            for var in bound:
                code = domains[var]
                if code.startswith("st._one_of_each(") and not any(
                        re.search(rf"\bv_{ident(v)}\b", code) for v in bound):
                    seen[code] = seen.get(code, 0) + 1
        shared = [code for code, times in seen.items() if times > 1]
        return {code: f"_walk{i}" for i, code in enumerate(shared)}

    @staticmethod
    def outcomes_listed_once(step: ir.Step) -> bool:
        """Whether a chance step's outcomes (not a draw) depend on its arguments and the game's set-up alone:
        dice faces, or a pick from numbers worked out of constants, options and arguments, its text showing
        the pick and arguments' labels only. The runtime lists them once per arguments and set-up."""
        outcome, params = step.outcome, {p.name: p.type for p in step.params}
        if outcome is None or outcome.draw_from is not None or outcome.shown:
            return False

        def fixed(e) -> bool:
            if isinstance(e, ir.Var):
                return e.name in params or e.name == outcome.var
            if isinstance(e, (ir.Const, ir.OptionRef, ir.PlayersSet)):
                return True
            if isinstance(e, (ir.Span, ir.Arith, ir.Compare, ir.BoolOp, ir.Not, ir.Negate)):
                return all(fixed(v) for value in vars(e).values()
                           for v in (value if isinstance(value, tuple) else (value,)) if isinstance(v, ir.E))
            return False

        if outcome.pick_from is not None and not (fixed(outcome.pick_from)
                                                  and (outcome.pick_where is None or fixed(outcome.pick_where))):
            return False
        for _, field, _, _ in string.Formatter().parse(outcome.template):
            if field is not None and field != outcome.var and params.get(field) not in (ir.SEAT, ir.INT, ir.ITEM):
                return False
        return True

    @staticmethod
    def listed_once(step: ir.Step) -> bool:
        """Whether a choice step's listing depends on its arguments alone: decided by one of them, each option
        one choice with no condition, its text showing at most arguments' labels (a seat, a number, a
        component). The runtime then lists it once per arguments and shares the listing (StepInfo.listed_once)."""
        params = {p.name: p.type for p in step.params}
        if step.together or not step.options or not (isinstance(step.by, ir.Var) and step.by.name in params):
            return False
        for option in step.options:
            if option.bindings or option.conditions or option.shown:
                return False
            for _, field, _, _ in string.Formatter().parse(option.template):
                if field is not None and params.get(field) not in (ir.SEAT, ir.INT, ir.ITEM):
                    return False
        return True

    def read_apart(self, step: ir.Step, plans: list, any_player: bool) -> bool:
        """Whether no two choices of a step can read the same (for one seat): each option's text shows
        its one bound name (besides a claim window's seat) by a label no two values share, and any two
        options' texts differ in what they say before their first field or after their last."""
        params = {p.name for p in step.params}
        if self.labels_distinct is None:
            from ..runtime.engine import build_item_tables
            labels = build_item_tables([(c.name, c.attributes, c.copies, c.shown_as) for c in self.m.components])[1]
            self.labels_distinct = len(set(labels)) == len(labels)
        ends = []
        for option, bound, _, _, _, _ in plans:
            named = [b for b in option.bindings if not (any_player and b.var == bound[0])]
            parts = list(string.Formatter().parse(option.template))
            fields = {field for _, field, _, _ in parts if field is not None}
            if len(named) > 1 or fields - params - {b.var for b in option.bindings} or (
                    named and (named[0].var not in fields
                               or not (named[0].type in (ir.SEAT, ir.INT, ir.BOOL, ir.SYMBOL)
                                       or (named[0].type == ir.ITEM and self.labels_distinct)))):
                return False
            if not fields:
                ends.append((option.template, option.template, True))
            else:
                head = parts[0][0]
                tail = parts[-1][0] if parts[-1][1] is None else ""
                ends.append((head, tail, False))
        for i, (head_a, tail_a, fixed_a) in enumerate(ends):
            for head_b, tail_b, fixed_b in ends[i + 1:]:
                if fixed_a and fixed_b:
                    if head_a == head_b:
                        return False
                    continue
                n, m = min(len(head_a), len(head_b)), min(len(tail_a), len(tail_b))
                if head_a[:n] == head_b[:n] and (m == 0 or tail_a[len(tail_a) - m:] == tail_b[len(tail_b) - m:]):
                    return False
        return True

    def trigger(self, trigger: ir.Trigger) -> None:
        w = self.w
        w.line("")
        w.line(comment(f"---------------------------------------------------------------- trigger {trigger.name}"))
        w.line(f"def trigger_{ident(trigger.name)}(st, v_item, v_space, v_player, cause):")
        w.indent()
        causes = ", ".join(trigger.event.causes) or "any cause"
        self.doc(trigger, f"When something is placed on {trigger.event.board} as {causes}.")
        with self.zone_locals():
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
        with self.zone_locals():
            self.stmts(instead.body)
        w.dedent()

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

    @staticmethod
    def then_reads_each(end: ir.End) -> bool:
        """Whether an end's `then` step is given the end's `for each` name (`then pay_the_pot(p)`)."""
        return bool(end.each_var) and any(isinstance(x, ir.Var) and x.name == end.each_var
                                          for a in end.then_args for x in walk(a))

    def end_test(self, end: ir.End, tag: str, then: bool = False) -> None:
        """The test of one end: return ``tag`` and its winners when it holds (and with ``then``, the step its
        `then` runs, worked out where the test held: (step, arguments), as end_<name>__then finds it)."""
        winners = f"[{self.expr(end.winner)}]" if end.winner is not None else "[]"
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
        winners = f"[{self.expr(end.winner)}]" if end.winner is not None else "[]"
        unit = f"v_{ident(plan.space_var)}" + (f", v_{ident(plan.direction_var)}" if plan.direction_var else "")
        length = self.unit_line_length(plan)
        if length:
            unit += ", unit_line"
            self.unit_line = (self.boards[plan.board], plan.space_var, plan.direction_var, length)
        b = self.boards[plan.board]
        self.board_code[b] = f"board_{b}"
        if end.each_var and not any(getattr(x, "var", None) == end.each_var for x in walk(plan.test)):
            self.seat_values = (end.each_var, {})  # (unless the test binds that name again inside)
        test = self.expr(plan.test)
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
        for line in self.cell_attr_locals():
            w.line(line)
        self.unit_line, self.board_code, self.towards_used = None, {}, set()
        index = f"index_{ident(end.name)}"
        if end.each_var:
            w.line(f"units, one_changed = {index}.units_and_one(st)" if one_test else f"units = {index}.units(st)")
            w.line(f"for v_{ident(end.each_var)} in {self.expr(end.each_domain)}:")
            w.indent()
            for code, local in (seat_values[1] if seat_values else {}).items():  # the seat's values the test reads, once per seat
                w.line(f"{local} = {code}")
            if one_test:
                w.line(f"if one_changed is not None and not {one_test}:")
                w.line("    continue  # the one space changed fails C: so does every unit (each holds it)")
            w.line(f"for {unit} in units:")
        elif one_test:
            w.line(f"units, one_changed = {index}.units_and_one(st)")
            w.line(f"if one_changed is not None and not {one_test}:")
            w.line("    units = ()  # the one space changed fails C: so does every unit (each holds it)")
            w.line(f"for {unit} in units:")
        else:
            w.line(f"for {unit} in {index}.units(st):")
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
            w.line(f"index_{ident(end.name)} = EndIndex({end.timing!r}, {self.boards[plan.board]}, "
                   f"{lit(plan.directions)}, {lit(plan.footprint)}{requires})")
        return plans

    def end_checks(self) -> dict[str, str]:
        """One function per timing that tests every end checked then, in declaration order (what the
        runtime would do by calling each end_ function in turn). Returns timing -> function name.
        An end reading only a fixed neighbourhood of each space of a board is tested only where the board
        changed since the last check (see indexed_end_test); when every end holds false, the board is
        recorded for the next check."""
        w, names = self.w, {}
        plans = self.end_indexes()
        indexed_timings = {end.timing for end in self.m.ends if end.name in plans}
        for timing in dict.fromkeys(e.timing for e in self.m.ends):
            name = names[timing] = f"ends_{ident(timing)}"
            w.line("")
            w.line("")
            w.line(f"def {name}(st):")
            w.indent()
            ends = [(k, end) for k, end in enumerate(self.m.ends) if end.timing == timing]
            cites = list(dict.fromkeys(c for _, end in ends for c in end.cites))
            rulings = list(dict.fromkeys(r for _, end in ends for r in end.rulings))
            lines = ", ".join(str(end.loc.line) for _, end in ends if end.loc)
            w.line(docstring(" ".join(part for part in (
                f"The ends checked at `{timing}`, in declaration order: (index in ENDS, winners) of the first "
                f"that holds (and the step its `then` runs), or None.", f"[{', '.join(cites)}]" if cites else "",
                f"ruling {', '.join(rulings)}" if rulings else "",
                f"({self.source_name}:{lines})" if lines else f"({self.source_name})") if part)))
            reads_at, self.counter_lists = len(w.lines), {}
            zones_started = self.start_zone_locals()
            boards = []
            counters = self.counters_read(ends, plans)
            clean = self.ends_clean(timing, counters)
            if counters is not None:
                seen = self.counters_seen(counters, copy=False)
                w.line(comment(f"every end here reads only the counters {', '.join(counters) or '(none)'}: at the "
                               f"values they had when every end last held false, every end is false"))
                w.line(f"if st._ends_seen.get(({timing!r}, 'counters')) == {seen}:")
                w.indent()
                if clean:
                    w.line("st._ends_clean = True")
                w.line("return None")
                w.dedent()
            for k, end in ends:
                plan = plans.get(end.name)
                if plan is None:
                    w.line(comment(f"{end.name} {cites_text(end)}"))
                    self.end_test(end, f"{k}, ", then=True)
                    continue
                w.line(comment(f"{end.name} {cites_text(end)}: only where {plan.board} changed since it last held "
                               f"false" + (f" ({', '.join(plan.unfolded)} unfolded)" if plan.unfolded else "")))
                self.indexed_end_test(end, plan, f"{k}, ")
                boards.append(self.boards[plan.board])
            if boards:
                seen = ", ".join(f"({timing!r}, {b}): st._boards[{b}][:], ({timing!r}, {b}, 'written'): st._writes()"
                                 for b in dict.fromkeys(boards))
                w.line(comment("every end held false: the boards they read, as they are now (for the next check)"))
                w.line(f"st._ends_seen = {{**st._ends_seen, {seen}}}" if len(indexed_timings) > 1
                       else f"st._ends_seen = {{{seen}}}")
            if counters is not None:
                w.line(comment("every end held false: the counters they read, as they are now (for the next check)"))
                w.line(f"st._ends_seen = {{**st._ends_seen, ({timing!r}, 'counters'): "
                       f"{self.counters_seen(counters, copy=True)}}}")
            if clean:
                w.line("st._ends_clean = True  # (until a counter changes)")
            w.line("return None")
            self.read_counters_first(reads_at, w.level)
            self.finish_zone_locals(zones_started)
            w.dedent()
        return names

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
        per_player = {c.name for c in self.m.counters if c.per_player}
        values = [f"st._counters[{lit(name)}]" + ("[:]" if copy and name in per_player else "") for name in counters]
        return "(" + "".join(f"{code}, " for code in values) + ")"

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
        if setup is not None:
            w.line(f"st = run.setup(players={lit(players)}, options={lit(options)}, draws={lit(list(setup.values))}, "
                   f"first={lit(setup.name == 'first')}, line={lit(setup.loc.line if setup.loc else 0)})")
        else:
            w.line(f"st = run.start(players={players!r}, options={options!r})")
        for line in ex.lines:
            where = line.loc.line if line.loc else 0
            if self.example_fact(line, where):
                continue
            if line.what == "items":
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
            elif line.what == "action":
                w.line(f"run.act(st, {line.value!r}, line={where})")
            elif line.what == "legal":
                w.line(f"run.legal(st, {line.value!r}, True, line={where})")
            elif line.what == "illegal":
                w.line(f"run.legal(st, {line.value!r}, False, line={where})")
            elif line.what == "over":
                w.line(f"run.over(st, {line.name!r}, line={where})")
            elif line.what == "fact":
                w.line(f"run.fact(st, {line.expr.text!r}, lambda: {self.expr(line.expr)}, line={where})")
        w.line("return st")
        w.dedent()

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
            "chance_even": lambda: f"run.chance_even(st, {lit(line.number)}, {at})",
            "sees": lambda: f"run.sees(st, {seat}, {self.zone_index(line.target)}, True, {at})",
            "not_sees": lambda: f"run.sees(st, {seat}, {self.zone_index(line.target)}, False, {at})",
            "space_empty": lambda: f"run.space(st, {lit(self.boards[line.board])}, {lit(line.space)}, None, {at})",
            "space_holds": lambda: f"run.space(st, {lit(self.boards[line.board])}, {lit(line.space)}, "
                                   f"{lit(line.values[0])}, {at})",
            "turn_number": lambda: f"run.turn(st, {lit(line.number)}, None, {at})",
            "turn_of": lambda: f"run.turn(st, None, {seat}, {at})",
            "phase": lambda: f"run.phase(st, {lit(line.name)}, {at})",
            "leg": lambda: f"run.leg(st, {lit(line.number)}, {at})",
            "ran": lambda: f"run.ran(st, {lit(line.value)}, {lit(line.number)}, {at})",
        }
        if w in ("gained", "lost"):
            target = line.target
            kind, index = ("board", lit(self.boards[target.board])) if isinstance(target, ir.BoardRef) else \
                ("zone", self.zone_index(target))
            amount = lit(line.number) if line.number is not None else lit(list(line.values))
            self.w.line(f"run.moved(st, {lit(kind)}, {index}, {amount}, {lit(w == 'gained')}, {at})")
            return True
        if w == "setup":
            return True
        if w not in calls:
            return False
        self.w.line(calls[w]())
        return True

    def engine_class(self) -> None:
        m, w = self.m, self.w
        class_name = ident("".join(part.capitalize() for part in re.split(r"[^A-Za-z0-9]+", m.game_id) if part)
                           + "Engine")
        w.line("")
        w.line("")
        w.line(f"class {class_name}(Engine):")
        w.indent()
        w.line(docstring(f"{m.title} [{', '.join(m.game_cites)}]" if m.game_cites else m.title))
        w.line("")
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
        w.line(f"LEAVE_OUTS = {tuple((l.players, l.attribute, l.values) for l in m.leave_outs)!r}")
        w.line("ZONES = (")
        w.indent()
        for z in m.zones:
            w.line(f"ZoneInfo({z.name!r}, {z.per_player!r}, {z.visibility!r}, {z.start!r}, {z.cites!r}"
                   f"{', stacked=True' if z.stacked else ''}"
                   f"{f', start_component={z.start_component!r}' if z.start_component else ''}"
                   f"{', size_unseen=True' if z.size_unseen else ''}),")
        w.dedent()
        w.line(")")
        w.line(f"COUNTERS = {{{', '.join(f'{c.name!r}: ({c.per_player!r}, {c.start!r})' for c in m.counters)}}}")
        w.line(f"QUEUES = {tuple(q.name for q in m.queues)!r}")
        w.line("BOARDS = (")
        w.indent()
        for b in m.boards:
            const = self.board_const(b.name)
            extra = (f", kind='triangles', shape_attribute={b.shape_attribute!r}, marks={b.marks!r}"
                     if b.lattice == "triangles" else
                     f", adjacency={lit(b.adjacency)}" if b.adjacency != "orthogonal" else "")
            if b.row_option or b.column_option:  # rows or columns past an option's value are not in use
                extra += f", row_option={lit(b.row_option)}, column_option={lit(b.column_option)}"
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
        w.line(f"FIRST_SEAT = {m.first_seat!r}")
        w.line(f"TURN_STEP = {m.turn_step!r}")
        if m.skip_when is not None:
            w.line(f"SKIP_TURN = staticmethod(skip_turn)")
        w.line("STEPS = {")
        w.indent()
        for step in ([m.setup] if m.setup else []) + list(m.steps):
            name = ident(step.name)
            params = tuple(p.name for p in step.params)
            typed = f", param_types={tuple(p.type for p in step.params)!r}" if step.params else ""
            if step.kind == "auto":
                w.line(f"{step.name!r}: StepInfo({step.name!r}, 'auto', {params!r}, {step.cites!r}, run=step_{name}{typed}),")
            elif step.kind == "chance":
                # A draw's text that shows no worked-out value reads labels only: the runtime may read it
                # late (when asked) and share one Action per outcome (text_static).
                listing = (f"draw=draw_{name}, text=text_{name}, text_static={not step.outcome.shown or step.name in self.tabled_texts!r}"
                           if step.outcome.draw_from is not None else f"outcomes=outcomes_{name}"
                           f"{', listed_once=True' if self.outcomes_listed_once(step) else ''}")
                w.line(f"{step.name!r}: StepInfo({step.name!r}, 'chance', {params!r}, {step.cites!r}, "
                       f"{listing}, resolve=resolve_{name}{typed}),")
            else:
                w.line(f"{step.name!r}: StepInfo({step.name!r}, 'choice', {params!r}, {step.cites!r}, by=by_{name}, "
                       f"options=(")
                w.indent()
                for option in step.options:
                    base = f"{name}__{ident(option.name)}"
                    conditions = tuple((c.text, option.cites) for c in option.conditions)
                    w.line(f"OptionInfo({option.name!r}, {option.template!r}, {option.cites!r}, options_{base}, "
                           f"effect_{base}, candidates_{base}, first_failing_{base}, {conditions!r}),")
                w.dedent()
                w.line(f"), choices=choices_{name}{', distinct=True' if self.distinct[step.name] else ''}"
                       f"{', listed_once=True' if self.listed_once(step) else ''}"
                       f"{', rows_kept=True' if step.name in self.rows_kept else ''}{typed}),")
        w.dedent()
        w.line("}")
        w.line("TRIGGERS = (")
        w.indent()
        for t in m.triggers:
            w.line(f"TriggerInfo({t.name!r}, {self.boards[t.event.board]}, {t.event.causes!r}, "
                   f"trigger_{ident(t.name)}, {t.cites!r}),")
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
            w.line(f"EndInfo({e.name!r}, {e.timing!r}, end_{ident(e.name)}, {e.cites!r}{then}),")
        w.dedent()
        w.line(")")
        w.line(f"END_CHECKS = {{{', '.join(f'{t!r}: {n}' for t, n in self.end_check_names.items())}}}")
        w.line(f"SCORES = {{{', '.join(f'{s.name!r}: score_{ident(s.name)}' for s in m.scores)}}}")
        w.line(f"RANKING = {m.ranking.keys if m.ranking else ()!r}")
        if m.returns is not None and m.returns.form == "value":
            w.line("RETURNS = ('value', returns_of)")
        elif m.returns is not None:
            w.line(f"RETURNS = ('result', {(m.returns.win, m.returns.draw, m.returns.loss)!r})")
        if m.returns is not None and m.returns.total is not None:
            w.line(f"RETURNS_SUM = {lit(m.returns.total)}", note=cites_text(m.returns))
        if m.match is not None:
            w.line(f"MATCH = ({m.match.legs!r}, {m.match.totals!r})", note=cites_text(m.match))
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
        w.dedent()
        w.line("")
        w.line("")
        w.line(f"GAME = {class_name}")


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

    Read from the code units directly (an opcode and its argument, EXTENDED_ARG before a wide one):
    ``dis.get_instructions`` gives the same list (tests/codegen/test_check_generated.py) thirty times
    slower."""
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
