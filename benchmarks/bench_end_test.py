"""The hexagon end test of Let Them Eat Shrimp!, run at every turn start: how long one test takes.

`count(w in placements of hexagon on sea where w is empty and w has an occupied neighbour) = 0` is
generated as one call to the geometry's shift-based search (a few big-integer operations per
rotation); beside it, the same question answered by walking every hexagon placement with the
engine's per-placement tests, as the generator would write it without that optimisation. Both run
on the boards of seeded random 5-player games (the board of three pieces) at every turn start, and
must agree.

Prints figures only:

    python benchmarks/bench_end_test.py
"""

from __future__ import annotations

import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import rulespec  # noqa: E402
from rulespec.runtime.engine import random_step  # noqa: E402

GAMES = 10
REPEAT = 20


def boards(game) -> list:
    """The states at every turn start of GAMES seeded 5-player games."""
    found = []
    for seed in range(GAMES):
        state, rng, turn = game.new_game(5), random.Random(seed), -1
        while not state.is_terminal():
            if state._turn_number != turn:
                turn = state._turn_number
                found.append(state.clone())
            state.apply(random_step(state, rng))
    return found


def by_walking(state) -> bool:
    return any(state._placement_free(0, p) and state._placement_touches(0, p)
               for p in state._t.placements_of[0]["hexagon"])


def timed(test, states) -> float:
    runs = []
    for _ in range(REPEAT):
        started = time.perf_counter()
        for state in states:
            test(state)
        runs.append((time.perf_counter() - started) / len(states))
    return statistics.median(runs)


def main() -> None:
    game = rulespec.load("let-them-eat-shrimp")
    states = boards(game)
    assert all(s._any_legal_placement(0, "hexagon") == by_walking(s) for s in states)
    fast = timed(lambda s: s._any_legal_placement(0, "hexagon"), states)
    slow = timed(by_walking, states)
    print(f"$ python benchmarks/bench_end_test.py   (Python {platform.python_version()}, {platform.machine()}; "
          f"{len(states)} turn-start boards of {GAMES} 5-player games, median of {REPEAT} runs)")
    print(f"hexagon placements on the board: {len(states[0]._t.placements_of[0]['hexagon'])}")
    print(f"generated test (shift search): {fast * 1e6:8.1f} µs a test")
    print(f"walking every placement:       {slow * 1e6:8.1f} µs a test   ({slow / fast:.1f}x slower)")


if __name__ == "__main__":
    main()
