"""`there is x in D where C` read as the `count(x in D where C) > 0` it means wherever the model looks for that
form (issue #40, helper amazons: model/reads.py exists_form), against the same file's engine generated with
`there is` left out of it, in one process: a move listed from pairs of spaces whose direction is found by `there
is` (benchmarks/formulations/pairs-there-is.rules: the walk narrowed to the piece's neighbours, as with `count(...)
> 0`), and the newcomer's Ultimate tic-tac-toe (its end `there is l in ... where ...` over the big board's lines
tested only where the big board changed). The same seeded games, thread CPU time, nothing but play inside the
clock, rounds interleaved with the order rotated, medians with their min-max spread.

    python benchmarks/bench_there_is.py --rounds 5

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ab import ROOT, compare_levers  # noqa: E402
from rulespec.model import ir, reads  # noqa: E402

_MEANS_A_COUNT = reads.exists_form
NOT_A_COUNT = ((reads, "exists_form", lambda e: None if isinstance(e, ir.ThereIs) else _MEANS_A_COUNT(e)),)

# lever -> (its file, what is swapped for what was there before it)
LEVERS = {
    "`there is` read as `count(...) > 0`: pairs narrowed": ("pairs-there-is", NOT_A_COUNT),
    "`there is` read as `count(...) > 0`: an end tested where it changed": ("ultimate-tic-tac-toe", NOT_A_COUNT),
}
SEEDS = {"pairs-there-is": range(12), "ultimate-tic-tac-toe": range(60)}
PATHS = {"pairs-there-is": ROOT / "benchmarks" / "formulations" / "pairs-there-is.rules"}


def main() -> None:
    compare_levers("bench_there_is.py", LEVERS, SEEDS,
                   lambda name: PATHS.get(name, ROOT / "tests" / "newcomer" / "games" / f"{name}.rules"))


if __name__ == "__main__":
    main()
