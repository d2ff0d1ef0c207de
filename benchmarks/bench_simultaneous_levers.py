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
import contextlib
import random
import shutil
import statistics
import sys
import tempfile
from pathlib import Path
from unittest import mock

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import rulespec  # noqa: E402
import rulespec.openspiel  # noqa: E402
from ab import engine_of  # noqa: E402
from bench_honest import NEWCOMER_GAMES, clock_ns, microseconds_a_step, play  # noqa: E402
from rulespec.adapters import session as session_module  # noqa: E402
from rulespec.codegen.listing_plans import ListingPlans  # noqa: E402
from rulespec.pipeline.rule_paths import allow_in_environment  # noqa: E402

LISTED_EACH_TIME = ((ListingPlans, "together_listed_once", lambda self, step: False),)


def adapter_game(path: Path, listed_once: bool):
    """The file's OpenSpiel game through the adapter, its engine generated with or without lever (a): a copy of
    the file under a folder of its own, so that the adapter's engine is made (and kept) for it alone."""
    folder = Path(tempfile.mkdtemp(prefix="simultaneous-"))
    copy = folder / ("on" if listed_once else "off") / path.name
    copy.parent.mkdir()
    shutil.copy(path, copy)
    allow_in_environment([copy.parent])
    with mock.patch.object(ListingPlans, "together_listed_once", LISTED_EACH_TIME[0][2]) if not listed_once \
            else contextlib.nullcontext():
        game = rulespec.openspiel.load_game(str(copy), players=2)
        game.new_initial_state()  # (the engine made now, under the patch)
    return game


def adapter_us_a_step(game, seeds) -> float:
    states = [(game.new_initial_state(), random.Random(seed).random) for seed in seeds]
    started, steps = clock_ns(), 0
    for state, draw in states:
        steps += play(state, draw, "apply_action")
    return (clock_ns() - started) / steps / 1000


def cell(values: list[float]) -> str:
    return f"{statistics.median(values):.2f} ({min(values):.2f}-{max(values):.2f})"


def ratio(off: list[float], on: list[float]) -> str:
    ratios = [a / b for a, b in zip(off, on)]
    return f"{statistics.median(ratios):.2f}x ({min(ratios):.2f}-{max(ratios):.2f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", type=int, default=40, help="seeded games a block")
    parser.add_argument("--files", default="markov-soccer,matrix-rps,matrix-mp,blotto")
    args = parser.parse_args()
    print(f"`python benchmarks/bench_simultaneous_levers.py --rounds {args.rounds} --games {args.games} "
          f"--files {args.files}`: us a step, medians (min-max); a lever's share: off over on, per round\n")
    print("| file | measure | on | off | off / on |\n|---|---|---|---|---|")
    for name in args.files.split(","):
        path = NEWCOMER_GAMES / f"{name}.rules"
        if not path.exists():  # a bundled game (Goofspiel)
            path = ROOT / "rulebooks" / f"{name}.rules"
        api = {"on": engine_of(path, ()), "off": engine_of(path, LISTED_EACH_TIME)}
        adapters = {"on": adapter_game(path, True), "off": adapter_game(path, False)}
        sides = {"(a) API": (lambda side, seeds: microseconds_a_step(api[side], seeds)),
                 "(a) adapter": (lambda side, seeds: adapter_us_a_step(adapters[side], seeds)),
                 "(b) adapter": (lambda side, seeds: adapter_us_a_step(adapters["on"], seeds) if side == "on" else
                                 _without_joint_numbers(lambda: adapter_us_a_step(adapters["on"], seeds))),
                 "(a) and (b) adapter": (lambda side, seeds: adapter_us_a_step(adapters["on"], seeds) if side == "on"
                                         else _without_joint_numbers(lambda: adapter_us_a_step(adapters["off"], seeds)))}
        figures = {(measure, side): [] for measure in sides for side in ("on", "off")}
        for r in range(-1, args.rounds):  # (round -1: a warm-up, not kept)
            seeds = range(r * args.games, (r + 1) * args.games) if r >= 0 else range(-args.games, 0)
            for measure, run in sides.items():
                for side in (("on", "off") if r % 2 else ("off", "on")):
                    figure = run(side, seeds)
                    if r >= 0:
                        figures[measure, side].append(figure)
        for measure in sides:
            on, off = figures[measure, "on"], figures[measure, "off"]
            print(f"| {name} | {measure} | {cell(on)} | {cell(off)} | {ratio(off, on)} |", flush=True)


def _without_joint_numbers(run):
    with mock.patch.object(session_module, "joint_numbers", lambda table, pending, st: None):
        return run()


if __name__ == "__main__":
    main()
