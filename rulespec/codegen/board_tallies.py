"""A count of a whole board's spaces whose test reads each space only as what never changes about what it
holds, answered from the tally the state keeps of the pieces on each board (rulespec/runtime/tallies.py):
`count(s in morris where s holds colour of p)` is the count of p's men on the board, not a test of 24 spaces.
"""

from __future__ import annotations

import ast as pyast
from typing import Optional

from ..model import ir, reads
from .connected import on_content
from .quoting import comment, ident


class BoardTallies:
    """Counts answered from a board's tally (CodeGenerator's part)."""

    def tallied_count(self, e: ir.Count) -> Optional[str]:
        """The code of ``e`` read from the tally when it counts every space of a board of one item a space
        (its condition fixes none: a walk narrowed is left as it is) and its condition reads the space only
        through its content, and that only as whether it is empty, its component and attributes that never
        change (the same answer for every item of a class: runtime/tallies.py), besides names that are values;
        None for any other count."""
        if not (isinstance(e.domain, ir.BoardRef) and e.where is not None):
            return None
        board = self.boards[e.domain.board]
        if self.m.boards[board].lattice == "triangles" or self.narrowed_domain(e.var, e.domain, e.where) is not None:
            return None
        names = _value_names(e)
        if names is None or any(self.expr(v) != f"v_{ident(v.name)}" for v in names.values()):
            return None
        saved = self.bound, self.kinds, self.depth, self.board_code
        self.bound, self.kinds, self.depth, self.board_code = None, {}, self.depth + 1, {}
        try:
            test = self.expr(e.where)
        finally:
            self.bound, self.kinds, self.depth, self.board_code = saved
        params = [f"v_{ident(name)}" for name in sorted(names)]
        test = on_content(test, f"v_{ident(e.var)}", board, params)
        if test is None or not _reads_content_steadily(test, frozenset(self.changing)):
            return None
        args = "".join(", " + name for name in params)  # (each `v_` and an identifier)
        code = f"lambda content{args}: {test}"
        table = self.tally_tests_made.setdefault(code, (f"TALLY_TESTS_{len(self.tally_tests_made)}", e.text))[0]
        return f"count_tallied(st, {board}, {table}{args})"

    def tally_tests_lines(self) -> list[str]:
        """The module-level TallyTests tables of the counts read from a board's tally (see tallied_count)."""
        return [f"{name} = TallyTests({code})  " + comment(text) for code, (name, text) in self.tally_tests_made.items()]


def _value_names(e: ir.Count) -> Optional[dict[str, ir.Var]]:
    """The names the condition of ``e`` reads besides its space, by name, when each is a value (a seat, number,
    truth, word, item, direction or space); None when one is not."""
    found: dict[str, ir.Var] = {}
    for name in sorted(reads.free_vars(e.where) - {e.var}):
        var = next((v for v in reads.walk(e.where) if isinstance(v, ir.Var) and v.name == name), None)
        if var is None or not (var.type in (ir.SEAT, ir.INT, ir.BOOL, ir.SYMBOL, ir.ITEM, ir.DIRECTION)
                               or var.type.startswith(ir.SPACE + ":")):
            return None
        found[name] = var
    return found


def _reads_content_steadily(code: str, changing: frozenset) -> bool:
    """Whether ``code`` reads ``content`` only as `content < 0` or `content >= 0` (empty or not), as
    `ITEM_KIND[content]` or as `CELL_ATTRS[A][content]` for an attribute A that never changes."""
    tree = pyast.parse(code, mode="eval")
    allowed = set()
    for node in pyast.walk(tree):
        if isinstance(node, pyast.Compare) and len(node.ops) == 1 and isinstance(node.left, pyast.Name) \
                and isinstance(node.ops[0], (pyast.Lt, pyast.GtE)) and isinstance(node.comparators[0], pyast.Constant) \
                and node.comparators[0].value == 0:
            allowed.add(id(node.left))
        elif isinstance(node, pyast.Subscript) and isinstance(node.slice, pyast.Name) and (
                (isinstance(node.value, pyast.Name) and node.value.id == "ITEM_KIND")
                or (isinstance(node.value, pyast.Subscript) and isinstance(node.value.value, pyast.Name)
                    and node.value.value.id == "CELL_ATTRS" and isinstance(node.value.slice, pyast.Constant)
                    and node.value.slice.value not in changing)):
            allowed.add(id(node.slice))
    return all(id(node) in allowed for node in pyast.walk(tree) if isinstance(node, pyast.Name) and node.id == "content")
