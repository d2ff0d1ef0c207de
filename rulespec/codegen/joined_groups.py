"""Groups kept as the stones come (rulespec/runtime/joined.py), on a board whose pieces are only ever added
(rulespec/model/only_added.py): `there is a in group of s where G(a)`, G reading only where a is, as whether
s's group meets G's spaces (a mask worked out once per setup). Anywhere else (a board whose pieces leave or
move, a test that reads what changes) the code is written as before. A kept `connected` is not read so: its
reach from the start's spaces, mended by the changed spaces (State._connected_kept), is as incremental and
cheaper (benchmarks/README.md, helper connections).
"""

from __future__ import annotations

import ast as pyast
from typing import Optional

from ..model import ir, only_added, reads
from .connected import _module_name
from .quoting import docstring, ident


class JoinedGroups:
    """The questions of groups a runtime record answers (CodeGenerator's part)."""

    def boards_only_added(self) -> frozenset[str]:
        found = getattr(self, "_only_added", None)
        if found is None:
            found = self._only_added = only_added.boards_only_added(self.m)
        return found

    def group_touch(self, e: ir.Compare) -> Optional[str]:
        """`count(a in group of s where G(a)) > 0` (`there is`; `= 0`: `there is no`), on a board whose pieces are
        only ever added, G reading nothing that changes (where a is, values): the code of
        runtime.joined.group_touches; None for any other comparison."""
        count, zero = e.left, e.right
        if not (isinstance(count, ir.Count) and isinstance(count.domain, ir.GroupOf) and count.where is not None
                and isinstance(zero, ir.Const) and zero.value == 0 and not isinstance(zero.value, bool)
                and e.op in ("=", ">", "!=") and count.domain.board in self.boards_only_added()):
            return None
        code = self.group_call(count, "group_touches")
        if code is None:
            return None
        return f"(not {code})" if e.op == "=" else code

    def group_count(self, e: ir.Count) -> Optional[str]:
        """`count(a in group of s where G(a))` on a board whose pieces are only ever added, G reading nothing that
        changes: the code of runtime.joined.group_count; None for any other count."""
        if not (isinstance(e.domain, ir.GroupOf) and e.where is not None
                and e.domain.board in self.boards_only_added()):
            return None
        return self.group_call(e, "group_count")

    def group_call(self, count: ir.Count, function: str) -> Optional[str]:
        """The call of runtime.joined's ``function`` for ``count`` (over `group of s`, with a test G), or None when
        G reads what changes or names what a module-level function cannot."""
        board = count.domain.board
        names = reads.fixed_test_values(count.var, count.where, board, self.m)
        if names is None or any(self.expr(v) != f"v_{ident(v.name)}" for v in names):
            return None
        made = self.module_space_test(count.var, count.where, names, count.where.text)
        if made is None:
            return None
        made_key, test = made  # (test: the name of the module's function, SPACES_<n>)
        self.joined_used.add(function)
        number = self.space_tests_made[made_key][0]
        key = f"(('group', {number}), " + "".join(f"{self.expr(v)}, " for v in names) + ")"
        return (f"{function}(st, {self.boards[board]}, {self.on_board(count.domain.space, 'the group of')}, "
                f"{key}, {test})")

    def module_space_test(self, var: str, test: ir.E, names: tuple, text: str) -> Optional[tuple[str, str]]:
        """(its code, the name of) a module-level function ``SPACES_<n>(st, <names>)`` giving ``test`` as a test of
        the space ``var``, when its code names only those, the space and the module's names; else None."""
        saved = self.bound, self.kinds, self.depth, self.board_code
        self.bound, self.kinds, self.depth, self.board_code = None, {}, self.depth + 1, {}
        try:
            code = self.expr(test)
        finally:
            self.bound, self.kinds, self.depth, self.board_code = saved
        v = f"v_{ident(var)}"
        params = ["st"] + [f"v_{ident(n.name)}" for n in names]
        for node in pyast.walk(pyast.parse(code, mode="eval")):
            if isinstance(node, pyast.Name) and not (node.id in params or node.id == v or _module_name(node.id)):
                return None
        whole = f"lambda {v}: {code}"
        made = self.space_tests_made.get((tuple(params), whole))
        if made is None:
            made = self.space_tests_made[(tuple(params), whole)] = (len(self.space_tests_made), params, whole, text)
        number = made[0]
        return (tuple(params), whole), f"SPACES_{number}"

    def space_tests_lines(self) -> list[str]:
        """The module-level functions of the tests of spaces read as masks (see module_space_test)."""
        lines = []
        for number, params, whole, text in self.space_tests_made.values():
            lines += ["", "", f"def SPACES_{number}({', '.join(params)}):",
                      f"    {docstring('Where `' + text + '` holds, as a test of a space (runtime/joined.py).')}",
                      f"    return {whole}"]
        return lines + [""] if lines else lines
