"""A fixed test of a zone's items that lets at most a few through, asked of those few (issue #40, helper
battleship, rulespec/codegen/passing_items.py): `any(x in box where x is peg and row of x = r and col of x = c)`,
a count or `there is` alike, over a shared zone or a player's, each item the test lets through (at most 8, from
the components' declarations) asked whether it lies in the zone, against the same file's engine generated
without it (the zone's items walked, each answer read from the test's table), in one process: every bundled or
newcomer file whose engine it changes. The same seeded games, thread CPU time, nothing but play inside the clock,
rounds interleaved with the order rotated, medians with their min-max spread.

    python benchmarks/bench_passing_items.py --rounds 5

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ab import ROOT, compare_levers  # noqa: E402
from rulespec.codegen.passing_items import PassingItems  # noqa: E402

ZONE_WALKED = ((PassingItems, "passing_in_zone", lambda self, e, helper: None),)
NEWCOMER = ROOT / "tests" / "newcomer" / "games"
PATHS = {"battleship": NEWCOMER / "battleship.rules", "quoridor": NEWCOMER / "quoridor.rules",
         "amazons": NEWCOMER / "amazons.rules", "nim": NEWCOMER / "nim.rules",
         "dots-and-boxes (newcomer)": NEWCOMER / "dots-and-boxes.rules", "phantom-ttt": NEWCOMER / "phantom-ttt.rules",
         "blackjack": NEWCOMER / "blackjack.rules", "markov-soccer": NEWCOMER / "markov-soccer.rules",
         "dots-and-boxes": ROOT / "rulebooks" / "dots-and-boxes.rules", "shrimp": ROOT / "rulebooks" / "shrimp.rules",
         "shell-we": ROOT / "rulebooks" / "shell-we.rules",
         "let-them-eat-shrimp": ROOT / "rulebooks" / "let-them-eat-shrimp.rules", "yacht": NEWCOMER / "yacht.rules"}
SEEDS = {"battleship": range(30), "quoridor": range(3), "amazons": range(4), "nim": range(300),
         "dots-and-boxes (newcomer)": range(60), "phantom-ttt": range(300), "blackjack": range(1000),
         "markov-soccer": range(100), "dots-and-boxes": range(60), "shrimp": range(60), "shell-we": range(10),
         "let-them-eat-shrimp": range(4), "yacht": range(3)}
PLAYERS = {"blackjack": 1}

# lever -> (its file, the generator's methods swapped for what was there before it)
LEVERS = {f"passing items ({name})": (name, ZONE_WALKED) for name in PATHS}


def main() -> None:
    compare_levers("bench_passing_items.py", LEVERS, SEEDS, PATHS.get, players=PLAYERS)


if __name__ == "__main__":
    main()
