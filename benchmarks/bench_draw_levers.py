"""A static draw's outcomes listed from pairs the engine keeps (issue #40, helper blackjack): (a) a chance node
that draws from a zone, its texts reading labels only and every outcome as likely, lists its outcomes by
looking its items up in the pairs made once per engine (runtime/drawn_outcomes.py drawn_outcomes), against the
same engine with the runtime listing them one by one (listed_outcomes: the Actions, then a pair each), in one
process. Measured on the newcomers' blackjack and crazy eights (deals from a deck of 52) and on the bundled games that draw so:
Kuhn poker (3 cards), Leduc poker (6), Goofspiel (the prize cards), Shrimp and Shell We?. The same seeded games,
thread CPU time, nothing but play inside the clock, rounds interleaved with the order rotated, medians with
their min-max spread.

    python benchmarks/bench_draw_levers.py --rounds 5

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ab import ROOT, compare_levers  # noqa: E402
from rulespec.runtime import drawn_outcomes, state  # noqa: E402

NEWCOMER = ROOT / "tests" / "newcomer" / "games"
ONE_BY_ONE = ((state, "drawn_outcomes", drawn_outcomes.listed_outcomes),)

# lever -> (its file, the generator's methods swapped: none, the lever is the runtime's)
LEVERS = {
    "(a) a draw's outcomes from kept pairs": ("blackjack", ()),
    "(a) on crazy eights": ("crazy-eights", ()),
    "(a) on Kuhn poker": ("kuhn-poker", ()),
    "(a) on Leduc poker": ("leduc-poker", ()),
    "(a) on Goofspiel": ("goofspiel", ()),
    "(a) on Shrimp": ("shrimp", ()),
    "(a) on Shell We?": ("shell-we", ()),
}
SEEDS = {"blackjack": range(400), "crazy-eights": range(20), "kuhn-poker": range(600), "leduc-poker": range(300), "goofspiel": range(60),
         "shrimp": range(40), "shell-we": range(4)}
PLAYERS = {"blackjack": 1}
PATHS = {"blackjack": NEWCOMER / "blackjack.rules", "crazy-eights": NEWCOMER / "crazy-eights.rules"}  # (the others: rulebooks/NAME.rules)


def main() -> None:
    compare_levers("bench_draw_levers.py", LEVERS, SEEDS, lambda name: PATHS.get(name, ROOT / "rulebooks" / f"{name}.rules"),
                   players=PLAYERS, played_without={lever: ONE_BY_ONE for lever in LEVERS})


if __name__ == "__main__":
    main()
