"""Any rulespec game as a PettingZoo environment (``pip install 'rulespec[pettingzoo]'``).

    import rulespec.pettingzoo
    env = rulespec.pettingzoo.env("shrimp", players=3, render_mode="ansi")
    env.reset(seed=1)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        action = None if termination or truncation else env.action_space(agent).sample(observation["action_mask"])
        env.step(action)

Agents are ``player_1`` .. ``player_N``. An observation is ``{"observation": the tensor of
rulespec.adapters.tensors.TensorLayout, "action_mask": 1 for each action number the agent may take
now}``; the numbering is the OpenSpiel adapter's (core.ActionTable). Chance is resolved by the
environment's own generator, seeded by ``reset(seed=...)``. A claim window is one pick per seat, made
in turn without seeing the others' picks (an action or "wait"); several claims race and the
environment's generator picks the fastest, each racer alike. Rewards are paid at the end: the rule
file's declared `returns`, else the zero-sum +1 / 0 / -1 of the ranking; ``env.metadata["payoffs"]``
says whether they are "zero_sum", "constant_sum" (``metadata["payoff_sum"]``) or "general_sum", as the
rule file declares. A game that runs past its step budget is truncated.

Besides the AEC ``env``: ``parallel_env`` (PettingZoo's parallel API: every live agent gives an action
each step, the natural form of a game whose decisions are made in secret and together, as Goofspiel's
bids) and ``vector_env`` (many games stepped in one call, observations and masks stacked). Render modes:
"ansi" (what the agent to act sees, as text), "human" (that text printed) and "rgb_array" (the site's
board pictures, rendered to pixels).
"""

from __future__ import annotations

import io
import random
from typing import Optional, Sequence, Union

import gymnasium
import numpy as np
from pettingzoo import AECEnv, ParallelEnv

from . import core
from .session import CHANCE_NODE, JOINT_NODES, RACE_NODE, SEAT_NODE, TERMINAL, Session, new_session
from ..runtime.engine import StepBudgetExceeded

RENDER_MODES = ["human", "ansi", "rgb_array"]


def env(name_or_path, players: Optional[int] = None, variants: Sequence[str] = (),
        options: Optional[dict[str, Union[str, int]]] = None, render_mode: Optional[str] = None) -> "RulespecEnv":
    """An AEC environment for a bundled game's id, or the path of a ``.rules`` file below the working
    directory or a folder in ``RULESPEC_RULES_PATH`` (as the OpenSpiel adapter's; rulespec/pipeline/rule_paths.py)."""
    return RulespecEnv(name_or_path, players=players, variants=variants, options=options, render_mode=render_mode)


def parallel_env(name_or_path, players: Optional[int] = None, variants: Sequence[str] = (),
                 options: Optional[dict[str, Union[str, int]]] = None,
                 render_mode: Optional[str] = None) -> "RulespecParallelEnv":
    """A parallel environment of the same game (see RulespecParallelEnv)."""
    return RulespecParallelEnv(name_or_path, players=players, variants=variants, options=options,
                               render_mode=render_mode)


def vector_env(name_or_path, num_envs: int, players: Optional[int] = None, variants: Sequence[str] = (),
               options: Optional[dict[str, Union[str, int]]] = None) -> "RulespecVectorEnv":
    """``num_envs`` games of the same configuration stepped together (see RulespecVectorEnv)."""
    return RulespecVectorEnv(name_or_path, num_envs, players=players, variants=variants, options=options)


class _Game:
    """What the AEC, parallel and vector environments share: the configuration, the spaces, the
    environment's generator (chance and races) and the game in progress (a Session)."""

    def _configure(self, name_or_path, players, variants, options, render_mode) -> None:
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode is one of {RENDER_MODES} or None, not {render_mode!r}")
        self.key = core.game_key(name_or_path, variants, options)
        engine = core.engine_for(self.key)
        self.players = engine.MIN_PLAYERS if players is None else players
        if not isinstance(self.players, int) or not engine.MIN_PLAYERS <= self.players <= engine.MAX_PLAYERS:
            raise ValueError(f"{engine.TITLE} is played by {engine.MIN_PLAYERS} to {engine.MAX_PLAYERS} players, "
                             f"not {players!r}")
        kind, _, _, total = core.payoffs(engine, self.players)
        # What the rewards add up to, as the rule file declares it (`zero-sum`, `constant-sum N`) or as the
        # ranking's +1 / 0 / -1 are: "zero_sum", "constant_sum" (payoff_sum N) or "general_sum" (None).
        # The AEC environment can be wrapped by aec_to_parallel when it changes only once a cycle: when
        # every decision of the game is made by every seat together.
        choices = [step for step in engine.model.steps if step.kind == "choice"]
        together = bool(choices) and all(core.is_simultaneous(step) for step in choices)
        self.metadata = dict(self.metadata, name=f"rulespec_{engine.GAME_ID}", payoffs=kind, payoff_sum=total,
                             is_parallelizable=together)
        self.render_mode = render_mode
        self.table = core.table_for(self.key, self.players)
        self.layout = core.layout_for(self.key, self.players)
        self.possible_agents = [f"player_{seat + 1}" for seat in range(self.players)]
        self.agents = self.possible_agents[:]
        n = self.table.num_actions
        self._action_spaces = {agent: gymnasium.spaces.Discrete(n) for agent in self.possible_agents}
        self._observation_spaces = {agent: gymnasium.spaces.Dict({
            "observation": gymnasium.spaces.Box(*(np.array(b, np.float32) for b in self.layout.bounds()),
                                                (self.layout.size,), np.float32),
            "action_mask": gymnasium.spaces.Box(0, 1, (n,), np.int8)}) for agent in self.possible_agents}
        self.session: Optional[Session] = None
        self._rng = random.Random()

    def observation_space(self, agent: str):
        return self._observation_spaces[agent]

    def action_space(self, agent: str):
        return self._action_spaces[agent]

    def _start(self, seed) -> None:
        """A new game; a seed (an int) restarts the environment's generator."""
        if seed is not None:
            if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
                raise TypeError(f"reset(seed=...) takes an int or None, not {seed!r}")
            self._rng = random.Random(int(seed))
        self.session = new_session(self.key, self.players)
        self.agents = self.possible_agents[:]

    def _started(self) -> Session:
        if self.session is None:
            raise RuntimeError(f"{type(self).__name__}: call reset() before step(), observe() or render()")
        return self.session

    def _resolve_chance(self) -> str:
        """Draw chance and races with the environment's generator up to the next decision; its node kind."""
        session = self.session
        while (kind := session.kind()) in (CHANCE_NODE, RACE_NODE):
            outcomes = session.chance_outcomes()
            session.apply(self._rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
        return kind

    def _mask(self, seat: int, picking: bool) -> np.ndarray:
        mask = np.zeros(self.table.num_actions, np.int8)
        if picking:
            mask[self.session.legal(seat)] = 1
        return mask

    def _observation(self, seat: int, picking: bool) -> dict:
        return {"observation": self.session.observation_tensor(seat, self.layout).copy(),
                "action_mask": self._mask(seat, picking)}

    def _viewer(self) -> int:
        """The seat whose view render() shows."""
        raise NotImplementedError

    def render(self):
        """"ansi": what the seat to act may see, as text, and its choices; "human": that text printed;
        "rgb_array": the boards (or, in a game without one, the public counters and zones) as an image."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode; use one of " + ", ".join(RENDER_MODES))
            return None
        session = self._started()
        if self.render_mode == "rgb_array":
            return board_image(session.state)
        seat = self._viewer()
        text = describe_view(session.views[seat], [(a, session.action_text(seat, a)) for a in session.legal(seat)])
        if self.render_mode == "human":
            print(text, end="\n\n")
            return None
        return text

    def close(self) -> None:
        pass


class RulespecEnv(_Game, AECEnv):
    metadata = {"render_modes": RENDER_MODES, "name": "rulespec", "is_parallelizable": False}

    def __init__(self, name_or_path, players: Optional[int] = None, variants: Sequence[str] = (),
                 options: Optional[dict[str, Union[str, int]]] = None, render_mode: Optional[str] = None):
        AECEnv.__init__(self)
        self._configure(name_or_path, players, variants, options, render_mode)
        self._picks: dict[int, int] = {}  # a claim window's picks so far

    # ---- the loop
    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        self._start(seed)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos = {agent: {} for agent in self.agents}
        self._picks = {}
        self._advance()

    def step(self, action) -> None:
        session = self._started()
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self.possible_agents.index(agent)
        action = int(action)
        if action not in session.legal(seat):
            raise ValueError(f"{agent} may not take action {action} now; legal: {session.legal(seat)}")
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        try:
            if session.kind() in JOINT_NODES:
                self._picks[seat] = action
                if len(self._picks) < self.players:
                    self.agent_selection = self.possible_agents[self._next_picker()]
                    return
                picks, self._picks = self._picks, {}
                session.apply_joint([picks[s] for s in range(self.players)])
            else:
                session.apply(action)
            self._advance()
        except StepBudgetExceeded:
            self.truncations = {a: True for a in self.agents}
        if self.render_mode == "human":
            self.render()

    def _next_picker(self) -> int:
        return next(seat for seat in range(self.players) if seat not in self._picks)

    def _advance(self) -> None:
        """Resolve chance (and races) with the environment's generator up to the next decision."""
        kind = self._resolve_chance()
        if kind == TERMINAL:
            returns = self.session.returns()
            self.rewards = {agent: float(returns[seat]) for seat, agent in enumerate(self.possible_agents)}
            self.terminations = {agent: True for agent in self.agents}
            self._accumulate_rewards()
            self.agent_selection = self.agents[0]
        elif kind in JOINT_NODES:
            self.agent_selection = self.possible_agents[self._next_picker()]
        else:
            self.agent_selection = self.possible_agents[self.session.state.current_player()]

    # ---- views
    def observe(self, agent: str) -> dict:
        session = self._started()
        seat = self.possible_agents.index(agent)
        if session.kind() in JOINT_NODES:  # every seat picks in this cycle: each has its mask until it has
            picking = seat not in self._picks and not self.truncations.get(agent, True)
        else:
            picking = agent == self.agent_selection and not self.terminations.get(agent, True)
        return self._observation(seat, picking)

    def _viewer(self) -> int:
        return self.possible_agents.index(self.agent_selection)


class RulespecParallelEnv(_Game, ParallelEnv):
    """PettingZoo's parallel API: ``step({agent: action})`` for every live agent at once.

    At a decision made in secret and together (``by each player``) or a claim window, every agent's
    action counts (a seat with nothing to do there picks "wait", the only action its mask allows); at a
    decision of one seat only that agent's action counts, the others' masks are all zero and their
    actions are not read. Chance is drawn by the environment's generator between steps; the returns are
    paid when the game ends, and then every agent is done."""

    metadata = {"render_modes": RENDER_MODES, "name": "rulespec", "is_parallelizable": True}

    def __init__(self, name_or_path, players: Optional[int] = None, variants: Sequence[str] = (),
                 options: Optional[dict[str, Union[str, int]]] = None, render_mode: Optional[str] = None):
        self._configure(name_or_path, players, variants, options, render_mode)

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> tuple[dict, dict]:
        self._start(seed)
        self._resolve_chance()
        return self._observations(), {agent: {} for agent in self.agents}

    def _deciding(self) -> list[int]:
        """The seats whose action the next step reads."""
        kind = self.session.kind()
        if kind in JOINT_NODES:
            return list(range(self.players))
        return [self.session.state.current_player()] if kind == SEAT_NODE else []

    def _observations(self) -> dict:
        deciding = self._deciding()
        return {agent: self._observation(seat, seat in deciding) for seat, agent in enumerate(self.possible_agents)
                if agent in self.agents}

    def step(self, actions: dict) -> tuple[dict, dict, dict, dict, dict]:
        session = self._started()
        if not self.agents:
            raise RuntimeError("the game is over: call reset() to play another")
        picks = []
        for seat in self._deciding():
            agent = self.possible_agents[seat]
            if actions.get(agent) is None:
                raise ValueError(f"{agent} decides now: step() needs its action; legal: {session.legal(seat)}")
            pick = int(actions[agent])
            if pick not in session.legal(seat):
                raise ValueError(f"{agent} may not take action {pick} now; legal: {session.legal(seat)}")
            picks.append(pick)
        live = self.agents
        rewards = {agent: 0.0 for agent in live}
        over = truncated = False
        try:
            if session.kind() in JOINT_NODES:
                session.apply_joint(picks)
            else:
                session.apply(picks[0])
            over = self._resolve_chance() == TERMINAL
        except StepBudgetExceeded:
            truncated = True
        if over:
            returns = session.returns()
            rewards = {agent: float(returns[seat]) for seat, agent in enumerate(self.possible_agents)}
        observations = self._observations()
        self.agents = [] if over or truncated else live
        if self.render_mode == "human":
            self.render()
        return (observations, rewards, {agent: over for agent in live}, {agent: truncated for agent in live},
                {agent: {} for agent in live})

    def _viewer(self) -> int:
        deciding = self._deciding()
        return deciding[0] if deciding else 0


class RulespecVectorEnv:
    """``num_envs`` games of one configuration, stepped in one call, with observations stacked as arrays.

    ``reset(seed)`` starts every game (game i seeded ``seed + i``) and returns ``(observations, infos)``:
    ``observations["observation"]`` is float32 ``(num_envs, players, tensor size)`` and
    ``observations["action_mask"]`` int8 ``(num_envs, players, actions)``, each game's seats as its
    parallel environment shows them. ``step(actions)`` takes ints ``(num_envs, players)`` (a seat's
    entry is read only where its mask has a 1) and returns ``(observations, rewards (num_envs, players),
    terminations (num_envs,), truncations (num_envs,), infos)``. A game that ends is started again at
    once: its row then shows the new game, and ``infos[i]`` has the ended game's ``final_observation``."""

    def __init__(self, name_or_path, num_envs: int, players: Optional[int] = None, variants: Sequence[str] = (),
                 options: Optional[dict[str, Union[str, int]]] = None):
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise ValueError(f"num_envs is a positive int, not {num_envs!r}")
        self.num_envs = num_envs
        self.envs = [RulespecParallelEnv(name_or_path, players, variants, options) for _ in range(num_envs)]
        first = self.envs[0]
        self.players, self.possible_agents = first.players, first.possible_agents
        self.single_observation_space = first.observation_space(first.possible_agents[0])
        self.single_action_space = first.action_space(first.possible_agents[0])

    def _stack(self, observations: list[dict]) -> dict:
        return {part: np.stack([np.stack([obs[agent][part] for agent in self.possible_agents])
                                for obs in observations]) for part in ("observation", "action_mask")}

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> tuple[dict, list[dict]]:
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, np.integer))):
            raise TypeError(f"reset(seed=...) takes an int or None, not {seed!r}")
        results = [env.reset(None if seed is None else int(seed) + i) for i, env in enumerate(self.envs)]
        return self._stack([obs for obs, _ in results]), [{} for _ in self.envs]

    def step(self, actions) -> tuple[dict, np.ndarray, np.ndarray, np.ndarray, list[dict]]:
        actions = np.asarray(actions)
        if actions.shape != (self.num_envs, self.players):
            raise ValueError(f"step() takes actions of shape {(self.num_envs, self.players)}, not {actions.shape}")
        observations, infos = [], []
        rewards = np.zeros((self.num_envs, self.players), np.float32)
        terminations = np.zeros(self.num_envs, bool)
        truncations = np.zeros(self.num_envs, bool)
        for i, env in enumerate(self.envs):
            chosen = {agent: int(actions[i, seat]) for seat, agent in enumerate(self.possible_agents)}
            obs, reward, terminated, truncated, _ = env.step(chosen)
            rewards[i] = [reward[agent] for agent in self.possible_agents]
            terminations[i] = any(terminated.values())
            truncations[i] = any(truncated.values())
            info = {}
            if not env.agents:  # over: the next game starts at once, on the same generator
                info["final_observation"] = obs
                obs, _ = env.reset()
            observations.append(obs)
            infos.append(info)
        return self._stack(observations), rewards, terminations, truncations, infos

    def close(self) -> None:
        for env in self.envs:
            env.close()


# ---- pictures

def board_image(state) -> np.ndarray:
    """The position as an RGB image (uint8, height x width x 3): each board as the rules site draws it
    (rulespec/docs/svg.py), the first with the counters and public zones under it; a game without a board
    is those lines alone. The SVG is rendered to pixels by resvg."""
    from ..docs.svg import board_svg, engine_picture, table_lines
    engine = state.game
    pictures = [board_svg(engine_picture(engine, board, state.players, state=state, table=board == 0))
                for board in range(len(engine.BOARDS))]
    if not pictures:
        lines = list(table_lines(engine, state)) or ["nothing on the table is public"]
        pictures = [_lines_svg([engine.TITLE + (", over" if state.is_terminal() else "")] + lines)]
    images = [_raster(svg) for svg in pictures]
    width = max(image.shape[1] for image in images)
    padded = [np.pad(image, ((0, 0), (0, width - image.shape[1]), (0, 0)), constant_values=255) for image in images]
    return np.ascontiguousarray(np.concatenate(padded, axis=0))


def _lines_svg(lines: Sequence[str]) -> str:
    from ..docs.escape import xml_text
    width = 40 + 8 * max(len(line) for line in lines)
    body = "".join(f'<text x="20" y="{30 + 22 * i}">{xml_text(line)}</text>' for i, line in enumerate(lines))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{20 + 22 * len(lines)}" '
            f'font-family="sans-serif" font-size="14">{body}</svg>')


def _raster(svg: str) -> np.ndarray:
    import resvg_py
    from PIL import Image
    png = resvg_py.svg_to_bytes(svg_string=svg, background="#ffffff")
    return np.asarray(Image.open(io.BytesIO(bytes(png))).convert("RGB"), dtype=np.uint8)


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
