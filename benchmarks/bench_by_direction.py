"""An option's condition specialised per direction of a walk of a space's neighbours (codegen/by_direction.py),
against the same file's engine testing the whole condition at every target, in one process: newcomer
Breakthrough (a seat's own directions) and the lever's small test game (directions with no seat's test). The
same seeded games, thread CPU time, nothing but play inside the clock, rounds interleaved with the order
rotated, medians with their min-max spread.

    python benchmarks/bench_by_direction.py --rounds 3

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ab import ROOT, compare_levers  # noqa: E402
from rulespec.codegen.by_direction import ByDirection  # noqa: E402

WHOLE = ((ByDirection, "specialise_by_direction", False),)
FILES = {"breakthrough": ROOT / "tests" / "newcomer" / "games" / "breakthrough.rules",
         "by-direction": ROOT / "tests" / "codegen" / "by-direction.rules"}
# lever -> (its file, the generator's switch turned off)
LEVERS = {
    "each direction's own part, a seat's directions": ("breakthrough", WHOLE),
    "each direction's own part, no seat's test": ("by-direction", WHOLE),
}
SEEDS = {"breakthrough": range(30), "by-direction": range(30)}


def main() -> None:
    compare_levers("bench_by_direction.py", LEVERS, SEEDS, FILES.__getitem__)


if __name__ == "__main__":
    main()
