"""The acceptance run of issue #41, outside the test suite: OpenSpiel's own algorithms on a rulespec game
and on OpenSpiel's native version of it, side by side.

1. MCTS: open_spiel.python.algorithms.mcts.MCTSBot (random rollouts) plays both seats of --games games
   of tic-tac-toe and of connect four, and of --more-games games (--more-simulations a move) of the other
   gallery games whose every action and chance outcome is numbered as OpenSpiel numbers it: othello,
   breakthrough, oware, nine men's morris, checkers, backgammon (its dice numbered as OpenSpiel's: `chance
   outcomes numbered`), Kuhn and Leduc poker, Liar's dice, Pig. Each game's bots and chance draws are
   seeded alike on both sides; the games are the same when every move and outcome (action number) is.
2. CFR on Kuhn poker: CFRSolver's exploitability after each count of iterations, rulespec's and native.
3. Learning through rl_environment: tabular Q-learning (open_spiel.python.algorithms.tabular_qlearner;
   DQN and NFSP need torch, JAX or TensorFlow, none installed here) against a random seat for --steps
   episodes on tic-tac-toe and Kuhn poker, the mean return of the last episodes of each block.

    python benchmarks/acceptance_algorithms.py [--games 20] [--simulations 50] [--more-games 3]
        [--more-simulations 5] [--iterations 200] [--steps 4000]

Prints the figures; exits 1 if an MCTS game or the CFR exploitability differs.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import numpy as np  # noqa: E402
import pyspiel  # noqa: E402
from open_spiel.python import rl_environment  # noqa: E402
from open_spiel.python.algorithms import cfr, exploitability, mcts, random_agent, tabular_qlearner  # noqa: E402

import rulespec.openspiel as rso  # noqa: E402

PAIRS = {"tic-tac-toe": "tic_tac_toe", "connect-four": "connect_four", "kuhn-poker": "kuhn_poker"}
# the other gallery games whose every number is OpenSpiel's (the board games by `actions numbered`)
MORE_PAIRS = {"othello": "othello", "breakthrough": "breakthrough", "oware": "oware",
              "nine-mens-morris": "nine_mens_morris", "checkers": "checkers",
              "backgammon": "backgammon(scoring_type=full_scoring)", "leduc-poker": "leduc_poker",
              "liars-dice": "liars_dice", "pig": "pig"}
PAIRS.update(MORE_PAIRS)


def games(game_id: str):
    return rso.load_game(game_id), pyspiel.load_game(PAIRS[game_id])


def mcts_moves(game, seed: int, simulations: int) -> list[int]:
    """One game of MCTSBot against MCTSBot, both seeded from ``seed``, chance drawn from ``seed`` too: its moves
    and outcomes."""
    bots = [mcts.MCTSBot(game, uct_c=2, max_simulations=simulations,
                         evaluator=mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed + seat)),
                         random_state=np.random.RandomState(seed + 10 + seat)) for seat in range(2)]
    state, moves, chance = game.new_initial_state(), [], np.random.RandomState(seed + 100)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes())
            action = int(chance.choice(outcomes, p=probabilities))
        else:
            action = bots[state.current_player()].step(state)
        moves.append(action)
        state.apply_action(action)
    return moves


def mcts_same_moves(game_id: str, count: int, simulations: int) -> bool:
    ours, theirs = games(game_id)
    same = sum(mcts_moves(ours, seed, simulations) == mcts_moves(theirs, seed, simulations) for seed in range(count))
    print(f"MCTS {game_id}: {same} of {count} games move for move the same ({simulations} simulations a move)")
    return same == count


def cfr_exploitability(iterations: int) -> bool:
    ours, theirs = games("kuhn-poker")
    solvers = [cfr.CFRSolver(ours), cfr.CFRSolver(theirs)]
    alike = True
    for done in range(1, iterations + 1):
        for solver in solvers:
            solver.evaluate_and_update_policy()
        if done in (1, 10, 100, iterations):
            found = [exploitability.exploitability(g, s.average_policy()) for g, s in zip((ours, theirs), solvers)]
            alike &= abs(found[0] - found[1]) < 1e-9
            print(f"CFR kuhn-poker after {done:>4} iterations: exploitability {found[0]:.6f} rulespec, "
                  f"{found[1]:.6f} OpenSpiel")
    return alike


def play_episode(env, agents) -> list[float]:
    """One episode through rl_environment, each agent stepped at its turns and once at the end: the returns."""
    step = env.reset()
    while not step.last():
        seat = step.observations["current_player"]
        step = env.step([agents[seat].step(step).action])
    for agent in agents:
        agent.step(step)
    return step.rewards


def q_learning_curve(game, episodes: int, seed: int, blocks: int = 4) -> list[float]:
    """Tabular Q-learning as player 1 against a random player 2 through rl_environment: the mean return of
    player 1 over each block of episodes."""
    np.random.seed(seed)
    env = rl_environment.Environment(game, seed=seed)
    actions = env.action_spec()["num_actions"]
    agents = [tabular_qlearner.QLearner(player_id=0, num_actions=actions),
              random_agent.RandomAgent(player_id=1, num_actions=actions)]
    returns = [play_episode(env, agents)[0] for _ in range(episodes)]
    size = episodes // blocks
    return [float(np.mean(returns[i * size:(i + 1) * size])) for i in range(blocks)]


def learning(game_id: str, episodes: int) -> None:
    ours, theirs = games(game_id)
    for name, game in (("rulespec", ours), ("OpenSpiel", theirs)):
        curve = q_learning_curve(game, episodes, seed=1)
        print(f"Q-learning {game_id} ({name}), mean return per block of {episodes // 4} episodes: "
              + ", ".join(f"{r:+.3f}" for r in curve))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--simulations", type=int, default=50)
    parser.add_argument("--more-games", type=int, default=3)
    parser.add_argument("--more-simulations", type=int, default=5)
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--steps", type=int, default=4000, help="episodes of Q-learning per game")
    args = parser.parse_args()
    started = time.process_time()
    ok = mcts_same_moves("tic-tac-toe", args.games, args.simulations)
    ok &= mcts_same_moves("connect-four", args.games, args.simulations)
    for game_id in MORE_PAIRS:
        ok &= mcts_same_moves(game_id, args.more_games, args.more_simulations)
    ok &= cfr_exploitability(args.iterations)
    learning("tic-tac-toe", args.steps)
    learning("kuhn-poker", args.steps)
    print(f"{time.process_time() - started:.0f} s of CPU; {'the same results' if ok else 'DIFFERENCES (above)'}")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
