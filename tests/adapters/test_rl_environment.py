"""Every bundled game in OpenSpiel's rl_environment (what DQN, NFSP and PPO train in): random episodes
from reset to the last step, with information state tensors as observations."""

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed (pip install 'rulespec[openspiel]')")

import numpy as np  # noqa: E402
from open_spiel.python import rl_environment  # noqa: E402

import rulespec.openspiel as rso  # noqa: E402
from rulespec.pipeline import bundled_rulebooks  # noqa: E402


@pytest.mark.parametrize("game_id", sorted(bundled_rulebooks()))
def test_random_episodes_run_to_the_end(game_id):
    game = rso.load_game(game_id)
    env = rl_environment.Environment(game, seed=1)
    assert not env.use_observation  # the information state tensor, which every game has
    players, size = game.num_players(), game.information_state_tensor_size()
    rng = np.random.default_rng(1)
    for _ in range(2):
        step, total, steps = env.reset(), np.zeros(players), 0
        while not step.last():
            legal = step.observations["legal_actions"]
            assert all(len(info) == size for info in step.observations["info_state"])
            if step.is_simultaneous_move():
                actions = [int(rng.choice(legal[seat])) for seat in range(players)]
            else:
                assert legal[step.current_player()], "the seat to act has actions"
                actions = [int(rng.choice(legal[step.current_player()]))]
            step = env.step(actions)
            total += step.rewards
            steps += 1
        assert steps <= game.max_game_length()
        assert list(total) == env.get_state.returns()  # the rewards add up to the returns
