"""Two table levers of issue #40 found writing Banqi as a newcomer, each against the same file's engine generated
without it, in one process: (a) a listing's test of what one space holds, read from a table by the space's
content (rulespec/codegen/content_tables.py): Banqi's `mine(s, p)` (`s holds red and plays_red of p = 1 or s
holds black and plays_black of p = 1`, the player's colour kept in counters) asked at every space of every
listing; (b) a definition of one or two items that reads only what never changes about them, read from a table
made once (rulespec/codegen/item_definitions.py): Banqi's `beats(a, b)` and `piece_number(c)`, Kuhn poker's
`beats(a, b)`. The same seeded games, thread CPU time, nothing but play inside the clock, rounds interleaved
with the order rotated, medians with their min-max spread.

    python benchmarks/bench_content_tables.py --rounds 5

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
from bench_newcomer_levers import PATHS, engine_of  # noqa: E402

PATHS["gallery kuhn-poker"] = ROOT / "rulebooks" / "kuhn-poker.rules"
# lever -> (its file, the generator's methods swapped for what was there before it)
LEVERS = {"(a) content tables": ("banqi", {"content_table": lambda self, e: None}),
          "(b) item definitions": ("banqi", {"item_definition_table": lambda self, e: None}),
          "(b) in Kuhn poker": ("gallery kuhn-poker", {"item_definition_table": lambda self, e: None})}
SEEDS = {"banqi": range(20), "gallery kuhn-poker": range(3000)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    rounds = args.rounds
    engines = {lever: (engine_of(name, {}), engine_of(name, swapped)) for lever, (name, swapped) in LEVERS.items()}
    figures = {(lever, side): [] for lever in engines for side in (0, 1)}
    for r in range(-1, rounds):  # (round -1: a warm-up, not kept)
        for lever in engines:
            name = LEVERS[lever][0]
            for side in ((0, 1) if r % 2 else (1, 0)):
                figure = microseconds_a_step(engines[lever][side], SEEDS[name])
                if r >= 0:
                    figures[lever, side].append(figure)
    print(f"`python benchmarks/bench_content_tables.py --rounds {rounds}`: us a step, medians (min-max); the "
          "lever's share: off over on, per round\n")
    print("| lever | file | on | off | off / on |\n|---|---|---|---|---|")
    for lever in engines:
        name, on, off = LEVERS[lever][0], figures[lever, 0], figures[lever, 1]
        ratios = [b / a for a, b in zip(on, off)]
        print(f"| {lever} | {name} | {statistics.median(on):.1f} ({min(on):.1f}-{max(on):.1f}) | "
              f"{statistics.median(off):.1f} ({min(off):.1f}-{max(off):.1f}) | "
              f"{statistics.median(ratios):.2f}x ({min(ratios):.2f}-{max(ratios):.2f}) |")


if __name__ == "__main__":
    main()
