"""An inner walk of a listing filtered once by the tests that read its own name alone (issue #40).

`for s in tableau, t in tableau only if face_up(s) and on_top(t) and fits_on(occupant of s, occupant of t)`
(Klondike solitaire as a newcomer wrote it) walked the 133 spaces of the tableau for t once for every face-up s,
testing `on_top(t)` (kept in a dict by t: Counts.once) on each: 15 face-up cards made 2,000 turns of the inner
loop for the 7 tops. A condition placed at an inner binding's loop whose leading tests read no name bound by the
loops outside it (only that binding's own name, the step's parameters and the state, which a listing does not
change) passes the same values of that name for every turn of the outer loops. Its walk is then the list of the
values that pass those leading tests, made when the loop is first reached (the values in the walk's order, each
leading test asked where it was asked before, in the same order, stopping at the first that fails) and kept in a
local for the rest of the listing (Counts.counted, declared at the listing's top); the loop walks that list and
tests only the rest of the condition. The same values pass in the same order as in the walk tested at each turn.

Only where the walk is of a whole board or zone (nothing else narrowed it), reading no name the listing binds, and
the leading tests are plain conditions (no look-ahead: `only if ... after it` keeps its place).
"""

from __future__ import annotations

from typing import Optional

from ..model import ir
from ..model.tree import free_vars
from .quoting import ident


class FilteredWalks:
    """Inner walks of a listing filtered once by their own leading tests (CodeGenerator's part)."""

    def filtered_walk(self, bound: list[str], i: int, domain: ir.E, code: str,
                      placed: list) -> Optional[tuple[str, list]]:
        """(the code of the values of ``domain`` (walked as ``code``) that pass the leading conditions of
        ``placed`` reading of the listing's names only ``bound[i]``, the conditions left), or None when the
        ``i``-th walk is the outermost, its walk reads a bound name or no leading condition qualifies."""
        var, names = bound[i], set(bound)
        if i == 0 or not isinstance(domain, (ir.BoardRef, ir.ZoneRef)) or free_vars(domain, names):
            return None
        lead = 0
        while lead < len(placed) and not isinstance(placed[lead], ir.AfterIt) \
                and free_vars(placed[lead], names) == {var}:
            lead += 1
        if not lead:
            return None
        saved = self.bound, self.kinds, self.depth, self.board_code
        self.bound, self.kinds, self.depth, self.board_code = None, {}, self.depth + 1, {}
        try:
            tests = " and ".join(f"({self.expr(c)})" for c in placed[:lead])
        finally:
            self.bound, self.kinds, self.depth, self.board_code = saved
        v = f"v_{ident(var)}"
        filtered = f"[{v} for {v} in {code} if {tests}]"
        self.filtered_codes.add(filtered)
        return filtered, placed[lead:]

    def filtered_domain(self, domain: str) -> str:
        """The code a listing's loop walks for ``domain``: a filtered walk (see filtered_walk) made when first
        needed and kept in a local of the listing; any other walk as it is."""
        if domain not in self.filtered_codes or self.bound is None:
            return domain
        name = self.counted.setdefault(domain, f"_n{len(self.counted)}")
        return f"({name} if {name} is not None else ({name} := {domain}))"
