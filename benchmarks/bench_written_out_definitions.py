"""A definition of what never changes about an item read from the item's table wherever it is used (issue #40,
helper hearts, rulespec/codegen/item_values.py tabled_definition): (d) `suit_number(c) = led`, `point_card(c)`,
`is_two_of_clubs(c)` in an option's conditions, a step or a test of a zone's items, each one look-up in an
ItemValues table (or ItemTests, where the test reads nothing else), and `there is d in hand of p where
suit_number(d) = led` as `led in map(table, hand)`; against the same file's engine generated with each definition
written out (or called) as before, in one process. Measured on the newcomer's Hearts, crazy eights (points_of,
suit_number) and banqi. The same seeded games, thread CPU time, nothing but play inside the clock, rounds
interleaved with the order rotated, medians with their min-max spread.

    python benchmarks/bench_written_out_definitions.py --rounds 5

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ab import ROOT, compare_levers  # noqa: E402
from rulespec.codegen.counts import Counts  # noqa: E402
from rulespec.codegen.item_values import ItemValueTables  # noqa: E402

WRITTEN_OUT = ((ItemValueTables, "tabled_definition_table", lambda self, e: None),
               (Counts, "definitions_written_out", lambda self, e: e))

# lever -> (its file, the generator's methods swapped for what was there before it)
LEVERS = {
    "(d) a definition of an item from its table": ("hearts", WRITTEN_OUT),
    "(d) on crazy eights": ("crazy-eights", WRITTEN_OUT),
    "(d) on banqi": ("banqi", WRITTEN_OUT),
}
SEEDS = {"hearts": range(100), "crazy-eights": range(100), "banqi": range(20)}
PLAYERS = {"hearts": 4}


def main() -> None:
    compare_levers("bench_written_out_definitions.py", LEVERS, SEEDS,
                   lambda name: ROOT / "tests" / "newcomer" / "games" / f"{name}.rules", players=PLAYERS)


if __name__ == "__main__":
    main()
