"""A long static draw's chance numbers through the OpenSpiel adapter (issue #40, helper blackjack): (b) a chance
node that draws more than 16 components from a zone, its texts reading labels only and every outcome as likely,
numbered by looking its items up in the numbers the ActionTable keeps (rulespec/adapters/drawn_numbers.py),
against the same adapter numbering it as any chance node (every outcome's Action listed, paired with a float,
its text read back: listing_numbers.chance_numbers), in one process. Measured on the newcomers' blackjack and
crazy eights (deals from a deck of 52) through `rulespec.openspiel`, random play as bench_honest.py plays it:
the same seeded games, thread CPU time, nothing but play inside the clock, rounds interleaved with the order
rotated, medians with their min-max spread.

    python benchmarks/bench_drawn_numbers.py --rounds 5

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ab import ROOT, interleaved, played_with, print_table  # noqa: E402
from bench_honest import time_block  # noqa: E402
import rulespec.openspiel  # noqa: E402
from rulespec.adapters import session  # noqa: E402
from rulespec.pipeline.rule_paths import allow_in_environment  # noqa: E402

NEWCOMER = ROOT / "tests" / "newcomer" / "games"
READ_BACK = ((session, "is_long_static_draw", lambda table, pending: False),)
FILES = {"blackjack": (1, 1500), "crazy-eights": (2, 40)}  # file -> (players, games a block)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    rounds = parser.parse_args().rounds
    allow_in_environment([NEWCOMER])
    games = {name: rulespec.openspiel.load_game(str(NEWCOMER / f"{name}.rules"), players=players)
             for name, (players, _) in FILES.items()}

    def us_a_step(name: str, count: int) -> float:
        block = time_block(games[name].new_initial_state, "apply_action", count)
        return block.play_ns / block.steps / 1000
    figures = interleaved([(lambda r, n=name, c=count: us_a_step(n, c),
                            lambda r, n=name, c=count: played_with(READ_BACK, lambda: us_a_step(n, c)))
                           for name, (_, count) in FILES.items()], rounds)
    print_table(f"bench_drawn_numbers.py --rounds {rounds}", ("lever", "file"),
                [("(b) a draw's chance numbers by item", name, on, off) for name, (on, off) in zip(FILES, figures)],
                measure="us a step through the adapter")


if __name__ == "__main__":
    main()
