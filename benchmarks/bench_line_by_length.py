"""A generator lever of issue #40: `line of N from s towards d` with N written as a number read as two subscripts
of a table of N-space lines by direction and cell (runtime/tables.py Tables.lines_by_length; codegen/hoisted.py
line_by_length; a local looked up once at the top of a listing, a guarded definition or an end's test), not a
call of st._line and of Tables.lines at each use, against the same file's engine generated without it, in one
process: Morpion solitaire (four `only if`s and a definition over the lines of four from each point in four
fixed directions), 2048 (a slide's landing cell along a line of 4) and lines of action (a line of 8 in each
direction). The same seeded games, thread CPU time, nothing but play inside the clock, rounds interleaved with
the order rotated, medians with their min-max spread. With `--lever count`, the second lever: a definition whose
value is a count over such a line (Morpion's `drawable(s, d)`), written out in a listing's conditions instead of
called for each candidate (codegen/expressions.py line_count), against the engine without that one alone.

    python benchmarks/bench_line_by_length.py --rounds 5
With `--lever listing`, the third: a turn start's `player 1 has no legal move` in a game for one player answered by
the turn's listing, kept for the offer that follows, as `the player to move has no legal move` already was
(codegen/ends.py only_seat), against the engine searching for a first move and then listing again.

    python benchmarks/bench_line_by_length.py --rounds 5 --lever count --games morpion-solitaire
    python benchmarks/bench_line_by_length.py --rounds 5 --lever listing --games morpion-solitaire

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from ab import interleaved, print_table  # noqa: E402
from bench_honest import microseconds_a_step  # noqa: E402
from bench_newcomer_levers import engine_of  # noqa: E402

OFF = {"tables": {"line_by_length": lambda self, e: None}, "count": {"line_count": lambda self, value: False},
       "listing": {"only_seat": lambda self, seat: False}}
GAMES = {"morpion-solitaire": (range(30), 1), "twenty-forty-eight": (range(3), 1), "lines-of-action": (range(3), 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--lever", choices=sorted(OFF), default="tables")
    args = parser.parse_args()
    chosen = args.games.split(",")
    engines = {name: (engine_of(name, {}), engine_of(name, OFF[args.lever])) for name in chosen}
    figures = interleaved([[lambda r, e=engine, n=name: microseconds_a_step(e, *GAMES[n]) for engine in engines[name]]
                           for name in engines], args.rounds)
    print_table(f"bench_line_by_length.py --rounds {args.rounds} --lever {args.lever}", ("file",),
                [(name, on, off) for name, (on, off) in zip(engines, figures)])


if __name__ == "__main__":
    main()
