"""A definition of a space and a direction that reads the space only through what it holds, read from a table
by that content (issue #40).

Chess's and antichess's `slides(s, d)` (`is_a(s, queen) or (is_a(s, rook) and d in orthogonal directions of
grid) or ...`: whether the piece on s moves along direction d) was a call for every piece and each of the 8
directions, in every listing and in every `there is d in all directions of grid where slides(s, d) and ...`:
each call tested the space's occupant's kind three times. Its value depends only on the kind of what s holds
(or that s is empty) and on d: the definition's value reads s only as `s is occupied` / `s is empty` and the
attributes of `occupant of s`, d only compared or tested for membership in a fixed set of directions, with
constants, `and` / `or` / `not`, `if ... then ... else` and smaller definitions of the same form. Each use then
reads `DIRECTIONS_<NAME>[key][d]`, the key the content of s (the item, or the values of the attributes that
can change it reads, or None when s is empty); a key not met yet is filled by calling the definition once for
each of the board's direction indices on the state at hand (runtime/helpers.py content_directions), which gives
the same values as any state would, since nothing else is read. Decided from the checked model; every other
definition is called as before.
"""

from __future__ import annotations

from typing import Optional

from ..model import ir, reads
from .quoting import comment, ident

DEPTH = 4  # smaller definitions looked into


class ContentDirections:
    """Definitions of a space's content and a direction read from a table by content (CodeGenerator's part)."""

    def content_directions_use(self, e: ir.DefinedValue) -> Optional[str]:
        """The code of the use ``e`` read from its table by content (see the module), or None."""
        definition = self.definitions.get(e.name)
        if definition is None or len(definition.params) != 2:
            return None
        kinds = [p.type for p in definition.params]
        if not (kinds[0].startswith("space:") and kinds[1] == "direction"):
            return None
        s, d = (p.name for p in definition.params)
        space, direction = e.args
        if not isinstance(space, ir.Var) or self.may_be_none(space):
            return None
        board = kinds[0][len("space:"):]
        if board not in self.boards:
            return None
        attrs: dict[str, bool] = {}
        if not self.reads_content_only(definition.value, s, d, attrs, DEPTH):
            return None
        b = self.boards[board]
        cell = f"st._boards[{b}][{self.expr(space)}]"
        changing = [a for a, changes in attrs.items() if changes]
        fixed = [a for a, changes in attrs.items() if not changes]
        values = [f"st._attrs[{a!r}][{cell}]" for a in changing]
        if fixed or not values:
            values = [cell] + values
        key = values[0] if len(values) == 1 else "(" + ", ".join(values) + ")"
        table = f"DIRECTIONS_{ident(ident(e.name).upper())}"  # (an ASCII name upper-cased: ident lets it through)
        name = self.content_directions.setdefault(e.name, (table, definition.value.text))[0]
        row = (f"({name}.get({key} if {cell} >= 0 else None) or content_directions({name}, define_{ident(e.name)}, "
               f"st, {self.expr(space)}, {key} if {cell} >= 0 else None))")
        return f"{self.content_row_once(space.name, row)}[{self.expr(direction)}]"

    def content_row_once(self, space: str, row: str) -> str:
        """The code of a content's row of directions (``row``, reading the space ``space`` only), read once per
        space where a listing's loop binds the space and a loop inside it is open (its walk of the directions):
        kept in a local reset at the top of the space's loop (loop_invariants.py), since the listing only reads;
        elsewhere ``row`` as it is."""
        if self.bound is None or self.depth:
            return row
        return self.loop_invariant({space}, row) or row

    def reads_content_only(self, e: ir.E, s: str, d: str, attrs: dict, depth: int) -> bool:
        """Whether ``e`` reads the space ``s`` only as occupied or empty and its occupant's attributes, the
        direction ``d`` only compared or as a member of a fixed set, and constants (see the module)."""
        again = lambda x: self.reads_content_only(x, s, d, attrs, depth)  # noqa: E731
        if isinstance(e, ir.Const):
            return True
        if isinstance(e, ir.Var):
            return e.name == d
        if isinstance(e, ir.Check):
            return e.test in ("occupied", "empty", "not_empty") and isinstance(e.subject, ir.Var) and e.subject.name == s
        if isinstance(e, ir.ItemAttr):
            occupant = e.item
            if isinstance(occupant, ir.Occupant) and isinstance(occupant.space, ir.Var) and occupant.space.name == s:
                attrs[e.attr] = attrs.get(e.attr, False) or e.changes
                return True
            return False
        if isinstance(e, ir.Member):
            return isinstance(e.element, ir.Var) and e.element.name == d and isinstance(e.collection, ir.Directions)
        if isinstance(e, ir.Compare):
            return again(e.left) and again(e.right)
        if isinstance(e, ir.BoolOp):
            return all(again(o) for o in e.operands)
        if isinstance(e, ir.Not):
            return again(e.operand)
        if isinstance(e, ir.Conditional):
            return again(e.condition) and again(e.then) and again(e.otherwise)
        if isinstance(e, ir.DefinedValue) and depth > 0:
            inner = self.definitions.get(e.name)
            if inner is None or len(inner.params) != len(e.args):
                return False
            if not all(isinstance(a, ir.Const) or (isinstance(a, ir.Var) and a.name in (s, d)) for a in e.args):
                return False
            value = reads.substitute(inner.value, {p.name: a for p, a in zip(inner.params, e.args)}, {s, d})
            return self.reads_content_only(value, s, d, attrs, depth - 1)
        return False

    def content_direction_lines(self) -> list[str]:
        """The module-level tables, empty, filled as contents are met (after the definitions)."""
        return [f"{name} = {{}}  " + comment(f"{definition} by content and direction: {text}")
                for definition, (name, text) in self.content_directions.items()]
