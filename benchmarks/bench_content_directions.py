"""A generator lever of issue #40: a definition of a space and a direction that reads the space only through what
it holds (`slides(s, d)`: the kind of the piece on s, and which set d is in) read from a table by the space's
content and the direction (codegen/content_directions.py, runtime/helpers.py content_directions), not called for
every piece and direction, against the same file's engine generated without it, in one process: antichess (a
newcomer's file) and the gallery's chess. The same seeded games, thread CPU time, nothing but play inside the
clock, rounds interleaved with the order rotated, medians with their min-max spread.

    python benchmarks/bench_content_directions.py --rounds 5

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from ab import interleaved, print_table  # noqa: E402
from bench_honest import microseconds_a_step  # noqa: E402
from bench_newcomer_levers import engine_of  # noqa: E402

OFF = {"content_directions_use": lambda self, e: None}
GAMES = {"antichess": (range(10), 2), "gallery chess": (range(2), 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", default=",".join(GAMES))
    args = parser.parse_args()
    chosen = args.games.split(",")
    engines = {name: (engine_of(name, {}), engine_of(name, OFF)) for name in chosen}
    figures = interleaved([[lambda r, e=engine, n=name: microseconds_a_step(e, *GAMES[n]) for engine in engines[name]]
                           for name in engines], args.rounds)
    print_table(f"bench_content_directions.py --rounds {args.rounds}", ("file",),
                [(name, on, off) for name, (on, off) in zip(engines, figures)])


if __name__ == "__main__":
    main()
