"""Generator levers of issue #40's thirteenth round for the newcomer's Dark chess (tests/newcomer/games/dark-chess.rules),
each against the same file's engine generated without it, in one process: (a) a content's row of directions read
once per space (codegen/content_directions.py content_row_once: `slides(s, d)`, read from its table by the
content of s, fetched once for each s of a listing's walk, not again in each of the 8 directions inside it); (b)
`there is s in B where s is occupied and F and A of occupant of s = v` (or `count(...) > 0`) asked of the pieces F
lets through, stopping at the first found (codegen/counts.py located_found, runtime any_on_board: Dark chess's
`has_king(p)`, `there is s in grid where mine(s, p) and is_a(s, king)`, 16 pieces, not 64 spaces), as count and
`any` over a board already were. The same seeded games, thread CPU time, nothing but play inside the clock,
rounds interleaved with the order rotated, medians with their min-max spread.

    python benchmarks/bench_darkchess_levers.py --rounds 5

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from ab import compare_levers  # noqa: E402
from bench_newcomer_levers import path_of, shadowed  # noqa: E402

# lever -> (its file, the generator's methods swapped for what was there before it)
LEVERS = {
    "(a) a content's directions once per space": ("dark-chess", {"content_row_once": lambda self, space, row: row}),
    "(a) in antichess": ("antichess", {"content_row_once": lambda self, space, row: row}),
    "(a) in chess": ("gallery chess", {"content_row_once": lambda self, space, row: row}),
    "(b) there is on a board, through the pieces": ("dark-chess", {"located_found": lambda self, count: None}),
    "(a) and (b)": ("dark-chess", {"content_row_once": lambda self, space, row: row,
                                    "located_found": lambda self, count: None}),
}
SEEDS = {"dark-chess": range(10), "antichess": range(10), "gallery chess": range(2)}


def main() -> None:
    levers = {lever: (name, shadowed(swapped)) for lever, (name, swapped) in LEVERS.items()}
    compare_levers("bench_darkchess_levers.py", levers, SEEDS, path_of)


if __name__ == "__main__":
    main()
