"""The PettingZoo adapter (rulespec.pettingzoo): PettingZoo's own api_test and seed_test on every bundled
game, action masks, claim windows taken in turn, and render() showing only what the acting seat sees."""

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="pettingzoo is not installed (pip install 'rulespec[pettingzoo]')")

from pettingzoo.test import api_test, seed_test  # noqa: E402

import rulespec.pettingzoo as rpz  # noqa: E402
from rulespec.adapters import core  # noqa: E402
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
    _play(env, 5, until=lambda e: e.session.kind() == core.WINDOW_NODE)
    assert env.session.kind() == core.WINDOW_NODE
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
