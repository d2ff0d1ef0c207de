"""Two levers of issue #40 found writing Klondike solitaire (helper solitaire), each against the same file's engine
generated without it, in one process: (a) an inner walk of a listing filtered once, when its loop is first reached, by its
leading tests that read its own name alone (rulespec/codegen/filtered_walks.py: solitaire's `for s in tableau, t
in tableau only if face_up(s) and on_top(t) and fits_on(...)` walked the tableau's 133 spaces for t once per
face-up s, `on_top(t)` kept in a dict by t; now the 7 tops are listed once a listing); (b) a walk of a grid whose condition fixes the row by the column
visits one space a column (rulespec/codegen/one_a_column.py: `on_top(t)`, `height of t = pile_size(pile of t)`,
in the listing and in the definitions' `there is`). The other files whose
engines it changes play their seeded games too. The same seeded games, thread CPU time, nothing but play inside
the clock, rounds interleaved with the order rotated, medians with their min-max spread.

    python benchmarks/bench_filtered_walks.py --rounds 5

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ab import compare_levers  # noqa: E402
from rulespec.codegen.filtered_walks import FilteredWalks  # noqa: E402
from rulespec.codegen.one_a_column import OneAColumn  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
EVERY_TURN = ((FilteredWalks, "filtered_walk", lambda self, bound, i, domain, code, placed: None),)
EVERY_SPACE = ((OneAColumn, "one_a_column_walk", lambda self, var, domain, parts, bound=frozenset(): None),)

# lever -> (its file, the generator's methods swapped for what was there before it)
LEVERS = {
    "inner walk filtered once: Klondike solitaire": ("tests/newcomer/games/solitaire.rules", EVERY_TURN),
    "one space a column: Klondike solitaire": ("tests/newcomer/games/solitaire.rules", EVERY_SPACE),
    "both: Klondike solitaire": ("tests/newcomer/games/solitaire.rules", EVERY_TURN + EVERY_SPACE),
    # the other rule files whose generated code it changes (of the gallery, newcomer and reference files)
    "Shell We?": ("rulebooks/shell-we.rules", EVERY_TURN),
    "Nine men's morris": ("rulebooks/nine-mens-morris.rules", EVERY_TURN),
    "Columns": ("rulespec/docs/ref_games/columns.rules", EVERY_TURN),
}
SEEDS = {"tests/newcomer/games/solitaire.rules": range(6), "rulebooks/shell-we.rules": range(6),
         "rulebooks/nine-mens-morris.rules": range(6), "rulespec/docs/ref_games/columns.rules": range(40)}
PLAYERS = {"tests/newcomer/games/solitaire.rules": 1, "rulebooks/shell-we.rules": 3}


def main() -> None:
    compare_levers("bench_filtered_walks.py", LEVERS, SEEDS, lambda name: ROOT / name, PLAYERS)


if __name__ == "__main__":
    main()
