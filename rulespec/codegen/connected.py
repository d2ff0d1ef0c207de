"""`connected`: a flood fill (from the spaces its start fixes, when it fixes some: `from t = s`; on integers
when its tests read the space only through what it holds: rulespec/runtime/fills.py), or one whose reach is
kept per setup by the runtime with its start and goal tests made by a module-level function.
"""

from __future__ import annotations

import ast as pyast
import builtins
from typing import Optional

from ..model import ir, reads
from ..model.tree import walk
from ..model.narrowing import fixed_walk
from ..model.placed_fill import placed_fill
from .quoting import comment, docstring, ident


# What generated code names at module level besides its upper-case tables: Python's builtins, the runtime's
# helpers it imports, its definitions' functions (KeptConnected.reach_ends: no name of a function's own).
_MODULE_HELPERS = frozenset(("span", "best_sets", "pick_weights", "weighted_picks", "shuffle_orders", "shuffle_key",
                             "counter_value", "build_item_tables"))


def _module_name(name: str) -> bool:
    return (name.isupper() or name in _MODULE_HELPERS or name.startswith("define_")
            or (name in vars(builtins) and not name.startswith("_")))


class KeptConnected:
    """`connected` and the module-level start and goal tests of a kept one (CodeGenerator's part)."""

    def visit_Connected(self, e: ir.Connected) -> str:
        self.depth += 1
        tests = [self.expr(x) for x in (e.condition, e.start, e.goal)]
        self.depth -= 1
        var = f"v_{ident(e.var)}"
        passes, start, goal = (f"lambda {var}: {cond}" for cond in tests)
        each = self.connected_from_each(e)  # (asked of many spaces: one flood for all, connected_each.py)
        if each is not None:
            return each
        if self.few_units and reads.from_a_named_space(e):
            names = None  # (asked from an indexed end's few units, which change each step: filled, not kept)
        else:
            names = reads.connected_kept(e, self.m)
        if names is None:
            on_contents = self.fill_on_contents(e)
            if on_contents is not None:  # its tests read the space only through what it holds: on integers
                return on_contents
            starts = self.connected_starts(e)
            if starts is not None:  # the start fixes its spaces: the fill starts there, not from a walk of the board
                if self.implied_by_walk(e.var, e.domain, e.start, e.start):
                    start = "None"  # (`from t = s`: it holds on each of those spaces, no need to test it)
                return f"st._connected_from({self.boards[e.board]}, {starts}, {passes}, {start}, {goal})"
            witnessed = reads.connected_witnessed(e, self.m)
            if witnessed is not None:  # the path found last answers while its spaces hold the same (runtime/witnessed.py)
                self.witnessed_used = True
                number = self.connected_keys.setdefault((e.board, tuple(v.name for v in witnessed), passes, start, goal),
                                                        len(self.connected_keys))
                key = f"({number!r}, " + "".join(f"{self.expr(v)}, " for v in witnessed) + ")"
                # (the start asks for a few pieces: the code of the spaces they stand on, held_spaces.py)
                domain, left = self.held_walk(e.var, e.domain, [e.start]) or (None, None)
                starts = f", lambda: {domain}" if domain is not None and not left else ""  # (asked on a miss only)
                return f"connected_witnessed(st, {self.boards[e.board]}, {key}, {passes}, {start}, {goal}{starts})"
            starts = self.start_named_once(e)  # (the expr() code of X)
            if starts is not None:  # (`from t = X`, X not reading t: X worked out once, the fill starts there)
                self.narrowing_used = True
                return (f"st._connected_from({self.boards[e.board]}, spaces_among(st._t.in_use[{self.boards[e.board]}], "
                        f"({starts}, )), {passes}, None, {goal})")
            return f"st._connected({self.boards[e.board]}, {self.expr(e.domain)}, {passes}, {start}, {goal})"
        # What it reached is kept, per expression and values of the names it reads (the same code: one key).
        number = self.connected_keys.setdefault((e.board, tuple(v.name for v in names), passes, start, goal),
                                                len(self.connected_keys))
        key = f"({number!r}, " + "".join(f"{self.expr(v)}, " for v in names) + ")"
        ends = self.reach_ends(e, number, names) or f"lambda st, *values: ({start}, {goal})"
        return f"st._connected_kept({self.boards[e.board]}, {key}, {passes}, {ends})"

    def start_named_once(self, e: ir.Connected) -> Optional[str]:
        """The code of the one space a `connected` over a whole board starts from when its start is `t = X` and X
        (a space of that board: a definition's `any(...)`, a look-up) does not read t: X is then worked out once,
        not on every space of the board (the fill asked each space `t = X`, X asked anew each time). Exact: the
        start was asked first on every space, so X failing fails both ways, and nothing changes during the walk;
        none or a space not in use starts nothing, as before. None for any other start."""
        start = e.start
        if not (isinstance(e.domain, ir.BoardRef) and e.domain.board == e.board) \
                or not (isinstance(start, ir.Compare) and start.op == "=" and not start.order):
            return None
        for this, other in ((start.left, start.right), (start.right, start.left)):
            if isinstance(this, ir.Var) and this.name == e.var and e.var not in reads.free_vars(other) \
                    and other.type == ir.SPACE + ":" + e.board:
                return self.expr(other)
        return None

    def definitions_of_indexed_ends(self) -> frozenset[str]:
        """The definitions an indexed end's test reads, directly or through one another: a `connected` from the
        space a name gives is asked there only from the few spaces a check tests (see visit_Connected)."""
        found: set[str] = set()
        stack = [plan.test for plan in (reads.board_index(end, self.m) for end in self.m.ends) if plan is not None]
        while stack:
            for x in walk(stack.pop()):
                if isinstance(x, ir.DefinedValue) and x.name in self.definitions and x.name not in found:
                    found.add(x.name)
                    stack.append(self.definitions[x.name].value)
        return frozenset(found)

    def connected_starts(self, e: ir.Connected) -> Optional[str]:
        """The code of the spaces a `connected` over a whole board can start from when its start fixes them
        (`from t = s`: model/narrowing.py), in board order; None when it fixes none (every space is tested)."""
        if not (isinstance(e.domain, ir.BoardRef) and e.domain.board == e.board):
            return None
        return self.narrowed_domain(e.var, e.domain, e.start)

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

    def fill_on_contents(self, e: ir.Connected) -> Optional[str]:
        """The code of a fill on integers (rulespec/runtime/fills.py) for a `connected` over a whole board whose
        start fixes its spaces and holds on each of them (`from t = s`) and whose condition and goal read the
        space only through what it holds (see fill_tests): from the one space, or from the spaces fixed; None
        for any other `connected`."""
        if not (isinstance(e.domain, ir.BoardRef) and e.domain.board == e.board
                and self.implied_by_walk(e.var, e.domain, e.start, e.start)):
            return None
        tests = self.fill_tests(e)
        if tests is None:
            return None
        b, one = self.boards[e.board], self.one_start(e)
        if one is not None:  # (one space, which may be none or not in use: then it reaches nothing)
            self.fill_calls_used.add("connected_from_space")
            return f"connected_from_space(st, {b}, {one}, {tests})"
        starts = self.connected_starts(e)
        if starts is None:
            return None
        self.fill_calls_used.add("connected_on_contents")
        return f"connected_on_contents(st, {b}, {starts}, {tests})"

    def placed_fill_first(self, after: ir.AfterIt) -> Optional[str]:
        """In a listing (the option's candidates tested in one position), the code of a test that decides
        `only if C after it` on the position as it stands, when the option places an item on a chosen space s
        first and only takes things off after, and C is a fill on integers from s (model/placed_fill.py;
        runtime/fills.py placed_reaches): true when C surely holds after; None elsewhere and for any other.
        The item is picked once for the listing's candidates when it reads none of the names they bind."""
        if self.bound is None or self.depth:
            return None
        option = next(o for s in self.m.steps if s.name == after.step for o in s.options if o.name == after.option)
        found = placed_fill(option, after.condition, self.m)
        if found is None:
            return None
        fill, space = found.fill, self.expr(found.space)
        if not (isinstance(fill.domain, ir.BoardRef) and fill.domain.board == fill.board
                and self.implied_by_walk(fill.var, fill.domain, fill.start, fill.start)):
            return None
        if found.chosen and (self.one_start(found.called) != space
                             or space not in (f"v_{ident(n.name)}" for n in after.names)):
            return None  # (else a `let`'s value, the fill's start, reads the same before and after: placed_fill)
        tests = self.fill_tests(fill, found.args)
        if tests is None:
            return None
        self.fill_calls_used.add("placed_reaches")
        item = self.placed_item(found.place.item)
        return f"placed_reaches(st, {self.boards[fill.board]}, {space}, {item}, {tests})"

    def placed_item(self, item: ir.E) -> str:
        """The code of the item placed_reaches is asked about: picked when first needed, then kept for the
        listing's other candidates (once()), when it reads none of the names they bind."""
        return self.once(item, self.expr(item))

    def one_start(self, e: ir.Connected) -> Optional[str]:
        """The code of the one space a fill starts from when its start fixes exactly one (`from t = s`), which
        may be none or not in use (the fill then reaches nothing); None when it fixes more."""
        board = self.m.boards[self.boards[e.board]]
        fixed = fixed_walk(e.var, board, e.start, self.definitions, frozenset(), self.may_be_none)
        if fixed is None or len(fixed.spaces) != 1 or len(fixed.values()) != 1:
            return None
        return self.expr(fixed.spaces[0])

    def fill_tests(self, e: ir.Connected, arguments: Optional[dict] = None) -> Optional[str]:
        """For a fill from the spaces its start fixes whose condition and goal read the space tested only
        through its content (`st._boards[B][v_t]`, nothing else of it, no other state: `t is empty`,
        `t holds colour of p` with an attribute that never changes) besides names that are values: the
        arguments of runtime.fills.connected_on_contents after the starts: a module-level FillTests table,
        whose test is that code with the content as its parameter, and the values it reads (a name of
        ``arguments``, the parameters of the definition ``e`` is, read as its argument). None otherwise (the
        code says so: what it reads is what it names)."""
        names = reads.connected_values(e, (e.condition, e.goal))
        if names is None or any(self.expr(v) != f"v_{ident(v.name)}" for v in names.values()):
            return None
        saved = self.bound, self.kinds, self.depth, self.board_code
        self.bound, self.kinds, self.depth, self.board_code = None, {}, self.depth + 1, {}
        try:
            passes, goal = (self.expr(x) for x in (e.condition, e.goal))
        finally:
            self.bound, self.kinds, self.depth, self.board_code = saved
        var, board = f"v_{ident(e.var)}", self.boards[e.board]
        params = [f"v_{ident(name)}" for name in sorted(names)]
        passes, goal = (on_content(code, var, board, params) for code in (passes, goal))
        if passes is None or goal is None:
            return None
        args = "".join(", " + name for name in params)
        code = f"lambda content{args}: (REACHED if {goal} else PASSES) if {passes} else BLOCKED"
        values = "".join(", " + (self.expr(arguments[name]) if arguments and name in arguments else param)
                         for name, param in zip(sorted(names), params))
        return self.fill_tests_made.setdefault(code, (f"FILL_TESTS_{len(self.fill_tests_made)}", e.text))[0] + values

    def fill_tests_lines(self) -> list[str]:
        """The module-level FillTests tables of the fills on integers (see fill_tests)."""
        return [f"{name} = FillTests({code}, len(ITEM_KIND))  " + comment(text)
                for code, (name, text) in self.fill_tests_made.items()]


def on_content(code: str, var: str, board: int, params: list[str]) -> Optional[str]:
    """``code`` (a test of the space ``var`` of board ``board``) with every read of that space's content
    written as the name ``content``, when it reads nothing else of the space or the state and names only
    ``params`` and the module's names besides; None otherwise."""
    read = f"st._boards[{board}][{var}]"
    reads_there = sum(1 for node in pyast.walk(pyast.parse(code, mode="eval")) if _reads_content(node, var, board))
    if code.count(read) != reads_there:  # (the text appears inside a literal: leave it alone)
        return None
    code = code.replace(read, "content")
    for node in pyast.walk(pyast.parse(code, mode="eval")):
        if isinstance(node, pyast.Name) and not (node.id in params or node.id == "content" or _module_name(node.id)):
            return None
        if isinstance(node, (pyast.Lambda, pyast.comprehension, pyast.NamedExpr)):
            return None  # (names bound inside it: not worth telling apart)
    return code


def _reads_content(node: pyast.AST, var: str, board: int) -> bool:
    """Whether ``node`` is `st._boards[board][var]`."""
    if not (isinstance(node, pyast.Subscript) and isinstance(node.slice, pyast.Name) and node.slice.id == var):
        return False
    contents = node.value
    return (isinstance(contents, pyast.Subscript) and isinstance(contents.slice, pyast.Constant)
            and contents.slice.value == board and isinstance(contents.value, pyast.Attribute)
            and contents.value.attr == "_boards" and isinstance(contents.value.value, pyast.Name)
            and contents.value.value.id == "st")
