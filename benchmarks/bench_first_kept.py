"""A pick from a long zone kept with its contents outside look-aheads too (issue #40, helper cursorgo):
State._first_with (`any(c in bowl where colour of c = colour of player)`) in a zone of more than FIRST_KEPT items
reads the pick kept with the zone's contents (Imagining._first_kept) rather than searching it at every call, found
writing Cursor Go (its listing picks the stone the suicide test would place: the first white stone lies behind 361
black ones), against the runtime's _first_with as it was (searched every time outside a look-ahead), in one
process: the same seeded games, thread CPU time, nothing but play inside the clock, rounds interleaved with the
order rotated, medians with their min-max spread.

    python benchmarks/bench_first_kept.py --rounds 5

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import operator
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from ab import compare_levers  # noqa: E402
from rulespec.runtime.state import State  # noqa: E402


def first_with_searching(self, text: str, items, values, value) -> int:
    """State._first_with as it was: kept only in a look-ahead, searched every time elsewhere."""
    if items.__class__ is not list:
        items = list(items)
    if self._journal is not None and values.__class__ is dict:
        return self._first_kept(text, items, values, value)
    try:
        return items[operator.indexOf(map(values.__getitem__, items), value)]
    except ValueError:
        return self._first(text, ())


SEARCHING = ((State, "_first_with", first_with_searching),)
LEVERS = {"a long zone's pick kept": ("cursor-go", ()), "on Go": ("go", ()), "on Phantom Go": ("phantom-go", ())}
SEEDS = {"cursor-go": range(60), "go": range(3), "phantom-go": range(2)}


def path_of(name: str) -> Path:
    newcomer = ROOT / "tests" / "newcomer" / "games" / f"{name}.rules"
    return newcomer if newcomer.exists() else ROOT / "rulebooks" / f"{name}.rules"


if __name__ == "__main__":
    compare_levers("bench_first_kept.py", LEVERS, SEEDS, path_of,
                   played_without={lever: SEARCHING for lever in LEVERS})
