"""A small definition made of a count that looks at a few items only, written out where it is used (issue #40,
helper darkhex, rulespec/codegen/passing_items.py few_items_count, model/narrowing.py written_size's ``few``,
codegen/expressions.py inlined): Dark Hex's `holds_cell(p, r, c)` (`count(t in stones of p where row of t = r
and col of t = c) > 0`, two items asked where they lie) and `knows(p, r, c)` written out in the listing's
condition and in the `connected` of its ends (there keyed by the space: `row of s`, `column of s`), against the
same file's engine generated without it (each definition called for each candidate and each space tested), in
one process: every bundled or newcomer file whose engine it changes (Dark Hex, phantom tic-tac-toe, the
newcomer's Dots and Boxes, Nim). The same seeded games, thread CPU time, nothing but play inside the clock,
rounds interleaved with the order rotated, medians with their min-max spread.

    python benchmarks/bench_few_items_written_out.py --rounds 5

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ab import ROOT, compare_levers  # noqa: E402
from rulespec.codegen.counts import Counts  # noqa: E402
from rulespec.codegen.passing_items import PassingItems  # noqa: E402

CALLED = ((PassingItems, "few_items_count", lambda self, e: False), (Counts, "space_keys", False))
NEWCOMER = ROOT / "tests" / "newcomer" / "games"
LEVERS = {
    "a few items' count written out: Dark Hex": ("dark-hex", CALLED),
    "on phantom tic-tac-toe": ("phantom-ttt", CALLED),
    "on Dots and Boxes (newcomer)": ("dots-and-boxes", CALLED),
    "on Nim": ("nim", CALLED),
}
SEEDS = {"dark-hex": range(1500), "phantom-ttt": range(600), "dots-and-boxes": range(150), "nim": range(400)}


def main() -> None:
    compare_levers("bench_few_items_written_out.py", LEVERS, SEEDS, lambda name: NEWCOMER / f"{name}.rules")


if __name__ == "__main__":
    main()
