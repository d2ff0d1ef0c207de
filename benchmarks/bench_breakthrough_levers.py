"""Breakthrough's levers of issue #40's seventh round, each against the same file's engine without it, in one
process: (e) options sharing their first walk (codegen/shared_walks.py), (f) a range of a few constants written
out as a tuple (codegen/expressions.py visit_Span), (g) spaces_among's way for a few spaces a step away with no
comprehension (runtime/helpers.py), (h) a walk of a few neighbours of a space written out in the board order
known when generated, (i) a walk narrowed under tests of which one holds at most to one group each (a seat's far
row) written as that group chosen by its test (codegen/steps_in_order.py); measured on the gallery's Breakthrough, the newcomer's and
checkers. The
same seeded games, thread CPU time, nothing but play inside the clock, rounds interleaved with the order
rotated, medians with their min-max spread.

    python benchmarks/bench_breakthrough_levers.py --rounds 5

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

GALLERY = ROOT / "rulebooks" / "breakthrough.rules"
NEWCOMER = ROOT / "tests" / "newcomer" / "games" / "breakthrough.rules"
CHECKERS = ROOT / "rulebooks" / "checkers.rules"
SEEDS = range(8)


def whole_form(in_use, spaces, *groups):
    """spaces_among as it was before (g): a set comprehension, then sorted."""
    found = {cell for cell in spaces if cell is not None and in_use[cell]}
    for group in groups:
        found.update(cell for cell in group if in_use[cell])
    return sorted(found)


ALONE = at("rulespec.codegen.shared_walks.SharedWalks.walk_groups",
         lambda self, step, listing: [[k] for k in range(len(self.plans))])
CALLED = at("rulespec.codegen.expressions.SPAN_WRITTEN_OUT", 0)
SORTED = at("rulespec.codegen.steps_in_order.StepsInOrder.steps_in_order", lambda self, var, domain, where: None)
AMONG = at("rulespec.codegen.steps_in_order.StepsInOrder.one_group_chosen", lambda self, fixed, const, b: None)
# lever -> (its file, the generator's parts swapped for what was there before it, the engine's helpers swapped)
LEVERS = {
    "(e) options sharing their first walk": (GALLERY, [ALONE], {}),
    "(f) a range of constants written out": (GALLERY, [CALLED], {}),
    "(g) spaces_among for a few spaces": (NEWCOMER, [], {"spaces_among": whole_form}),
    "(g) spaces_among for a few spaces, checkers": (CHECKERS, [], {"spaces_among": whole_form}),
    "(h) a space's neighbours in board order": (NEWCOMER, [SORTED], {}),
    "(i) a seat's far row chosen by its test": (NEWCOMER, [AMONG], {}),
    "(e)-(i) together": (GALLERY, [ALONE, CALLED, SORTED, AMONG], {"spaces_among": whole_form}),
    "(e)-(i) together, newcomer": (NEWCOMER, [ALONE, CALLED, SORTED, AMONG], {"spaces_among": whole_form}),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--only", default="", help="measure only the levers whose name holds this, e.g. (g)")
    args = parser.parse_args()
    levers = {lever: entry for lever, entry in LEVERS.items() if args.only in lever}
    engines = [(engine_of(path, ()), engine_of(path, swapped, helpers=helpers))
               for path, swapped, helpers in levers.values()]
    figures = interleaved([[lambda r, e=engine: microseconds_a_step(e, SEEDS) for engine in pair] for pair in engines],
                          args.rounds)
    only = f" --only '{args.only}'" if args.only else ""
    print_table(f"bench_breakthrough_levers.py --rounds {args.rounds}{only}", ("lever", "file"),
                [(lever, str(path.relative_to(ROOT)), on, off)
                 for (lever, (path, _, _)), (on, off) in zip(levers.items(), figures)])


if __name__ == "__main__":
    main()
