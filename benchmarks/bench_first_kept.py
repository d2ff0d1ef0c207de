"""A pick from a long zone kept with its contents outside look-aheads too (issue #40, helper cursorgo):
State._first_with (`any(c in bowl where colour of c = colour of player)`) in a zone of more than FIRST_KEPT items
reads the pick kept with the zone's contents (Imagining._first_kept) rather than searching it at every call, found
writing Cursor Go (its listing picks the stone the suicide test would place: the first white stone lies behind 361
black ones), against the runtime with FIRST_KEPT past every zone's length (searched every time outside a look-ahead,
as it was), in one process: the same seeded games, thread CPU time, nothing but play inside the clock, rounds
interleaved with the order rotated, medians with their min-max spread.

    python benchmarks/bench_first_kept.py --rounds 5

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from ab import compare_levers  # noqa: E402
import rulespec.runtime.state as state_module  # noqa: E402


# Without the lever: FIRST_KEPT past any zone's length, so a pick is kept only in a look-ahead, as it was.
SEARCHING = ((state_module, "FIRST_KEPT", sys.maxsize),)
LEVERS = {"a long zone's pick kept": ("cursor-go", ()), "on Go": ("go", ()), "on Phantom Go": ("phantom-go", ())}
SEEDS = {"cursor-go": range(60), "go": range(3), "phantom-go": range(2)}


def path_of(name: str) -> Path:
    newcomer = ROOT / "tests" / "newcomer" / "games" / f"{name}.rules"
    return newcomer if newcomer.exists() else ROOT / "rulebooks" / f"{name}.rules"


if __name__ == "__main__":
    compare_levers("bench_first_kept.py", LEVERS, SEEDS, path_of,
                   played_without={lever: SEARCHING for lever in LEVERS})
