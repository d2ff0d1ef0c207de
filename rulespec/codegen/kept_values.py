"""A definition's value worked out by an `if`'s condition, kept in a local for the statements under it (#40).

model/kept_values.py says which uses of definitions a condition works out whenever it holds, and which counters
each may read. The condition assigns each such use's value to a local where it is worked out (``(_k0 :=
define_closed_boxes(st))``); the branch taken when it holds reads the local instead of the same call, until a
statement sets a counter the definition may read or does anything but set counters (a loop, a move, a `then`,
another `if`...: the values are dropped before it, or after it when its own expressions are read before it
writes). A use the condition's code does not work out itself (a comparison written another way) keeps nothing.
"""

from __future__ import annotations

from typing import Sequence

from ..model import ir
from ..model.kept_values import kept_in_condition


class KeptValues:
    """Definitions' values kept from an `if`'s condition (CodeGenerator's part)."""

    def kept_values_start(self) -> None:
        self.keeping: dict[int, frozenset[str]] = {}  # while a condition is written: id of a use -> counters it reads
        self.values_kept: dict[str, tuple[str, frozenset[str]]] = {}  # code of a call -> (its local, counters read)
        self.kept_locals = 0
        self.kept_read: set[str] = set()  # the locals read so far (one never read is not assigned: see stmt_If)

    def value_kept(self, e: ir.DefinedValue, code: str) -> str:
        """The code of a call of a definition (not one written out in place: that is cheap, and its code, which
        may not read the state, could go into a module-level table, where no local is): its local where its
        value is kept, assigned to one where the condition being written keeps it, else ``code``."""
        found = self.values_kept.get(code)
        if found is not None:
            self.kept_read.add(found[0])
            return found[0]
        counters = self.keeping.get(id(e))
        if counters is None:
            return code
        number = self.kept_locals
        local = f"_k{number}"
        self.kept_locals += 1
        self.condition_kept[code] = (local, counters)
        return f"({local} := {code})"

    def stmt_If(self, s: ir.If) -> None:
        outer = self.values_kept
        self.keeping, self.condition_kept = kept_in_condition(s.condition, self.definitions), {}
        try:
            condition = self.expr(s.condition)
        finally:
            self.keeping = {}
        at, kept = len(self.w.lines), self.condition_kept
        self.w.line(f"if {condition}:")
        self.w.indent()
        self.values_kept = {**outer, **kept}
        on_board = self.known_on_board  # (the spaces the condition found on the board: known_on_board.py)
        self.known_on_board = on_board | self.found_on_board(s.condition)
        try:
            self.stmts(s.then)
        finally:
            self.known_on_board = on_board
        self.w.dedent()
        for code, (local, _) in kept.items():  # a value the branch never read is not kept
            if local not in self.kept_read:
                self.w.lines[at] = self.w.lines[at].replace(f"({local} := {code})", code, 1)
        if s.otherwise:
            self.values_kept = outer  # (the condition wrote nothing; it may not have reached the uses it keeps)
            self.w.line("else:")
            self.w.indent()
            self.stmts(s.otherwise)
            self.w.dedent()
        self.values_kept = {}  # (what the branches wrote is not followed past the `if`)

    def kept_values_through(self, stmts: Sequence[ir.S], write) -> None:
        """Write ``stmts`` one by one with ``write``, dropping the kept values a statement may change: before
        it when it is anything but setting a counter or an `if` (a loop reads its body's values again after
        its writes), after a counter set those that read that counter, after an `if` all."""
        for s in stmts:
            if self.values_kept and not isinstance(s, (ir.SetCounter, ir.If)):
                self.values_kept = {}
            write(s)
            if self.values_kept and isinstance(s, ir.SetCounter):
                self.values_kept = {code: kept for code, kept in self.values_kept.items() if s.counter not in kept[1]}
