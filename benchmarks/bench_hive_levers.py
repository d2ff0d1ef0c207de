"""Hive (tests/newcomer/games/hive.rules) with and without the generator's lever of round 11 (helper hive).

(a) a `connected` whose start is `t = X`, X a space not reading t (`from u = first_neighbour(s)`): X worked
    out once and the fill started there (codegen/connected.py start_named_once), where before every space
    of the board was asked `u = X`, X asked anew each time.

The same file's engine generated with the lever and without it (the method stubbed), in one process,
thread CPU a step over seeded random games, rounds interleaved and rotated.

    python benchmarks/bench_hive_levers.py --rounds 5
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import rulespec  # noqa: E402
from ab import interleaved, share, spread  # noqa: E402
from bench_honest import microseconds_a_step  # noqa: E402
from rulespec.codegen.connected import KeptConnected  # noqa: E402
from rulespec.codegen.python import generate  # noqa: E402
from rulespec.pipeline import compile_rules, load_module_from_source  # noqa: E402

PATH = ROOT / "tests" / "newcomer" / "games" / "hive.rules"
SEEDS = range(4)  # seeded games a block


def generated_without(path: Path = PATH):
    """The file's engine generated without lever (a), loaded in memory, and its source."""
    kept = KeptConnected.start_named_once
    KeptConnected.start_named_once = lambda self, e: None
    try:
        source = generate(compile_rules(path), path)
    finally:
        KeptConnected.start_named_once = kept
    engine = load_module_from_source(source, f"{path.stem.replace('-', '_')}_a_off").GAME(None)
    engine.model = rulespec.load(path).model
    return engine, source


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    rounds = parser.parse_args().rounds
    engines = {"(a) on": rulespec.load(PATH), "(a) off": generated_without()[0]}
    on, off = interleaved([[lambda r, e=engine: microseconds_a_step(e, SEEDS) for engine in engines.values()]],
                          rounds)[0]
    print(f"`python benchmarks/bench_hive_levers.py --rounds {rounds}`: us a step, medians (min-max)\n")
    print("| game | (a) on | (a) off | off / on |")
    print("|---|---|---|---|")
    print(f"| hive | {spread(on)} | {spread(off)} | {share(off, on)} |")


if __name__ == "__main__":
    main()
