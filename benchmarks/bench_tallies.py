"""Levers of issue #40 for nine men's morris and Go, against the engine as generated, in one process: (a) a
count of a board's spaces by what never changes about what they hold read from the board's tally
(codegen/board_tallies.py, runtime/tallies.py) against the same engine generated without it (the board
walked). The same seeded games, thread CPU time, nothing but play inside the clock, rounds interleaved with
the order rotated, medians with their min-max spread.

    python benchmarks/bench_tallies.py --rounds 5

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

import rulespec  # noqa: E402
from bench_honest import microseconds_a_step  # noqa: E402
from rulespec.codegen.board_tallies import BoardTallies  # noqa: E402
from rulespec.codegen.line_walks import LineWalks  # noqa: E402
from rulespec.codegen.python import generate  # noqa: E402
from rulespec.pipeline import compile_rules, load_module_from_source  # noqa: E402

GAMES = {"nine-mens-morris": range(20)}  # seeded games a block
# lever -> (the class, its method, what it answers when switched off, a text the engine then lacks)
LEVERS = {"(a)": (BoardTallies, "tallied_count", lambda self, e: None, "count_tallied"),
          "(b)": (LineWalks, "lines_through", lambda self, var, domain, where: None, "LINES_THROUGH_")}
CONFIGS = ("all on",) + tuple(f"{lever} off" for lever in LEVERS)


def generated_without(name: str, engine, lever: str):
    """``engine``'s game generated without ``lever``, loaded in memory."""
    path = ROOT / "rulebooks" / f"{name}.rules"
    owner, method, off, text = LEVERS[lever]
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    rounds = parser.parse_args().rounds
    engines = {}
    for name in GAMES:
        after = rulespec.load(name)
        engines[name] = {"all on": after, **{f"{lever} off": generated_without(name, after, lever) for lever in LEVERS}}
    names = list(CONFIGS)
    figures = {(name, config): [] for name in GAMES for config in CONFIGS}
    for r in range(-1, rounds):  # (round -1: a warm-up, not kept)
        order = names[r % len(names):] + names[:r % len(names)]
        for name, seeds in GAMES.items():
            for config in order:
                figure = microseconds_a_step(engines[name][config], seeds)
                if r >= 0:
                    figures[name, config].append(figure)
    print(f"`python benchmarks/bench_tallies.py --rounds {rounds}`: us a step, medians (min-max); "
          "each lever's share: its 'off' over 'all on', per round\n")
    print("| game | " + " | ".join(names) + " | " + " | ".join(f"{c} / all on" for c in names[1:]) + " |")
    print("|---|" + "---|" * (2 * len(names) - 1))
    for name in GAMES:
        cells = [f"{statistics.median(v):.1f} ({min(v):.1f}-{max(v):.1f})"
                 for v in (figures[name, config] for config in names)]
        for config in names[1:]:
            ratios = [b / a for a, b in zip(figures[name, "all on"], figures[name, config])]
            cells.append(f"{statistics.median(ratios):.2f}x ({min(ratios):.2f}-{max(ratios):.2f})")
        print(f"| {name} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
