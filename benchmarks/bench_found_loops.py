"""`there is x in C where T` asked by a module-level loop (codegen/found_loops.py) against any() over a generator
expression, in one process (#40, helper snake): each file's engine generated with the lever and without it
(CodeGenerator.FOUND_BY_LOOPS off), the same seeded games, thread CPU time, rounds interleaved.

    python benchmarks/bench_found_loops.py --rounds 5
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ab import ROOT, at, compare_levers  # noqa: E402

OFF = (at("rulespec.codegen.found_loops.FoundLoops.FOUND_BY_LOOPS", False),)
LEVERS = {
    "found by a loop (Snake)": ("snake", OFF),
    "found by a loop (Hearts)": ("hearts", OFF),
    "found by a loop (Oh Hell)": ("oh-hell", OFF),
    "found by a loop (Tarok)": ("tarok", OFF),
    "found by a loop (Cribbage)": ("cribbage", OFF),
    "found by a loop (EinStein)": ("einstein", OFF),
}
SEEDS = {"snake": range(300), "hearts": range(20), "oh-hell": range(20), "tarok": range(20), "cribbage": range(10),
         "einstein": range(30)}
PLAYERS = {"hearts": 4, "oh-hell": 3, "tarok": 3}

if __name__ == "__main__":
    compare_levers("bench_found_loops.py", LEVERS, SEEDS,
                   lambda name: ROOT / "tests" / "newcomer" / "games" / f"{name}.rules", players=PLAYERS)
