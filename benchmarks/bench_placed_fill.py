"""Two levers of issue #40 for Go's look-ahead, each turned off alone and both together against both on, in one
process: (a) `only if C after it` decided on the position as it stands where that decides it (model/
placed_fill.py, runtime/fills.py placed_reaches) against the same engine generated without it (every
candidate carried out and undone); (b) the item that test places picked once for a listing's candidates
(Imagining._first_with_kept) against the search at every candidate (_first_with swapped in). The same seeded
games, thread CPU time, nothing but play inside the clock, rounds interleaved with the order rotated, medians
with their min-max spread.

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
from rulespec.runtime.state import State  # noqa: E402

GAMES = {"go": range(3)}  # seeded games a block
CONFIGS = {"all on": (), "(a) off": ("a",), "(b) off": ("b",), "all off": ("a", "b")}
FIRST_WITH_KEPT = State._first_with_kept


def carrying_out(name: str, engine):
    """``engine``'s game generated with every `after it` carried out (KeptConnected.placed_fill_first
    answering None), loaded in memory."""
    path = ROOT / "rulebooks" / f"{name}.rules"
    first = KeptConnected.placed_fill_first
    KeptConnected.placed_fill_first = lambda self, option, after: None
    try:
        source = generate(compile_rules(path), path)
    finally:
        KeptConnected.placed_fill_first = first
    assert "placed_reaches" not in source
    before = load_module_from_source(source, f"{name}_carried_out").GAME(None)
    before.model = engine.model
    return before


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    rounds = parser.parse_args().rounds
    engines = {}
    for name in GAMES:
        after = rulespec.load(name)
        engines[name] = (after, carrying_out(name, after))
    names = list(CONFIGS)
    figures = {(name, config): [] for name in GAMES for config in CONFIGS}
    for r in range(-1, rounds):  # (round -1: a warm-up, not kept)
        order = names[r % len(names):] + names[:r % len(names)]
        for name, seeds in GAMES.items():
            for config in order:
                off = CONFIGS[config]
                State._first_with_kept = State._first_with if "b" in off else FIRST_WITH_KEPT
                figure = microseconds_a_step(engines[name][1 if "a" in off else 0], seeds)
                if r >= 0:
                    figures[name, config].append(figure)
    State._first_with_kept = FIRST_WITH_KEPT
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
