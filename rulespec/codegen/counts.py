"""Counts, totals, `any(...)` and the comparisons of a count: the plain comprehension, or an equal form
that does less work (a table of each item's test, a mask of a board's spaces, a stop at the first found,
a count kept for every candidate of an option).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Optional

from ..model import ir, reads
from ..model.checker import is_space
from ..model.located import located, on_board
from ..model.narrowing import all_of
from ..model.tree import free_vars
from .quoting import comment, ident, lit, operator


_TESTS_WRITTEN_OUT = (ir.BoolOp, ir.Not, ir.Compare, ir.Conditional, ir.Arith, ir.Negate, ir.Builtin)


class Counts:
    """Counts, totals, firsts and the comparisons that ask only part of them (CodeGenerator's part)."""

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

    in_module = False  # (module_code under way: a table's code reads no other table; see tabled_definition)

    _STATIC_ITEM_TEST = (ir.Const, ir.Var, ir.IsKind, ir.ItemAttr, ir.BoolOp, ir.Not, ir.Compare)
    # An item's test may compare with a space's row or column (the table kept by the space): what a
    # definition written out with `row of s` for its parameter asks (passing_items.py few_items_count).
    space_keys = True
    # ... and with a space's place in its board (`index of s`), the table then kept by that number (index_keys).
    index_keyed = True

    def definitions_written_out(self, e: ir.E) -> ir.E:
        """``e`` with each use of a definition that would be written out in place and whose arguments are plain
        names written out (its value with the arguments for its parameters), so that an item's test may read a
        definition of the item (`not point_card(d)`): the table's code is the definition's, as written out."""
        definition = self.definitions.get(e.name) if isinstance(e, ir.DefinedValue) else None
        if definition is not None and all(isinstance(a, ir.Var) for a in e.args) and self.inlined(definition, e.args):
            value = reads.substitute(definition.value, {p.name: a for p, a in zip(definition.params, e.args)}, set())
            return self.definitions_written_out(value)
        if isinstance(e, (ir.Count, ir.Total, ir.First)) or not isinstance(e, _TESTS_WRITTEN_OUT):
            return e
        changed = {}
        for key, value in vars(e).items():
            if isinstance(value, ir.E):
                new = self.definitions_written_out(value)
            elif isinstance(value, tuple) and any(isinstance(v, ir.E) for v in value):
                new = tuple(self.definitions_written_out(v) if isinstance(v, ir.E) else v for v in value)
            else:
                continue
            if new is not value and new != value:
                changed[key] = new
        return replace(e, **changed) if changed else e

    def on_every_component(self, e: ir.E) -> bool:
        """Whether every attribute ``e`` reads of an item is one every component has (so that a table worked out
        for every item cannot fail)."""
        if isinstance(e, ir.ItemAttr) and not all(any(name == e.attr for name, _ in c.attributes)
                                                  for c in self.m.components):
            return False
        return all(self.on_every_component(v) for value in vars(e).values()
                   for v in (value if isinstance(value, tuple) else (value,)) if isinstance(v, ir.E))

    def item_test(self, e, listing: bool = False) -> Optional[str]:
        """For a count, `any` or first over a zone whose condition reads only what never changes about the
        item (its component and attributes, compared with constants and with names bound outside: a step's
        parameters, loop names): code for a function of an item giving the condition (its table in a
        module-level ItemTests, worked out for every item once per value of those names): what never changes
        about an item is asked once per game, not at every count. None for any other count. With ``listing``,
        code for the tuple of the items it lets through (a module-level ItemsPassing) instead."""
        if not (isinstance(e.domain, ir.ZoneRef) and e.where is not None):
            return None
        return self.test_of_items(e.var, e.where, listing)

    def module_code(self, e: ir.E) -> str:
        """``e``'s code for a table or function of the module: it reads no listing's locals, kept values or
        renamed names (st and the names it is given only)."""
        saved = self.bound, self.kinds, self.depth, self.seat_values, self.var_code, self.board_code, self.in_module
        self.bound, self.kinds, self.depth, self.seat_values, self.var_code, self.board_code, self.in_module = \
            None, {}, self.depth + 1, None, {}, {}, True
        try:
            return self.expr(e)
        finally:
            self.bound, self.kinds, self.depth, self.seat_values, self.var_code, self.board_code, self.in_module = saved

    def item_table_name(self, node: ir.Var, var: str, names: dict) -> bool:
        """Whether a table worked out for every item ``var`` may read the name ``node``: the item itself, or a
        plain value bound outside (an item, seat, number, truth value, word or space: what the table is kept
        by, added to ``names``); never a name the generated code renames."""
        if node.name in self.var_code:
            return False
        if node.name != var:
            if not (node.type in (ir.ITEM, ir.SEAT, ir.INT, ir.BOOL, ir.SYMBOL) or is_space(node.type)):
                return False
            names[node.name] = None
        return True

    def static_item_test(self, var: str, where: ir.E, listing: bool,
                         keyed: Optional[dict] = None) -> Optional[tuple[ir.E, dict]]:
        """(``where`` with its definitions written out, the names bound outside it reads) when it is a test of the
        item ``var`` that reads only what never changes (see item_test); None otherwise. Reads nothing else of
        the generator's: asking it makes no table. With ``keyed`` (a dict to fill), a space's place in its board
        (`index of s`, s a name on the board) is read as a name too: a fresh name in the test returned, keyed[name]
        the value it stands for, worked out where the test is used (the table is kept by it; index_keys)."""
        names: dict[str, None] = {}

        kinds_allowed = self._STATIC_ITEM_TEST + ((ir.SeatAttr,) if listing else ())  # (a seat's never changes)

        def static(node) -> bool:
            if isinstance(node, ir.SpaceAttr) and self.space_keys and isinstance(node.space, ir.Var) \
                    and not self.may_be_none(node.space):
                return self.item_table_name(node.space, var, names)  # (a space's row or column never changes)
            if not isinstance(node, kinds_allowed) or getattr(node, "changes", False):
                return False
            if isinstance(node, ir.Var):
                return self.item_table_name(node, var, names)
            if isinstance(node, ir.Compare) and (node.order or node.op not in ("=", "!=")):
                return False
            parts = [v for value in vars(node).values() for v in (value if isinstance(value, tuple) else (value,))
                     if isinstance(v, ir.E)]
            return all(static(part) for part in parts)

        written = self.definitions_written_out(where)
        if written is not where and not self.on_every_component(written):
            return None  # (a definition's test that fails for an item without the attribute stays as written)
        if keyed is not None:
            written = self.index_keys(written, keyed)
        return (written, names) if static(written) else None

    def index_keys(self, e: ir.E, keyed: dict) -> ir.E:
        """``e`` with each `index of s` (s a name that cannot be past the board's edge here, not the item's) as a
        fresh name of a number, ``keyed`` filled with what each stands for. `index of s` is fixed by the board and
        the configuration (the spaces in use), so a table of an item's test cannot work it out without the state:
        the test's table is kept by its value instead, worked out where the test is used, as a row of s is read by
        the table kept by s. It cannot fail there: s is on the board."""
        if isinstance(e, ir.SpaceIndex) and isinstance(e.space, ir.Var) and not self.may_be_none(e.space) \
                and e.space.name not in self.var_code:
            name = next((k for k, v in keyed.items() if v == e), f"_index_{len(keyed)}")
            keyed[name] = e
            return ir.Var(ir.INT, e.loc, e.text, name)
        if isinstance(e, (ir.Count, ir.Total, ir.First)):
            return e
        changed = {}
        for key, value in vars(e).items():
            if isinstance(value, ir.E):
                new = self.index_keys(value, keyed)
            elif isinstance(value, tuple) and any(isinstance(v, ir.E) for v in value):
                new = tuple(self.index_keys(v, keyed) if isinstance(v, ir.E) else v for v in value)
            else:
                continue
            if new is not value:
                changed[key] = new
        return replace(e, **changed) if changed else e

    def test_of_items(self, var: str, where: ir.E, listing: bool) -> Optional[str]:
        """item_test's code for the condition ``where`` of the item ``var``, wherever the items come from."""
        keyed: dict = {} if self.index_keyed else None
        found = self.static_item_test(var, where, listing, keyed)
        if found is None:
            return None
        where, names = found
        code = self.module_code(where)
        key = (var, tuple(names), code) + (("items",) if listing else ())
        found = self.item_tests.get(key)
        if found is None:
            kind = "ITEMS_PASSING" if listing else "ITEM_TEST"
            found = self.item_tests[key] = (f"{kind}_{len(self.item_tests)}", tuple(names), var, where.text)
        name, params = found[0], found[1]
        if not params:
            return name  # (the one table's look-up, made at import)
        codes = [self.expr(keyed[p]) if keyed and p in keyed else f"v_{ident(p)}" for p in params]
        value = codes[0] if len(params) == 1 else "(" + "".join(f"{code}, " for code in codes) + ")"
        return f"{name}[{value}]" if listing else f"{name}[{value}].__getitem__"

    def item_test_lines(self) -> list[str]:
        """The module-level ItemTests tables of the item tests (see item_test)."""
        lines = []
        for (_, _, test, *marked), (name, params, var, text) in self.item_tests.items():
            args = "".join(f", v_{ident(p)}" for p in params)
            listing = marked == ["items"]
            kind = "ItemsPassing" if listing else "ItemValues" if marked else "ItemTests"
            table = f"{kind}(lambda v_{ident(var)}{args}: {test}, len(ITEM_KIND), {len(params) != 1!r})"
            whole = "[()]" if listing else "[()].__getitem__"
            lines.append(f"{name} = {table}" + (whole if not params else "") + "  " + comment(text))
        return lines

    def visit_Count(self, e: ir.Count) -> str:
        counted = self.group_count(e)  # (a group kept as the stones come: joined_groups.py)
        if counted is not None:
            return self.once(e, counted)
        found = self._cells_mask(e)
        if found is not None:
            return f"({found}).bit_count()"
        located = self.located_count(e)
        if located is not None:
            return self.once(e, located)
        self.depth += 1
        domain, test_left = self.walk_and_test(e.var, e.domain, e.where)
        where = f" if {self.expr(test_left)}" if test_left is not None else ""
        self.depth -= 1
        if e.where is None and not isinstance(e.domain, ir.BoardRef):
            return f"len({domain})"
        held = self._occupancy_count(e, test_left, domain)
        if held is not None:
            return self.once(e, held)
        tallied = self.tallied_count(e)
        if tallied is not None:  # read from the board's tally (runtime/tallies.py)
            return self.once(e, tallied)
        passing = self.passing_in_zone(e, "count_in_zone")  # (the few items it lets through: passing_items.py)
        if passing is not None:
            return self.once(e, passing)
        test = self.item_test(e)
        if test is not None:  # each item's answer read from its table (see item_test)
            return self.once(e, f"sum(map({test}, {domain}))")
        # The number of those that pass: the length of their list (a zone holds a handful of items).
        return self.once(e, f"len([1 for v_{ident(e.var)} in {domain}{where}])")

    def visit_ThereIs(self, e: ir.ThereIs) -> str:
        """`there is x in D where C` is `count(x in D where C) > 0` (`there is no`: `= 0`), written as that
        comparison is: any() stopping at the first found, or a board's mask, or the count kept for an option."""
        answer = self.listed_answer_inline(e)  # (the rows of the options listed before: listed_answers.py)
        if answer is not None:
            return answer
        zero = ir.Const(ir.INT, e.loc, "0", 0)
        return self.visit_Compare(ir.Compare(ir.BOOL, e.loc, e.text, "=" if e.negated else ">", e.count, zero))

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
            return (f"st._first_with({e.text!r}, {self.expr(e.domain)}, {self.attribute_table(where.left)}, "
                    f"{self.expr(where.right)})")
        located = self.located_count(e)
        if located is not None:
            return f"st._first({e.text!r}, {located})"
        self.depth += 1
        domain, test_left = self.walk_and_test(e.var, e.domain, e.where)
        where = f" if {self.expr(test_left)}" if test_left is not None else ""
        self.depth -= 1
        found = self.passing_in_zone(e, "first_in_zone")  # (the few items it lets through: passing_items.py)
        if found is not None:
            return f"st._first({e.text!r}, {found})"
        test = self.item_test(e)
        if test is not None:  # each item's answer read from its table (see item_test)
            return f"st._first({e.text!r}, filter({test}, {domain}))"
        found = self._first_found(e, test_left, domain)
        if found is not None:
            return f"st._first({e.text!r}, {found})"
        walked = f"(v_{ident(e.var)} for v_{ident(e.var)} in {domain}{where})"
        found = self.indexed_first(e, walked)  # (the item found by its value: indexed_firsts.py)
        if found is not None:
            return found
        return f"st._first({e.text!r}, {walked})"

    def _first_found(self, e: ir.First, test: Optional[ir.E], domain: str) -> Optional[str]:
        """What `any(x in D where C)` takes the first of without a generator, once the parts the walk says
        are left out: the walk itself when nothing is left to test (`any(x in hand)`), and for `s is empty` on
        a board the first empty space found in the board's contents in C (first_empty), not a test per
        space. None for any other."""
        if test is None:
            return domain
        if not (isinstance(e.domain, ir.BoardRef) and isinstance(test, ir.Check) and isinstance(test.subject, ir.Var)
                and test.subject.name == e.var and test.test == "empty"):
            return None
        self.first_empty_used = True
        return f"first_empty(st._boards[{self.boards[e.domain.board]}], {domain})"

    def visit_Total(self, e: ir.Total) -> str:
        table = self.item_value(e)
        if table is not None:  # each item's value read from its table (item_values.py)
            return self.once(e, f"sum(map({table}, {self.expr(e.domain)}))")
        self.depth += 1
        domain, test_left = self.walk_and_test(e.var, e.domain, e.where)
        where = f" if {self.expr(test_left)}" if test_left is not None else ""
        value = self.expr(e.value)
        self.depth -= 1
        return self.once(e, f"sum([{value} for v_{ident(e.var)} in {domain}{where}])")

    def walk_and_test(self, var: str, domain: ir.E, where: Optional[ir.E]) -> tuple[str, Optional[ir.E]]:
        """The code of the spaces a count, total or first walks (narrowed to what its condition fixes, see
        narrowing.py) and what is left of its condition to test on each: a part that says no more than the
        narrowed walk visits (`position of s = k` over row k's spaces) is not tested again, as in an option;
        nor are the leading parts the seats decide, when the walk is narrowed to those (seat_walks.py)."""
        parts = where.operands if isinstance(where, ir.BoolOp) and where.op == "and" else (where,)
        outer = tuple(sorted(set().union(*(reads.free_vars(part) for part in parts)) - {var})) if where else ()
        related = self.related_and_left(var, domain, where, parts, outer) \
            if where is not None and self.related_first(var, domain, list(parts), outer) else None
        if related is not None:
            return related
        narrowed = self.narrowed_domain(var, domain, where)
        if narrowed is None:
            walk, left = self.seat_walk_or_whole(var, domain, where)
            if where is not None and walk == self.expr(domain):  # (where its few pieces stand: held_spaces.py)
                held = self.held_expression_walk(var, domain, where)
                if held is not None:
                    return held
            if where is not None and walk == self.expr(domain) and self.related_parts(var, domain, list(parts), outer):
                return self.related_and_left(var, domain, where, parts, outer) or (walk, left)
            if where is not None and walk == self.expr(domain):  # (spaces of one value: spaces_by_value.py)
                by_value = self.walk_by_value(var, domain, list(parts), outer)
                if by_value is not None:
                    walk, left = by_value
                    return walk, (None if not left else left[0] if len(left) == 1 else replace(where, operands=tuple(left)))
            return walk, left
        left = tuple(part for part in parts if not self.implied_by_walk(var, domain, part, where))
        if len(left) == len(parts):
            return narrowed, where
        return narrowed, (None if not left else left[0] if len(left) == 1 else replace(where, operands=left))

    def related_and_left(self, var: str, domain: ir.E, where: ir.E, parts: tuple,
                         outer: tuple) -> Optional[tuple[str, Optional[ir.E]]]:
        """The walk read from a table of the parts the board's geometry alone decides (related_spaces.py) and
        the rest of ``where``; None when there is no such table."""
        related = self.related_walk(var, domain, list(parts), outer)
        if related is None:
            return None
        walk, left = related
        return walk, (None if not left else left[0] if len(left) == 1 else replace(where, operands=tuple(left)))

    def _occupancy_count(self, e: ir.Count, test: Optional[ir.E], domain: str) -> Optional[str]:
        """`count(s in B where s is occupied)` (or empty), on the spaces walked once the parts the walk says
        are left out: the board's contents at those spaces counted in C (an empty space holds -1), not a
        test per space. None for any other count."""
        if not (isinstance(e.domain, ir.BoardRef) and isinstance(test, ir.Check) and isinstance(test.subject, ir.Var)
                and test.subject.name == e.var and test.test in ("occupied", "not_empty", "empty")):
            return None
        masked = self.masked_count(e.domain.board, test.test == "empty", domain)
        if masked is not None:
            return masked
        self.occupancy_counts_used = True
        held = "count_empty" if test.test == "empty" else "count_occupied"
        return f"{held}(st._boards[{self.boards[e.domain.board]}], {domain})"

    def masked_count(self, board: str, empty: bool, domain: str) -> Optional[str]:
        """The count of the occupied (or ``empty``) spaces of ``board`` among those a walk read from a table of a
        geometric condition visits (``domain``, related_spaces.py) as a popcount: the state keeps the board's
        occupied spaces as a bit mask (MASKED_BOARDS), the tables those spaces' mask (runtime/related.py
        RelatedMasks), so it is one `&` instead of a look at each space. None for any other walk."""
        related = self.related_reads.get(domain)
        if related is None:
            return None
        self.masked_boards.add(board)
        b, key = self.boards[board], related[1]
        table, mask = f"st._t.related_masks[{b}, {key}]", f"st._masks[{b}]"
        return f"({table} & ~{mask}).bit_count()" if empty else f"({mask} & {table}).bit_count()"

    def located_count(self, e) -> Optional[str]:
        """`count(c in Z where F and A of c = v)` over a shared zone, F reading only what never changes about the
        item (see item_test), A an attribute that can change (model/located.py): the items F lets through (a
        module-level table) are the only ones looked at, each asked where it is and its A (count_located),
        not a test per item in Z; `any(c in Z where ...)` likewise (first_located). None for any other."""
        if isinstance(e.domain, ir.BoardRef):
            return self.located_on_board(e)
        left_out = frozenset(name for name, per_player in self.zone_per_player.items() if per_player)
        if isinstance(e, ir.First):  # (the first in item order is the first in the zone unless it is stacked)
            left_out |= frozenset(z.name for z in self.m.zones if z.stacked)
        parts = located(e, left_out)
        if parts is None:
            return None
        items = self.item_test(replace(e, where=parts.fixed), listing=True)
        if items is None:
            return None
        helper = "first_located" if isinstance(e, ir.First) else "count_located"
        self.located_helpers_used.add(helper)
        return (f"{helper}(st._loc, st._attrs[{lit(parts.attr)}], {items}, "
                f"st._t.zone_base[{lit(e.domain.zone)}], {self.expr(parts.value)})")

    def located_found(self, count: ir.Count) -> Optional[str]:
        """`there is s in B where s is occupied and F and A of occupant of s = v` (or `count(...) > 0`) over a
        board, in the form located_on_board reads: whether one of the items F lets through stands on B with its
        A (any_on_board, stopping at the first found), not a test per space. Only where the pieces are no more
        than the board's spaces (a walk of the items is never longer than the walk of the spaces it replaces:
        Dark chess's `has_king(p)`, `there is s in grid where mine(s, p) and is_a(s, king)`, 16 pieces not 64
        spaces). None for any other."""
        if not isinstance(count.domain, ir.BoardRef):
            return None
        board = next((b for b in self.m.boards if b.name == count.domain.board), None)
        if board is None or len(self.item_tables()[0]) > len(board.row_values) * len(board.column_values):
            return None
        used = set(self.located_helpers_used)
        code = self.located_on_board(count)
        if code is None or not code.startswith("count_on_board"):
            return None
        self.located_helpers_used = used | {"any" + code[len("count"):code.index("(")]}
        return "any" + code[len("count"):]  # (count_on_board's arguments: any_on_board stops at the first)

    def located_on_board(self, e) -> Optional[str]:
        """`count(s in B where s is occupied and F and A of occupant of s = v)` over a board, F reading only
        what never changes about the occupant (model/located.py on_board): the items F lets through (a
        module-level table) are the only ones looked at, each asked whether it stands on B and its A
        (count_on_board), not a test per space; `any(s in B where ...)` the first space in board order
        (first_on_board). None for any other."""
        parts = on_board(e, self.m, self.definitions)
        if parts is None:
            return None
        fixed = parts.fixed if parts.fixed is not None else ir.Const(ir.BOOL, e.loc, "true", True)  # (every item)
        items = self.test_of_items(e.var, fixed, listing=True)
        if items is None:
            return None
        helper = "first_on_board" if isinstance(e, ir.First) else "count_on_board"
        if parts.also:  # (further changing attributes asked of each item: model/located.py _held_on_board)
            helper += "_also"
        self.located_helpers_used.add(helper)
        board = self.boards[e.domain.board]
        return (f"{helper}(st._loc, st._attrs[{lit(parts.attr)}], {items}, st._t.board_base[{board}], "
                f"st._boards[{board}], {self.expr(parts.value)}"
                f"{', (' + ''.join(f'(st._attrs[{lit(a)}], {self.expr(v)}), ' for a, v in parts.also) + ')' if parts.also else ''})")

    def once(self, e: ir.E, code: str) -> str:
        """A count or total in an option's condition that depends on none of the names the option
        binds is the same for every candidate: counted when first needed, then kept in a local. One that
        reads one name bound inside another walk (``repeated``: `on(player, m)` under `for n in ..., m in
        ...`), or one bound outside the walk whose conditions read it (``outer``: `size(r)` tested under `for r
        in ..., n in ...`), is the same for every candidate with that value: kept in a dict by it, worked out
        once for each value the listing meets (the listing only reads; a look-ahead undoes what it writes)."""
        if self.bound is None or self.depth:
            return code
        names = self.free_vars(e, self.bound)
        if not names:
            name = self.counted.setdefault(code, f"_n{len(self.counted)}")
            return f"({name} if {name} is not None else ({name} := {code}))"
        if len(names) > 1:  # (all bound outside the loop tested: once a turn of theirs, loop_invariants.py)
            return self.loop_invariant(names, code) or code
        return self.kept_by_value(names, code)

    def met_again(self, var: str) -> bool:
        """Whether a listing's condition being written meets each value of the chosen name ``var`` more than once:
        ``var`` is bound inside another walk, or outside the walk whose conditions these are (see once())."""
        return var in self.repeated or var in self.outer

    def kept_by_value(self, names: set[str], code: str) -> str:
        """The code of a count or call in a listing that reads the chosen ``names``: kept in a dict by the value
        of the one it reads when that is bound inside another walk or outside the walk being tested (see
        once()), else worked out each time."""
        var = next(iter(names))
        if len(names) > 1 or not self.met_again(var) or var in self.var_code:
            return code
        name = self.memoed.setdefault(code, f"_m{len(self.memoed)}")
        value = f"v_{ident(var)}"
        return f"({name}[{value}] if {value} in {name} else {name}.setdefault({value}, {code}))"

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
        reached = self.reach_mask(count)
        if reached is not None:  # whether a chain from each space reaches a goal: one reach (reach_masks.py)
            return reached
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

    def visit_Compare(self, e: ir.Compare) -> str:
        if e.order:
            op = operator(e.op)
            return f"({self.place_in_order(e.left, e.order)} {op} {self.place_in_order(e.right, e.order)})"
        touched = self.group_touch(e)  # (a group kept as the stones come: joined_groups.py)
        if touched is not None:
            return touched
        found = self._cells_mask(e.left)
        if (found is not None and isinstance(e.right, ir.Const) and e.right.value == 0
                and not isinstance(e.right.value, bool) and e.op in ("=", ">", "!=")):
            return f"(not ({found}))" if e.op == "=" else f"bool({found})"
        fast = self._legal_placement_test(e)
        if fast is None:
            fast = self._walk_begins_test(e)
        if fast is None:
            fast = self._count_test(e)
        if fast is None:
            fast = self.count_is_test(e)
        if fast is not None:
            return self.every_between(e, fast)  # (a run's every-test in a listing: every_between.py)
        op = operator("==" if e.op == "=" else e.op)
        return self.every_between(e, f"({self.expr(e.left)} {op} {self.expr(e.right)})")

    def count_is_test(self, e: ir.Compare) -> Optional[str]:
        """`count(x in D where C) = K` (or !=) over the values of an attribute or a range `low..high`, K not 0
        (that is whether one passes: _count_test): count_is, which stops as soon as the answer is known (one
        more than K passed, or more than the size of D less K failed), not every x tested and counted. Gin
        rummy's meld held (`count(r in low of m..low of m + length of m - 1 where holds_card(p, r, suit of m))
        = length of m`) stops at its first card not held. The same answer; a test that would fail further on
        is not made (as any() stops at the first found)."""
        count, number = e.left, e.right
        if not (e.op in ("=", "!=") and isinstance(count, ir.Count) and count.where is not None
                and isinstance(count.domain, (ir.AttributeValues, ir.Span))):
            return None
        if self.bound is not None and not self.depth and not self.free_vars(count, self.bound):
            return None  # the same for every candidate of an option: counted once and kept (see once())
        held = self.held_count_is(e)  # (only where a few items lie asked: held_counts.py)
        if held is not None:
            return held
        var = f"v_{ident(count.var)}"
        self.depth += 1
        domain, test_left = self.walk_and_test(count.var, count.domain, count.where)
        where = self.expr(test_left) if test_left is not None else "True"
        self.depth -= 1
        if domain != self.expr(count.domain):
            return None  # (a narrowed walk: counted as before)
        self.count_is_used = True
        found = f"count_is({domain}, {self.expr(number)}, lambda {var}: {where})"
        return f"(not {found})" if e.op == "!=" else found

    def _walk_begins_test(self, e: ir.Compare) -> Optional[str]:
        """`size of walk(t from s towards d while C) > 0` (or != 0, = 0) only asks whether the walk takes its
        first step: the space after s passes C. One test, not the walk made to be counted (most directions
        stop at once: Othello's flank test in each of eight). A definition whose value is that size, given
        plain arguments (`run_length(s, d, p) > 0`), asks the same: written out, as the inline text is."""
        walk, zero = self._size_defined(e.left), e.right
        if not (isinstance(walk, ir.Size) and isinstance(walk.collection, ir.Walk) and isinstance(zero, ir.Const)
                and zero.value == 0 and not isinstance(zero.value, bool) and e.op in ("=", ">", "!=")):
            return None
        begins = self.walk_call(walk.collection, "_walk_begins")
        return f"(not {begins})" if e.op == "=" else begins

    def _size_defined(self, e: ir.E) -> ir.E:
        """A use of a definition whose value is the size of a walk, given plain arguments: that size with the
        arguments in place of the parameters; ``e`` itself otherwise."""
        definition = self.definitions.get(e.name) if isinstance(e, ir.DefinedValue) else None
        if (definition is None or not isinstance(definition.value, ir.Size)
                or not isinstance(definition.value.collection, ir.Walk)
                or not all(self.plain_argument(a) for a in e.args)):
            return e
        return reads.substitute(definition.value, {p.name: a for p, a in zip(definition.params, e.args)}, set())

    def whether_kept(self) -> bool:
        """Whether a count compared with 0 that is the same for every candidate of an option is kept as whether
        one passes (found at the first: any()), not as the whole count."""
        return True

    def _found_test(self, count: ir.Count) -> str:
        """Whether one x of `count(x in D where C)` passes C: any() stopping at the first found (or the first
        space of a group, or the board's whole lines, for N in a row anywhere), the tests that need no x made
        once before the walk."""
        one = self.one_group_test(count)  # the spaces holding V one group: asked of the first (one_group.py)
        if one is not None:
            return one
        whole = self.whole_lines_test(count)  # N in a row anywhere: the board's whole lines (whole_lines.py)
        if whole is not None:
            return whole
        pairs = self.related_pairs_test(count)  # pairs a geometric condition lets through (related_pairs.py)
        if pairs is not None:
            return pairs
        located = self.located_found(count)  # (the few pieces that could pass asked where they stand)
        if located is not None:
            return located
        ahead, count = self.tests_ahead(count)
        var = f"v_{ident(count.var)}"
        self.depth += 1
        domain, test_left = self.walk_and_test(count.var, count.domain, count.where)
        where = self.expr(test_left) if test_left is not None else None
        self.depth -= 1
        test = self.item_test(count)
        passing = self.passing_in_zone(count, "any_in_zone") if test is not None else None  # (passing_items.py)
        found = passing if passing is not None else f"any(map({test}, {domain}))" if test is not None else \
            (test_left is count.where and self.value_found(count, domain)) or \
            self.found_by_loop(where, var, domain) if where is not None else f"bool({domain})"  # (found_loops.py)
        return f"({self.expr(ahead)} and {found})" if ahead is not None else found

    def tests_ahead(self, count: ir.Count) -> tuple[Optional[ir.E], ir.Count]:
        """`count(d in D where C1 and C2) > 0` with C1 the leading conjuncts of the condition (a definition
        given plain arguments written out, see conjuncts) that do not read d, and D never empty: C1 tested
        once, before the walk, and the count of what is left (checkers' `count(d in directions of grid where
        can_jump(s, d, p)) > 0` asks whether s holds the player's piece once, not in each direction). The same
        answer, and the same tests first: D has a first d, where C1 was tested first. (None, ``count``) when
        there is no such C1."""
        if not _never_empty(count.domain):
            return None, count
        parts = self.conjuncts(count.where)
        ahead = 0
        while ahead < len(parts) - 1 and not free_vars(parts[ahead], {count.var}):
            ahead += 1
        if not ahead:
            return None, count
        return all_of(parts[:ahead]), replace(count, where=all_of(parts[ahead:]))

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
        whether = number.value == 0 and e.op in (">", "!=", "=")
        kept = self.bound is not None and not self.depth and not self.free_vars(count, self.bound)
        if kept and not (whether and self.whether_kept()):
            return None  # the same for every candidate of an option: counted once and kept (see once())
        if whether:
            found = self._found_test(count)
            if kept:  # (whether one passes, the same for every candidate: found once and kept, see once())
                found = self.once(count, found)
            return f"(not {found})" if e.op == "=" else found
        line = count.domain
        if (isinstance(line, ir.LineOf) and e.op == "=" and isinstance(line.length, ir.Const)
                and line.length.value == number.value):
            full = (f"st._t.full_lines[{self.boards[line.board]}, {self.expr(line.direction)}, "
                    f"{self.expr(line.length)}][{self.expr(line.space)}]")
            if not self.depth and 1 <= number.value <= 6 and count.var not in reads.bound_names(count.where):
                # An end's own test (outside any count): the N spaces of the line named one by one, as the rule
                # reads (N in a row, each passing), the line looked up once and the test stopping at the first
                # space that fails.
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


def _never_empty(domain: ir.E) -> bool:
    """Whether a count's domain has a first value in every state: a board's or a seat's directions (none of
    them an empty set), a range of constants from low to high."""
    if isinstance(domain, ir.Directions):
        return bool(domain.directions)
    if isinstance(domain, ir.SeatAttr):
        return bool(domain.directions) and all(domain.directions)
    return isinstance(domain, ir.Span) and isinstance(domain.low, ir.Const) and isinstance(domain.high, ir.Const) \
        and domain.low.value <= domain.high.value
