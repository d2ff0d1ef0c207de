"""The PettingZoo adapter (rulespec.pettingzoo): PettingZoo's own api_test, seed_test, render_test and
parallel_api_test on every bundled game, action masks, claim windows taken in turn, render() showing only
what the acting seat sees, the parallel and vectorised environments, and the errors of a wrong call."""

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="pettingzoo is not installed (pip install 'rulespec[pettingzoo]')")

from pettingzoo.test import api_test, parallel_api_test, render_test, seed_test  # noqa: E402
from pettingzoo.utils.conversions import aec_to_parallel  # noqa: E402

import rulespec.pettingzoo as rpz  # noqa: E402
from rulespec.adapters import core  # noqa: E402
from rulespec.adapters.session import WINDOW_NODE  # noqa: E402
from rulespec.pipeline import bundled_rulebooks  # noqa: E402


def _cases():
    """Every bundled game (rulebooks/*.rules: a new one is tested the moment it is added), every player
    count, the base game and each variant."""
    for game_id in bundled_rulebooks():
        engine = core.engine_for(core.game_key(game_id))
        for variants in [()] + [(name,) for name, _ in engine.VARIANTS_AVAILABLE]:
            for players in range(engine.MIN_PLAYERS, engine.MAX_PLAYERS + 1):
                yield pytest.param(game_id, players, variants, id=f"{game_id}-{'+'.join(variants) or 'base'}-{players}p")


@pytest.mark.parametrize("game_id, players, variants", list(_cases()))
def test_api_test_passes(game_id, players, variants):
    env = rpz.env(game_id, players=players, variants=variants, render_mode="ansi")
    # (api_test warns that a dict observation is "not a NumPy array": every env with action masks does)
    api_test(env, num_cycles=200)
    env.reset(seed=0)
    assert env.agent_selection in env.possible_agents and env.session.state.players == players


@pytest.mark.parametrize("game_id", list(bundled_rulebooks()))
def test_seed_test_passes(game_id):
    seed_test(lambda: rpz.env(game_id, players=2), num_cycles=100)


def _play(env, seed, until=None):
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for agent in env.agent_iter():
        observation, _, termination, truncation, _ = env.last()
        if until is not None and until(env):
            return
        if termination or truncation:
            env.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        env.step(int(rng.choice(legal)))


def test_whole_games_pay_the_ranking():
    env = rpz.env("shell-we", players=3)
    env.reset(seed=3)
    totals = {agent: 0.0 for agent in env.possible_agents}
    rng = np.random.default_rng(3)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, _ = env.last()
        totals[agent] += reward
        if termination or truncation:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    outcome = env.session.state.outcome()
    assert list(totals.values()) == core.ranking_returns(outcome, 3)
    assert sum(totals.values()) == pytest.approx(0)


def test_only_the_acting_agent_has_a_mask():
    env = rpz.env("let-them-eat-shrimp", players=3)
    env.reset(seed=2)
    acting = env.agent_selection
    for agent in env.possible_agents:
        mask = env.observe(agent)["action_mask"]
        assert (mask.sum() > 0) == (agent == acting)
    seat = env.possible_agents.index(acting)
    texts = {env.table.player_texts[a] for a in np.flatnonzero(env.observe(acting)["action_mask"])}
    assert texts == {a.text for a in env.session.state.legal_actions(seat)}


def test_a_claim_window_is_picked_in_turn_without_seeing_the_others():
    env = rpz.env("shrimp", players=3)
    _play(env, 5, until=lambda e: e.session.kind() == WINDOW_NODE)
    assert env.session.kind() == WINDOW_NODE
    wait = env.table.string_to_action("wait")
    first = env.agent_selection
    before = env.observe("player_2")["observation"].copy()
    env.step(wait)  # player 1 waits
    assert env.agent_selection == "player_2" and first == "player_1"
    assert (env.observe("player_2")["observation"] == before).all()  # nothing of player 1's pick shows
    assert env.observe("player_1")["action_mask"].sum() == 0  # it picked already
    state = env.session.state.clone()
    env.step(wait)
    env.step(wait)  # everyone waited: the window again, and now a seat that can act must
    assert env.session.state == state and env.agent_selection == "player_1"
    assert env.observe("player_1")["action_mask"][wait] == 0


def test_render_shows_what_the_acting_seat_sees():
    env = rpz.env("shell-we", players=2, render_mode="ansi")
    env.reset(seed=1)
    seat = env.possible_agents.index(env.agent_selection)
    text = env.render()
    view = env.session.state.observation(seat)
    mine = view["zones"]["rack"][seat]["items"]
    theirs = env.session.state._zones[env.session.state._t.zone_base["rack"] + 1 - seat]
    assert f"rack (yours): {', '.join(mine)}" in text
    assert f"rack of player {2 - seat}: {len(theirs)} unseen" in text
    assert "you may: " in text
    with pytest.warns(UserWarning, match="render_mode"):
        assert rpz.env("shell-we").render() is None  # no render mode: a warning, no text


# ----------------------------------------------------------------------------- render modes


@pytest.mark.parametrize("game_id", list(bundled_rulebooks()))
def test_render_test_passes(game_id):
    """human (the text printed, render() returns None), ansi (the text) and rgb_array (an image)."""
    render_test(lambda render_mode=None: rpz.env(game_id, render_mode=render_mode))


def test_human_prints_what_ansi_returns(capsys):
    ansi, human = rpz.env("kuhn-poker", render_mode="ansi"), rpz.env("kuhn-poker", render_mode="human")
    ansi.reset(seed=4)
    human.reset(seed=4)
    capsys.readouterr()
    assert human.render() is None
    assert capsys.readouterr().out == ansi.render() + "\n\n"


def test_rgb_array_draws_the_board_and_its_pieces():
    env = rpz.env("tic-tac-toe", render_mode="rgb_array")
    env.reset(seed=0)
    empty = env.render()
    assert empty.dtype == np.uint8 and empty.ndim == 3 and empty.shape[2] == 3 and min(empty.shape[:2]) > 50
    assert (empty < 128).any() and (empty > 200).any()  # lines on a light ground
    env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[4]))
    played = env.render()
    assert played.shape[2] == 3 and played.shape[:2] >= empty.shape[:2]  # (a legend for the piece now)
    assert (played[:empty.shape[0], :empty.shape[1]] != empty).any()  # the piece shows


def test_rgb_array_of_a_game_without_a_board_shows_its_public_lines():
    env = rpz.env("kuhn-poker", render_mode="rgb_array")
    env.reset(seed=0)
    image = env.render()
    assert image.shape[2] == 3 and (image < 128).any()


def test_an_unknown_render_mode_is_refused():
    with pytest.raises(ValueError, match="render_mode is one of"):
        rpz.env("hex", render_mode="video")


# ----------------------------------------------------------------------------- wrong calls


def test_step_before_reset_says_to_reset():
    for make, call in ((rpz.env, lambda e: e.step(0)), (rpz.parallel_env, lambda e: e.step({"player_1": 0})),
                       (rpz.env, lambda e: e.observe("player_1")), (rpz.env, lambda e: e.render())):
        env = make("tic-tac-toe", render_mode="ansi")
        with pytest.raises(RuntimeError, match=r"call reset\(\) before step\(\)"):
            call(env)


@pytest.mark.parametrize("seed", ["x", 1.5, True])
def test_a_seed_that_is_no_int_is_refused(seed):
    for env in (rpz.env("pig"), rpz.parallel_env("pig"), rpz.vector_env("pig", 2)):
        with pytest.raises(TypeError, match="takes an int or None"):
            env.reset(seed=seed)
    env = rpz.env("pig")
    env.reset(seed=np.int64(3))  # a NumPy integer is an int
    assert env.agent_selection == "player_1"


# ----------------------------------------------------------------------------- the parallel API


@pytest.mark.parametrize("game_id", list(bundled_rulebooks()))
def test_parallel_api_test_passes(game_id):
    parallel_api_test(rpz.parallel_env(game_id), num_cycles=60)


def _play_parallel(env, seed):
    """A whole game with seeded random picks among the masked actions; the rewards and every observation."""
    observations, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    seen, totals = [], dict.fromkeys(env.possible_agents, 0.0)
    while env.agents:
        seen.append({agent: obs["observation"].tolist() for agent, obs in observations.items()})
        actions = {agent: int(rng.choice(np.flatnonzero(obs["action_mask"]))) if obs["action_mask"].any() else None
                   for agent, obs in observations.items()}
        observations, rewards, terminations, truncations, _ = env.step(actions)
        for agent, reward in rewards.items():
            totals[agent] += reward
    return seen, totals


def test_goofspiel_is_parallel_and_aec_to_parallel_plays_the_same_game():
    """Every decision of Goofspiel is made together: the AEC environment says it is parallelizable, and
    PettingZoo's own aec_to_parallel gives the game the parallel environment plays from the same seed."""
    aec = rpz.env("goofspiel", players=3)
    assert aec.metadata["is_parallelizable"] is True
    native = _play_parallel(rpz.parallel_env("goofspiel", players=3), seed=7)
    wrapped = _play_parallel(aec_to_parallel(aec), seed=7)
    assert wrapped == native
    assert sorted(native[1].values()) != [0.0, 0.0, 0.0] and len(native[0]) == 13  # 13 rounds of bids, paid


def test_a_turn_based_game_is_not_parallelizable_but_has_a_parallel_env():
    with pytest.raises(AssertionError, match="is_parallelizable"):
        aec_to_parallel(rpz.env("tic-tac-toe"))
    env = rpz.parallel_env("tic-tac-toe")
    observations, _ = env.reset(seed=1)
    masks = {agent: obs["action_mask"].sum() for agent, obs in observations.items()}
    assert masks == {"player_1": 9, "player_2": 0}  # only the seat to move decides
    with pytest.raises(ValueError, match="player_1 decides now"):
        env.step({"player_2": 0})
    observations, *_ = env.step({"player_1": 4, "player_2": None})  # the other seat's entry is not read
    assert observations["player_2"]["action_mask"].sum() == 8
    seen, totals = _play_parallel(env, seed=2)
    assert sorted(totals.values()) in ([-1.0, 1.0], [0.0, 0.0])


# ----------------------------------------------------------------------------- many games in one call


def test_vector_env_steps_many_games_at_once_and_restarts_the_ended_ones():
    n, vec = 5, rpz.vector_env("tic-tac-toe", 5)
    observations, infos = vec.reset(seed=10)
    size, actions = vec.envs[0].layout.size, vec.envs[0].table.num_actions
    assert observations["observation"].shape == (n, 2, size) and observations["observation"].dtype == np.float32
    assert observations["action_mask"].shape == (n, 2, actions) and len(infos) == n
    rng = np.random.default_rng(0)
    singles = [rpz.parallel_env("tic-tac-toe") for _ in range(n)]
    single_observations = [env.reset(seed=10 + i)[0] for i, env in enumerate(singles)]
    ended = 0
    for _ in range(20):  # past the end of every game (at most 9 moves): each restarts
        masks = observations["action_mask"]
        picks = np.array([[rng.choice(np.flatnonzero(masks[i, seat])) if masks[i, seat].any() else 0
                           for seat in range(2)] for i in range(n)])
        observations, rewards, terminations, truncations, infos = vec.step(picks)
        assert rewards.shape == (n, 2) and terminations.shape == (n,) and not truncations.any()
        for i, env in enumerate(singles):  # the same game, one environment at a time
            single, reward, terminated, _, _ = env.step({agent: int(picks[i, seat])
                                                         for seat, agent in enumerate(env.possible_agents)})
            assert terminations[i] == terminated["player_1"] and list(rewards[i]) == list(reward.values())
            if terminations[i]:
                ended += 1
                assert infos[i]["final_observation"]["player_1"]["observation"].tolist() == \
                    single["player_1"]["observation"].tolist()
                assert rewards[i].sum() == 0 and set(rewards[i]) <= {-1.0, 0.0, 1.0}
                single, _ = env.reset()
            assert (observations["observation"][i, 0] == single["player_1"]["observation"]).all()
    assert ended >= n


def test_vector_env_checks_its_actions():
    vec = rpz.vector_env("pig", 3, players=2)
    vec.reset(seed=0)
    with pytest.raises(ValueError, match=r"shape \(3, 2\)"):
        vec.step(np.zeros((2, 2), int))
    with pytest.raises(ValueError, match="num_envs is a positive int"):
        rpz.vector_env("pig", 0)


def test_the_observation_space_holds_each_entry_within_its_own_bounds():
    env = rpz.env("kuhn-poker")
    box = env.observation_space("player_1")["observation"]
    layout = env.layout
    seat, _ = layout.offsets["seat"]
    hand, size = layout.offsets["zone:hand:1"]
    counter, _ = layout.offsets["counter:staked"]
    assert (box.low[seat], box.high[seat]) == (0, 1)  # a one-hot
    assert (box.low[hand], box.high[hand]) == (0, layout.components)  # a zone's size: at most every component
    assert box.high[counter] == core.COUNTER_LIMIT and box.low[counter] == -core.COUNTER_LIMIT  # no declared range
    env.reset(seed=1)
    assert box.contains(env.observe("player_1")["observation"])
