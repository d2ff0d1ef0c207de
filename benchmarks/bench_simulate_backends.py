"""games/s of `rulespec simulate` on 1 and 2 local processes and on a local Dask cluster of 2 workers,
the runs interleaved, each a fresh `rulespec simulate` process (its start-up included), medians.

    python benchmarks/bench_simulate_backends.py                          # shell-we/three-tiles, 400 games
    python benchmarks/bench_simulate_backends.py --game tic-tac-toe --games 5000 --runs 5

A house rule plays its base too: the games counted are both sides'.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="shell-we/three-tiles")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--runs", type=int, default=5)
    arguments = parser.parse_args()
    import distributed

    with tempfile.TemporaryDirectory() as folder, \
            distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                     dashboard_address=None) as cluster:
        out = Path(folder) / "out"

        def games_per_second(extra: list[str]) -> float:
            started = time.perf_counter()
            subprocess.run([sys.executable, "-m", "rulespec", "simulate", arguments.game, "-n", str(arguments.games),
                            "-p", str(arguments.players), "-o", str(out), *extra], check=True, capture_output=True,
                           cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT), "TTY_COMPATIBLE": "0"})
            seconds = time.perf_counter() - started
            played = sum(side["games"] for side in json.loads((out / "summary.json").read_text())["sides"])
            return played / seconds

        backends = {"1 process": ["--jobs", "1"], "2 processes": ["--jobs", "2"],
                    "cluster, 2 workers": ["--cluster", cluster.scheduler_address]}
        figures: dict[str, list[float]] = {name: [] for name in backends}
        for _ in range(arguments.runs):
            for name, extra in backends.items():
                figures[name].append(games_per_second(extra))
        for name, values in figures.items():
            print(f"{name:>20}: median {statistics.median(values):7.1f} games/s "
                  f"(runs: {', '.join(f'{v:.1f}' for v in values)})")


if __name__ == "__main__":
    main()
