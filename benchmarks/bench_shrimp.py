"""Shrimp: random games per second, the generated engine beside the hand-written oracle.

The engine is the committed ``engines/shrimp.py`` (generated from ``rulebooks/shrimp.rules``) played
by ``rulespec.random_game``; the oracle is the plain-Python implementation in
``tests/shrimp/oracle.py`` played by its own ``random_game``. Both draw from one seeded RNG in the
same way, so seed k plays the same game on both (checked before timing). Each run plays GAMES
seeded games per player count; the median of RUNS runs is reported, with the ratio
engine / oracle (above 1: the engine is faster).

Prints figures only:

    python benchmarks/bench_shrimp.py
"""

from __future__ import annotations

import platform
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

import rulespec  # noqa: E402
from shrimp.oracle import random_game as oracle_random_game  # noqa: E402

RUNS = 5
GAMES = 20
PLAYER_COUNTS = (2, 4, 6)


def engine_run(game, players: int) -> tuple[float, int]:
    started = time.perf_counter()
    steps = 0
    for seed in range(GAMES):
        steps += len(rulespec.random_game(game, players=players, seed=seed).history)
    return time.perf_counter() - started, steps


def oracle_run(players: int) -> tuple[float, int]:
    started = time.perf_counter()
    steps = 0
    for seed in range(GAMES):
        steps += len(oracle_random_game(players, seed).history)
    return time.perf_counter() - started, steps


def same_games(game, players: int) -> None:
    for seed in range(3):
        engine = rulespec.random_game(game, players=players, seed=seed)
        oracle = oracle_random_game(players, seed)
        texts = [f"chance: {t}" if p < 0 else f"player {p + 1}: {t}" for p, t in oracle.history]
        if engine.history != texts:
            raise SystemExit(f"seed {seed}, {players} players: the engine and the oracle play different games")


def main() -> None:
    game = rulespec.load("shrimp")
    print(f"$ python benchmarks/bench_shrimp.py   (Python {platform.python_version()}, {platform.machine()}; "
          f"{GAMES} seeded games per run, median of {RUNS} runs)")
    print(f"engine: {type(game).__module__} on rulespec.runtime; oracle: tests/shrimp/oracle.py")
    print(f"{'players':>7} {'engine games/s':>15} {'oracle games/s':>15} {'engine/oracle':>14} {'actions/game':>13}")
    for players in PLAYER_COUNTS:
        same_games(game, players)
        engine_times, oracle_times = [], []
        steps = 0
        for _ in range(RUNS):  # interleaved, so both see the same machine load
            seconds, steps = engine_run(game, players)
            engine_times.append(seconds)
            seconds, _ = oracle_run(players)
            oracle_times.append(seconds)
        engine_rate = GAMES / statistics.median(engine_times)
        oracle_rate = GAMES / statistics.median(oracle_times)
        print(f"{players:>7} {engine_rate:>15.1f} {oracle_rate:>15.1f} {engine_rate / oracle_rate:>14.2f} "
              f"{steps / GAMES:>13.0f}")


if __name__ == "__main__":
    main()
