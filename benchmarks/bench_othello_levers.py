"""Othello's flank test, issue #40: the levers of codegen/guards.py and listed_answers.py, each against the same
file's engine generated without it, in one process, on the gallery's Othello (rulebooks/othello.rules: the flank
test through the definitions run_length, outflanks and can_place) and the newcomer's (tests/newcomer/games/
othello.rules: one definition, flanks, the walk written inline twice). (a) a definition that is a test written
as statements: `A and count(d in D where C) > 0` as guards and a loop returning at the first d found, C's
conjuncts (definitions given plain arguments written out) as guards, and a walk's first step (`size of walk(...)
> 0`) as the space after s looked up into a local and tested there; (b) a walk's size that such a test takes
whatever holds counted by a loop along its ray into a local; (c) the definition's boards, attribute tables and
seats' values looked up once at its top; (d) the pass's question (`not can_place_somewhere(player)`) read from
the rows the option place listed (codegen/listed_answers.py). The same seeded games, thread CPU time, nothing but
play inside the clock, rounds interleaved with the order rotated, medians with their min-max spread.

    python benchmarks/bench_othello_levers.py --rounds 5

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

from bench_board_levers import engine_of  # noqa: E402
from bench_honest import microseconds_a_step  # noqa: E402

FILES = {"gallery": ROOT / "rulebooks" / "othello.rules",
         "newcomer": ROOT / "tests" / "newcomer" / "games" / "othello.rules"}
GUARDS = "rulespec.codegen.guards"
STATEMENTS = [(GUARDS, "Guards.guarded_value", lambda self, value: None),
              (GUARDS, "Guards.loop_guards", lambda self, where: ([], where))]
SCANS = [(GUARDS, "Guards.scanned", lambda self, e: e)]
READS_FIRST = [(GUARDS, "Guards.start_reading_first", lambda self, definition: None)]
ROWS_ANSWER = [("rulespec.codegen.listed_answers", "ListedAnswers.listed_answer", lambda self, e: None)]
# lever -> the generator's functions swapped for what was there before it: (module, name, replacement)
LEVERS = {
    "(a) a test written as statements": STATEMENTS,
    "(b) a walk's size counted along its ray": SCANS,
    "(c) a definition's reads looked up first": READS_FIRST,
    "(d) a question the rows answered": ROWS_ANSWER,
    "all four": STATEMENTS + SCANS + READS_FIRST + ROWS_ANSWER,
}
SEEDS = range(8)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    rounds = parser.parse_args().rounds
    engines = {(lever, file): (engine_of(path, [], f"{file}_on"), engine_of(path, swapped, f"{file}_off"))
               for lever, swapped in LEVERS.items() for file, path in FILES.items()}
    figures = {(key, side): [] for key in engines for side in (0, 1)}
    for r in range(-1, rounds):  # (round -1: a warm-up, not kept)
        for key in engines:
            for side in ((0, 1) if r % 2 else (1, 0)):
                figure = microseconds_a_step(engines[key][side], SEEDS)
                if r >= 0:
                    figures[key, side].append(figure)
    print(f"`python benchmarks/bench_othello_levers.py --rounds {rounds}`: us a step, medians (min-max); the "
          "lever's share: off over on, per round\n")
    print("| lever | file | on | off | off / on |\n|---|---|---|---|---|")
    for (lever, file) in engines:
        on, off = figures[(lever, file), 0], figures[(lever, file), 1]
        ratios = [b / a for a, b in zip(on, off)]
        where = FILES[file].relative_to(ROOT)
        print(f"| {lever} | {where} | {statistics.median(on):.1f} ({min(on):.1f}-{max(on):.1f}) | "
              f"{statistics.median(off):.1f} ({min(off):.1f}-{max(off):.1f}) | "
              f"{statistics.median(ratios):.2f}x ({min(ratios):.2f}-{max(ratios):.2f}) |")


if __name__ == "__main__":
    main()
