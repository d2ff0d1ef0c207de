"""The generator's walk narrowed by a geometric condition (issue #40, codegen/related_spaces.py: the spaces a
condition on rows, columns, neighbours and arithmetic lets through, read from a table made once per space and
set-up), against the same file's engine generated without it (every space of the board tested), in one
process. Measured on the newcomer's Clobber (adjacency said by arithmetic on rows and columns, moves listed
over pairs of spaces), the same file with its adjacency said by a neighbour instead (`count(d in orthogonal
directions of grid where t = neighbour of s towards d) > 0`: narrowed to those spaces before; the two
formulations the table makes alike), the reference games Cornered (a king's step by `abs`) and Shuttle, and
chess (`bishops_on`, a count by the colour of a square). The same seeded games, thread CPU time, nothing but
play inside the clock, rounds interleaved with the order rotated, medians with their min-max spread.

    python benchmarks/bench_related_levers.py --rounds 5

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ab import ROOT, compare_levers  # noqa: E402
from rulespec.codegen import related_spaces  # noqa: E402

RELATED = (related_spaces.RelatedSpaces, "related_parts", lambda self, var, domain, parts, outer: None)

LEVERS = {
    "adjacency by arithmetic": ("clobber", (RELATED,)),
    "adjacency by a neighbour": ("clobber-by-neighbour", (RELATED,)),
    "a king's step by abs": ("cornered", (RELATED,)),
    "a step by abs on a track": ("shuttle", (RELATED,)),
    "squares of a colour": ("chess", (RELATED,)),
}
SEEDS = {"clobber": range(40), "clobber-by-neighbour": range(40), "cornered": range(40), "shuttle": range(40),
         "chess": range(2)}
PATHS = {"clobber": ROOT / "tests" / "newcomer" / "games" / "clobber.rules",
         "clobber-by-neighbour": ROOT / "benchmarks" / "formulations" / "adjacent-neighbour.rules",
         "cornered": ROOT / "rulespec" / "docs" / "ref_games" / "cornered.rules",
         "shuttle": ROOT / "rulespec" / "docs" / "ref_games" / "shuttle.rules",
         "chess": ROOT / "rulebooks" / "chess.rules"}


def main() -> None:
    compare_levers("bench_related_levers.py", LEVERS, SEEDS, PATHS.__getitem__)


if __name__ == "__main__":
    main()
