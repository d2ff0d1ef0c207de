"""The levers found in Mensch aergere Dich nicht as a newcomer wrote it (issue #40, helper maedn;
tests/newcomer/games/maedn.rules: a graph board of 40 track fields and 16 goal fields, a piece's way worked
out from `index of s`), each against the same file's engine generated without it, in one process:

- runs: a bound on a walked space's place (`index of s >= 40 + 4 * quarter(p) and index of s < 44 + ...`: a
  player's goal fields) walks that run of the board's spaces in use (model/narrowing.py _index_bound,
  codegen/narrowing.py places_from_to), a bound the run is made of not tested again (bound_of_run); a
  remainder by a written number and `size of players` are worked out once before a walk, so `any(t in track
  where index of t = (n + 10 * quarter(p)) mod 40)` is a look-up;
- whether kept: `there is no s in track where can_move(s, player)` (a pass), the same for every candidate of
  the option, is kept as any()'s answer, stopping at the first piece that can move (codegen/counts.py
  whether_kept), not as the whole count of them; Shrimp's one change is the same form (its figure within
  the spread);
- players geometric: the number of players counts as a board's geometry (model/geometric.py players_count),
  fixed per set-up, so the fields on a player's way (`on_way(s, player) and progress(s, player) < 43`, which
  reads `size of players` through `quarter`) are read from a table made once a set-up (related_spaces.py).

The same seeded games, thread CPU time, nothing but play inside the clock, rounds interleaved with the order
rotated, medians with their min-max spread.

    python benchmarks/bench_race_track_levers.py --rounds 5

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ab import ROOT, compare_levers  # noqa: E402
from rulespec.codegen import counts  # noqa: E402
from rulespec.codegen import narrowing as narrowing_code  # noqa: E402
from rulespec.model import geometric, narrowing  # noqa: E402

NEWCOMER = ROOT / "tests" / "newcomer" / "games"
RULEBOOKS = ROOT / "rulebooks"
# Before each lever: no bound on a space's place narrows a walk, and a remainder and the number of players
# are worked out in the walk; a kept count compared with 0 counted whole; the number of players no geometry.
UNBOUNDED = ((narrowing, "_index_bound", lambda *args: None),
             (narrowing, "_by_written_number", lambda e: False),
             (narrowing, "players_count", lambda e: False),
             (narrowing_code.Narrowing, "places_alone", lambda self, fixed: False),
             (narrowing_code.Narrowing, "bound_of_run", lambda self, *args: False))
COUNTED = ((counts.Counts, "whether_kept", lambda self: False),)
NOT_GEOMETRIC = ((geometric, "players_count", lambda e: False),)

# lever -> (its file, the generator's parts swapped for what was there before it)
LEVERS = {
    "all three": ("maedn", UNBOUNDED + COUNTED + NOT_GEOMETRIC),
    "runs": ("maedn", UNBOUNDED),
    "whether kept": ("maedn", COUNTED),
    "whether kept, Shrimp": ("shrimp", COUNTED),
    "players geometric": ("maedn", NOT_GEOMETRIC),
}
SEEDS = {"maedn": range(8), "shrimp": range(40)}


def main() -> None:
    compare_levers("bench_race_track_levers.py", LEVERS, SEEDS,
                   lambda name: (RULEBOOKS if name == "shrimp" else NEWCOMER) / f"{name}.rules",
                   players={"shrimp": 3})


if __name__ == "__main__":
    main()
