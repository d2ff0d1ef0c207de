"""Three levers of issue #40 found writing Chinese checkers as a newcomer (helper chinesecheckers), each against
the same file's engine generated without it, in one process: (1) a walk of a board narrowed to where its few passing
pieces stand (codegen/held_spaces.py) when the piece test is said through a definition (`mine(s, player)` for
`s holds colour of p`: HeldSpaces.unfolded_piece_test); (2) a neighbour towards a direction a walk gives (`for d
in directions of grid`, `neighbour of s towards d`) read from the board's table of every direction put into a
local once per function, and its emptiness read inline (codegen/hoisted.py hoisted_towards); (3) `there is`
written in a listing's condition answered by the rows of the options listed before it, a shared walk's options
together (codegen/listed_answers.py listed_answer_inline: the pass of a player who cannot move). The same seeded
games, thread CPU time, nothing but play inside the clock, rounds interleaved with the order rotated, medians
with their min-max spread.

    python benchmarks/bench_direction_levers.py --rounds 3 [--only held|towards|rows]

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from ab import share, spread  # noqa: E402
from bench_place_levers import engine_of, measure, source_of  # noqa: E402
from rulespec.model.narrowing import WRITTEN_OUT_NODES  # noqa: E402

LEVERS = {
    "held": (("rulespec.codegen.held_spaces.HeldSpaces.unfolded_piece_test", lambda self, part, depth=0: part),),
    "towards": (("rulespec.codegen.hoisted.HoistedReads.hoisted_towards", lambda self, e: False),),
    "rows": (("rulespec.codegen.listed_answers.ListedAnswers.listed_answer_inline", lambda self, e: None),),
}
# lever -> file -> seeded games a figure plays
FILES = {
    "held": {"tests/newcomer/games/chinese-checkers.rules": 3},
    "rows": {"tests/newcomer/games/chinese-checkers.rules": 3},
    "towards": {"tests/newcomer/games/chinese-checkers.rules": 3, "rulebooks/checkers.rules": 6,
                "rulebooks/dots-and-boxes.rules": 30, "tests/newcomer/games/amazons.rules": 6,
                "tests/newcomer/games/einstein.rules": 40, "tests/newcomer/games/quoridor.rules": 3},
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--only", choices=sorted(LEVERS))
    args = parser.parse_args()
    for lever in ([args.only] if args.only else sorted(LEVERS)):
        pairs, seeds = {}, {}
        for name, games in FILES[lever].items():
            path = ROOT / name
            with_it = source_of(path, [], WRITTEN_OUT_NODES)
            without = source_of(path, list(LEVERS[lever]), WRITTEN_OUT_NODES)
            if with_it == without:
                print(f"{lever}: {name}: the engine is the same without it")
                continue
            pairs[name] = [engine_of(path, with_it, "with"), engine_of(path, without, "without")]
            seeds[name] = games
        figures = measure(pairs, seeds, args.rounds)
        print(f"\n{lever}: us a step with / without, without / with (median, min-max of {args.rounds} rounds)")
        print("| file | with | without | without / with |\n|---|---|---|---|")
        for name in pairs:
            print(f"| {name} | {spread(figures[name, 0])} | {spread(figures[name, 1])} | "
                  f"{share(figures[name, 1], figures[name, 0])} |")


if __name__ == "__main__":
    main()
