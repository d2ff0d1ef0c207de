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
(a+b) both.

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
from rulespec.codegen.passing_items import PassingItems  # noqa: E402

EVERY_COMPONENT = ((PassingItems, "may_pass", staticmethod(lambda component, fixed: True)),)
COUNTED_WHOLE = ((Counts, "count_is_test", lambda self, e: None),)

# lever -> (its file, the generator's methods swapped for what was there before it)
LEVERS = {
    "(a) no item of a component lacking an equated attribute passes": ("gin-rummy", EVERY_COMPONENT),
    "(b) a count compared with a number stops once known": ("gin-rummy", COUNTED_WHOLE),
    "(a+b) both": ("gin-rummy", EVERY_COMPONENT + COUNTED_WHOLE),
}
SEEDS = {"gin-rummy": range(3)}


def main() -> None:
    compare_levers("bench_gin_levers.py", LEVERS, SEEDS,
                   lambda name: ROOT / "tests" / "newcomer" / "games" / f"{name}.rules")


if __name__ == "__main__":
    main()
