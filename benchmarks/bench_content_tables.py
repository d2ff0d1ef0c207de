"""Two table levers of issue #40 found writing Banqi as a newcomer, each against the same file's engine generated
without it, in one process: (a) a listing's test of what one space holds, read from a table by the space's
content (rulespec/codegen/content_tables.py): Banqi's `mine(s, p)` (`s holds red and plays_red of p = 1 or s
holds black and plays_black of p = 1`, the player's colour kept in counters) asked at every space of every
listing; (b) a definition of one or two items that reads only what never changes about them, read from a table
made once (rulespec/codegen/item_definitions.py): Banqi's `beats(a, b)` and `piece_number(c)`, Kuhn poker's
`beats(a, b)`. The same seeded games, thread CPU time, nothing but play inside the clock, rounds interleaved
with the order rotated, medians with their min-max spread.

    python benchmarks/bench_content_tables.py --rounds 5

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from ab import compare_levers  # noqa: E402
from bench_newcomer_levers import PATHS, path_of, shadowed  # noqa: E402

PATHS["gallery kuhn-poker"] = ROOT / "rulebooks" / "kuhn-poker.rules"
# lever -> (its file, the generator's methods swapped for what was there before it)
LEVERS = {"(a) content tables": ("banqi", {"content_table": lambda self, e: None}),
          "(b) item definitions": ("banqi", {"item_definition_table": lambda self, e: None}),
          "(b) in Kuhn poker": ("gallery kuhn-poker", {"item_definition_table": lambda self, e: None})}
SEEDS = {"banqi": range(20), "gallery kuhn-poker": range(3000)}


def main() -> None:
    levers = {lever: (name, shadowed(swapped)) for lever, (name, swapped) in LEVERS.items()}
    compare_levers("bench_content_tables.py", levers, SEEDS, path_of)


if __name__ == "__main__":
    main()
