"""Equivalent formulations against each other (issue #40's target: within 1.25x of each other).

Each pair is two rule files under benchmarks/formulations/ that say the same game in two ways an author
might write it: a condition written inline or as a `define`; a move listed from pairs of spaces
(`for s in grid, t in grid only if ... t = neighbour of s towards d ...`) or from the piece and a
direction (`for s in grid, d in forward of player`); a condition that reads none of the chosen names
written inline or as a `define` call; `there is x in D where C` or `count(x in D where C) > 0`. Before
anything is timed, each pair is played in lock step over seeded games (the same legal actions, by text, at
every step): the two play the same games, so their CPU a step compares like for like.

Measured as benchmarks/bench_honest.py measures, with its loop: thread CPU time, nothing but play inside
the clock (the states and their random streams made before it, a warm-up game first, a garbage collection
before each block), rounds interleaved with the order rotated, medians with their min-max spread, and
each ratio worked out per round (both files under that round's load).

    python benchmarks/bench_formulations.py                 # every pair, 7 rounds: about 2 minutes
    python benchmarks/bench_formulations.py --quick         # a smoke run
    python benchmarks/bench_formulations.py --pairs define-landing,pairs-inline --rounds 9

Prints a Markdown table (command, commit, date first). Figures only: speed targets are never tests.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path
from typing import Optional

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_honest import (API, Engine, ROOT, figure, games_per_block, markdown, per_round_ratio,  # noqa: E402
                          provenance, rotated, spread, time_block)

FORMULATIONS = ROOT / "benchmarks" / "formulations"

# name -> (what differs, the first file, the second file): the ratio is the second's CPU a step over the first's.
PAIRS = {
    "define-in-pairs": ("the move's condition a `define` instead of inline; listed from pairs of spaces",
                                "pairs-inline", "pairs-define"),
    "define-in-piece": ("the move's condition a `define` instead of inline; listed from the piece",
                                "piece-inline", "piece-define"),
    "define-landing": ("the move's condition a `define` given the landing space (`can_move(s, neighbour "
                                  "of s towards d, player)`) instead of inline", "piece-inline", "piece-define-landing"),
    "define-end": ("the end's conditions `define`s instead of inline", "piece-inline", "end-define"),
    "define-end-space": ("the end's test of a space a `define` instead of inline", "piece-inline",
                                      "end-define-space"),
    "define-invariant": ("a condition the same for every candidate (`count(...) > 0` reading only the player) a "
                         "`define` instead of inline, inside one that is not", "invariant-inline", "invariant-define"),
    "pairs-inline": ("listed from pairs of spaces instead of from the piece; condition inline",
                               "piece-inline", "pairs-inline"),
    "pairs-define": ("listed from pairs of spaces instead of from the piece; condition a `define`",
                               "piece-define", "pairs-define"),
    "adjacent-arithmetic": ("adjacency said by arithmetic on rows and columns instead of by a neighbour "
                            "(Clobber, listed from pairs of spaces)", "adjacent-neighbour", "adjacent-arithmetic"),
    "there-is-in-pairs": ("the direction found by `there is d in ... where ...` instead of `count(d in ... where "
                          "...) > 0`; listed from pairs of spaces", "pairs-inline", "pairs-there-is"),
}
PLAYERS = 2
CHECKED_GAMES = 5  # seeded games each pair is played in lock step before it is timed


def same_games(first, second, games: int) -> None:
    """Plays the two engines side by side on seeded random games: the same legal actions (by text) at every
    step, the same action picked; refuses to time a pair that does not play the same game."""
    for seed in range(games):
        a, b, draw = first.new_game(PLAYERS), second.new_game(PLAYERS), random.Random(seed).random
        while not a.is_terminal():
            ours, theirs = [str(x) for x in a.legal_actions()], [str(x) for x in b.legal_actions()]
            if ours != theirs or b.is_terminal():
                raise SystemExit(f"not the same game at step {len(a.history)} of seed {seed}:\n  {ours}\n  {theirs}")
            pick = int(draw() * len(ours))
            a.apply(a.legal_actions()[pick])
            b.apply(b.legal_actions()[pick])
        if not b.is_terminal() or a.returns() != b.returns():
            raise SystemExit(f"seed {seed}: the games end differently")


def pair_engines(first_file: str, second_file: str) -> list[Engine]:
    import rulespec
    loaded = [rulespec.load(FORMULATIONS / f"{name}.rules") for name in (first_file, second_file)]
    same_games(*loaded, CHECKED_GAMES)
    return [Engine(name, lambda e=engine: e.new_game(PLAYERS), "apply")
            for name, engine in zip((first_file, second_file), loaded)]


class _Pair:
    """bench_honest's Subject as much as games_per_block needs: the engines."""

    def __init__(self, engines: list[Engine]):
        self.engines = engines


def measure(first_file: str, second_file: str, rounds: int, target: float) -> dict:
    engines = pair_engines(first_file, second_file)
    games = games_per_block(_Pair(engines), target)
    for round_number in range(rounds):
        for engine in rotated(engines, round_number):
            block = time_block(engine.new_state, engine.apply_name, games)
            if engine.blocks and block.steps != engine.blocks[0].steps:
                raise SystemExit(f"{engine.label}: the same seeded games played differently")
            engine.blocks.append(block)
    first, second = engines
    if first.blocks[0].steps != second.blocks[0].steps:
        raise SystemExit(f"{first_file} and {second_file} played different games ({first.blocks[0].steps} "
                         f"against {second.blocks[0].steps} steps)")
    return {"games_per_round": games, "steps_per_game": first.blocks[0].steps / games,
            "us_per_step": {e.label: spread(e.us_per_step()) for e in engines},
            "us_per_step_by_round": {e.label: e.us_per_step() for e in engines},
            "ratio": per_round_ratio(second.us_per_step(), first.us_per_step())}


def table(results: dict) -> str:
    rows = []
    for name, (what, first, second) in PAIRS.items():
        if name not in results:
            continue
        r = results[name]
        rows.append([name, what, f"`{first}`", figure(r["us_per_step"][first], 1), f"`{second}`",
                     figure(r["us_per_step"][second], 1), figure(r["ratio"], 2, "x"),
                     "yes" if r["ratio"]["median"] <= 1.25 else "no"])
    return markdown(["pair", "what differs", "first", f"{API} us/step", "second", f"{API} us/step",
                     "second / first", "within 1.25x"], rows)


def main(argv: Optional[list[str]] = None) -> dict:
    argv = sys.argv[1:] if argv is None else list(argv)
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a smoke run: 3 rounds, tiny blocks")
    parser.add_argument("--pairs", default="", help=f"comma-separated, of: {', '.join(PAIRS)} (default: all)")
    parser.add_argument("--rounds", type=int, help="interleaved rounds (default 7; --quick 3)")
    parser.add_argument("--target", type=float, help="CPU seconds of the slower file's block (default 0.3)")
    args = parser.parse_args(argv)
    rounds = args.rounds or (3 if args.quick else 7)
    target = args.target or (0.02 if args.quick else 0.3)
    chosen = [p.strip() for p in args.pairs.split(",") if p.strip()] or list(PAIRS)
    unknown = [p for p in chosen if p not in PAIRS]
    if unknown or rounds < 1 or target <= 0:
        parser.error(f"unknown pair {', '.join(unknown)}" if unknown else "--rounds at least 1, --target above 0")
    meta = provenance(argv)
    meta["command"] = " ".join(["python benchmarks/bench_formulations.py", *argv])
    results = {}
    for name in chosen:
        _, first, second = PAIRS[name]
        results[name] = measure(first, second, rounds, target)
        print(f"  {name}: {results[name]['ratio']['median']:.2f}x", file=sys.stderr, flush=True)
    uncommitted = f"; uncommitted changes in {', '.join(meta['uncommitted'])}" if meta["uncommitted"] else ""
    print(f"`{meta['command']}`\n\ncommit {meta['commit']}{uncommitted}; {meta['date']}; {meta['nproc']} CPUs, "
          f"Python {meta['python']}; thread CPU time, medians (min-max) of {rounds} interleaved rounds, ratios per "
          f"round; each pair checked to play the same games first.\n")
    print(table(results))
    return {"meta": meta, "results": results}


if __name__ == "__main__":
    main()
