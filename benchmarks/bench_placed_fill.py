"""Two levers of issue #40 for Go's look-ahead, against the engine as generated, in one process: (a) `only if C
after it` decided on the position as it stands where that decides it (model/placed_fill.py, runtime/fills.py
placed_reaches) against the same engine generated without it (every candidate carried out and undone); (b)
the item that test places picked once for a listing's candidates (codegen/connected.py placed_item) against
the pick at every candidate. (b) is part of (a): "(a) off" is both off. The same seeded games, thread CPU
time, nothing but play inside the clock, rounds interleaved with the order rotated, medians with their
min-max spread.

    python benchmarks/bench_placed_fill.py --rounds 5

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import rulespec  # noqa: E402
from ab import engine_of, interleaved, print_against_first  # noqa: E402
from bench_honest import microseconds_a_step  # noqa: E402
from rulespec.codegen.connected import KeptConnected  # noqa: E402

GAMES = {"go": range(3)}  # seeded games a block
CONFIGS = ("all on", "(b) off", "(a) off")


def generated_without(name: str, engine, lever: str):
    """``engine``'s game generated without lever (a) (KeptConnected.placed_fill_first answering None) or (b)
    (placed_item picking at every candidate), loaded in memory."""
    swap = ((KeptConnected, "placed_fill_first", lambda self, after: None) if lever == "a" else
            (KeptConnected, "placed_item", lambda self, item: self.expr(item)))
    return engine_of(ROOT / "rulebooks" / f"{name}.rules", (swap,), took=lambda source: (
        ("placed_reaches" in source) == (lever == "b") and "_n0 := st._first_with(" not in source))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    rounds = parser.parse_args().rounds
    engines = {}
    for name in GAMES:
        after = rulespec.load(name)
        without = (generated_without(name, after, lever) for lever in ("b", "a"))
        engines[name] = dict(zip(CONFIGS, (after, *without)))
    names = list(CONFIGS)
    figures = interleaved([[lambda r, e=engines[name][config], s=seeds: microseconds_a_step(e, s) for config in names]
                           for name, seeds in GAMES.items()], rounds)
    print_against_first(f"bench_placed_fill.py --rounds {rounds}", names, list(zip(GAMES, figures)))


if __name__ == "__main__":
    main()
