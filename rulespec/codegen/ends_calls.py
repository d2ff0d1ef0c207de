"""A definition several ends of one check ask, worked out once a check for each value of its arguments (#40).

Pentago's `both_five` asks `five_in_a_row(player 1) and five_in_a_row(player 2)` and `five`, checked next, asks
`five_in_a_row(p)` for each p: player 1's answer was worked out twice in every check (a walk of the board's lines
each time). The ends checked at one time read one state, which nothing changes while they are tested, and a
definition only reads (its value sees its parameters and the state), so a definition called in two or more ends
of one check, given plain arguments, is kept in a dict local to the check by its arguments' values: the same
answers, asked in the same order, each worked out once.
"""

from __future__ import annotations

from ..model import ir
from ..model.narrowing import small_value
from ..model.tree import walk
from .quoting import ident


class EndsCalls:
    """The definitions several ends of one check ask, kept for the check (CodeGenerator's part)."""

    def ends_calls_asked_again(self, ends) -> dict[str, str]:
        """The definitions called (not written out) in two or more of ``ends``' conditions: name -> the local
        dict of their values in the check."""
        asked: dict[str, int] = {}
        for end in ends:
            for name in {n.name for n in walk(end.condition) if isinstance(n, ir.DefinedValue)}:
                asked[name] = asked.get(name, 0) + 1
        return {name: f"_asked_{ident(name)}" for name, times in asked.items()
                if times > 1 and name in self.definitions and not small_value(self.definitions[name].value)}

    def end_call_kept(self, e: ir.DefinedValue, code: str) -> str:
        """A call of a definition several ends of this check ask, given plain arguments: read from the check's
        dict by the arguments' values, worked out the first time; ``code`` otherwise."""
        local = self.ends_calls_kept.get(e.name)
        if local is None or not all(self.plain_argument(a) for a in e.args):
            return code
        key = ", ".join(self.expr(a) for a in e.args)
        key = key if len(e.args) == 1 else f"({key}{',' if e.args else ''})"
        self.ends_calls_used.add(local)
        return f"({local}[{key}] if {key} in {local} else {local}.setdefault({key}, {code}))"
