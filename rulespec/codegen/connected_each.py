"""A `connected` from the space a name gives whose condition (but `t = s or`) and goal read the board only at
the space tested (model/reads.py connected_from_each), asked of many spaces of one board as it stands:
answered by rulespec/runtime/from_each.py, one flood from the goals for every space, its tests made by a
module-level function. Not where an indexed end asks it (a few spaces a check: each filled, stopping at the
first goal, codegen/connected.py), nor where it is a fill on integers (runtime/fills.py: Go's liberties).
"""

from __future__ import annotations

import ast as pyast
from typing import Optional

from ..model import ir, reads
from ..model.tree import walk
from .connected import _module_name
from .quoting import docstring, ident


class ConnectedFromEach:
    """`connected` from each space (CodeGenerator's part)."""

    def connected_from_each(self, e: ir.Connected) -> Optional[str]:
        """The code of runtime.from_each.connected_from_each for ``e``, or None (see above)."""
        if self.few_units:
            return None
        found = reads.connected_from_each(e, self.m)
        if found is None or self.filled_on_contents(e):
            return None
        if (e.start.right if e.start.left.name == e.var else e.start.left).name not in self.each_walked:
            return None
        condition, or_self, names, goal_fixed = found
        if any(self.expr(v) != f"v_{ident(v.name)}" for v in names):
            return None
        saved = self.bound, self.kinds, self.depth, self.board_code
        self.bound, self.kinds, self.depth, self.board_code = None, {}, self.depth + 1, {}
        try:
            tests = [self.expr(x) for x in (condition, e.goal)]
        finally:
            self.bound, self.kinds, self.depth, self.board_code = saved
        var = f"v_{ident(e.var)}"
        params = ["st"] + [f"v_{ident(v.name)}" for v in names]
        for test in tests:
            for node in pyast.walk(pyast.parse(test, mode="eval")):
                if isinstance(node, pyast.Name) and not (node.id in params or node.id == var or _module_name(node.id)):
                    return None
        made = (tuple(params), tuple(f"lambda {var}: {test}" for test in tests))
        number = self.each_tests_made.setdefault(made, (len(self.each_tests_made), e.text))[0]
        space = self.expr(e.start.right if e.start.left.name == e.var else e.start.left)
        key = f"(('each', {number}), " + "".join(f"{self.expr(v)}, " for v in names) + ")"
        return (f"connected_from_each(st, {self.boards[e.board]}, {key}, {space}, {or_self!r}, "
                f"EACH_TESTS_{number}{', True' if goal_fixed else ''})")

    def walked_params(self) -> dict[str, frozenset[str]]:
        """Per definition, its space parameters that some walk of a whole board gives each of its spaces to
        (`there is c in grid where ringed(c, p)`, in an end or a definition): asked for every space of the board
        as it stands, where one flood answers them all."""
        found = getattr(self, "_walked_params", None)
        if found is not None:
            return found
        params = {d.name: d.params for d in self.m.definitions}
        walked: dict[str, set[str]] = {}
        roots = [end.condition for end in self.m.ends] + [d.value for d in self.m.definitions]
        for root in roots:
            for x in walk(root):
                if not (isinstance(x, ir.Count) and isinstance(x.domain, ir.BoardRef) and x.where is not None):
                    continue
                for call in walk(x.where):
                    if isinstance(call, ir.DefinedValue) and call.name in params:
                        for param, arg in zip(params[call.name], call.args):
                            if isinstance(arg, ir.Var) and arg.name == x.var:
                                walked.setdefault(call.name, set()).add(param.name)
        found = self._walked_params = {name: frozenset(names) for name, names in walked.items()}
        return found

    def filled_on_contents(self, e: ir.Connected) -> bool:
        """Whether ``e`` is a fill on integers (KeptConnected.fill_on_contents), asked without making its tables: a
        fill from one space so cheap that one from each space asked beats a flood of the board (Go's liberties,
        a few a step: 0.68x with one flood)."""
        made, used = dict(self.fill_tests_made), set(self.fill_calls_used)
        try:
            return self.fill_on_contents(e) is not None
        finally:
            self.fill_tests_made, self.fill_calls_used = made, used

    def each_tests_lines(self) -> list[str]:
        """The module-level functions of the tests of `connected` from each space (see connected_from_each)."""
        lines = []
        for (params, (passes, goal)), (number, text) in self.each_tests_made.items():
            lines += ["", "", f"def EACH_TESTS_{number}({', '.join(params)}):",
                      f"    {docstring('The condition (but `t = s or`) and the goal of `' + text + '` (runtime/from_each.py).')}",
                      f"    return {passes}, {goal}"]
        return lines + [""] if lines else lines
