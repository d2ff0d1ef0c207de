"""A listing's rows kept by the values of the counters their text reads (issue #40).

An option whose text reads only labels of its names makes the same row for the same seat, arguments and
binding in every state, and the listing keeps each row once made (KeptRows, choices.py). A text that also
shows a counter (`Local board {forced}: {symbol of player}({(row of s - 1) mod 3},{(col of s - 1) mod 3})` in
Ultimate tic-tac-toe, `hold {at_stake} for {banked of player + at_stake}` in Pig) makes the same row for the same
names and the same values of those counters: the row is kept by both, `memo_1.get(values_key := (st._counters[
'forced'], v_s)) or kept.keep(memo_1, values_key, row)`, so a listing makes no text it made before. A counter
takes more values than a label (a score), so these rows are kept apart from the others, at most KEPT_BY_VALUES
an option (runtime/helpers.py _RowsKept.keep), and their texts are not counted as seen: the engine still looks
for two rows that read the same where it looked before.
"""

from __future__ import annotations

import re

from ..model import ir
from .quoting import ident


class RowsKeptByCounters:
    """Options whose rows are kept by their names and the counters their texts read (CodeGenerator's part)."""

    def kept_by_counters(self, step: ir.Step, plans: list) -> dict[int, list]:
        """Option number -> the counters its text reads, for each option of ``step`` whose text reads labels
        of its names and counters, and at least one counter (a text of labels alone is kept as it was)."""
        found = {}
        for k, (option, bound, _, _, text, _) in enumerate(plans):
            if not bound or re.fullmatch(r"TEXT_\d+\[v_\w+\]", text) or (step.name, option.name) in self.kept_walks:
                continue
            counters = self.text_counters(option)
            if counters:
                found[k] = counters
        return found

    def kept_by_counters_row(self, k: int, bound: list, counters: list, row: str) -> str:
        """The code of option k's row, kept by the values of ``counters`` and the names ``bound``."""
        values_key = "(" + "".join(f"{self.expr(counter)}, " for counter in counters) \
            + "".join(f"v_{ident(name)}, " for name in bound) + ")"
        return f"memo_{k}.get(values_key := {values_key}) or kept.keep(memo_{k}, values_key, {row})"
