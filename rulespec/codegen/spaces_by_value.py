"""A walk of a board narrowed to the spaces whose value, which the geometry alone decides, is a value the walk
does not change (issue #40).

`for s in grid` with `only if block(s) = forced` (`block` arithmetic on the space's row and column, `forced` a
counter: the small board a player is sent to) tests every space of the board at every listing, working the
space's value out each time. That value is the board's geometry's alone (model/geometric.py), so the spaces in
use are grouped by it once per set-up, by a function of the module read from the set-up's tables as a geometric
condition's are (`st._t.related[related_2]`, runtime/related.py; helpers.py spaces_by_value), and the walk takes
the group of the other side's value, worked out once before it:
`st._t.related[related_2].get(st._counters['forced'], ())`. That side reads neither the walked space nor
anything a walk changes, and cannot fail, so working it out once gives the same answer as at every space. The
same spaces, in board order; the part is not tested again.
"""

from __future__ import annotations

from typing import Optional

from ..model import ir, reads
from ..model.geometric import MOST_NAMES, geometric
from .quoting import docstring, ident
from .related_spaces import READS_OF_ST, SET_UP_VIEW

_GROUPED_TYPES = (ir.INT, ir.SYMBOL, ir.BOOL)  # (a space's value never none: a space could be past the edge)


class SpacesByValue:
    """Walks narrowed to the spaces of one value of the geometry's (CodeGenerator's part)."""

    def walk_by_value(self, var: str, domain: ir.E, parts: list, outer: tuple) -> Optional[tuple[str, list]]:
        """(the code of the spaces of ``domain`` whose value is the other side's, the other parts) for a walk of
        ``var`` over a whole board with a part `V(var) = X` among ``parts`` (V geometric, of ``var`` and at most
        MOST_NAMES of the names ``outer`` bound before the walk; X plain, see _plain, and reading something besides
        names and numbers), else None."""
        if not isinstance(domain, ir.BoardRef):
            return None
        for part in parts:
            sides = self._value_and_key(var, part, outer)
            if sides is None:
                continue
            value, key = sides
            table = self._groups_function(var, domain, value)
            if table is None:
                continue
            return f"{table}.get({self.expr(key)}, ())", [other for other in parts if other is not part]
        return None

    def _value_and_key(self, var: str, part: ir.E, outer: tuple) -> Optional[tuple[ir.E, ir.E]]:
        """(V, X) of a part `V = X` or `X = V` as walk_by_value takes it, or None."""
        if not (isinstance(part, ir.Compare) and part.op == "=" and not part.order):
            return None
        for value, key in ((part.left, part.right), (part.right, part.left)):
            names = reads.free_vars(value)
            if var not in names or value.type not in _GROUPED_TYPES or var in reads.free_vars(key):
                continue
            read = names - {var}
            if read - set(outer) or read & set(self.none_names) or len(read) > MOST_NAMES:
                continue
            if geometric(key, frozenset(reads.free_vars(key)), self.definitions):
                continue  # (names and numbers alone: the part is geometric, a table kept by them: related_spaces.py)
            if geometric(value, frozenset(names), self.definitions) and self._plain(key, var):
                return value, key
        return None

    def _plain(self, e: ir.E, var: str) -> bool:
        """Whether ``e`` is worked out from names, numbers, options, counters and seats' values alone, + - * and
        negation: it cannot fail, and nothing a walk does changes it."""
        if isinstance(e, (ir.Const, ir.OptionRef, ir.SeatConst)):
            return True
        if isinstance(e, ir.Var):
            return e.name != var and e.name not in self.none_names
        if isinstance(e, ir.CounterRef):
            return e.seat is None or isinstance(e.seat, (ir.Var, ir.SeatConst)) and self._plain(e.seat, var)
        if isinstance(e, ir.SeatAttr):
            return not getattr(e, "directions", ()) and isinstance(e.seat, (ir.Var, ir.SeatConst)) \
                and self._plain(e.seat, var)
        if isinstance(e, ir.Arith):
            return e.op in ("+", "-", "*") and self._plain(e.left, var) and self._plain(e.right, var)
        if isinstance(e, ir.Negate):
            return self._plain(e.operand, var)
        return False

    def _groups_function(self, var: str, domain: ir.BoardRef, value: ir.E) -> Optional[str]:
        """The table of the board's spaces in use grouped by ``value`` (made by a related_ function of the
        module, written once), as the walk reads it; None when its code would read a position."""
        code = self.module_code(value)
        if not set(READS_OF_ST.findall(code)) <= SET_UP_VIEW:
            return None
        read = sorted(reads.free_vars(value) - {var})
        params = "".join(f", v_{ident(name)}" for name in read)
        b = self.boards[domain.board]
        key = (b, params, "by value", code)
        if key not in self.related_made:
            name = f"related_{len(self.related_made) + 1}"
            self.related_made[key] = (name, [
                "", "", f"def {name}(st{params}):",
                "    " + docstring(f"The spaces {var} of {domain.board} by their value of `{value.text}`, each group in "
                                   "board order: the board's geometry alone decides it (model/geometric.py), so it is "
                                   "asked once a set-up."),
                f"    return spaces_by_value((v_{ident(var)}, {code}) for v_{ident(var)} in st._t.cells_in_use[{b}])"])
            self.by_value_used = True
        name = self.related_made[key][0]
        args = "".join(", " + (self.var_code.get(bound) or f"v_{ident(bound)}") for bound in read)
        return f"st._t.related[{name}{args}]" if args else f"st._t.related[({name},)]"
