"""A `connected` answered by its last path while that path's spaces hold what they held (issue #40, helper
quoridor): Quoridor's newcomer file refuses a wall that would cut a pawn off from its goal row with `only if
everyone_has_a_way after it`, a `connected` from the space the pawn stands on for each player, asked in the
position each of up to 128 walls would leave; the engine against the same file's engine generated without (a)
a `connected` answered by the last paths it found (rulespec/model/reads.py connected_witnessed: without it, a
flood fill from every space where the start holds, each time; (b) needs it), and without (b) alone, a look-ahead
whose option places only on spaces its names give decided by kept paths that miss those spaces, the option not
carried out (rulespec/model/uncut_ahead.py), with (c) its condition asked once a listing, in one process. The same seeded games, thread CPU time, nothing but play inside the clock, rounds
interleaved with the order rotated, medians with their min-max spread.

    python benchmarks/bench_witnessed.py --rounds 5

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ab import ROOT, compare_levers  # noqa: E402
from rulespec.model import reads, uncut_ahead  # noqa: E402

QUORIDOR = ROOT / "tests" / "newcomer" / "games" / "quoridor.rules"

# lever -> (its file, the generator's methods swapped for what was there before it)
NO_UNCUT = ((uncut_ahead, "uncut_ahead", lambda option, condition, model: None),)
LEVERS = {
    "(a) + (b): both": ("quoridor", ((reads, "connected_witnessed", lambda e, model: None),)),
    "(b) + (c) a look-ahead decided by the paths kept, C once a listing, over (a) alone": ("quoridor", NO_UNCUT),
}
SEEDS = {"quoridor": range(4)}


def main() -> None:
    compare_levers("bench_witnessed.py", LEVERS, SEEDS, {"quoridor": QUORIDOR}.get)


if __name__ == "__main__":
    main()
