"""Three levers of issue #40 for Go's look-ahead, each turned off alone and all together against all on, in
one process: (a) a `connected` worked out on integers (rulespec/runtime/fills.py) against the same engine
generated without it (every fill as State._connected_from, the tests called space by space); (b) a
look-ahead journalling an item taken from a zone as that item at its place (State._take) against a copy of
the whole zone (_take as it was, swapped in); (c) a look-ahead's pick of the first item of a zone with a value
kept with the zone's contents (Imagining._first_kept) against the search at every candidate (_first_with as
it was, swapped in). The same seeded games, thread CPU time, nothing but play inside the clock, rounds
interleaved with the order rotated, medians with their min-max spread.

    python benchmarks/bench_fill_contents.py --rounds 5

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import argparse
import operator
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
from rulespec.runtime.state import _WHOLE, State  # noqa: E402

GAMES = {"go": range(3)}  # seeded games a block
LEVERS = ("a", "b", "c")  # (a) fills on integers, (b) a taken item journalled, (c) a zone's pick kept
CONFIGS = {"all on": (), "(a) off": ("a",), "(b) off": ("b",), "(c) off": ("c",), "all off": LEVERS}
TAKE, FIRST_WITH = State._take, State._first_with


def take_copying_the_zone(self, item: int) -> None:
    """State._take as it was: a look-ahead's journal kept a copy of the whole zone an item is taken from."""
    where = self._loc[item]
    if where < self._t.zone_count:
        if self._journal is not None:
            self._journal.append((self._zones[where], _WHOLE, self._zones[where].copy()))
        self._zones[where].remove(item)
    else:
        TAKE(self, item)  # (from a board: unchanged)


def first_with_searching(self, text: str, items, values, value) -> int:
    """State._first_with as it was: the zone searched at every call."""
    if items.__class__ is not list:
        items = list(items)
    try:
        return items[operator.indexOf(map(values.__getitem__, items), value)]
    except ValueError:
        return self._first(text, ())


def without_fills_on_contents(name: str, engine):
    """``engine``'s game generated with every fill's tests called space by space (KeptConnected.fill_tests
    answering None), loaded in memory."""
    path = ROOT / "rulebooks" / f"{name}.rules"
    on_contents = KeptConnected.fill_tests
    KeptConnected.fill_tests = lambda self, e, args=None: None
    try:
        source = generate(compile_rules(path), path)
    finally:
        KeptConnected.fill_tests = on_contents
    assert "connected_from_space" not in source
    before = load_module_from_source(source, f"{name}_tests_called").GAME(None)
    before.model = engine.model
    return before


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    rounds = parser.parse_args().rounds
    engines = {}
    for name in GAMES:
        after = rulespec.load(name)
        engines[name] = (after, without_fills_on_contents(name, after))
    names = list(CONFIGS)
    figures = {(name, config): [] for name in GAMES for config in CONFIGS}
    for r in range(-1, rounds):  # (round -1: a warm-up, not kept)
        order = names[r % len(names):] + names[:r % len(names)]
        for name, seeds in GAMES.items():
            for config in order:
                off = CONFIGS[config]
                State._take = take_copying_the_zone if "b" in off else TAKE
                State._first_with = first_with_searching if "c" in off else FIRST_WITH
                figure = microseconds_a_step(engines[name][1 if "a" in off else 0], seeds)
                if r >= 0:
                    figures[name, config].append(figure)
    State._take, State._first_with = TAKE, FIRST_WITH
    print(f"`python benchmarks/bench_fill_contents.py --rounds {rounds}`: us a step, medians (min-max); "
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
