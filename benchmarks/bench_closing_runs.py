"""A step's closing run of `then`s run at once also where an end is checked after every step (#40, helper median):
codegen/statements.py closing_runs_checked. Markov soccer and Laser tag draw who moves first, and the draw's outcome
ends `then carry_out(p)`, `then carry_out(left of p)`: a closing run ran at once only where no end is checked after
every step (and its later `then`s' arguments were names or written values only), so each round sent both steps
through the runtime's automatic-step loop (Engine._advance: a frame pushed and popped, the end check, the loop's
own tests). With the lever each `then` of the run asks Engine._quiet_after_step first and runs its step at once (a
`then` kept back keeps the later ones back: nothing runs between their checks), and a later `then`'s argument may
also be a seat a few places from a name (`left of p`) or a definition of a number (Dou dizhu's `then played(player,
SOLO, r, 1)` after `then lay(player, r, 1)`). Each file's engine generated with the lever against the same
file's engine generated without it (the switch closing_runs_checked off), in one process: the same seeded games,
thread CPU time, nothing but play inside the clock, rounds interleaved with the order rotated, medians with their
min-max spread (benchmarks/ab.py).

    python benchmarks/bench_closing_runs.py --rounds 5

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from ab import compare_levers  # noqa: E402
from bench_newcomer_levers import path_of, shadowed  # noqa: E402

OFF = {"closing_runs_checked": lambda self: False}
# lever -> (its file, the generator's methods swapped for what was there before it): every file whose engine the
# lever changes (the gallery's and the rulebooks' engines are unchanged)
LEVERS = {"closing runs checked": ("markov-soccer", OFF), "in laser-tag": ("laser-tag", OFF),
          "in go-fish": ("go-fish", OFF), "in dou-dizhu": ("dou-dizhu", OFF)}
SEEDS = {"markov-soccer": range(60), "laser-tag": range(4), "go-fish": range(60), "dou-dizhu": range(20)}
PLAYERS = {"dou-dizhu": 3}


def main() -> None:
    levers = {lever: (name, shadowed(swapped)) for lever, (name, swapped) in LEVERS.items()}
    compare_levers("bench_closing_runs.py", levers, SEEDS, path_of, players=PLAYERS)


if __name__ == "__main__":
    main()
