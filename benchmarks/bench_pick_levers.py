"""A pick of spaces listed as a draw of them (issue #40, helper coingame): (a) a chance step that picks one space
of a whole board, every one as likely, its text the space's label and its parameters' (`outcome "{k} coin at
{s}" for s picked from field where s is empty`), is listed as a draw of those spaces (StepInfo.pick,
codegen/chance.py Chance.picked_as_draw): no text made and no outcomes merged while listing, one Action per outcome
for the engine's lifetime and the outcomes from the pairs a static draw keeps (runtime/drawn_outcomes.py), against
the same file's engine generated without it (every outcome's text made and merged by pick_weights, in one process).
Measured on the newcomers' Coin game (the players and twelve coins put on empty squares of 8 x 8), Laser tag
(a spawn on a free corner) and Markov soccer (the ball on one of two squares). The same seeded games, thread CPU
time, nothing but play inside the clock, rounds interleaved with the order rotated, medians with their min-max
spread.

    python benchmarks/bench_pick_levers.py --rounds 5

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ab import ROOT, at, compare_levers  # noqa: E402

NEWCOMER = ROOT / "tests" / "newcomer" / "games"
WITHOUT = (at("rulespec.codegen.chance.Chance.picked_as_draw", lambda self, step: False),)

# lever -> (its file, the generator's methods swapped)
LEVERS = {
    "(a) a pick of spaces listed as a draw": ("coin-game", WITHOUT),
    "(a) on Laser tag": ("laser-tag", WITHOUT),
    "(a) on Markov soccer": ("markov-soccer", WITHOUT),
}
SEEDS = {"coin-game": range(300), "laser-tag": range(2), "markov-soccer": range(40)}


def main() -> None:
    compare_levers("bench_pick_levers.py", LEVERS, SEEDS, lambda name: NEWCOMER / f"{name}.rules")


if __name__ == "__main__":
    main()
