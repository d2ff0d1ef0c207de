"""The acceptance run of issue #16: a local Dask cluster on 127.0.0.1, `rulespec simulate` of a house
rule against its base on it, one worker killed mid-run, then the same seeds played locally; the two
summaries must have identical counts (every figure but `retried`), and games.jsonl the same games.

    python benchmarks/cluster_acceptance.py                      # shell-we/three-tiles, 20,000 games
    python benchmarks/cluster_acceptance.py --games 2000 --game tic-tac-toe/... --players 3

Prints each run's time and games/s; exits 1 when the runs differ or no worker was killed.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def simulate(game: str, games: int, players: int, seed: int, out: Path, extra: list[str]) -> tuple[float, int]:
    """Run `rulespec simulate` in a fresh process; (seconds, exit code)."""
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "rulespec", "simulate", game, "--games", str(games), "--players",
                           str(players), "--seed", str(seed), "--out", str(out), *extra],
                          cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT), "TTY_COMPATIBLE": "0"},
                          capture_output=True, text=True)
    if done.returncode:
        print(done.stdout[-3000:], done.stderr[-3000:], sep="\n")
    return time.perf_counter() - started, done.returncode


def lines(path: Path) -> int:
    try:
        with path.open("rb") as handle:
            return sum(1 for _ in handle)
    except FileNotFoundError:
        return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="shell-we/three-tiles")
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--kill-at", type=float, default=0.3, help="kill a worker once this share of games is in")
    arguments = parser.parse_args()
    import distributed

    total = 2 * arguments.games  # the house rule and its base (a game with no base: corrected below)
    with tempfile.TemporaryDirectory() as folder, \
            distributed.LocalCluster(n_workers=arguments.workers, threads_per_worker=1, processes=True,
                                     host="127.0.0.1", dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        on_cluster, here = Path(folder) / "cluster", Path(folder) / "local"
        pids = list(client.run(os.getpid).values())
        killed: list[int] = []

        def kill_one_worker_mid_run() -> None:
            while not killed:
                if lines(on_cluster / "games.jsonl") >= arguments.kill_at * arguments.games:
                    os.kill(pids[0], signal.SIGKILL)
                    killed.append(pids[0])
                    print(f"killed worker {pids[0]} after {lines(on_cluster / 'games.jsonl')} of {total} games",
                          flush=True)
                    return
                time.sleep(0.2)

        killer = threading.Thread(target=kill_one_worker_mid_run, daemon=True)
        killer.start()
        seconds, code = simulate(arguments.game, arguments.games, arguments.players, arguments.seed, on_cluster,
                                 ["--cluster", cluster.scheduler_address])
        killed.append(-1) if not killed else None  # stops the killer if the run ended first
        played = lines(on_cluster / "games.jsonl")
        print(f"cluster ({arguments.workers} workers, one killed): {played} games in {seconds:.1f} s, "
              f"{played / seconds:.1f} games/s (exit {code})", flush=True)
        seconds_here, code_here = simulate(arguments.game, arguments.games, arguments.players, arguments.seed, here,
                                           ["--jobs", str(arguments.workers)])
        print(f"local ({arguments.workers} processes): {lines(here / 'games.jsonl')} games in {seconds_here:.1f} s, "
              f"{lines(here / 'games.jsonl') / seconds_here:.1f} games/s (exit {code_here})", flush=True)
        summaries = [json.loads((path / "summary.json").read_text()) for path in (on_cluster, here)]
        total = arguments.games * len(summaries[0]["sides"])
        retried = summaries[0]["retried"]
        strip = lambda side: {k: v for k, v in side.items() if k != "retried"}  # noqa: E731
        same = [strip(s) for s in summaries[0]["sides"]] == [strip(s) for s in summaries[1]["sides"]]
        games = [sorted(json.dumps(json.loads(line), sort_keys=True)
                        for line in (path / "games.jsonl").read_text().splitlines()) for path in (on_cluster, here)]
        counted_once = len(games[0]) == total and len(set(games[0])) == total
        print(f"worker killed: {killed[0] > 0}; chunks retried: {retried}; every game counted once: {counted_once}; "
              f"summaries identical but for `retried`: {same}; games.jsonl the same games: {games[0] == games[1]}")
        for side in summaries[0]["sides"]:
            print(f"  {side['label']}: {side['games']} games, wins by seat {side['seat_wins']}, "
                  f"turns mean {side['turns']['mean']}")
        ok = code == code_here == 0 and killed[0] > 0 and retried >= 1 and same and counted_once and games[0] == games[1]
        print("ACCEPTED" if ok else "NOT ACCEPTED")
        return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
