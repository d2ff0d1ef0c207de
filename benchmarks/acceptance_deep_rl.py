"""The deep-learning half of issue #41's acceptance run, outside the test suite: OpenSpiel's JAX DQN and
NFSP trained through rl_environment on a rulespec game and on OpenSpiel's native version of it, side by side,
every agent, network and environment seeded alike on both sides. The two sides cannot give the same
numbers: a rulespec game's tensors are laid out from its declared visibility (Kuhn poker's information
state is 204 numbers, OpenSpiel's hand-made one 11), so the networks differ; what is compared is that each
learns, and how far.

1. NFSP on Kuhn poker (open_spiel.python.jax.nfsp, both seats learning): the exploitability of the average
   policy after each block of episodes.
2. DQN on tic-tac-toe (open_spiel.python.jax.dqn as player 1 against a random player 2): the mean return of
   player 1 over each block of episodes.

rulespec does not depend on a deep-learning framework; this script needs JAX, flax, optax, chex and etils
(OpenSpiel's JAX agents import them), for example in a virtual environment that sees the project's packages:

    python -m venv --system-site-packages /tmp/deep-rl && /tmp/deep-rl/bin/pip install "jax[cpu]" flax optax chex etils
    /tmp/deep-rl/bin/python benchmarks/acceptance_deep_rl.py [--episodes 4000] [--blocks 4]

Prints the figures; exits 1 if an agent does not learn on rulespec's game (the last block no better than
the first).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import numpy as np  # noqa: E402
import pyspiel  # noqa: E402
from open_spiel.python import policy, rl_environment  # noqa: E402
from open_spiel.python.algorithms import exploitability, random_agent  # noqa: E402

try:
    from open_spiel.python.jax import dqn, nfsp  # noqa: E402
except ImportError as missing:  # (no framework: say what to install, as the docstring does)
    sys.exit(f"{missing}: this acceptance run needs OpenSpiel's JAX agents; see the docstring of {__file__}")

import rulespec.openspiel as rso  # noqa: E402
from acceptance_algorithms import play_episode  # noqa: E402  (the same episode loop as the tabular run)

PAIRS = {"tic-tac-toe": "tic_tac_toe", "kuhn-poker": "kuhn_poker"}


def games(game_id: str):
    return (("rulespec", rso.load_game(game_id)), ("OpenSpiel", pyspiel.load_game(PAIRS[game_id])))


class AveragePolicies(policy.Policy):
    """The NFSP agents' average policies as one joint policy, for exploitability (OpenSpiel's example's)."""

    def __init__(self, game, agents):
        super().__init__(game, [0, 1])
        self._agents = agents

    def action_probabilities(self, state, player_id=None):
        seat = state.current_player()
        legal = state.legal_actions(seat)
        observations = {"info_state": [None, None], "legal_actions": [None, None], "current_player": seat}
        observations["info_state"][seat] = state.information_state_tensor(seat)
        observations["legal_actions"][seat] = legal
        step = rl_environment.TimeStep(observations=observations, rewards=None, discounts=None, step_type=None)
        with self._agents[seat].temp_mode_as(nfsp.MODE.AVERAGE_POLICY):
            probs = self._agents[seat].step(step, is_evaluation=True).probs
        return {action: probs[action] for action in legal}


def nfsp_curve(game, episodes: int, blocks: int, seed: int) -> list[float]:
    np.random.seed(seed)
    env = rl_environment.Environment(game, seed=seed)
    size, actions = env.observation_spec()["info_state"][0], env.action_spec()["num_actions"]
    agents = [nfsp.NFSP(seat, size, actions, [64], reservoir_buffer_capacity=200_000, anticipatory_param=0.1,
                        replay_buffer_capacity=20_000, epsilon_decay_duration=episodes, epsilon_start=0.06,
                        epsilon_end=0.001, min_buffer_size_to_learn=128, seed=seed + seat)
              for seat in range(2)]  # (learning from the 128th sample, not the 1000th: thousands of episodes, not millions)
    joint = AveragePolicies(env.game, agents)
    curve = []
    for done in range(1, episodes + 1):
        play_episode(env, agents)
        if done % (episodes // blocks) == 0:
            curve.append(float(exploitability.exploitability(env.game, joint)))
    return curve


def dqn_curve(game, episodes: int, blocks: int, seed: int) -> list[float]:
    np.random.seed(seed)
    env = rl_environment.Environment(game, seed=seed)
    size, actions = env.observation_spec()["info_state"][0], env.action_spec()["num_actions"]
    agents = [dqn.DQN(0, size, actions, hidden_layers_sizes=[64], replay_buffer_capacity=10_000, batch_size=32,
                      epsilon_decay_duration=episodes * 5, seed=seed),
              random_agent.RandomAgent(player_id=1, num_actions=actions)]
    returns = [play_episode(env, agents)[0] for _ in range(episodes)]
    size = episodes // blocks
    return [float(np.mean(returns[i * size:(i + 1) * size])) for i in range(blocks)]


def compare(title: str, game_id: str, curve, episodes: int, blocks: int, better) -> bool:
    found = {}
    for name, game in games(game_id):
        started = time.process_time()
        found[name] = curve(game, episodes, blocks, seed=1)
        print(f"{title} {game_id} ({name}), per block of {episodes // blocks} episodes: "
              + ", ".join(f"{value:+.4f}" for value in found[name]) + f"  [{time.process_time() - started:.0f} s CPU]")
    learned = {name: better(values[-1], values[0]) for name, values in found.items()}
    print(f"{title} {game_id}: " + ", ".join(f"{name} {'learns' if ok else 'does not learn'}"
                                              for name, ok in learned.items()))
    return learned["rulespec"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--episodes", type=int, default=4000)
    parser.add_argument("--blocks", type=int, default=4)
    parser.add_argument("--only", choices=("nfsp", "dqn"), help="one of the two runs")
    args = parser.parse_args()
    ok = True
    if args.only != "dqn":
        ok &= compare("NFSP exploitability", "kuhn-poker", nfsp_curve, args.episodes, args.blocks,
                      better=lambda last, first: last < first)
    if args.only != "nfsp":
        ok &= compare("DQN mean return of player 1 against random", "tic-tac-toe", dqn_curve, args.episodes,
                      args.blocks, better=lambda last, first: last > first)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
