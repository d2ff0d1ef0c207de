"""A walk of a board whose condition fixes or bounds the walked space's place in board order (issue #40,
helper maedn): Mensch aergere Dich nicht as a newcomer wrote it (tests/newcomer/games/maedn.rules) finds the
field n steps along a player's way as `any(t in track where index of t = (if n < 40 then (n + 10 *
quarter(p)) mod 40 else ...))` and asks whether a player's goal is full as `count(s in track where index of s
>= 40 + 4 * quarter(p) and index of s < 44 + 4 * quarter(p) and s is occupied) = 4`. model/narrowing.py now
counts a remainder by a written number above 0 and `size of players` among the values worked out once before a
walk (so the first is a look-up of the space at that place), and a bound on `index of s` (`>=`, `>`, `<`, `<=`,
either way round; two joined by `and` make one run) as a run of the board's spaces in use
(codegen/narrowing.py: `st._t.cells_in_use[b][lo:hi]`), the whole condition still tested on each. Against the
same file's engine generated without it, in one process, on the files whose engines it changes (2048 looks up
`index of s = n - 1` already; no bundled engine changes). The same seeded games, thread CPU time, nothing but
play inside the clock, rounds interleaved with the order rotated, medians with their min-max spread.

    python benchmarks/bench_index_runs.py --rounds 5

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ab import ROOT, compare_levers  # noqa: E402
from rulespec.codegen import narrowing as narrowing_code  # noqa: E402
from rulespec.model import narrowing  # noqa: E402

NEWCOMER = ROOT / "tests" / "newcomer" / "games"
# Before the lever: no bound on a space's place narrows a walk; a remainder and the number of players are
# worked out in the walk.
UNBOUNDED = ((narrowing, "_index_bound", lambda *args: None),
             (narrowing, "_by_written_number", lambda e: False),
             (narrowing, "_players_count", lambda e: False),
             (narrowing_code.Narrowing, "places_alone", lambda self, fixed: False))

# lever -> (its file, the generator's parts swapped for what was there before it)
LEVERS = {
    "a space's place fixed or bounded: a look-up": ("maedn", UNBOUNDED),
}
SEEDS = {"maedn": range(8)}


def main() -> None:
    compare_levers("bench_index_runs.py", LEVERS, SEEDS, lambda name: NEWCOMER / f"{name}.rules")


if __name__ == "__main__":
    main()
