"""A walk of a board's spaces narrowed to where its few passing pieces stand (issue #40).

`for s in grid` with `only if s holds colour of player` first tested every space of the board at every listing:
Amazons' choice of an amazon tests 100 spaces for 4 amazons. That condition asks only what never changes about
the space's occupant (its component, an attribute that cannot change): the pieces it lets through are known
from a table (ItemsPassing, worked out once per value of the names it reads), and the walk goes through the
spaces those pieces stand on instead, in board order (runtime/helpers.py spaces_held): the same spaces in the
same order, the condition not tested again. Only where so few pieces can pass that asking each where it stands
costs less than testing every space: at most one space in SPACES_A_PIECE (decided from the components and the
board's map, never from a position); a board of triangles (a tile covers several spaces) keeps its walk.

The same holds of a count, `any(...)` or `there is` over a board outside a listing (held_expression_walk):
a definition `any(s in grid where s holds general and mine(s, p))` (where a side's general stands, which a
test of check asks at every look-ahead) walked all 90 points of Xiangqi's board for its two generals.
"""

from __future__ import annotations

from typing import Optional

from ..model import ir, reads
from ..model.narrowing import plain_argument

# Asking a piece where it stands costs about what testing two to three spaces does (CPython 3.11: 170 against
# 60-120 ns); at one piece in eight spaces or fewer the walk of the pieces costs a third of the board's or less.
SPACES_A_PIECE = 8


class HeldSpaces:
    """Walks of a board narrowed to the spaces its few passing pieces stand on (CodeGenerator's part)."""

    def held_walk(self, var: str, domain: ir.E, parts: list) -> Optional[tuple[str, list]]:
        """(the code of the spaces of ``domain`` whose occupant passes the leading ``parts`` that ask only what
        never changes about it, the other parts) for a walk of ``var`` over a whole board; None when there are
        no such parts or more pieces could pass them than SPACES_A_PIECE allows."""
        if not isinstance(domain, ir.BoardRef):
            return None
        board = self.m.boards[self.boards[domain.board]]
        if board.lattice == "triangles" or board.row_option or board.column_option:
            return None
        tests, passing = [], None
        for part in parts:
            test, most = self.piece_test(part, var, domain.board)
            if test is None:
                break
            tests.append(test)
            passing = most if passing is None else min(passing, most)
        if not tests or passing * SPACES_A_PIECE > min(sum(c != "-" for c in face.cells) for face in board.faces):
            return None
        where = tests[0] if len(tests) == 1 else ir.BoolOp(ir.BOOL, tests[0].loc, " and ".join(
            t.text for t in tests), "and", tuple(tests))
        items = self.test_of_items(var, where, listing=True)
        if items is None:
            return None
        self.located_helpers_used.add("spaces_held")
        b = self.boards[domain.board]
        return (f"spaces_held(st._loc, {items}, st._t.board_base[{b}], len(st._boards[{b}]))",
                parts[len(tests):])

    def held_expression_walk(self, var: str, domain: ir.E, where: Optional[ir.E]) -> Optional[tuple[str, Optional[ir.E]]]:
        """For a count, `any(...)` or `there is` of ``var`` over a whole board (not a listing's walk): the code of
        the spaces the few pieces its leading conditions let through stand on, in board order, and what is left
        of ``where`` to test on each (see held_walk); None where held_walk declines."""
        if where is None:
            return None
        parts = list(where.operands) if isinstance(where, ir.BoolOp) and where.op == "and" else [where]
        held = self.held_walk(var, domain, parts)
        if held is None:
            return None
        walk, left = held
        if not left:
            return walk, None
        return walk, left[0] if len(left) == 1 else ir.BoolOp(where.type, where.loc, where.text, "and", tuple(left))

    def piece_test(self, part: ir.E, var: str, board: str) -> tuple[Optional[ir.E], int]:
        """(the test of a piece that ``part`` asks of the occupant of the space ``var``, the most pieces that can
        pass it) when ``part`` is `var holds COMPONENT` or `var holds VALUE` of an attribute that cannot change
        (an empty space passes neither), or a definition whose value is one, used with plain arguments (`mine(s,
        player)` for `s holds colour of p`: the same test, written out); else (None, 0)."""
        part = self.unfolded_piece_test(part)
        if not (isinstance(part, (ir.Holds, ir.HoldsValue)) and part.board == board and isinstance(part.space, ir.Var)
                and part.space.name == var):
            return None, 0
        piece = ir.Var(ir.ITEM, part.loc, var, var)
        kinds, attrs = self.item_tables()
        if isinstance(part, ir.Holds):
            return ir.IsKind(ir.BOOL, part.loc, part.text, piece, part.component), kinds.count(part.component)
        if part.attribute is None or part.attribute in self.changing:
            return None, 0
        values = list(attrs.get(part.attribute, {}).values())
        value = part.value
        most = values.count(value.value) if isinstance(value, ir.Const) else max(map(values.count, set(values)),
                                                                               default=0)
        attr = ir.ItemAttr(part.value.type, part.loc, part.text, part.attribute, piece)
        return ir.Compare(ir.BOOL, part.loc, part.text, "=", attr, value), most

    def unfolded_piece_test(self, part: ir.E, depth: int = 0) -> ir.E:
        """``part``, or, where it uses a definition (or a definition using one, a few deep) with plain arguments
        whose value is a single test of what a space holds, that test with the arguments in place."""
        definition = self.definitions.get(part.name) if isinstance(part, ir.DefinedValue) else None
        if definition is None or depth >= 4 or not all(plain_argument(a, self.m.min_players) for a in part.args):
            return part
        body = reads.substitute(definition.value, {p.name: a for p, a in zip(definition.params, part.args)}, set())
        body = self.unfolded_piece_test(body, depth + 1)
        return body if isinstance(body, (ir.Holds, ir.HoldsValue)) else part

    def item_tables(self) -> tuple[tuple[str, ...], dict]:
        """Every piece's component and attribute values, as the engine's tables have them (build_item_tables)."""
        from ..runtime.engine import build_item_tables
        kinds, _, attrs = build_item_tables([(c.name, c.attributes, c.copies_table, c.shown_as)
                                             for c in self.m.components])
        return kinds, attrs
