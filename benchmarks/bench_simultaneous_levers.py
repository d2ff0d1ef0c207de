"""A decision made by each player at once, two levers (#40, helper soccer), each against the same file without it,
in one process: (a) a choice by each player of fixed options listed once (codegen/listing_plans.py
together_listed_once: every state at the decision shares one listing), through rulespec's API and through the
OpenSpiel adapter; (b) the adapter's simultaneous decision numbered once (adapters/listing_numbers.py
JointNumbers: each seat's legal numbers read from it, each pick played at its row's place), through the adapter.
bench_honest's loop (at a simultaneous node every seat picks: the API applies each seat's action, the adapter
one joint action), the same seeded games, thread CPU time, nothing but play inside the clock, rounds interleaved
with the order rotated, medians with their min-max spread; off over on per round.

    python benchmarks/bench_simultaneous_levers.py --rounds 5 --files markov-soccer,matrix-rps,blotto,goofspiel

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import rulespec  # noqa: E402
import rulespec.openspiel  # noqa: E402
from ab import adapter_us_a_step, engine_of, interleaved, played_with, seeds_of, share, spread  # noqa: E402
from bench_honest import NEWCOMER_GAMES, microseconds_a_step  # noqa: E402
from rulespec.adapters import session as session_module  # noqa: E402
from rulespec.codegen.listing_plans import ListingPlans  # noqa: E402
from rulespec.pipeline.rule_paths import allow_in_environment  # noqa: E402

LISTED_EACH_TIME = ((ListingPlans, "together_listed_once", lambda self, step: False),)
JOINT_NUMBERS_OFF = ((session_module, "joint_numbers", lambda table, pending, st: None),)


def adapter_game(path: Path, listed_once: bool):
    """The file's OpenSpiel game through the adapter, its engine generated with or without lever (a): a copy of
    the file under a folder of its own, so that the adapter's engine is made (and kept) for it alone."""
    folder = Path(tempfile.mkdtemp(prefix="simultaneous-"))
    copy = folder / ("on" if listed_once else "off") / path.name
    copy.parent.mkdir()
    shutil.copy(path, copy)
    allow_in_environment([copy.parent])

    def made():
        game = rulespec.openspiel.load_game(str(copy), players=2)
        game.new_initial_state()  # (the engine made now, under the swap)
        return game
    return played_with(() if listed_once else LISTED_EACH_TIME, made)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", type=int, default=40, help="seeded games a block")
    parser.add_argument("--files", default="markov-soccer,matrix-rps,matrix-mp,blotto")
    args = parser.parse_args()
    print(f"`python benchmarks/bench_simultaneous_levers.py --rounds {args.rounds} --games {args.games} "
          f"--files {args.files}`: us a step, medians (min-max); a lever's share: off over on, per round\n")
    print("| file | measure | on | off | off / on |\n|---|---|---|---|---|")

    def seeds(r: int) -> range:
        return seeds_of(r, args.games)
    for name in args.files.split(","):
        path = NEWCOMER_GAMES / f"{name}.rules"
        if not path.exists():  # a bundled game (Goofspiel)
            path = ROOT / "rulebooks" / f"{name}.rules"
        api = {"on": engine_of(path, ()), "off": engine_of(path, LISTED_EACH_TIME)}
        adapters = {"on": adapter_game(path, True), "off": adapter_game(path, False)}
        measures = {
            "(a) API": (lambda r: microseconds_a_step(api["on"], seeds(r)),
                        lambda r: microseconds_a_step(api["off"], seeds(r))),
            "(a) adapter": (lambda r: adapter_us_a_step(adapters["on"], seeds(r)),
                            lambda r: adapter_us_a_step(adapters["off"], seeds(r))),
            "(b) adapter": (lambda r: adapter_us_a_step(adapters["on"], seeds(r)), lambda r: played_with(
                JOINT_NUMBERS_OFF, lambda: adapter_us_a_step(adapters["on"], seeds(r)))),
            "(a) and (b) adapter": (lambda r: adapter_us_a_step(adapters["on"], seeds(r)), lambda r: played_with(
                JOINT_NUMBERS_OFF, lambda: adapter_us_a_step(adapters["off"], seeds(r))))}
        for measure, (on, off) in zip(measures, interleaved(list(measures.values()), args.rounds)):
            print(f"| {name} | {measure} | {spread(on, 2)} | {spread(off, 2)} | {share(off, on)} |", flush=True)

if __name__ == "__main__":
    main()
