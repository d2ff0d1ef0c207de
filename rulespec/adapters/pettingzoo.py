"""Any rulespec game as a PettingZoo AEC environment (``pip install 'rulespec[pettingzoo]'``).

    import rulespec.pettingzoo
    env = rulespec.pettingzoo.env("shrimp", players=3, render_mode="ansi")
    env.reset(seed=1)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        action = None if termination or truncation else env.action_space(agent).sample(observation["action_mask"])
        env.step(action)

Agents are ``player_1`` .. ``player_N``. An observation is ``{"observation": the tensor of
rulespec.adapters.core.TensorLayout, "action_mask": 1 for each action number the agent may take
now}``; the numbering is the OpenSpiel adapter's (core.ActionTable). Chance is resolved by the
environment's own generator, seeded by ``reset(seed=...)``. A claim window is one pick per seat, made
in turn without seeing the others' picks (an action or "wait"); several claims race and the
environment's generator picks the fastest, each racer alike. Rewards are paid at the end: the rule
file's declared `returns`, else the zero-sum +1 / 0 / -1 of the ranking; ``env.metadata["payoffs"]``
says whether they are "zero_sum", "constant_sum" (``metadata["payoff_sum"]``) or "general_sum", as the
rule file declares. A game that runs past its step budget is truncated.
"""

from __future__ import annotations

import random
from typing import Optional, Sequence, Union

import gymnasium
import numpy as np
from pettingzoo import AECEnv

from . import core
from ..runtime.engine import StepBudgetExceeded

BIG = 1e15  # a counter holds at most 10^15 either way (the runtime's limit)


def env(name_or_path, players: Optional[int] = None, variants: Sequence[str] = (),
        options: Optional[dict[str, Union[str, int]]] = None, render_mode: Optional[str] = None) -> "RulespecEnv":
    """An AEC environment for a bundled game's id, or the path of a ``.rules`` file below the working
    directory or a folder in ``RULESPEC_RULES_PATH`` (as the OpenSpiel adapter's; rulespec/pipeline/rule_paths.py)."""
    return RulespecEnv(name_or_path, players=players, variants=variants, options=options, render_mode=render_mode)


class RulespecEnv(AECEnv):
    metadata = {"render_modes": ["ansi"], "name": "rulespec", "is_parallelizable": False}

    def __init__(self, name_or_path, players: Optional[int] = None, variants: Sequence[str] = (),
                 options: Optional[dict[str, Union[str, int]]] = None, render_mode: Optional[str] = None):
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode is 'ansi' or None, not {render_mode!r}")
        self.key = core.game_key(name_or_path, variants, options)
        engine = core.engine_for(self.key)
        self.players = engine.MIN_PLAYERS if players is None else players
        if not isinstance(self.players, int) or not engine.MIN_PLAYERS <= self.players <= engine.MAX_PLAYERS:
            raise ValueError(f"{engine.TITLE} is played by {engine.MIN_PLAYERS} to {engine.MAX_PLAYERS} players, "
                             f"not {players!r}")
        kind, _, _, total = core.payoffs(engine, self.players)
        # What the rewards add up to, as the rule file declares it (`zero-sum`, `constant-sum N`) or as the
        # ranking's +1 / 0 / -1 are: "zero_sum", "constant_sum" (payoff_sum N) or "general_sum" (None).
        self.metadata = dict(self.metadata, name=f"rulespec_{engine.GAME_ID}", payoffs=kind, payoff_sum=total)
        self.render_mode = render_mode
        self.table = core.table_for(self.key, self.players)
        self.layout = core.layout_for(self.key, self.players)
        self.possible_agents = [f"player_{seat + 1}" for seat in range(self.players)]
        self.agents = self.possible_agents[:]
        n = self.table.num_actions
        self._action_spaces = {agent: gymnasium.spaces.Discrete(n) for agent in self.possible_agents}
        self._observation_spaces = {agent: gymnasium.spaces.Dict({
            "observation": gymnasium.spaces.Box(-BIG, BIG, (self.layout.size,), np.float32),
            "action_mask": gymnasium.spaces.Box(0, 1, (n,), np.int8)}) for agent in self.possible_agents}
        self.session: Optional[core.Session] = None
        self._rng = random.Random()
        self._picks: dict[int, int] = {}  # a claim window's picks so far

    # ---- spaces
    def observation_space(self, agent: str):
        return self._observation_spaces[agent]

    def action_space(self, agent: str):
        return self._action_spaces[agent]

    # ---- the loop
    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        if seed is not None:
            self._rng = random.Random(seed)
        self.session = core.new_session(self.key, self.players)
        self.agents = self.possible_agents[:]
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos = {agent: {} for agent in self.agents}
        self._picks = {}
        self._advance()

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self.possible_agents.index(agent)
        action = int(action)
        if action not in self.session.legal(seat):
            raise ValueError(f"{agent} may not take action {action} now; legal: {self.session.legal(seat)}")
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        try:
            if self.session.kind() in core.JOINT_NODES:
                self._picks[seat] = action
                if len(self._picks) < self.players:
                    self.agent_selection = self.possible_agents[self._next_picker()]
                    return
                picks, self._picks = self._picks, {}
                self.session.apply_joint([picks[s] for s in range(self.players)])
            else:
                self.session.apply(action)
            self._advance()
        except StepBudgetExceeded:
            self.truncations = {a: True for a in self.agents}

    def _next_picker(self) -> int:
        return next(seat for seat in range(self.players) if seat not in self._picks)

    def _advance(self) -> None:
        """Resolve chance (and races) with the environment's generator up to the next decision."""
        session = self.session
        while True:
            kind = session.kind()
            if kind in (core.CHANCE_NODE, core.RACE_NODE):
                outcomes = session.chance_outcomes()
                actions = [a for a, _ in outcomes]
                session.apply(self._rng.choices(actions, [p for _, p in outcomes])[0])
                continue
            break
        if kind == core.TERMINAL:
            returns = session.returns()
            self.rewards = {agent: float(returns[seat]) for seat, agent in enumerate(self.possible_agents)}
            self.terminations = {agent: True for agent in self.agents}
            self._accumulate_rewards()
            self.agent_selection = self.agents[0]
        elif kind in core.JOINT_NODES:
            self.agent_selection = self.possible_agents[self._next_picker()]
        else:
            self.agent_selection = self.possible_agents[session.state.current_player()]

    # ---- views
    def observe(self, agent: str) -> dict:
        seat = self.possible_agents.index(agent)
        mask = np.zeros(self.table.num_actions, np.int8)
        picking = agent == self.agent_selection and not self.terminations.get(agent, True)
        if picking and (self.session.kind() not in core.JOINT_NODES or seat not in self._picks):
            mask[self.session.legal(seat)] = 1
        return {"observation": self.session.observation_tensor(seat, self.layout).copy(), "action_mask": mask}

    def render(self) -> Optional[str]:
        """What the agent to act may see, as text (render_mode "ansi")."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode; use render_mode='ansi'")
            return None
        seat = self.possible_agents.index(self.agent_selection)
        session = self.session
        return describe_view(session.views[seat], [(a, session.action_text(seat, a)) for a in session.legal(seat)])

    def close(self) -> None:
        pass


def describe_view(view: dict, legal: Sequence[tuple[int, str]]) -> str:
    """A seat's observation as lines of text: zones (a hidden one by its size), boards, counters, choices."""
    seat = view["seat"]
    lines = [f"seen by player {seat + 1}; turn {view['turn']} (player {view['turn_player'] + 1}), {view['phase']}"]
    for name, zone in view["zones"].items():
        for owner, part in (enumerate(zone) if isinstance(zone, list) else [(None, zone)]):
            whose = "" if owner is None else " (yours)" if owner == seat else f" of player {owner + 1}"
            items = part.get("items")
            shown = ", ".join(items) if items else "empty" if items is not None else \
                f"{part['size']} unseen" if "size" in part else "unseen, not even how many"
            if items and part.get("size", 0) > len(items):  # a pile of which only the top is seen
                shown += f" on top of {part['size'] - len(items)} covered"
            lines.append(f"{name}{whose}: {shown}")
    for name, spaces in view["boards"].items():
        lines.append(f"{name}: " + ("; ".join(f"{label} on {space}" for space, label in spaces.items()) or "empty"))
    for name, value in view["counters"].items():
        lines.append(f"{name}: {value}")
    if view["outcome"] is not None:
        lines.append(f"over: ranking {view['outcome']['ranking']}")
    elif legal:
        lines.append("you may: " + "; ".join(f"{action} {text}" for action, text in legal))
    return "\n".join(lines)
