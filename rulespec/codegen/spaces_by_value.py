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

A line from a named space is walked alike (#40): Lines of Action's move, `for s in grid, d in directions of
grid, t in line of 8 from s towards d` with `distance(s, t) = pieces_on_line(s, d)`, tested every space of the
line for the one as far as the line holds pieces. The line's spaces are the geometry's too, so they are grouped
by the value once per set-up and line (`st._t.related[related_2, v_d, v_s]`), and the walk takes the group of
the other side, here a count of the board's occupied spaces among some the geometry decides: it reads the
position, but the walk changes nothing (a listing or a count only reads) and it cannot fail, so it too is worked
out once before the walk. The same spaces, in the line's order.
"""

from __future__ import annotations

from typing import Optional

from ..model import ir, reads
from ..model.geometric import MOST_NAMES, geometric, occupancy_count
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
        if not isinstance(domain, ir.BoardRef) and not self._fixed_line(domain, outer):
            return None
        for part in parts:
            sides = self._value_and_key(var, part, outer, domain)
            if sides is None:
                continue
            value, key = sides
            table = self._groups_function(var, domain, value)
            if table is None:
                continue
            return f"{table}.get({self.expr(key)}, ())", [other for other in parts if other is not part]
        return None

    def _value_and_key(self, var: str, part: ir.E, outer: tuple, domain: ir.E) -> Optional[tuple[ir.E, ir.E]]:
        """(V, X) of a part `V = X` or `X = V` as walk_by_value takes it, or None."""
        if not (isinstance(part, ir.Compare) and part.op == "=" and not part.order):
            return None
        for value, key in ((part.left, part.right), (part.right, part.left)):
            names = reads.free_vars(value)
            if var not in names or value.type not in _GROUPED_TYPES or var in reads.free_vars(key):
                continue
            read = names - {var} | reads.free_vars(domain)
            if read - set(outer) or read & set(self.none_names) or len(read) > MOST_NAMES:
                continue
            key_names = frozenset(reads.free_vars(key))
            if geometric(key, key_names, self.definitions):
                if isinstance(domain, ir.BoardRef):
                    continue  # (names and numbers alone: the part is geometric, a table kept by them: related_spaces.py)
                if not key_names & set(self.none_names):
                    return value, key  # (a line's walk has no such table: the group of the key's value)
            if geometric(value, frozenset(names), self.definitions) and (
                    self._plain(key, var) or self._counted_once(key)):
                return value, key
        return None

    def _fixed_line(self, domain: ir.E, outer: tuple) -> bool:
        """Whether ``domain`` is a line from a named space (never none) that the geometry alone decides: its
        length and direction read names bound outside the walk (``outer``) and numbers alone."""
        if not (isinstance(domain, ir.LineOf) and isinstance(domain.space, ir.Var)):
            return False
        names = reads.free_vars(domain)
        return not names - set(outer) and not names & set(self.none_names) and \
            geometric(domain.length, frozenset(names), self.definitions) and \
            geometric(domain.direction, frozenset(names), self.definitions)

    def _counted_once(self, key: ir.E) -> bool:
        """Whether ``key`` counts a board's occupied (or empty) spaces among some the geometry decides (see
        model/geometric.py occupancy_count), of names never none: it cannot fail, and no walk of a listing or a
        count changes it."""
        return not reads.free_vars(key) & set(self.none_names) and occupancy_count(key, self.definitions)

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
        code, spaces = self.module_code(value), self.module_code(domain)
        if not set(READS_OF_ST.findall(code + spaces)) <= SET_UP_VIEW:
            return None
        read = sorted(reads.free_vars(value) - {var} | reads.free_vars(domain))
        params = "".join(f", v_{ident(name)}" for name in read)
        b = self.boards[domain.board]
        walked = f"st._t.cells_in_use[{b}]" if isinstance(domain, ir.BoardRef) else spaces
        key = (b, params, "by value", code, walked)
        if key not in self.related_made:
            name = f"related_{len(self.related_made) + 1}"
            # (words for the docstring: the board's spaces in board order, or a line's in its own)
            what, order = (domain.board, "board") if isinstance(domain, ir.BoardRef) else \
                ("`" + domain.text + "`", "the line's")
            self.related_made[key] = (name, [
                "", "", f"def {name}(st{params}):",
                "    " + docstring(f"The spaces {var} of {what} by their value of `{value.text}`, each group in {order} "
                                   "order: the board's geometry alone decides it (model/geometric.py), so it is asked "
                                   "once a set-up."),
                f"    return spaces_by_value((v_{ident(var)}, {code}) for v_{ident(var)} in {walked})"])
            self.by_value_used = True
        name = self.related_made[key][0]
        args = "".join(", " + (self.var_code.get(bound) or f"v_{ident(bound)}") for bound in read)
        return f"st._t.related[{name}{args}]" if args else f"st._t.related[({name},)]"
