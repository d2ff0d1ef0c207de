"""A draw numbered by item whose numbers do not rise, helper cribbage's lever of #40's eleventh round, against the code
without it, in one process: the OpenSpiel adapter keeping such a draw's numbers by item, its outcomes sorted by
number (adapters/drawn_numbers.py _listing, unordered_draws), against the draw numbered again as any chance node
(every outcome's Action listed, paired with a float, the step's `numbered` expression worked out for each or its
text read back: listing_numbers.chance_numbers). A deck whose items are listed in an order other than their
numbers' (Cribbage's deck rank by rank where OpenSpiel numbers its cards suit by suit, and cards put back into the
deck after every deal; Banqi's face-down pieces) fell back to that path at every chance node. Played through the
adapter on Cribbage and Banqi: random play, the same seeded games, thread CPU time, nothing but play inside the
clock, rounds interleaved with the order rotated, medians with their min-max spread.

    python benchmarks/bench_unordered_draws.py --rounds 5

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import rulespec.openspiel  # noqa: E402
from ab import played_with  # noqa: E402
from bench_honest import clock_ns, play  # noqa: E402
from rulespec.adapters import drawn_numbers  # noqa: E402
from rulespec.pipeline.rule_paths import allow_in_environment  # noqa: E402

NEWCOMER = ROOT / "tests" / "newcomer" / "games"
SEEDS = {"cribbage": range(6), "banqi": range(10)}
RENUMBERED = ((drawn_numbers, "unordered_draws", lambda: False),)


def adapter_us_a_step(game, seeds) -> float:
    states = [(game.new_initial_state(), random.Random(seed).random) for seed in seeds]
    start, steps = clock_ns(), 0
    for state, draw in states:
        steps += play(state, draw, "apply_action")
    return (clock_ns() - start) / steps / 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    rounds = parser.parse_args().rounds
    allow_in_environment([NEWCOMER])
    adapters = {name: rulespec.openspiel.load_game(str(NEWCOMER / f"{name}.rules"), players=2) for name in SEEDS}
    figures = {(name, side): [] for name in SEEDS for side in (0, 1)}
    for r in range(-1, rounds):  # (round -1: a warm-up, not kept)
        for name, seeds in SEEDS.items():
            for side in ((0, 1) if r % 2 else (1, 0)):
                figure = played_with(RENUMBERED if side else (), lambda: adapter_us_a_step(adapters[name], seeds))
                if r >= 0:
                    figures[name, side].append(figure)
    print(f"`python benchmarks/bench_unordered_draws.py --rounds {rounds}`: us a step through the adapter, medians "
          "(min-max); the lever's share: off over on, per round\n")
    print("| file | on | off | off / on |\n|---|---|---|---|")
    for name in SEEDS:
        on, off = figures[name, 0], figures[name, 1]
        ratios = [b / a for a, b in zip(on, off)]
        print(f"| {name} | {statistics.median(on):.1f} ({min(on):.1f}-{max(on):.1f}) | "
              f"{statistics.median(off):.1f} ({min(off):.1f}-{max(off):.1f}) | "
              f"{statistics.median(ratios):.2f}x ({min(ratios):.2f}-{max(ratios):.2f}) |")


if __name__ == "__main__":
    main()
