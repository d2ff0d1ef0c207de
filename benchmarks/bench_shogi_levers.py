"""Steps a look-ahead passes over (issue #40, helper shogi): an automatic step that only sets counters nothing
read ahead reads returns at once in a look-ahead (rulespec/model/unread_ahead.py steps_unread_ahead, the
generated step's first line: codegen/declarations.py), against the engine generated without it (every step
run in every look-ahead): Shogi as a newcomer wrote it (tests/newcomer/games/shogi.rules), whose `note_check`
asks `in_check` of the other side after every move, each candidate move's look-ahead included. The same
seeded games, thread CPU time, nothing but play inside the clock, rounds interleaved with the order rotated,
medians with their min-max spread.

    python benchmarks/bench_shogi_levers.py --rounds 5

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ab import ROOT, compare_levers  # noqa: E402
from rulespec.codegen.engine_class import EngineClass  # noqa: E402

NO_STEP_PASSED_OVER = ((EngineClass, "steps_passed_over_ahead", lambda self: frozenset()),)

# lever -> (its file, the generator's methods swapped for what was there before it)
LEVERS = {
    "steps passed over in a look-ahead: Shogi's note_check": ("shogi", NO_STEP_PASSED_OVER),
}
SEEDS = {"shogi": range(2)}
PATHS = {"shogi": ROOT / "tests" / "newcomer" / "games" / "shogi.rules"}


def main() -> None:
    compare_levers("bench_shogi_levers.py", LEVERS, SEEDS, PATHS.get)


if __name__ == "__main__":
    main()
