"""How many TriangularBoard.any_legal_placement checks run per second.

Why: the check runs at the start of every turn, so its speed bounds how fast
simulations and property tests can play games.  Board: the 150-cell regular
six-sided region of side 5, half its cells occupied (fixed seeds).  Prints
figures only; the median of 5 timed runs is reported.

    python benchmarks/bench_geometry.py
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rulespec.lib.geometry import TriangularBoard, cells_at_point, six_sided_region  # noqa: E402

SHAPES = {
    "6-cell ring": cells_at_point((1, 2)),
    "3-cell strip": ((0, 0), (0, 1), (0, 2)),
}
RUNS = 5
CHECKS_PER_RUN = 20_000


def half_filled_masks(board: TriangularBoard, count: int) -> list[int]:
    """Occupied masks with half of the board's cells taken at random."""
    masks = []
    for seed in range(count):
        rng = random.Random(seed)
        masks.append(board.mask_of(rng.sample(board.cells, len(board) // 2)))
    return masks


def checks_per_second(board: TriangularBoard, shape, masks: list[int]) -> float:
    any_legal = board.any_legal_placement
    n = len(masks)
    start = time.perf_counter()
    for i in range(CHECKS_PER_RUN):
        any_legal(shape, masks[i % n])
    return CHECKS_PER_RUN / (time.perf_counter() - start)


def main() -> None:
    board = TriangularBoard(six_sided_region(5))
    masks = half_filled_masks(board, 64)
    print(f"board cells: {len(board)}, occupied per check: {len(board) // 2}")
    for name, shape in SHAPES.items():
        board.placements(shape)  # build the cache outside the timing
        legal = sum(board.any_legal_placement(shape, m) for m in masks)
        rates = [checks_per_second(board, shape, masks) for _ in range(RUNS)]
        print(
            f"{name}: {len(board.placements(shape))} placements, "
            f"legal on {legal}/{len(masks)} boards, "
            f"median {statistics.median(rates):,.0f} checks/s "
            f"(runs: {', '.join(f'{r:,.0f}' for r in rates)})"
        )


if __name__ == "__main__":
    main()
