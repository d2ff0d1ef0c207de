"""A small definition built of small definitions written out in a listing (issue #40, helper crazyeights): the
reference's Raid lists a rook's moves with `only if moves_as(s, player, rook)`, where moves_as says `mine(s, p)
and kind of occupant of s = k`; written out in the listing (model/narrowing.py small_value: a small definition
used inside counts as what it is written out as; codegen/expressions.py inlined: in a listing's conditions only),
the test is made in place, with `mine` written out in it, not through two calls a space. Against the same
file's engine generated as before (a definition that uses another always called), in one process, on the files
whose engines it changes: the reference games Raid and March (no bundled engine, no newcomer file; a definition
using one that is no abbreviation, crazy eights' `may_play(c)`, is codegen/written_out_for_once.py's). The same
seeded games, thread CPU time, nothing but play inside the clock, rounds interleaved with the order rotated,
medians with their min-max spread.

    python benchmarks/bench_nested_definitions.py --rounds 5

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ab import ROOT, compare_levers  # noqa: E402
from rulespec.codegen import expressions  # noqa: E402
from rulespec.model import narrowing  # noqa: E402

REFERENCE = ROOT / "rulespec" / "docs" / "ref_games"
# Before the lever: a definition whose value uses another is never written out (its uses are calls).
CALLED = (expressions, "small_value", lambda value, definitions=None: narrowing.small_value(value))

# lever -> (its file, the generator's parts swapped for what was there before it)
LEVERS = {
    "a definition using another written out": ("raid", (CALLED,)),
    "on March": ("march", (CALLED,)),
}
SEEDS = {"raid": range(10), "march": range(30)}


def main() -> None:
    compare_levers("bench_nested_definitions.py", LEVERS, SEEDS, lambda name: REFERENCE / f"{name}.rules")


if __name__ == "__main__":
    main()
