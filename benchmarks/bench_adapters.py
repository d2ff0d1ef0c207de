"""What the OpenSpiel adapter costs on top of the engine: the same random play through rulespec's own API
and through ``rulespec.openspiel.load_game`` (pyspiel's API: integer actions, ``apply_action``).

Why: a game-AI user runs OpenSpiel's algorithms on a rulespec game through the adapter; its per-move cost
(action numbers, what each seat has seen) should stay a small multiple of the engine's. The adapter works
out each seat's views only when they are asked for (``Session._catch_up``), so random play, MCTS rollouts and
anything that reads only legal actions and returns pay for none of them.

Random play, each game seeded: at a decision every legal action is listed and a uniformly random one
applied; at a chance node the outcomes are listed and one is picked uniformly (the same kind of games on
both sides, not the same moves: the adapter numbers the actions in its own order). CPU time
(``time.process_time``) per step, medians of RUNS interleaved runs.

    python benchmarks/bench_adapters.py [--runs 5] [--games tic-tac-toe,hex]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import rulespec  # noqa: E402
import rulespec.openspiel  # noqa: E402

GAMES = {"tic-tac-toe": 100, "connect-four": 30, "kuhn-poker": 300, "hex": 5, "pig": 20, "leduc-poker": 100}


def played_steps(new_game, apply: str, games: int) -> int:
    """Steps of ``games`` seeded random games; ``apply`` names the state's method (the engine's or pyspiel's)."""
    steps = 0
    for seed in range(games):
        rng, state = random.Random(seed), new_game()
        do = getattr(state, apply)
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                do(outcomes[rng.randrange(len(outcomes))][0])
            else:
                actions = state.legal_actions()
                do(actions[rng.randrange(len(actions))])
            steps += 1
    return steps


def timed(play, *args) -> float:
    started = time.process_time()
    steps = play(*args)
    return (time.process_time() - started) / steps * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--games", help="comma-separated game ids (default: " + ", ".join(GAMES) + ")")
    arguments = parser.parse_args()
    chosen = arguments.games.split(",") if arguments.games else list(GAMES)
    print(f"$ python benchmarks/bench_adapters.py --runs {arguments.runs}   (CPU time; medians of {arguments.runs} "
          f"interleaved runs; random play)")
    print("| game | engine us/step | through OpenSpiel's API us/step | adapter / engine |")
    print("|---|---|---|---|")
    for game_id in chosen:
        games = GAMES.get(game_id, 20)
        engine, game = rulespec.load(game_id), rulespec.openspiel.load_game(game_id, players=2)
        sides = ((lambda: engine.new_game(2), "apply"), (game.new_initial_state, "apply_action"))
        for new_game, apply in sides:
            played_steps(new_game, apply, 1)  # warm: tables, caches
        native, adapted = [], []
        for _ in range(arguments.runs):
            native.append(timed(played_steps, *sides[0], games))
            adapted.append(timed(played_steps, *sides[1], games))
        a, b = statistics.median(native), statistics.median(adapted)
        print(f"| {game_id} | {a:.1f} | {b:.1f} | {b / a:.1f}x |")


if __name__ == "__main__":
    main()
