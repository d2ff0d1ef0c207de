"""A count or call that reads several chosen names, all bound outside the loop tested, worked out once per value
of the innermost of their loops (issue #40, helper loa): Lines of Action, as a newcomer wrote it, lists a move `for
s in grid, d in directions of grid, t in line of 8 from s towards d` with `distance(s, t) = pieces_on_line(s, d)`,
a count of the pieces on the whole line made at every t though it reads s and d alone (codegen/loop_invariants.py:
kept in a local reset at the top of d's loop). Against the same file's engine generated as before (the count made
at each t), in one process: the same seeded games, thread CPU time, nothing but play inside the clock, rounds
interleaved with the order rotated, medians with their min-max spread.

    python benchmarks/bench_loop_invariants.py --rounds 5

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ab import ROOT, compare_levers  # noqa: E402
from rulespec.codegen.loop_invariants import LoopInvariants  # noqa: E402

# Before the lever: a value reading several chosen names is worked out at each use.
AT_EACH_USE = (LoopInvariants, "loop_invariant", lambda self, names, code: None)

# lever -> (its file, the generator's parts swapped for what was there before it)
LEVERS = {
    "a value of the outer loops' names kept once a value": ("lines-of-action", (AT_EACH_USE,)),
}
SEEDS = {"lines-of-action": range(6)}


def main() -> None:
    compare_levers("bench_loop_invariants.py", LEVERS, SEEDS,
                   lambda name: ROOT / "tests" / "newcomer" / "games" / f"{name}.rules")


if __name__ == "__main__":
    main()
