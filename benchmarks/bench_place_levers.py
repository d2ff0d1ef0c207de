"""Two levers of issue #40's seventh round (helper placefast), each against engines generated without it, in one
process: (1) a place a few steps from a space read from a table made once (codegen/shifted_places.py) against
the place looked up by its row and column at every walk; (2) the size a definition is written out at where it is
used (model/narrowing.py WRITTEN_OUT_NODES, 12) against other sizes, on every gallery and newcomer file whose
engine the size changes. The same seeded games, thread CPU time, nothing but play inside the clock, rounds
interleaved with the order rotated, medians with their min-max spread.

    python benchmarks/bench_place_levers.py --rounds 3 [--only place|size] [--sizes 12,16,20,24,32]

Figures only: speed targets are never tests.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from unittest import mock

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from ab import interleaved, share, spread  # noqa: E402
from bench_honest import microseconds_a_step  # noqa: E402
from rulespec.codegen.python import generate  # noqa: E402
from rulespec.pipeline import compile_rules, load_module_from_source  # noqa: E402

LOOKED_UP = ("rulespec.codegen.shifted_places.ShiftedPlaces.shifted_place", lambda self, const, row, column: None)
PLACE_FILES = ["rulebooks/breakthrough.rules", "house-rules/breakthrough-six-by-six.rules"]
# file -> seeded games a figure plays (chess and Go play long games)
SIZE_FILES = {
    "rulebooks/backgammon.rules": 4, "rulebooks/breakthrough.rules": 8, "rulebooks/checkers.rules": 8,
    "rulebooks/chess.rules": 2, "rulebooks/go.rules": 2, "rulebooks/leduc-poker.rules": 40,
    "rulebooks/oware.rules": 6, "tests/newcomer/games/breakthrough.rules": 8, "tests/newcomer/games/kalah.rules": 8,
    "tests/newcomer/games/oshi-zumo.rules": 20,
}


def source_of(path: Path, swapped: list, size: int = 12) -> str:
    """The file's engine source, generated with ``swapped`` parts of the generator, definitions written out up
    to ``size`` nodes."""
    patches = [mock.patch(target, replacement) for target, replacement in swapped]
    patches.append(mock.patch("rulespec.model.narrowing.WRITTEN_OUT_NODES", size))
    for patch in patches:
        patch.start()
    try:
        return generate(compile_rules(path), path)
    finally:
        for patch in patches:
            patch.stop()


def engine_of(path: Path, source: str, tag: str):
    engine = load_module_from_source(source, f"{path.stem.replace('-', '_')}_{tag}").GAME(None)
    engine.model = compile_rules(path)
    return engine


def measure(pairs: dict, seeds: dict, rounds: int) -> dict:
    """Each row's engines' us a step (ab.interleaved: rounds interleaved with the order rotated, round -1 a
    warm-up): figures[row, k]."""
    figures = interleaved([[lambda r, e=engine, n=seeds[row]: microseconds_a_step(e, range(n)) for engine in engines]
                           for row, engines in pairs.items()], rounds)
    return {(row, k): kept for row, row_figures in zip(pairs, figures) for k, kept in enumerate(row_figures)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--only", default="", help="place or size")
    parser.add_argument("--sizes", default="12,16,20,24,32", help="the sizes measured, the first the base")
    args = parser.parse_args()
    if args.only in ("", "place"):
        pairs = {name: [engine_of(ROOT / name, source_of(ROOT / name, []), "table"),
                        engine_of(ROOT / name, source_of(ROOT / name, [LOOKED_UP]), "looked_up")]
                 for name in PLACE_FILES}
        figures = measure(pairs, {name: 8 for name in PLACE_FILES}, args.rounds)
        print(f"(1) a place read from a table: us a step, medians (min-max), `--rounds {args.rounds}`\n")
        print("| file | table | looked up | looked up / table |\n|---|---|---|---|")
        for name in PLACE_FILES:
            on, off = figures[name, 0], figures[name, 1]
            print(f"| {name} | {spread(on)} | {spread(off)} | {share(off, on)} |")
        print()
    if args.only in ("", "size"):
        sizes = [int(s) for s in args.sizes.split(",")]
        pairs, kept_sizes = {}, {}
        for name in SIZE_FILES:
            sources: dict[str, int] = {}
            for size in sizes:  # (a size that writes the same engine as a smaller one is not measured again)
                sources.setdefault(source_of(ROOT / name, [], size), size)
            kept_sizes[name] = list(sources.values())
            pairs[name] = [engine_of(ROOT / name, source, f"size_{size}") for source, size in sources.items()]
        figures = measure(pairs, SIZE_FILES, args.rounds)
        print(f"(2) definitions written out up to N nodes: us a step at {sizes[0]}, then each size's speed-up "
              f"over it (base / size, >1 faster), medians (min-max), `--rounds {args.rounds}`; a size writing the "
              "same engine as a smaller one is that one's figure\n")
        print("| file | " + " | ".join(str(s) for s in sizes) + " |\n|---|" + "---|" * len(sizes))
        for name in SIZE_FILES:
            cells, base = [], figures[name, 0]
            for size in sizes:
                k = max(i for i, kept in enumerate(kept_sizes[name]) if kept <= size)
                cells.append(spread(base) if size == sizes[0] else share(base, figures[name, k]))
            print(f"| {name} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
