"""A total over a zone of a value that reads only what never changes about the item, read from a table (issue
#40, helper blackjack): (c) `sum(card_value(c) for c in hand of p)` as `sum(map(ITEM_VALUE_k, hand))`, each item's
value worked out once (codegen/item_values.py), against the same file's engine generated with the value worked
out item by item, in one process. Measured on the newcomer's blackjack (both totals, after every step) and on
Goofspiel (the bids and the prizes won). The same seeded games, thread CPU time, nothing but play inside the
clock, rounds interleaved with the order rotated, medians with their min-max spread.

    python benchmarks/bench_item_values.py --rounds 5

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ab import ROOT, compare_levers  # noqa: E402
from rulespec.codegen.item_values import ItemValueTables  # noqa: E402

ITEM_BY_ITEM = ((ItemValueTables, "item_value", lambda self, e: None),
                (ItemValueTables, "tabled_definition_table", lambda self, e: None))  # (nor the definition's table)

# lever -> (its file, the generator's methods swapped for what was there before it)
LEVERS = {
    "(c) a total of the items' values from a table": ("blackjack", ITEM_BY_ITEM),
    "(c) on Goofspiel": ("goofspiel", ITEM_BY_ITEM),
}
SEEDS = {"blackjack": range(400), "goofspiel": range(60)}
PATHS = {"blackjack": ROOT / "tests" / "newcomer" / "games" / "blackjack.rules"}  # (the others: rulebooks/)


def main() -> None:
    compare_levers("bench_item_values.py", LEVERS, SEEDS,
                   lambda name: PATHS.get(name, ROOT / "rulebooks" / f"{name}.rules"), players={"blackjack": 1})


if __name__ == "__main__":
    main()
