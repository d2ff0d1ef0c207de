"""The acceptance run of issue #12, outside the test suite: every bundled game loaded as documented
through rulespec.openspiel.load_game and rulespec.pettingzoo.env, OpenSpiel's and PettingZoo's own
conformance checks, and OpenSpiel's MCTSBot (random rollouts) playing a whole 2-player game of each.

    python benchmarks/adapters_acceptance.py [--sims 3] [--simulations 8]

Prints one line per check and exits 1 if any failed.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import numpy as np  # noqa: E402
import pyspiel  # noqa: E402
from open_spiel.python.algorithms import mcts  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

import rulespec.openspiel  # noqa: E402
import rulespec.pettingzoo  # noqa: E402
from rulespec.adapters import core  # noqa: E402
from rulespec.pipeline import bundled_rulebooks  # noqa: E402


def check(label: str, run) -> bool:
    started = time.perf_counter()
    try:
        detail = run()
        ok = True
    except Exception as error:  # report and go on: this is a report of every check
        detail, ok = f"{type(error).__name__}: {error}", False
    print(f"{'ok  ' if ok else 'FAIL'} {label:<58} {time.perf_counter() - started:6.1f} s  {detail or ''}", flush=True)
    return ok


def mcts_game(game_id: str, simulations: int) -> str:
    game = rulespec.openspiel.load_game(game_id, players=2)
    if game.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS:
        game = pyspiel.convert_to_turn_based(game)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(0))
    bot = mcts.MCTSBot(game, uct_c=2, max_simulations=simulations, evaluator=evaluator,
                       random_state=np.random.RandomState(0))
    rng = np.random.RandomState(1)
    state, moves = game.new_initial_state(), 0
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probabilities = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probabilities)))
        elif state.current_player() == 0:
            state.apply_action(bot.step(state))
            moves += 1
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
            moves += 1
    return f"{moves} decisions, returns {state.returns()} (MCTS is player 1)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sims", type=int, default=3, help="random_sim_test games per configuration")
    parser.add_argument("--simulations", type=int, default=8, help="MCTSBot simulations per decision")
    args = parser.parse_args()
    results = []
    for game_id in bundled_rulebooks():
        engine = core.engine_for(core.game_key(game_id))
        for variants in [()] + [(name,) for name, _ in engine.VARIANTS_AVAILABLE]:
            for players in range(engine.MIN_PLAYERS, engine.MAX_PLAYERS + 1):
                game = rulespec.openspiel.load_game(game_id, players=players, variants=variants)
                results.append(check(f"random_sim_test {game}", lambda game=game: pyspiel.random_sim_test(
                    game, num_sims=args.sims, serialize=True, verbose=False)))
                results.append(check(f"api_test {game_id} {'+'.join(variants) or 'base'} {players}p",
                                     lambda g=game_id, v=variants, p=players: api_test(
                                         rulespec.pettingzoo.env(g, players=p, variants=v, render_mode="ansi"),
                                         num_cycles=1000)))
        results.append(check(f"seed_test {game_id}", lambda g=game_id: seed_test(
            lambda: rulespec.pettingzoo.env(g, players=2), num_cycles=500)))
        results.append(check(f"MCTSBot {game_id}", lambda g=game_id: mcts_game(g, args.simulations)))
    print(f"{sum(results)} of {len(results)} checks passed")
    sys.exit(0 if all(results) else 1)


if __name__ == "__main__":
    main()
