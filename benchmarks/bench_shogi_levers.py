"""Levers of issue #40 found writing Shogi (helpers shogi, shogi2), each against the same file's engine generated without
it, in one process: Shogi as a newcomer wrote it (tests/newcomer/games/shogi.rules).

- steps a look-ahead passes over: an automatic step that only sets counters nothing read ahead reads returns at
  once in a look-ahead (rulespec/model/unread_ahead.py steps_unread_ahead; the generated step's first line:
  codegen/declarations.py): Shogi's `note_check` asked `in_check` of the other side in every look-ahead.
- a piece found among the items when both the attributes asked can change: `any(s in grid where s holds king
  and mine(s, p))`, kind and colour both changing, asks the 40 pieces for a king of p's colour, not the 81
  squares (model/located.py _held_on_board; runtime/helpers.py first_on_board_also).
- a definition kept by what its spaces hold (helper shogi2): `steps_to(s, t, p)`, `slides`, `slides_back`, reading of
  the state only `s holds V` of the kind, kept in a dict by the occupant's kind and the arguments
  (codegen/content_definitions.py).

The same seeded games, thread CPU time, nothing but play inside the clock, rounds interleaved with the order
rotated, medians with their min-max spread.

    python benchmarks/bench_shogi_levers.py --rounds 5

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ab import ROOT, compare_levers  # noqa: E402
from rulespec.codegen.content_definitions import ContentDefinitions  # noqa: E402
from rulespec.codegen.engine_class import EngineClass  # noqa: E402
from rulespec.model import located  # noqa: E402

NO_STEP_PASSED_OVER = ((EngineClass, "steps_passed_over_ahead", lambda self: frozenset()),)
NO_CONTENT_DEFINITIONS = ((ContentDefinitions, "content_keys", lambda self, definition: None),)
NO_HELD_ON_BOARD = ((located, "_held_on_board", lambda parts, e, board, item, model: None),)

# lever -> (its file, the generator's methods swapped for what was there before it)
LEVERS = {
    "steps passed over in a look-ahead: Shogi's note_check": ("shogi", NO_STEP_PASSED_OVER),
    "a king found among the items: kind and colour changing": ("shogi", NO_HELD_ON_BOARD),
    "a definition kept by what its spaces hold: steps_to": ("shogi", NO_CONTENT_DEFINITIONS),
}
SEEDS = {"shogi": range(2)}
PATHS = {"shogi": ROOT / "tests" / "newcomer" / "games" / "shogi.rules"}


def main() -> None:
    compare_levers("bench_shogi_levers.py", LEVERS, SEEDS, PATHS.get)


if __name__ == "__main__":
    main()
