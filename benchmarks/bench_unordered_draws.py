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
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import rulespec.openspiel  # noqa: E402
from ab import adapter_us_a_step, interleaved, played_with, print_table  # noqa: E402
from rulespec.adapters import drawn_numbers  # noqa: E402
from rulespec.pipeline.rule_paths import allow_in_environment  # noqa: E402

NEWCOMER = ROOT / "tests" / "newcomer" / "games"
SEEDS = {"cribbage": range(6), "banqi": range(10)}
RENUMBERED = ((drawn_numbers, "unordered_draws", lambda: False),)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    rounds = parser.parse_args().rounds
    allow_in_environment([NEWCOMER])
    adapters = {name: rulespec.openspiel.load_game(str(NEWCOMER / f"{name}.rules"), players=2) for name in SEEDS}
    figures = interleaved([(lambda r, n=name: adapter_us_a_step(adapters[n], SEEDS[n]),
                            lambda r, n=name: played_with(RENUMBERED, lambda: adapter_us_a_step(adapters[n], SEEDS[n])))
                           for name in SEEDS], rounds)
    print_table(f"bench_unordered_draws.py --rounds {rounds}", ("file",),
                [(name, on, off) for name, (on, off) in zip(SEEDS, figures)], measure="us a step through the adapter")


if __name__ == "__main__":
    main()
