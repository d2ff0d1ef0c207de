"""The sowing games' generator levers of issue #40, each against the same file's engine generated without it,
in one process: (a) a walk narrowed by what the seats decide (codegen/seat_walks.py: `for k in 1..13 where
own_pit(p, k) and ...` visits each seat's own numbers, a SeatWalk table); (b) the first of a walk found
without a generator (codegen/counts.py _first_found: `any(x in hand)` the zone's first, `any(s in pits where
position of s = at and s is empty)` the row's first empty space found in C); (c) an automatic step that sets
itself going again as its last statement run as a loop (codegen/steps_again.py). Measured on the newcomer's
Kalah (a pit a row of 48 slots, the stones components), Kalah written with counters, Othello ((b): a disc
taken from the box) and Oware ((a): `own(s, p)`, a seat and a graph's marks; (c): a seed a turn of `sow`). The same seeded games, thread CPU time, nothing
but play inside the clock, rounds interleaved with the order rotated, medians with their min-max spread.

    python benchmarks/bench_sowing_levers.py --rounds 5

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
from rulespec.codegen import counts, seat_walks, steps_again  # noqa: E402
from rulespec.codegen.python import generate  # noqa: E402
from rulespec.pipeline import compile_rules, load_module_from_source  # noqa: E402

NEWCOMER = ROOT / "tests" / "newcomer" / "games"
SEAT_WALKS = (seat_walks.SeatWalks, "seat_walk", lambda self, var, domain, parts: None)
FIRST_FOUND = (counts.Counts, "_first_found", lambda self, e, test, domain: None)
STEPS_AGAIN = (steps_again.StepsAgain, "runs_again", lambda self, step: set())

# lever -> (its file, the generator's methods swapped for what was there before it)
LEVERS = {
    "(a) a walk the seats decide": ("kalah", (SEAT_WALKS,)),
    "(b) a first found without a generator": ("kalah", (FIRST_FOUND,)),
    "(a) and (b)": ("kalah", (SEAT_WALKS, FIRST_FOUND)),
    "(a) with counters": ("kalah-counters", (SEAT_WALKS,)),
    "(b) a disc from the box": ("othello", (FIRST_FOUND,)),
    "(a) a seat's own houses (a graph's marks)": ("oware", (SEAT_WALKS,)),
    "(c) a step run again by a loop": ("oware", (STEPS_AGAIN,)),
}
SEEDS = {"kalah": range(30), "kalah-counters": range(60), "othello": range(4), "oware": range(20)}
PATHS = {"othello": ROOT / "rulebooks" / "othello.rules", "oware": ROOT / "rulebooks" / "oware.rules"}  # (the others: NEWCOMER / name.rules)


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
    print(f"`python benchmarks/bench_sowing_levers.py --rounds {rounds}`: us a step, medians (min-max); the "
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
