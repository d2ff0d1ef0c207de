"""Levers of issue #40 for nine men's morris and Go, each against the same game without it, in one process:
(a) a count of a board's spaces by what never changes about what they hold read from the board's tally
(codegen/board_tallies.py, runtime/tallies.py; without it, the engine generated walking the board); (b) a walk
of a board's lines narrowed to those through a space (codegen/line_walks.py; without it, the engine generated
walking every line); (c) what each space shows kept for the keys of positions seen before
(runtime/looks_kept.py; without it, the same engine reading every space's look afresh at each key). The same
seeded games, thread CPU time, nothing but play inside the clock, rounds interleaved with the order rotated,
medians with their min-max spread.

    python benchmarks/bench_tallies.py --rounds 5

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import rulespec  # noqa: E402
from ab import engine_of, interleaved, played_with, share, spread  # noqa: E402
from bench_honest import microseconds_a_step  # noqa: E402
from rulespec.codegen.board_tallies import BoardTallies  # noqa: E402
from rulespec.codegen.line_walks import LineWalks  # noqa: E402
from rulespec.runtime import repetition  # noqa: E402

# game -> (seeded games a block, the levers that change it)
GAMES = {"nine-mens-morris": (range(20), ("(a)", "(b)")), "go": (range(3), ("(c)",))}
# a lever of the generator -> (the class, its method, what it answers when switched off, a text the engine lacks)
GENERATED = {"(a)": (BoardTallies, "tallied_count", lambda self, e: None, "count_tallied"),
             "(b)": (LineWalks, "lines_through", lambda self, var, domain, where: None, "LINES_THROUGH_")}


def _afresh(st) -> list:
    """runtime/looks_kept.py's looks_on as before it: every space's look read afresh, nothing kept."""
    at = st._engine._looks.now(st).__getitem__
    return [list(map(at, cells)) for cells in st._boards]


RUNTIME = {"(c)": (repetition, "looks_on", _afresh)}  # a lever of the runtime -> (its module, name, the old way)


def generated_without(name: str, engine, lever: str):
    """``engine``'s game generated without ``lever``, loaded in memory."""
    owner, method, off, text = GENERATED[lever]
    return engine_of(ROOT / "rulebooks" / f"{name}.rules", ((owner, method, off),),
                     took=lambda source: text not in source)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    rounds = parser.parse_args().rounds
    engines = {}
    for name, (_, levers) in GAMES.items():
        after = rulespec.load(name)
        engines[name] = {"all on": (after, "")}
        for lever in levers:
            engines[name][f"{lever} off"] = (generated_without(name, after, lever) if lever in GENERATED else after,
                                             lever)
    figures = interleaved([[lambda r, e=engine, s=seeds, lever=lever: played_with(
        (RUNTIME[lever],) if lever in RUNTIME else (), lambda: microseconds_a_step(e, s))
        for engine, lever in engines[name].values()] for name, (seeds, _) in GAMES.items()], rounds)
    print(f"`python benchmarks/bench_tallies.py --rounds {rounds}`: us a step, medians (min-max); "
          "each lever's share: its 'off' over 'all on', per round\n")
    print("| game | lever | all on | off | off / all on |")
    print("|---|---|---|---|---|")
    for (name, (_, levers)), kept in zip(GAMES.items(), figures):
        on = kept[0]
        for lever, off in zip(levers, kept[1:]):
            print(f"| {name} | {lever} | {spread(on)} | {spread(off)} | {share(off, on)} |")


if __name__ == "__main__":
    main()
