"""An `and`'s operands tested cheapest first where none moved can fail (issue #40, helper order,
rulespec/codegen/cheap_first.py): Gomoku's five in a row said as a walk from a stone with the one-space test
written last (`count(d in directions of grid where size of walk(...) >= 4) > 0 and mine(s, p)`), and written
first, each against the engine generated in the written order, in one process. The same seeded games, thread
CPU time, nothing but play inside the clock, rounds interleaved with the order rotated, medians with their
min-max spread.

    python benchmarks/bench_cheap_first.py --rounds 5

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ab import compare_levers  # noqa: E402
from bench_walk_ends import GOMOKU, LINE  # noqa: E402 (the newcomer's file and its line of 5, replaced here)
from rulespec.codegen.cheap_first import CheapFirst  # noqa: E402

WALK = "count(d in directions of grid where size of walk(t from s towards d while mine(t, p)) >= 4) > 0"
FORMS = {"gomoku-walk-after": f"{WALK} and mine(s, p)", "gomoku-walk-first": f"mine(s, p) and {WALK}"}
WRITTEN_ORDER = ((CheapFirst, "cheapest_first", lambda self, operands: list(operands)),)

# lever -> (its file, the generator's methods swapped for what was there before it)
LEVERS = {
    "the walk written first, the one-space test after it": ("gomoku-walk-after", WRITTEN_ORDER),
    "the one-space test written first (nothing moves)": ("gomoku-walk-first", WRITTEN_ORDER),
}
SEEDS = {name: range(30) for name in FORMS}


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        paths = {}
        for name, form in FORMS.items():
            paths[name] = Path(folder) / f"{name}.rules"
            paths[name].write_text(GOMOKU.read_text().replace(LINE, form))
        compare_levers("bench_cheap_first.py", LEVERS, SEEDS, paths.get)


if __name__ == "__main__":
    main()
