"""A step whose tail `then`s name automatic steps that name none, run at once where its caller's `then` would (#40,
helper bridge): codegen/statements.py tail_chain_runs_at_once. The newcomer's Bridge plays a card by `move c to
on_table of player` then `then card_played(suit of c)`, whose body ends `if in_trick = 4: then finish_trick()`; a
`then` ran at once only to a step naming none ("chains stay one call deep"), or by a closing run of two or more
where no end is checked after every step, so every card went through the runtime's automatic-step loop
(Engine._advance) once more. With the lever the card's step runs `card_played` at once and it runs `finish_trick`
at once, each asking Engine._quiet_after_step first where an end is checked after every step. Each file's engine
generated with the lever against the same file's engine generated without it (the switch tail_chain_at_once
off), in one process: the same seeded games, thread CPU time, nothing but play inside the clock, rounds
interleaved with the order rotated, medians with their min-max spread (benchmarks/ab.py).

    python benchmarks/bench_tail_chains.py --rounds 5

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

OFF = {"tail_chain_at_once": lambda self: False}
# lever -> (its file, the generator's methods swapped for what was there before it): every file whose engine the
# lever changes (the gallery's engines are unchanged)
LEVERS = {"a tail chain at once": ("bridge", OFF), "in pentago": ("pentago", OFF), "in shogi": ("shogi", OFF)}
SEEDS = {"bridge": range(40), "pentago": range(30), "shogi": range(1)}
PLAYERS = {"bridge": 4}


def main() -> None:
    levers = {lever: (name, shadowed(swapped)) for lever, (name, swapped) in LEVERS.items()}
    compare_levers("bench_tail_chains.py", levers, SEEDS, path_of, players=PLAYERS)


if __name__ == "__main__":
    main()
