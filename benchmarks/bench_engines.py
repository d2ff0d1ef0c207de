"""How fast the generated engines play, and how long the pipeline takes to build them.

Why: every property test, simulation and `rulespec play --watch` is a loop of legal_actions and
apply, so games per second bounds how much verification a CI minute buys; and the pipeline runs
on every `rulespec check`, `build` and `load`.

- Shell We? with 2 and 4 players, base game and with Message in a Bottle, and Let Them Eat Shrimp!
  with 2 and 5 players, basic and advanced: whole random games, listing every legal action (and, at
  chance nodes, the chance outcomes with their odds) at every step, choices uniform, chance by its odds.
  Each run plays GAMES seeded games (seeds 0..GAMES-1) on the committed engine; the median of RUNS
  runs is reported as games/s and actions/s.
- Parse + check + generate every bundled rule file, CPU time: the first time in this process (which
  builds the Lark parser) and the median of RUNS repeats after it.

Prints figures only:

    python benchmarks/bench_engines.py
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
from rulespec.pipeline import bundled_rulebooks, compile_rules, generate_source  # noqa: E402
from rulespec.runtime.engine import random_step  # noqa: E402

RUNS = 5
GAMES = 20
# (game, variants, player counts), in the order printed.
CASES = (
    ("shell-we", (), (2, 4)),
    ("shell-we", ("bottles",), (2, 4)),
    ("let-them-eat-shrimp", (), (2, 5)),
    ("let-them-eat-shrimp", ("advanced",), (2, 5)),
)


def play_listing_everything(state, rng: random.Random) -> int:
    """Play ``state`` to the end, listing the legal actions at every step; returns the actions applied."""
    steps = 0
    while not state.is_terminal():
        state.legal_actions()  # listed at every step, as a player or a search would
        if state.is_chance_node():
            state.chance_outcomes()
        state.apply(random_step(state, rng))
        steps += 1
    return steps


def one_run(game, players: int) -> tuple[float, int]:
    started = time.perf_counter()
    actions = 0
    for seed in range(GAMES):
        actions += play_listing_everything(game.new_game(players), random.Random(seed))
    return time.perf_counter() - started, actions


def pipeline_once() -> float:
    """CPU seconds of one pass (process time: on a shared machine the wall clock counts the others too)."""
    started = time.process_time()
    for path in bundled_rulebooks().values():
        generate_source(compile_rules(path), path)
    return time.process_time() - started


def main() -> None:
    print(f"$ python benchmarks/bench_engines.py   (Python {platform.python_version()}, {platform.machine()}; "
          f"median of {RUNS} runs)")
    count = len(bundled_rulebooks())
    first = pipeline_once()  # before anything else has built the parser
    repeats = statistics.median(pipeline_once() for _ in range(RUNS))
    for name, variants, player_counts in CASES:
        game = rulespec.load(name, variants=variants)
        label = f"{game.name}{' with ' + ', '.join(variants) if variants else ' (base game)'}"
        print(f"{label}: {GAMES} seeded random games per run, every legal action listed at every step")
        for players in player_counts:
            runs = [one_run(game, players) for _ in range(RUNS)]
            seconds = statistics.median(t for t, _ in runs)
            actions = runs[0][1]  # the same seeds give the same games in every run
            print(f"  {players} players: {GAMES / seconds:8.1f} games/s  {actions / seconds:10.0f} actions/s  "
                  f"({actions / GAMES:.0f} actions a game, {seconds * 1000:.0f} ms a run)")
    print(f"parse + check + generate all {count} bundled rule file{'s' if count != 1 else ''}: "
          f"{first * 1000:.0f} ms of CPU the first time (builds the parser), {repeats * 1000:.0f} ms after that "
          f"(benchmarks/bench_compile.py splits it by stage)")


if __name__ == "__main__":
    main()
