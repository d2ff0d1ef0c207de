"""Gin rummy's cliff (issue #40, helper ginrummy): the newcomer's deadwood, worked out by a step that sets out
every meld a hand holds (`for each m in book: if fits(m, p)`, 197 melds, a dozen times a draw), each meld's
cards asked one by one (`count(r in low of m..low of m + length of m - 1 where holds_card(p, r, suit of m)) =
length of m`, `holds_card` a `there is c in hand of p where rank of c = r and suit of c = s`). Each lever
against the same file's engine generated without it, in one process:

(a) a fixed test whose equalities name attributes a component lacks lets none of its items through
    (codegen/passing_items.py may_pass): a card's rank and suit let one card through, not the melds that
    have a rank or a suit too, so `holds_card` asks one card where it is (any_in_zone), not the hand walked;
(b) a count compared with a number stops once the answer is known (codegen/counts.py count_is_test,
    runtime/helpers.py count_is): a meld not held is found out at its first card not held;
(c) a count of values whose test asks only where a few items lie reads them from a table (codegen/held_counts.py,
    runtime/helpers.py HeldGroups, count_held_is): each meld's cards a tuple, each asked where it lies; on gin
    rummy it answers the counts (b) answered before it; it is tried inside (b)'s count_is_test, so (b) is
    measured with (c), and (c) alone against count_is;
(a+b+c) all three.

The same seeded games, thread CPU time, nothing but play inside the clock, rounds interleaved with the order
rotated, medians with their min-max spread.

    python benchmarks/bench_gin_levers.py --rounds 5

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ab import ROOT, compare_levers  # noqa: E402
from rulespec.codegen.counts import Counts  # noqa: E402
from rulespec.codegen.held_counts import HeldCounts  # noqa: E402
from rulespec.codegen.passing_items import PassingItems  # noqa: E402

EVERY_COMPONENT = ((PassingItems, "may_pass", staticmethod(lambda component, fixed: True)),)
COUNTED_WHOLE = ((Counts, "count_is_test", lambda self, e: None),)
LOOKED_UP = ((HeldCounts, "held_count_is", lambda self, e: None),)

# lever -> (its file, the generator's methods swapped for what was there before it)
LEVERS = {
    "(a) no item of a component lacking an equated attribute passes": ("gin-rummy", EVERY_COMPONENT),
    "(c) where a meld's cards lie, from a table": ("gin-rummy", LOOKED_UP),
    "(b+c) both counts (c is tried inside b)": ("gin-rummy", COUNTED_WHOLE + LOOKED_UP),
    "(a+b+c) all three": ("gin-rummy", EVERY_COMPONENT + COUNTED_WHOLE + LOOKED_UP),
}
SEEDS = {"gin-rummy": range(3)}


def main() -> None:
    compare_levers("bench_gin_levers.py", LEVERS, SEEDS,
                   lambda name: ROOT / "tests" / "newcomer" / "games" / f"{name}.rules")


if __name__ == "__main__":
    main()
