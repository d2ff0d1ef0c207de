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
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import rulespec  # noqa: E402
from ab import engine_of, interleaved, played_with, print_against_first  # noqa: E402
from bench_honest import microseconds_a_step  # noqa: E402
from rulespec.codegen.connected import KeptConnected  # noqa: E402
from rulespec.runtime.state import _WHOLE, State  # noqa: E402

GAMES = {"go": range(3)}  # seeded games a block
LEVERS = ("a", "b", "c")  # (a) fills on integers, (b) a taken item journalled, (c) a zone's pick kept
CONFIGS = {"all on": (), "(a) off": ("a",), "(b) off": ("b",), "(c) off": ("c",), "all off": LEVERS}
TAKE = State._take


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
    return engine_of(ROOT / "rulebooks" / f"{name}.rules",
                     ((KeptConnected, "fill_tests", lambda self, e, args=None: None),),
                     took=lambda source: "connected_from_space" not in source)


def runtime_off(off: tuple) -> tuple:
    """The runtime's swaps of the configuration ``off``: (b) and (c) as they were."""
    return (((State, "_take", take_copying_the_zone),) if "b" in off else ()) + \
        (((State, "_first_with", first_with_searching),) if "c" in off else ())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    rounds = parser.parse_args().rounds
    engines = {}
    for name in GAMES:
        after = rulespec.load(name)
        engines[name] = (after, without_fills_on_contents(name, after))
    names = list(CONFIGS)
    figures = interleaved([[lambda r, e=engines[name][1 if "a" in off else 0], s=seeds, off=off: played_with(
        runtime_off(off), lambda: microseconds_a_step(e, s)) for off in CONFIGS.values()]
        for name, seeds in GAMES.items()], rounds)
    print_against_first(f"bench_fill_contents.py --rounds {rounds}", names, list(zip(GAMES, figures)))


if __name__ == "__main__":
    main()
