"""Two generator levers of issue #40 for Phantom Go as a newcomer wrote it (tests/newcomer/games/phantom-go.rules:
its hidden stones lie in zones, each point a component whose `spot` is the point's place on the board, and
`holds(p, s)` is `there is x in stones of p where at(x, s)`, `at(x, s)` being `spot of x = index of s`), each
against the same file's engine generated without it, in one process: (a) `index of s` in an item's test read as
a name, the test's table kept by its value (codegen/counts.py index_keys), so that the test is a table's and
lets a few items through, asked where they lie (passing_items.py); (b) how many items a test lets through read
from its definitions written out (passing_items.py passing_unfolds); (c) a use of a definition guarded by `X is not
none` passes no none (codegen/off_board.py GUARDED_USES). (b) moves Hearts too (who holds the two of clubs), (c)
Hive (its colour tests); (d) in a listing, `there is x in Z where A of x = K` (K read by a chosen name) asked of the
set of A's values in Z, gathered once (passing_items.py held_values_once): Phantom Go's listing, Go Fish's ranks
asked for. The same seeded games, thread CPU time,
nothing but play inside the clock, rounds interleaved with the order rotated, medians with their min-max spread.

    python benchmarks/bench_phantom_levers.py --rounds 5

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import ab  # noqa: E402

NEWCOMER = ROOT / "tests" / "newcomer" / "games"

# lever -> (its file, the swaps that give the generator as it was before it)
LEVERS = {
    "(a) index of s keys the table": ("phantom-go", (ab.at("rulespec.codegen.counts.Counts.index_keyed", False),)),
    "(b) a definition's items counted": ("phantom-go", (ab.at("rulespec.codegen.passing_items.PassingItems.passing_unfolds", False),)),
    "(c) a guarded use passes no none": ("phantom-go", (ab.at("rulespec.codegen.off_board.GUARDED_USES", False),)),
    "(d) a zone's values gathered once a listing": ("phantom-go", (ab.at("rulespec.codegen.passing_items.PassingItems.held_values_once", False),)),
    "(d) in go fish": ("go-fish", (ab.at("rulespec.codegen.passing_items.PassingItems.held_values_once", False),)),
    "(b) in hearts": ("hearts", (ab.at("rulespec.codegen.passing_items.PassingItems.passing_unfolds", False),)),
    "(c) in hive": ("hive", (ab.at("rulespec.codegen.off_board.GUARDED_USES", False),)),
    "(a+b+c+d) all four": ("phantom-go", (ab.at("rulespec.codegen.counts.Counts.index_keyed", False),
                                         ab.at("rulespec.codegen.passing_items.PassingItems.passing_unfolds", False),
                                         ab.at("rulespec.codegen.off_board.GUARDED_USES", False),
                                         ab.at("rulespec.codegen.passing_items.PassingItems.held_values_once", False))),
}
SEEDS = {"phantom-go": range(2), "hearts": range(4), "hive": range(2), "go-fish": range(20)}


def path_of(name: str) -> Path:
    return NEWCOMER / f"{name}.rules"


def main() -> None:
    ab.compare_levers("bench_phantom_levers.py", LEVERS, SEEDS, path_of, players={"hearts": 4})


if __name__ == "__main__":
    main()
