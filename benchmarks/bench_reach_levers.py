"""The levers of the newcomer's Havannah (issue #40, helper havannah), each against what was there before it, in
one process: (a) a count or `there is` over a board's spaces c whose condition is a `connected` from c itself
(`there is c in grid where not connected(t in grid where t = c or not mine(t, p) from t = c to on_border(t))`,
the ring) answered for every c from one kept reach of the goal's side (codegen/reach_masks.py), against the
engine filling from each space; (b) an end reading `the player to move` (the bridge and the fork) indexed with
a record per seat to move (model/reads.py IndexPlan.mover), against the engine testing it in full; (c) a kept
reach that loses a space keeping the rest when the space's reached neighbours reach one another around it,
else losing only what its arcs, flooded to the nearest start, no longer reach (runtime/board_reading.py
_cut_off), against reaching again from the starts. The same seeded games,
thread CPU time, nothing but play inside the clock, rounds interleaved with the order rotated, medians with
their min-max spread.

    python benchmarks/bench_reach_levers.py --rounds 5

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ab import ROOT, compare_levers  # noqa: E402
from rulespec.codegen.reach_masks import ReachMasks  # noqa: E402
from rulespec.model import reads  # noqa: E402
from rulespec.runtime import board_reading  # noqa: E402

BOARD_INDEX = reads.board_index


def _unmoved(end, model):
    """board_index before lever (b): an end reading the seat to move is tested in full."""
    plan = BOARD_INDEX(end, model)
    return None if plan is None or plan.mover else plan


FILLED_FROM_EACH = ((ReachMasks, "reach_mask", lambda self, count: None),)
TESTED_IN_FULL = ((reads, "board_index", _unmoved),)
def _reached_again(near, neighbours, cell, region, start_mask):
    """_cut_off before lever (c): what the starts reach again through the region."""
    reached = region & start_mask
    frontier = [c for c in range(region.bit_length()) if reached >> c & 1]
    while frontier:
        for n in neighbours[frontier.pop()]:
            if region >> n & 1 and not reached >> n & 1:
                reached |= 1 << n
                frontier.append(n)
    return reached


REACHED_AGAIN = ((board_reading, "_cut_off", _reached_again),)

# lever -> (its file, the generator's methods swapped for what was there before it)
LEVERS = {
    "(a) a connected from every space read from one reach": ("havannah", FILLED_FROM_EACH),
    "(b) an end reading the seat to move indexed per seat": ("havannah", TESTED_IN_FULL),
    "(c) a reach losing a space keeps what still reaches a start": ("havannah", ()),
}
PLAYED_WITHOUT = {"(c) a reach losing a space keeps what still reaches a start": REACHED_AGAIN}
SEEDS = {"havannah": range(6)}
PATHS = {"havannah": ROOT / "tests" / "newcomer" / "games" / "havannah.rules"}


def main() -> None:
    compare_levers("bench_reach_levers.py", LEVERS, SEEDS, PATHS.get, played_without=PLAYED_WITHOUT)


if __name__ == "__main__":
    main()
