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
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from ab import at, engine_of, interleaved, print_table  # noqa: E402
from bench_honest import microseconds_a_step  # noqa: E402

FILES = {"gallery": ROOT / "rulebooks" / "othello.rules",
         "newcomer": ROOT / "tests" / "newcomer" / "games" / "othello.rules"}
GUARDS = "rulespec.codegen.guards"
STATEMENTS = [at(f"{GUARDS}.Guards.guarded_value", lambda self, value: None),
              at(f"{GUARDS}.Guards.loop_guards", lambda self, where: ([], where))]
SCANS = [at(f"{GUARDS}.Guards.scanned", lambda self, e: e)]
READS_FIRST = [at(f"{GUARDS}.Guards.start_reading_first", lambda self, definition: None)]
ROWS_ANSWER = [at("rulespec.codegen.listed_answers.ListedAnswers.listed_answer", lambda self, e: None)]
# lever -> the generator's functions swapped for what was there before it
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
    keys = [(lever, file) for lever in LEVERS for file in FILES]
    figures = interleaved([[lambda r, e=engine: microseconds_a_step(e, SEEDS) for engine in (
        engine_of(FILES[file], ()), engine_of(FILES[file], LEVERS[lever]))] for lever, file in keys], rounds)
    print_table(f"bench_othello_levers.py --rounds {rounds}", ("lever", "file"),
                [(lever, str(FILES[file].relative_to(ROOT)), on, off)
                 for (lever, file), (on, off) in zip(keys, figures)])


if __name__ == "__main__":
    main()
