"""Definitions of items read from tables, widened (issue #40, helper cribbage), against the engine generated without
it: a definition of one or two items that reads only what never changes about them is read from a table made once
(codegen/item_definitions.py, Banqi's `beats`) also where it reads other such definitions, `min`, `max` or `abs`
(Cribbage's `pips(c)`: `min(rank_number(c), 10)`, `next_rank(a, b)`: `rank_number(b) = rank_number(a) + 1`; switch
definitions_of_items), and where a small one that is more than a comparison of attributes would be written out in
place (Cribbage's `before(a, b)`, ranks then suits, in its fifteens and pairs; switch tables_before_written_out).
On the files whose engines change (of the gallery's and the newcomers'): Cribbage (each part alone too), Euchre,
Solitaire. Only where the table is sure to be made (no attribute some component lacks read but by `=`, `!=` or a
word's order), so that no use falls back to a stand-in calling the function. The same seeded games, thread CPU time, nothing but play inside the clock, rounds interleaved
with the order rotated, medians with their min-max spread.

    python benchmarks/bench_item_tables.py --rounds 5

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ab import ROOT, compare_levers  # noqa: E402
from rulespec.codegen import item_definitions  # noqa: E402

THROUGH = ((item_definitions, "definitions_of_items", lambda: False),)
BEFORE_WRITTEN_OUT = ((item_definitions, "tables_before_written_out", lambda: False),)
BOTH = THROUGH + BEFORE_WRITTEN_OUT

LEVERS = {
    "both: Cribbage": ("cribbage", BOTH),
    "through definitions, min and max: Cribbage": ("cribbage", THROUGH),
    "a table before a value written out: Cribbage": ("cribbage", BEFORE_WRITTEN_OUT),
    "both: Euchre": ("euchre", BOTH),
    "both: Solitaire": ("solitaire", BOTH),
}
SEEDS = {"cribbage": range(4), "euchre": range(60), "solitaire": range(4)}
PLAYERS = {"euchre": 4, "solitaire": 1}
GAMES = ROOT / "tests" / "newcomer" / "games"


def main() -> None:
    compare_levers("bench_item_tables.py", LEVERS, SEEDS, lambda name: GAMES / f"{name}.rules", players=PLAYERS)


if __name__ == "__main__":
    main()
