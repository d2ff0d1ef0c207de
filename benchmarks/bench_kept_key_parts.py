"""Parts of a position's key kept from one turn start to the next (issue #40, helper repkey): a game that counts
positions (`the position has occurred N times`) makes the state's key at every turn start
(runtime/repetition.py); a zone's "alone" key is kept with a copy of what the zone held and given again, the
very tuple hashed once, while the zone holds exactly the same (Looks.kept_alone_key), and Looks.now's numbers
(each item's look) are kept while the values of the attributes it reads are the same; against both made
afresh at every turn start (Looks.KEPT off), in one process, on every gallery and newcomer file that counts
positions with a sizeable key. The same seeded games, thread CPU time, nothing but play inside the clock,
rounds interleaved with the order rotated, medians with their min-max spread.

    python benchmarks/bench_kept_key_parts.py --rounds 5

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ab import ROOT, compare_levers  # noqa: E402
from rulespec.runtime.repetition import Looks  # noqa: E402

NEWCOMER = ROOT / "tests" / "newcomer" / "games"
GALLERY = ("chess", "go")
FILES = ("chess", "go", "kriegspiel", "dark-chess", "shogi")
NOT_KEPT = ((Looks, "KEPT", False),)
LEVERS = {f"kept key parts ({name})": (name, ()) for name in FILES}
SEEDS = {"chess": range(4), "go": range(6), "kriegspiel": range(3), "dark-chess": range(8), "shogi": range(1)}


def main() -> None:
    compare_levers("bench_kept_key_parts.py", LEVERS, SEEDS,
                   lambda name: ROOT / "rulebooks" / f"{name}.rules" if name in GALLERY else NEWCOMER / f"{name}.rules",
                   played_without={lever: NOT_KEPT for lever in LEVERS})


if __name__ == "__main__":
    main()
