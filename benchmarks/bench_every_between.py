"""A run of numbers all passing a test, asked in a listing by its two ends (issue #40, helper doudizhu):
`count(r in low..high where T) = high - low + 1`, T the same for every candidate, answered from a tally kept
once a listing (codegen/every_between.py, runtime/helpers.py EveryBetween), against the same file's engine
generated asking the count for every pair; and (b) where the run's upper end is the name the walk goes up by,
the walk stopped at the first run that fails (RUN_STOPS), against the tally asked of every pair. Measured on the newcomer's Dou dizhu (`holds_run(p, low, high, n)`:
a chain's or an airplane's ranks held, asked of every pair of ends, 225 times a listing). The same seeded
games, thread CPU time, nothing but play inside the clock, rounds interleaved with the order rotated, medians
with their min-max spread.

    python benchmarks/bench_every_between.py --rounds 5

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ab import ROOT, compare_levers  # noqa: E402
from rulespec.codegen import every_between  # noqa: E402

# lever -> (its file, the generator's attributes swapped for what was there before it)
LEVERS = {"a run held, from a tally kept once a listing": ("dou-dizhu", ((every_between, "EVERY_BETWEEN", False),)),
          "the walk of a run's upper end stopped at its first failing run": ("dou-dizhu", ((every_between, "RUN_STOPS", False),))}
SEEDS = {"dou-dizhu": range(12)}


def main() -> None:
    compare_levers("bench_every_between.py", LEVERS, SEEDS,
                   lambda name: ROOT / "tests" / "newcomer" / "games" / f"{name}.rules", players={"dou-dizhu": 3})


if __name__ == "__main__":
    main()
