"""A simultaneous listing's seat slices (#40, Pending.seat_rows) against filtering every row, in one process:
each file's engine played with a seat's actions and a secret choice taking the seat's slice of the listing
(its rows come grouped by seat, found by halving) and with that switched off (Pending.seat_rows answering
None: every row filtered, as before the lever). The same seeded games, thread CPU time, nothing but play inside the clock
(bench_honest.microseconds_a_step), rounds interleaved with the order rotated, medians with their min-max.

    python benchmarks/bench_secret_choices.py --rounds 5

With ``--kept``, a later lever of the same family instead: the seats still to choose read at the borders of
their slices (Pending.seats_listed) and a seat's slice kept once found (Pending.seat_found: a seat's actions,
its choice found among them and kept ask for it three times), against the seats read from every row's Action
and each slice found anew (both switched off around the second figure).

    python benchmarks/bench_secret_choices.py --rounds 5 --kept

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import argparse
import sys
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import rulespec  # noqa: E402
from rulespec.runtime.pending import SIMULTANEOUS, Pending, _first, bisect_left, bisect_right  # noqa: E402
from ab import interleaved, seeds_of, share, spread  # noqa: E402
from bench_honest import microseconds_a_step  # noqa: E402

NEWCOMER = ROOT / "tests" / "newcomer" / "games"
FILES = ["goofspiel", "newcomer oshi-zumo", "newcomer blotto", "newcomer matrix-rps"]


@contextmanager
def rows_filtered():
    """Every simultaneous listing filtered row by row (the path before the lever)."""
    kept = Pending.seat_rows
    Pending.seat_rows = lambda self, seat: None
    try:
        yield
    finally:
        Pending.seat_rows = kept


def seat_rows_found_anew(self, seat: int):
    """Pending.seat_rows as it was before its slice was kept: found by halving at each call."""
    rows = self.rows
    if rows is None or self.seat != SIMULTANEOUS:
        return None
    return bisect_left(rows, seat, key=_first), bisect_right(rows, seat, key=_first)


@contextmanager
def seats_from_every_action():
    """The seats still to choose read from every row's Action, each seat's slice found anew (before --kept's lever)."""
    kept, seats = Pending.seat_rows, Pending.seats_listed
    Pending.seat_rows, Pending.seats_listed = seat_rows_found_anew, lambda self: None
    try:
        yield
    finally:
        Pending.seat_rows, Pending.seats_listed = kept, seats


def timed(engine, seeds, on: bool, lever_off=rows_filtered) -> float:
    if on:
        return microseconds_a_step(engine, seeds)
    with lever_off():
        return microseconds_a_step(engine, seeds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", type=int, default=200, help="seeded games a block")
    parser.add_argument("--files", default=",".join(FILES))
    parser.add_argument("--kept", action="store_true", help="the seats read at the slices' borders, a slice kept")
    args = parser.parse_args()
    lever_off = seats_from_every_action if args.kept else rows_filtered
    if args.kept:
        print("| file | seats from every Action, slices found anew, us a step | seats at the borders, slice kept, "
              "us a step | off / on |")
    else:
        print("| file | every row filtered, us a step | seat slices, us a step | filtered / sliced |")
    print("|---|---|---|---|")
    for name in args.files.split(","):
        path = NEWCOMER / f"{name.split()[1]}.rules" if name.startswith("newcomer ") else name
        engine = rulespec.load(path)
        sliced, filtered = interleaved([[lambda r, on=on: timed(engine, seeds_of(r, args.games), on, lever_off)
                                         for on in (True, False)]], args.rounds, warm_up=False)[0]
        print(f"| {name} | {spread(filtered, 2)} | {spread(sliced, 2)} | {share(filtered, sliced)} |", flush=True)


if __name__ == "__main__":
    main()
