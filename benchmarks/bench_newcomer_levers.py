"""Four generator levers of issue #40 for rule files written as a newcomer writes them, each against the same
file's engine generated without it, in one process: (a) a count over a narrowed board walk testing only what
the walk does not already say, and counting a board's contents in C when only occupancy is left
(codegen/counts.py walk_and_test, _occupancy_count), measured on Kalah (a pit a row of 48 slots); (b) `size of
walk(...) > 0` testing the walk's first step alone (_walk_begins_test), measured on Othello (the flank test
inline in eight directions) and on the gallery's Othello (the same test through `run_length(s, d, p) > 0`, a
definition of the walk's size); (c) a count or call in a listing's condition that reads only a name bound by an
outer walk kept by that name's value (codegen/counts.py met_again), measured on Nim (`n <= size_of_pile(r)` under
`for r in 1..4, n in 1..7`) and on chess (random play: its double step's `ahead(ahead(s, player), player)`); (d) a
definition's value worked out by an `if`'s condition kept for the branch under it (codegen/kept_values.py),
measured on dots and boxes (`if closed_boxes > completed:` and its two statements reading closed_boxes). The
same seeded games, thread CPU time, nothing but play inside the clock, rounds
interleaved with the order rotated, medians with their min-max spread.

    python benchmarks/bench_newcomer_levers.py --rounds 5

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import ab  # noqa: E402
from rulespec.codegen.python import CodeGenerator  # noqa: E402

NEWCOMER = ROOT / "tests" / "newcomer" / "games"


def walk_all_tested(self, var, domain, where):
    """walk_and_test as it was: the narrowed walk, the whole condition tested on each space."""
    return self.narrowed_domain(var, domain, where) or self.expr(domain), where


# lever -> (its file, the generator's methods swapped for what was there before it)
LEVERS = {
    "(a) narrowed count": ("kalah", {"walk_and_test": walk_all_tested,
                                     "_occupancy_count": lambda self, e, test, domain: None}),
    "(b) a walk's first step": ("othello", {"_walk_begins_test": lambda self, e: None}),
    "(b) through a definition": ("gallery othello", {"_walk_begins_test": lambda self, e: None}),
    "(c) kept by an outer name's value": ("nim", {"met_again": lambda self, var: var in self.repeated}),
    "(c) in chess": ("gallery chess", {"met_again": lambda self, var: var in self.repeated}),
    "(d) a definition's value kept from an if": ("dots-and-boxes", {"value_kept": lambda self, e, code: code}),
}
SEEDS = {"kalah": range(12), "othello": range(3), "gallery othello": range(3), "nim": range(400),
         "gallery chess": range(6), "dots-and-boxes": range(300)}
PATHS = {"gallery othello": ROOT / "rulebooks" / "othello.rules", "gallery chess": ROOT / "rulebooks" / "chess.rules"}  # (the others: NEWCOMER / name.rules)


def shadowed(swapped: dict) -> tuple:
    """``swapped`` methods of the generator (name -> replacement) as ab's swaps: each shadowed on CodeGenerator
    itself while it writes the engine."""
    return tuple((CodeGenerator, method, replacement) for method, replacement in swapped.items())


def path_of(name: str) -> Path:
    return PATHS.get(name, NEWCOMER / f"{name}.rules")


def engine_of(name: str, swapped: dict):
    """The newcomer file's engine, generated with ``swapped`` methods of the generator (its parts' methods
    shadowed on CodeGenerator itself while it writes the engine)."""
    return ab.engine_of(path_of(name), shadowed(swapped))


def main() -> None:
    levers = {lever: (name, shadowed(swapped)) for lever, (name, swapped) in LEVERS.items()}
    ab.compare_levers("bench_newcomer_levers.py", levers, SEEDS, path_of)


if __name__ == "__main__":
    main()
