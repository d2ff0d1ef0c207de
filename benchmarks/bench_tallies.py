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
import statistics
import sys
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import rulespec  # noqa: E402
from bench_honest import microseconds_a_step  # noqa: E402
from rulespec.codegen.board_tallies import BoardTallies  # noqa: E402
from rulespec.codegen.line_walks import LineWalks  # noqa: E402
from rulespec.codegen.python import generate  # noqa: E402
from rulespec.pipeline import compile_rules, load_module_from_source  # noqa: E402
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
    path = ROOT / "rulebooks" / f"{name}.rules"
    owner, method, off, text = GENERATED[lever]
    kept = getattr(owner, method)
    setattr(owner, method, off)
    try:
        source = generate(compile_rules(path), path)
    finally:
        setattr(owner, method, kept)
    assert text not in source
    before = load_module_from_source(source, f"{name.replace('-', '_')}_without").GAME(None)
    before.model = engine.model
    return before


@contextmanager
def switched_off(lever: str):
    """A runtime lever switched off while the block plays (nothing for a lever of the generator)."""
    if lever not in RUNTIME:
        yield
        return
    module, name, old = RUNTIME[lever]
    kept = getattr(module, name)
    setattr(module, name, old)
    try:
        yield
    finally:
        setattr(module, name, kept)


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
    figures = {(name, config): [] for name in GAMES for config in engines[name]}
    for r in range(-1, rounds):  # (round -1: a warm-up, not kept)
        for name, (seeds, _) in GAMES.items():
            names = list(engines[name])
            for config in names[r % len(names):] + names[:r % len(names)]:
                engine, lever = engines[name][config]
                with switched_off(lever):
                    figure = microseconds_a_step(engine, seeds)
                if r >= 0:
                    figures[name, config].append(figure)
    print(f"`python benchmarks/bench_tallies.py --rounds {rounds}`: us a step, medians (min-max); "
          "each lever's share: its 'off' over 'all on', per round\n")
    print("| game | lever | all on | off | off / all on |")
    print("|---|---|---|---|---|")
    for name, (_, levers) in GAMES.items():
        for lever in levers:
            on, off = figures[name, "all on"], figures[name, f"{lever} off"]
            ratios = [b / a for a, b in zip(on, off)]
            print(f"| {name} | {lever} | " + " | ".join(f"{statistics.median(v):.1f} ({min(v):.1f}-{max(v):.1f})"
                                                       for v in (on, off))
                  + f" | {statistics.median(ratios):.2f}x ({min(ratios):.2f}-{max(ratios):.2f}) |")


if __name__ == "__main__":
    main()
