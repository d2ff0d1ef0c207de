"""The newcomer's Kriegspiel (tests/newcomer/games/kriegspiel.rules) and the levers its cliff asked for (issue #40,
helper kriegspiel): (a) a position's key reads the looks of the pieces whose attribute can change only, where
they are few among many (runtime/repetition.py Looks.now: 32 pieces among 4,745 slips that never change),
against the same engine reading every item's look at every turn start (Looks.SPARSE off); (b) a zone (not
stacked) of items alone in what they show is keyed by its items, sorted, not by each one's look (Looks.ALONE
off: the slips' looks read and sorted at every turn start); (c) `any(c in Z where V(c) = K)`, V reading only
attributes that never change, finds its item by an index of V made once (codegen/indexed_firsts.py: the
umpire's slip by its number), against the engine generated walking the zone (IndexedFirsts.indexed_firsts
off); (d) a zone's alone key kept from the last key made while the zone holds exactly the same items, the
very tuple, hashed once (Looks.kept_alone_key), and Looks.now's numbers kept while the changeable items'
values are the same (helper repkey), against both made afresh at every turn start (Looks.KEPT off), in one
process. The
same seeded games, thread CPU time, nothing but play inside the clock, rounds interleaved with the order
rotated, medians with their min-max spread.

    python benchmarks/bench_kriegspiel_levers.py --rounds 5

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ab import ROOT, compare_levers  # noqa: E402
from rulespec.codegen.indexed_firsts import IndexedFirsts  # noqa: E402
from rulespec.runtime.repetition import Looks  # noqa: E402

NEWCOMER = ROOT / "tests" / "newcomer" / "games"
EVERY_LOOK = ((Looks, "SPARSE", False),)
NO_ALONE = ((Looks, "ALONE", False),)
NOT_KEPT = ((Looks, "KEPT", False),)

# lever -> (its file, the generator's attributes swapped: none where the lever is the runtime's)
LEVERS = {
    "(a) a position's key reads the looks that can change": ("kriegspiel", ()),
    "(b) a zone of items alone in their looks keyed by its items": ("kriegspiel", ()),
    "(c) an item found by an index of its value": ("kriegspiel", ((IndexedFirsts, "indexed_firsts", False),)),
    "(d) parts of a position's key kept while what they read is the same": ("kriegspiel", ()),
}
SEEDS = {"kriegspiel": range(3)}
RUNTIME = {"(a) a position's key reads the looks that can change": EVERY_LOOK,
           "(b) a zone of items alone in their looks keyed by its items": NO_ALONE,
           "(d) parts of a position's key kept while what they read is the same": NOT_KEPT}


def main() -> None:
    compare_levers("bench_kriegspiel_levers.py", LEVERS, SEEDS, lambda name: NEWCOMER / f"{name}.rules",
                   played_without=RUNTIME)


if __name__ == "__main__":
    main()
