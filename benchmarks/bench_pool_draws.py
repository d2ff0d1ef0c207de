"""A draw from a pool of copies, helper gofish's levers of #40's tenth round, each against the code without it, in
one process: (a) the runtime grouping a draw from a zone mostly of copies by every label counted in C loops
(runtime/copies.py mostly_copies), against its copies walked one by one; (b) the OpenSpiel adapter numbering a
draw of copies, or a draw in a game that numbers its chance outcomes itself, by item from a kept table
(adapters/drawn_numbers.py keyed_draw_numbers), against every outcome numbered as any chance node (the step's
`numbered` expression per outcome, or its text read back); (a+b) both, through the adapter. Played on Go Fish
(a pool of thirteen ranks of four cards, `chance outcomes numbered`), Banqi (face-down pieces, copies, numbered)
and Shell We? (a bag of shells and five starfish): random play, the same seeded games, thread CPU time, nothing
but play inside the clock, rounds interleaved with the order rotated, medians with their min-max spread.

    python benchmarks/bench_pool_draws.py --rounds 5

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import rulespec  # noqa: E402
import rulespec.openspiel  # noqa: E402
from ab import adapter_us_a_step, interleaved, played_with, print_table  # noqa: E402
from bench_honest import microseconds_a_step  # noqa: E402
from rulespec.adapters import session  # noqa: E402
from rulespec.pipeline.rule_paths import allow_in_environment  # noqa: E402
from rulespec.runtime import copies  # noqa: E402

NEWCOMER = ROOT / "tests" / "newcomer" / "games"
FILES = {"go-fish": NEWCOMER / "go-fish.rules", "banqi": NEWCOMER / "banqi.rules",
         "shell-we": ROOT / "rulebooks" / "shell-we.rules"}
SEEDS = {"go-fish": range(100), "banqi": range(10), "shell-we": range(10)}
COPIES_WALKED = ((copies, "mostly_copies", lambda copies_, items: False),)
NUMBERED_AS_ANY = ((session, "is_keyed_static_draw", lambda table, pending: False),)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    rounds = parser.parse_args().rounds
    allow_in_environment([NEWCOMER])
    engines = {name: rulespec.load(path) for name, path in FILES.items()}
    adapters = {name: rulespec.openspiel.load_game(str(path), players=2) for name, path in FILES.items()}
    rows = []  # (lever, file, played: side -> us a step)
    for name in FILES:
        seeds = SEEDS[name]
        rows.append(("(a) a pool of copies counted by labels, API", name,
                     lambda side, n=name, s=seeds: played_with(COPIES_WALKED if side else (),
                                                               lambda: microseconds_a_step(engines[n], s))))
        rows.append(("(b) draws numbered by item, adapter", name,
                     lambda side, n=name, s=seeds: played_with(NUMBERED_AS_ANY if side else (),
                                                               lambda: adapter_us_a_step(adapters[n], s))))
        rows.append(("(a+b) both, adapter", name,
                     lambda side, n=name, s=seeds: played_with(COPIES_WALKED + NUMBERED_AS_ANY if side else (),
                                                               lambda: adapter_us_a_step(adapters[n], s))))
    figures = interleaved([(lambda r, p=played: p(0), lambda r, p=played: p(1)) for _, _, played in rows], rounds)
    print_table(f"bench_pool_draws.py --rounds {rounds}", ("lever", "file"),
                [(lever, name, on, off) for (lever, name, _), (on, off) in zip(rows, figures)])


if __name__ == "__main__":
    main()
