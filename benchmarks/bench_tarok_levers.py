"""The generator lever of issue #40 found in the newcomer's Tarok, against the same file's engine generated
without it, in one process: a definition used anywhere in a listing's condition (inside an `or`, or within another
definition so written) written out in place when its value holds a part reading none of the chosen names, and a
`max`/`min` reading none of them kept once (codegen/written_out_for_once.py written_out_nested). Measured on Tarok
(`asked(player, c)` and `negative_ok(player, c)` inside an `or` searched the hand again for every card of it; the
highest bid so far was worked out again for every contract), and on the other files whose engines it changes
(euchre, hive). The same seeded games, thread CPU time, nothing but play inside the clock, rounds interleaved with
the order rotated, medians with their min-max spread.

    python benchmarks/bench_tarok_levers.py --rounds 5

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ab import ROOT, compare_levers  # noqa: E402
from rulespec.codegen import written_out_for_once  # noqa: E402

NESTED = (written_out_for_once.WrittenOutForOnce, "nested_in_listing", False)

# lever -> (its file, the generator's attributes swapped for what was there before it)
LEVERS = {
    "definitions written out in a listing's condition, a few deep": ("tarok", (NESTED,)),
    "in euchre": ("euchre", (NESTED,)),
    "in hive": ("hive", (NESTED,)),
}
SEEDS = {"tarok": range(150), "euchre": range(60), "hive": range(4)}


def main() -> None:
    compare_levers("bench_tarok_levers.py", LEVERS, SEEDS,
                   lambda name: ROOT / "tests" / "newcomer" / "games" / f"{name}.rules", players={"tarok": 3, "euchre": 4})


if __name__ == "__main__":
    main()
