"""The cost of moving a component (issue #40, helper movefast): (a) `move occupant of s to Z` taken from the
space s itself (State._lift, runtime/lifting.py), not from wherever State._take finds the piece by going
through every board and a tile's cells, against the same file's engine generated with `_move(_occupant(...))`,
in one process. Measured on the newcomer's Kalah (every stone of a pit lifted into the hand), Othello (a disc
flipped by lifting it into the box) and Breakthrough (a capture), and on Shell We? (a tile back to the rack).
The same seeded games, thread CPU time, nothing but play inside the clock, rounds interleaved with the order
rotated, medians with their min-max spread.

    python benchmarks/bench_move_levers.py --rounds 5

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
from rulespec.codegen import statements  # noqa: E402
from rulespec.codegen.python import generate  # noqa: E402
from rulespec.pipeline import compile_rules, load_module_from_source  # noqa: E402

NEWCOMER = ROOT / "tests" / "newcomer" / "games"
LIFTED = (statements.Statements, "lifted", lambda self, s: None)

# lever -> (its file, the generator's methods swapped for what was there before it)
LEVERS = {
    "(a) a piece lifted from its space": ("kalah", (LIFTED,)),
    "(a) on Othello": ("othello", (LIFTED,)),
    "(a) on Breakthrough": ("breakthrough", (LIFTED,)),
    "(a) on Shell We?": ("shell-we", (LIFTED,)),
}
SEEDS = {"kalah": range(30), "othello": range(4), "breakthrough": range(10), "shell-we": range(4)}
PATHS = {"shell-we": ROOT / "rulebooks" / "shell-we.rules"}  # (the others: NEWCOMER / name.rules)


def engine_of(name: str, swapped: tuple):
    """The file's engine, generated with ``swapped`` methods of the generator's parts."""
    path = PATHS.get(name, NEWCOMER / f"{name}.rules")
    kept = [(owner, method, getattr(owner, method)) for owner, method, _ in swapped]
    try:
        for owner, method, replacement in swapped:
            setattr(owner, method, replacement)
        model = compile_rules(path)
        source = generate(model, path)
    finally:
        for owner, method, original in kept:
            setattr(owner, method, original)
    engine = load_module_from_source(source, f"{path.stem}_{len(swapped)}").GAME(None)
    engine.model = model
    return engine


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--levers", default="", help="comma-separated lever names (default: every lever)")
    args = parser.parse_args()
    rounds = args.rounds
    levers = {name: LEVERS[name] for name in args.levers.split(",")} if args.levers else LEVERS
    engines = {lever: (engine_of(name, ()), engine_of(name, swapped)) for lever, (name, swapped) in levers.items()}
    figures = {(lever, side): [] for lever in levers for side in (0, 1)}
    for r in range(-1, rounds):  # (round -1: a warm-up, not kept)
        for lever, (name, _) in levers.items():
            for side in ((0, 1) if r % 2 else (1, 0)):
                figure = microseconds_a_step(engines[lever][side], SEEDS[name])
                if r >= 0:
                    figures[lever, side].append(figure)
    print(f"`python benchmarks/bench_move_levers.py --rounds {rounds}`: us a step, medians (min-max); the "
          "lever's share: off over on, per round\n")
    print("| lever | file | on | off | off / on |\n|---|---|---|---|---|")
    for lever, (name, _) in levers.items():
        on, off = figures[lever, 0], figures[lever, 1]
        ratios = [b / a for a, b in zip(on, off)]
        print(f"| {lever} | {name} | {statistics.median(on):.1f} ({min(on):.1f}-{max(on):.1f}) | "
              f"{statistics.median(off):.1f} ({min(off):.1f}-{max(off):.1f}) | "
              f"{statistics.median(ratios):.2f}x ({min(ratios):.2f}-{max(ratios):.2f}) |")


if __name__ == "__main__":
    main()
