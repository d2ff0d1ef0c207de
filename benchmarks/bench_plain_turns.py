"""Plain turns (#40, rulespec/runtime/plain_turns.py) against the generic step path, in one process: each file's
engine as loaded, and the same engine with ``_plain_turns`` switched off (State._play then goes on through
State._offer_next_choice or Engine._advance, and Engine._next_turn, as before the lever). The same seeded
games, thread CPU time, nothing but play inside the clock (bench_honest.microseconds_a_step), rounds
interleaved with the order rotated, medians with their min-max spread.

    python benchmarks/bench_plain_turns.py --rounds 5

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
from ab import interleaved, seeds_of, share, spread  # noqa: E402
from bench_honest import microseconds_a_step  # noqa: E402

NEWCOMER = ROOT / "tests" / "newcomer" / "games"
FILES = ["tic-tac-toe", "connect-four", "hex", "liars-dice", "kuhn-poker", "pig", "newcomer nim",
         "newcomer phantom-ttt", "newcomer dots-and-boxes"]


def engines(name: str) -> tuple:
    """The file's engine with plain turns, and one without (the generic path)."""
    path = NEWCOMER / f"{name.split()[1]}.rules" if name.startswith("newcomer ") else name
    on, off = rulespec.load(path), rulespec.load(path)
    if on._plain_turns is None:
        raise SystemExit(f"{name}: its turns are not plain; nothing to compare")
    off._plain_turns = None
    return on, off


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", type=int, default=400, help="seeded games a block")
    parser.add_argument("--files", default=",".join(FILES))
    args = parser.parse_args()
    print("| file | generic path, us a step | plain turns, us a step | generic / plain |")
    print("|---|---|---|---|")
    for name in args.files.split(","):
        on, off = engines(name)
        on_figures, off_figures = interleaved([[lambda r, e=engine: microseconds_a_step(e, seeds_of(r, args.games))
                                                for engine in (on, off)]], args.rounds, warm_up=False)[0]
        print(f"| {name} | {spread(off_figures, 2)} | {spread(on_figures, 2)} | {share(off_figures, on_figures)} |",
              flush=True)


if __name__ == "__main__":
    main()
