"""The after-step ends' mark cleared only by a write of what those ends read (issue #40, round 14, helper social),
against the same file's engine generated without it, in one process: a newcomer's Social deduction, whose ends read
the counters `out` and `rounds` and the hidden zone `role` and were checked after every speech and vote though
only the count of the votes changes what they read; and other files whose after-step ends read a zone (the
gallery's Kuhn poker, Liar's Dice, Goofspiel; the newcomers' Go Fish and Hanabi) or counters a step does not
write (Pig, Oh Hell) (codegen/ends_watch.py, WATCHED_WRITES).

The same seeded games, thread CPU time, nothing but play inside the clock, rounds interleaved with the order
rotated, medians with their min-max spread (benchmarks/ab.py).

    python benchmarks/bench_ends_watch.py --rounds 5

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ab import ROOT, compare_levers  # noqa: E402
from rulespec.codegen import ends_watch  # noqa: E402

WITHOUT = ((ends_watch, "WATCHED_WRITES", False),)
GALLERY = ("kuhn-poker", "liars-dice", "goofspiel", "pig")

# lever -> (its file, the generator's switch turned off)
LEVERS = {f"the ends' mark kept by what they read: {name}": (name, WITHOUT) for name in (
    "social-deduction", "go-fish", "hanabi", "oh-hell") + GALLERY}
SEEDS = {name: range(300) for _, (name, _) in LEVERS.items()}
PLAYERS = {"social-deduction": 6, "oh-hell": 3}


def _path(name: str) -> Path:
    return ROOT / ("rulebooks" if name in GALLERY else "tests/newcomer/games") / f"{name}.rules"


def main() -> None:
    compare_levers("bench_ends_watch.py", LEVERS, SEEDS, _path, players=PLAYERS)


if __name__ == "__main__":
    main()
