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
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

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
    figures = {(name, side): [] for name in engines for side in (0, 1)}
    for r in range(-1, args.rounds):  # (round -1: a warm-up, not kept)
        for name in engines:
            seeds, players = GAMES[name]
            for side in ((0, 1) if r % 2 else (1, 0)):
                figure = microseconds_a_step(engines[name][side], seeds, players)
                if r >= 0:
                    figures[name, side].append(figure)
    print(f"`python benchmarks/bench_content_directions.py --rounds {args.rounds}`: us a step, medians (min-max); the "
          "lever's share: off over on, per round\n")
    print("| file | on | off | off / on |\n|---|---|---|---|")
    for name in engines:
        on, off = figures[name, 0], figures[name, 1]
        ratios = [b / a for a, b in zip(on, off)]
        print(f"| {name} | {statistics.median(on):.1f} ({min(on):.1f}-{max(on):.1f}) | "
              f"{statistics.median(off):.1f} ({min(off):.1f}-{max(off):.1f}) | "
              f"{statistics.median(ratios):.2f}x ({min(ratios):.2f}-{max(ratios):.2f}) |")


if __name__ == "__main__":
    main()
