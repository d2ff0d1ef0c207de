"""The board games' listing levers of issue #40, each against the same file's engine generated without it, in
one process: (a) a seat's value (`forward of player`) worked out
before a walk, so `row of t = row of s + forward of player and column of t = column of s + c` looks up one
place, not a column (model/narrowing.py _seat_value_stable, codegen/narrowing.py _part_of_place), measured on
the gallery's Breakthrough; (b) what a walk's condition fixes under a test worked out before it (`p = player
1 and t = neighbour of s towards south or p = player 2 and ...`: each seat walks its own directions, model/
narrowing.py Fixed.guarded), measured on Breakthrough as a newcomer writes it; (c) a count's leading tests
that do not read its variable tested once before it (`count(d in directions of grid where can_jump(s, d, p))
> 0`: whether s holds the player's piece asked once, not in each direction; codegen/counts.py tests_ahead),
measured on the gallery's checkers; (d) `t = beyond(s, d)`, a definition whose value is a neighbour's
neighbour, fixing t as the value written in place does (model/narrowing.py _value_of), measured on checkers'
jumps. The same seeded games, thread CPU time, nothing but play inside the clock, rounds
interleaved with the order rotated, medians with their min-max spread.

    python benchmarks/bench_board_levers.py --rounds 5

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from ab import at, engine_of, interleaved, print_table  # noqa: E402
from bench_honest import microseconds_a_step  # noqa: E402

NEWCOMER = ROOT / "tests" / "newcomer" / "games"
RULEBOOKS = ROOT / "rulebooks"

# (e) each option walked on its own, as before codegen/shared_walks.py
ALONE = at("rulespec.codegen.shared_walks.SharedWalks.walk_groups",
           lambda self, step, listing: [[k] for k in range(len(self.plans))])
# lever -> (its file, the generator's functions swapped for what was there before it)
LEVERS = {
    "(a) a seat's value fixes a place": (RULEBOOKS / "breakthrough.rules", [
        at("rulespec.model.narrowing._seat_value_stable", lambda e, var, changing: False),
        at("rulespec.codegen.narrowing._part_of_place", lambda part, walked: False)]),
    "(b) a seat's own directions": (NEWCOMER / "breakthrough.rules", [
        at("rulespec.model.narrowing._stable_test", lambda e, var, changing: False)]),
    "(c) a count's tests ahead": (RULEBOOKS / "checkers.rules", [
        at("rulespec.codegen.counts.Counts.tests_ahead", lambda self, count: (None, count))]),
    "(d) a definition's value fixes a space": (RULEBOOKS / "checkers.rules", [
        at("rulespec.model.narrowing._value_of", lambda e, var, definitions, changing: e)]),
    "(e) options sharing their first walk": (RULEBOOKS / "breakthrough.rules", [ALONE]),
    "(e) options sharing their first walk, checkers": (RULEBOOKS / "checkers.rules", [ALONE]),
}
SEEDS = range(8)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--only", default="", help="measure only the levers whose name holds this, e.g. (e)")
    args = parser.parse_args()
    levers = {lever: entry for lever, entry in LEVERS.items() if args.only in lever}
    engines = [(engine_of(path, ()), engine_of(path, swapped)) for path, swapped in levers.values()]
    figures = interleaved([[lambda r, e=engine: microseconds_a_step(e, SEEDS) for engine in pair] for pair in engines],
                          args.rounds)
    only = f" --only '{args.only}'" if args.only else ""
    print_table(f"bench_board_levers.py --rounds {args.rounds}{only}", ("lever", "file"),
                [(lever, str(path.relative_to(ROOT)), on, off)
                 for (lever, (path, _)), (on, off) in zip(levers.items(), figures)])


if __name__ == "__main__":
    main()
