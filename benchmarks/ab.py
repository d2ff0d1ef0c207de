"""One lever against the engine generated without it, in one process (issue #40): what the levers' A/B
scripts share (bench_sowing_levers.py, bench_move_levers.py). Each lever names a rule file and the
generator's methods to swap for what was there before it; both engines play the same seeded games, thread
CPU time, nothing but play inside the clock, rounds interleaved with the order rotated, medians with their
min-max spread. Figures only: speed targets are never tests.
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
import sys
from pathlib import Path
from typing import Callable, Optional

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_honest import microseconds_a_step  # noqa: E402
from rulespec.codegen.python import generate  # noqa: E402
from rulespec.pipeline import compile_rules, load_module_from_source  # noqa: E402


@contextlib.contextmanager
def _swapped(swaps: tuple):
    """``swaps`` ((owner, attribute, replacement)) set inside the block, then each owner as it was: its own
    attribute put back as it was stored (a staticmethod stays one), an inherited one deleted again."""
    missing = object()
    kept = [(owner, name, vars(owner).get(name, missing)) for owner, name, _ in swaps]
    try:
        for owner, name, replacement in swaps:
            setattr(owner, name, replacement)
        yield
    finally:
        for owner, name, original in reversed(kept):
            if original is missing:
                delattr(owner, name)
            else:
                setattr(owner, name, original)


def engine_of(path: Path, swapped: tuple, variants: tuple = ()):
    """The file's engine (with ``variants`` applied), generated with ``swapped`` (owner, method, replacement)
    methods of the generator's parts, put back afterwards."""
    with _swapped(swapped):
        model = compile_rules(path, variants)
        source = generate(model, path)
    engine = load_module_from_source(source, f"{path.stem}_{len(swapped)}").GAME(None)
    engine.model = model
    return engine


def played_with(swaps: tuple, play: Callable[[], float]) -> float:
    """``play()`` with ``swaps`` ((owner, attribute, replacement)) set while it runs, put back afterwards: the
    runtime without a lever of its own."""
    with _swapped(swaps):
        return play()


def compare_levers(script: str, levers: dict, seeds: dict, path_of: Callable[[str], Path],
                   players: Optional[dict] = None, played_without: Optional[dict] = None,
                   variants: Optional[dict] = None) -> None:
    """Parse ``--rounds`` and ``--levers`` and print each lever's table row: its file's us a step with the
    lever (on) and without it (off), and off over on per round. ``levers``: name -> (file, swapped);
    ``players``: file -> players (default 2); ``played_without``: lever -> the runtime's attributes swapped
    while the side without the lever plays (a lever of the runtime: see played_with); ``variants``: file ->
    the variants its engines apply (default none)."""
    players, played_without, variants = players or {}, played_without or {}, variants or {}
    parser = argparse.ArgumentParser(description=sys.modules["__main__"].__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--levers", default="", help="comma-separated lever names (default: every lever)")
    args = parser.parse_args()
    rounds = args.rounds
    levers = {name: levers[name] for name in args.levers.split(",")} if args.levers else levers
    engines = {lever: (engine_of(path_of(name), (), variants.get(name, ())),
                       engine_of(path_of(name), swapped, variants.get(name, ())))
               for lever, (name, swapped) in levers.items()}
    figures = {(lever, side): [] for lever in levers for side in (0, 1)}
    for r in range(-1, rounds):  # (round -1: a warm-up, not kept)
        for lever, (name, _) in levers.items():
            for side in ((0, 1) if r % 2 else (1, 0)):
                figure = played_with(played_without.get(lever, ()) if side else (), lambda: microseconds_a_step(
                    engines[lever][side], seeds[name], players.get(name, 2)))
                if r >= 0:
                    figures[lever, side].append(figure)
    print(f"`python benchmarks/{script} --rounds {rounds}`: us a step, medians (min-max); the "
          "lever's share: off over on, per round\n")
    print("| lever | file | on | off | off / on |\n|---|---|---|---|---|")
    for lever, (name, _) in levers.items():
        on, off = figures[lever, 0], figures[lever, 1]
        ratios = [b / a for a, b in zip(on, off)]
        print(f"| {lever} | {name} | {statistics.median(on):.1f} ({min(on):.1f}-{max(on):.1f}) | "
              f"{statistics.median(off):.1f} ({min(off):.1f}-{max(off):.1f}) | "
              f"{statistics.median(ratios):.2f}x ({min(ratios):.2f}-{max(ratios):.2f}) |")
