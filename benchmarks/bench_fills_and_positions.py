"""Each lever of two changes for issue #40, measured alone and together, in one process: (a) `connected`
starting at the space its start names and stopping at the first goal (State._connected_from, _fill), and
(b) exact position keys made straight from the state's lists (rulespec/runtime/repetition.py).

The same seeded games are played with each lever on (the code as it is) and off (the code before it, swapped
in: the whole-board flood fill as State._connected was, Go's engine generated without the narrowed start, and
the repetition module as it was at BEFORE, read from git). Thread CPU time, nothing but play inside the
clock, rounds interleaved with the order rotated, medians with their min-max spread.

    python benchmarks/bench_fills_and_positions.py --rounds 5

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import rulespec  # noqa: E402
import rulespec.runtime.engine as engine_module  # noqa: E402
from ab import engine_of, interleaved, played_with, spread  # noqa: E402
from bench_honest import microseconds_a_step  # noqa: E402
from rulespec.codegen.connected import KeptConnected  # noqa: E402
from rulespec.runtime.state import State  # noqa: E402

BEFORE = "6d19e10^"  # the commit before both levers
GAMES = {"go": range(3), "chess": range(2), "oware": range(12)}  # seeded games a block
CONFIGS = {"both on": (True, True), "(a) only": (True, False), "(b) only": (False, True), "both off": (False, False)}


def old_repetition():
    """The repetition module as it was at BEFORE (digests of the state's document for keys)."""
    text = subprocess.run(["git", "show", f"{BEFORE}:rulespec/runtime/repetition.py"], cwd=ROOT, check=True,
                          capture_output=True, text=True).stdout
    path = Path(tempfile.mkdtemp()) / "repetition_before.py"
    path.write_text(text)
    spec = importlib.util.spec_from_file_location("rulespec.runtime.repetition_before", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def whole_board_connected(self, board, cells, passes, start, goal):
    """State._connected as it was: the start tested on every space, the goal when a space leaves the frontier."""
    domain = cells if isinstance(cells, (set, frozenset)) else set(cells)
    frontier = [c for c in cells if start(c) and passes(c)]
    seen = set(frontier)
    neighbours = self._t.neighbours[board]
    while frontier:
        cell = frontier.pop()
        if goal(cell):
            return True
        for n in neighbours[cell]:
            if n not in seen and n in domain:
                seen.add(n)
                if passes(n):
                    frontier.append(n)
    return False


def go_without_narrowed_starts(go):
    """Go's engine generated with every `connected` over the whole board (no start narrowed; nor the fill on
    integers, which starts where the start says too)."""
    return engine_of(ROOT / "rulebooks" / "go.rules", ((KeptConnected, "connected_starts", lambda self, e: None),
                                                        (KeptConnected, "fill_on_contents", lambda self, e: None)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    rounds = parser.parse_args().rounds
    before = old_repetition()
    whole_board = ((State, "_connected", whole_board_connected),)
    old_records = ((engine_module, "record_position", before.record_position),
                   (engine_module, "record_board_positions", before.record_board_positions))
    engines = {name: (rulespec.load(name),) * 2 for name in GAMES}
    engines["go"] = (engines["go"][0], go_without_narrowed_starts(engines["go"][0]))
    for pair in engines.values():
        for engine in pair:
            engine._item_looks = before.item_looks(engine)  # (what the module before reads)
    figures = interleaved([[lambda r, e=engines[game][0 if fills else 1], s=seeds, fills=fills, keys=keys: played_with(
        (() if fills else whole_board) + (() if keys else old_records), lambda: microseconds_a_step(e, s))
        for fills, keys in CONFIGS.values()] for game, seeds in GAMES.items()], rounds)
    print(f"`python benchmarks/bench_fills_and_positions.py --rounds {rounds}`: us a step, medians (min-max)\n")
    print("| game | " + " | ".join(CONFIGS) + " | both off / both on |")
    print("|---|" + "---|" * (len(CONFIGS) + 1))
    for game, kept in zip(GAMES, figures):
        ratio = statistics.median(kept[list(CONFIGS).index("both off")]) / statistics.median(kept[0])
        print(f"| {game} | " + " | ".join(spread(v) for v in kept) + f" | {ratio:.2f}x |")


if __name__ == "__main__":
    main()
