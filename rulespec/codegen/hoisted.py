"""What a generated function reads more than once, looked up once at its top into locals: the per-seat
counters, the boards' contents and their direction and attribute tables, the zones, and an automatic step's
tables of lines towards a direction it is given.
"""

from __future__ import annotations

import re
from contextlib import contextmanager
from typing import Iterator, Optional

from ..model import ir
from .quoting import ident, lit


def _named(local: str, text: str) -> bool:
    """Whether the line of code ``text`` reads the local ``local`` (a name the generator made: letters, digits, _)."""
    return re.search(rf"\b{local}\b", text) is not None


class HoistedReads:
    """Reads put into locals at a function's top (CodeGenerator's part)."""

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
        # (read as a name, not only subscripted: a loop of found_loops.py is given the local itself)
        used = [b for b, local in self.board_code.items() if any(_named(local, text) for text in code)]
        near = [b for b in self.board_code if any(_named(f"neighbours_{b}", text) for text in code)]
        tables = [b for b in self.board_code if any(_named(f"towards_{b}", text) for text in code)]
        towards, self.towards_used = sorted(self.towards_used), set()
        self.w.lines[at:at] = (["    " * level + f"board_{b} = st._boards[{b}]" for b in used]
                               + ["    " * level + line for line in self.line_locals()]
                               + ["    " * level + f"neighbours_{b} = st._t.neighbours[{b}]" for b in near]
                               + ["    " * level + f"toward_{b}_{lit(d)} = st._t.toward[{b}][{lit(d)}]" for b, d in towards]
                           + ["    " * level + f"towards_{b} = st._t.toward[{b}]" for b in tables]
                               + ["    " * level + line for line in self.cell_attr_locals()])
        self.board_code = {}

    def line_by_length(self, e: ir.LineOf) -> Optional[str]:
        """`line of N from s towards d`, N written as a number (d any direction, fixed or given), as two subscripts
        of the table of N-space lines by direction and cell (Tables.lines_by_length, made once per configuration),
        not a call of st._line and of Tables.lines at each use: in a function whose boards are read through locals
        (a listing, a guarded definition, an end's test) that table itself is a local looked up at its top
        (read_boards_first), elsewhere it is read from the state's tables."""
        length = e.length.value if isinstance(e.length, ir.Const) else None
        if not isinstance(length, int) or isinstance(length, bool) or length < 0:
            return None
        b = self.boards[e.board]
        if self.board_code:
            self.line_lengths_used.add((b, length))
            table = f"lines_{b}_{length!r}"
        else:
            table = f"st._t.lines_by_length[{b}, {length!r}]"
        return f"{table}[{self.expr(e.direction)}][{self.on_board(e.space, 'a line from')}]"

    def line_locals(self) -> list[str]:
        """The lines that put each table of lines by length read since the last call into its local; stop
        collecting."""
        found = [f"lines_{b}_{n} = st._t.lines_by_length[{b}, {n}]  # per direction, per space: its line of {n}"
                 for b, n in sorted(self.line_lengths_used)]
        self.line_lengths_used = set()
        return found

    def cell_attr_locals(self) -> list[str]:
        """The lines that put each CELL_ATTRS table read since the last call into its local; stop collecting."""
        found = [f"{local} = {self.cell_attribute_table(attr)}" for attr, local in self.cell_attrs_used.items()]
        self.cell_attrs_used = {}
        return found

    @contextmanager
    def zone_locals(self, statements: bool = False) -> Iterator[None]:
        """Around a function's body (after its docstring): the zones it reads are looked up once, at its
        top, into locals (``zones``, ``zone_<name>`` where a zone's zones start, ``pile_<name>`` a shared
        zone's list) instead of through ``st._zones[st._t.zone_base[...]]`` at each use. A step changes
        zones in place and never replaces the lists during a function, so the locals stay current.
        ``statements``: the body is a step's, an outcome's or an option's statements (statement_counter_locals)."""
        started = self.start_zone_locals()
        counters = statements and self.counter_lists is None and self.statement_counter_locals()
        if counters:
            self.counter_lists = {}
        try:
            yield
        finally:
            self.finish_zone_locals(started)
            if counters:
                self.counters_read_once_in_place(started[0])
                self.read_counters_first(started[0], started[1])

    def counters_read_once_in_place(self, at: int) -> None:
        """A counter list a function of statements uses once, outside any loop, is read where it is used
        (``st._counters[...]``), as before: a local would cost a look-up as well (statement_counter_locals)."""
        lines = self.w.lines
        for name, local in list(self.counter_lists.items()):
            uses = [k for k in range(at, len(lines)) if _named(local, lines[k])]  # (given to a loop too: found_loops.py)
            if len(uses) == 1 and lines[uses[0]].count(f"{local}[") == 1 == len(re.findall(rf"\b{local}\b", lines[uses[0]])) \
                    and not self.in_a_loop(at, uses[0]):
                lines[uses[0]] = lines[uses[0]].replace(f"{local}[", f"st._counters[{name!r}][")
                del self.counter_lists[name]

    def in_a_loop(self, at: int, k: int) -> bool:
        """Whether line ``k`` of the function written from line ``at`` lies inside a `for` or `while` of it."""
        lines = self.w.lines
        depth = len(lines[k]) - len(lines[k].lstrip())
        for line in reversed(lines[at:k]):
            indent = len(line) - len(line.lstrip())
            if line.strip() and indent < depth:
                if line.lstrip().startswith(("for ", "while ")):
                    return True
                depth = indent
        return False

    def statement_counter_locals(self) -> bool:
        """Whether a function of statements (a step's, a chance outcome's, an option's, a trigger's or a
        replacement's body) reads and writes the counters kept per seat or per space (a list each) through
        locals looked up once at its top (``counter_cell = st._counters['cell']``), as a function that only
        reads does, instead of through ``st._counters[...]`` at each use (#40: a scan of a board's cells reads
        and sets a counter per space several times a cell). A step sets those lists' items in place and nothing
        during it replaces the lists: a look-ahead a condition asks for (`p has a legal move`) works on copies
        and gives the originals back before the step goes on (runtime/imagining.py), so the locals stay the
        game's own."""
        return True

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

    def hoisted_towards(self, e: ir.Neighbour) -> bool:
        """Whether ``e``'s board's table of every direction is read through a local (see read_boards_first):
        a direction a walk or a parameter gives (`for d in directions of grid`, `neighbour of s towards d`),
        from a space that is never none."""
        return bool(self.board_code) and isinstance(e.direction, ir.Var) and not self.may_be_none(e.space)

    def hoisted_toward(self, e: ir.Neighbour) -> bool:
        """Whether ``e``'s table (board, fixed direction) is read through a local (see read_boards_first)."""
        return (bool(self.board_code) and isinstance(e.direction, ir.Const) and isinstance(e.direction.value, int)
                and not isinstance(e.direction.value, bool))

    def cells(self, b: int) -> str:
        """Code for board ``b``'s contents: a local where the current function hoisted it, else the state's."""
        return self.board_code.get(b) or f"st._boards[{b}]"

    def line_tables_start(self, step: ir.Step, runs_again: bool) -> None:
        """Before an automatic step's body (after its docstring): its lines of a constant length towards a
        direction the step is given (`line of 4 from s towards d`, d a parameter) are read from a local holding
        that table (made once per configuration), not through st._line at each use. Not where a parameter can
        be bound again: a step that runs again as a loop, or one with a `then` written into it."""
        fixed = not runs_again and not self.inline_ids
        self.line_tables = {} if fixed else None
        self.line_table_params = frozenset(p.name for p in step.params)
        self.line_tables_at = (len(self.w.lines), self.w.level)

    def line_table(self, e: ir.LineOf) -> Optional[str]:
        """The local holding ``e``'s table of lines by space (see line_tables_start), or None."""
        if self.line_tables is None or not (isinstance(e.length, ir.Const) and isinstance(e.direction, ir.Var)
                                            and e.direction.name in self.line_table_params):
            return None
        b = self.boards[e.board]
        local = f"lines_{b}_{self.expr(e.direction)}_{self.expr(e.length)}"
        self.line_tables[local] = f"st._t.lines({b}, {self.expr(e.direction)}, {self.expr(e.length)})"
        return local

    def line_tables_first(self) -> None:
        """Put the line tables the step's body read at its top; stop reading them through locals."""
        if self.line_tables:
            at, level = self.line_tables_at
            self.w.lines[at:at] = ["    " * level + f"{local} = {code}  # its lines by space"
                                   for local, code in self.line_tables.items()]
        self.line_tables = None
