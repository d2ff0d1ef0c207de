"""Two levers of issue #40 for Go's look-ahead, against the engine as generated, in one process: (a) `only if C
after it` decided on the position as it stands where that decides it (model/placed_fill.py, runtime/fills.py
placed_reaches) against the same engine generated without it (every candidate carried out and undone); (b)
the item that test places picked once for a listing's candidates (codegen/connected.py placed_item) against
the pick at every candidate. (b) is part of (a): "(a) off" is both off. The same seeded games, thread CPU
time, nothing but play inside the clock, rounds interleaved with the order rotated, medians with their
min-max spread.

    python benchmarks/bench_placed_fill.py --rounds 5

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
from rulespec.codegen.connected import KeptConnected  # noqa: E402
from rulespec.codegen.python import generate  # noqa: E402
from rulespec.pipeline import compile_rules, load_module_from_source  # noqa: E402

GAMES = {"go": range(3)}  # seeded games a block
CONFIGS = ("all on", "(b) off", "(a) off")


def generated_without(name: str, engine, lever: str):
    """``engine``'s game generated without lever (a) (KeptConnected.placed_fill_first answering None) or (b)
    (placed_item picking at every candidate), loaded in memory."""
    path = ROOT / "rulebooks" / f"{name}.rules"
    method = "placed_fill_first" if lever == "a" else "placed_item"
    kept = getattr(KeptConnected, method)
    setattr(KeptConnected, method, (lambda self, after: None) if lever == "a" else (lambda self, item: self.expr(item)))
    try:
        source = generate(compile_rules(path), path)
    finally:
        setattr(KeptConnected, method, kept)
    assert ("placed_reaches" in source) == (lever == "b") and "_n0 := st._first_with(" not in source
    before = load_module_from_source(source, f"{name}_without_{lever}").GAME(None)
    before.model = engine.model
    return before


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    rounds = parser.parse_args().rounds
    engines = {}
    for name in GAMES:
        after = rulespec.load(name)
        without = (generated_without(name, after, lever) for lever in ("b", "a"))
        engines[name] = dict(zip(CONFIGS, (after, *without)))
    names = list(CONFIGS)
    figures = {(name, config): [] for name in GAMES for config in CONFIGS}
    for r in range(-1, rounds):  # (round -1: a warm-up, not kept)
        order = names[r % len(names):] + names[:r % len(names)]
        for name, seeds in GAMES.items():
            for config in order:
                figure = microseconds_a_step(engines[name][config], seeds)
                if r >= 0:
                    figures[name, config].append(figure)
    print(f"`python benchmarks/bench_placed_fill.py --rounds {rounds}`: us a step, medians (min-max); "
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
