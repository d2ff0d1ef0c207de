"""A generic Monte Carlo tree search player for any rulespec engine (``rulespec simulate --policy mcts``).

UCT over the engine's own states: each decision runs ``rollouts`` simulations from a copy of the
state; a simulation walks the tree by UCB1 (each action scored for the seat that takes it, so a claim
window, where any seat may act, is searched like any other decision), samples chance outcomes by
their odds, then plays at random for at most ``depth`` steps and scores the position reached: the
final +1 / 0 / -1 of the ranking if the game ended, otherwise the same scheme applied to the declared
ranking chain as it stands then (what the greedy player reads). Nothing is game-specific.

It searches the true state, hidden zones included (as OpenSpiel's MCTSBot does on a state): a strong
seat for simulations, not a fair opponent. With open_spiel installed, OpenSpiel's own MCTSBot runs on
any rule file through rulespec.openspiel (see the site page "Use a game in OpenSpiel / PettingZoo").
"""

from __future__ import annotations

import math
import random
from typing import Optional

from ..adapters.core import ranking_returns
from ..runtime.engine import CHANCE, Action, State, random_step

ROLLOUTS = 24  # simulations per decision, by default
DEPTH = 40  # random steps of a simulation before the position is scored
EXPLORATION = 1.4


class _Node:
    __slots__ = ("actions", "visits", "totals", "counts", "children")

    def __init__(self, actions: list[Action]):
        self.actions = actions
        self.visits = 0
        self.totals = [0.0] * len(actions)
        self.counts = [0] * len(actions)
        self.children: dict[tuple, "_Node"] = {}  # (action index, chance outcomes after it) -> node

    def select(self, rng: random.Random) -> int:
        if self.visits < len(self.actions):  # every action once first, in a random order
            return rng.choice([i for i, c in enumerate(self.counts) if c == 0])
        log = math.log(self.visits)
        best, chosen = -math.inf, 0
        for index in range(len(self.actions)):
            count = self.counts[index]
            score = self.totals[index] / count + EXPLORATION * math.sqrt(log / count)
            if score > best:
                best, chosen = score, index
        return chosen


def _resolve_chance(state: State, rng: random.Random) -> tuple:
    """Sample chance up to the next decision; the outcomes drawn (a child of the tree is one action
    followed by one run of outcomes, so that its actions are the ones offered then)."""
    drawn = []
    while not state.is_terminal() and state.is_chance_node():
        action = random_step(state, rng)
        drawn.append(action.text)
        state.apply(action)
    return tuple(drawn)


def _score(state: State) -> list[float]:
    """Each seat's value of a position: the ranking's returns, at the end or as the ranking stands now."""
    if state.is_terminal():
        return ranking_returns(state.outcome(), state.players)
    return ranking_returns({"ranking": state.standing()}, state.players)


def _simulate(node: _Node, state: State, rng: random.Random, depth: int) -> list[float]:
    path = []
    while True:
        index = node.select(rng)
        action = node.actions[index]
        path.append((node, index, action.player))
        state.apply(action)
        key = (index, _resolve_chance(state, rng))
        if state.is_terminal():
            break
        child = node.children.get(key)
        if child is None:  # expand one node per simulation, then roll out
            node.children[key] = _Node(state.legal_actions())
            for _ in range(depth):
                if state.is_terminal():
                    break
                state.apply(random_step(state, rng))
            break
        node = child
    values = _score(state)
    for visited, index, player in path:
        visited.visits += 1
        visited.counts[index] += 1
        visited.totals[index] += values[player]
    return values


def mcts_step(state: State, rng: random.Random, rollouts: int = ROLLOUTS, depth: int = DEPTH,
              seat: Optional[int] = None) -> Action:
    """The action the search prefers (the most visited; ``seat``: among that seat's own actions, as in a
    claim window); chance as random_step. The same seed gives the same choice."""
    if state.is_chance_node():
        return random_step(state, rng)
    actions = state.legal_actions(seat)
    if len(actions) == 1:
        return actions[0]
    root = _Node(actions)
    for _ in range(max(rollouts, 1)):
        _simulate(root, state.clone(), rng, depth)
    most = max(root.counts)
    return actions[next(i for i, c in enumerate(root.counts) if c == most)]


def mcts_policy(rollouts: int = ROLLOUTS, depth: int = DEPTH):
    """A policy ``(state, rng) -> Action`` with this budget, as simulate's POLICIES take."""
    def choose(state: State, rng: random.Random) -> Action:
        return mcts_step(state, rng, rollouts, depth)
    return choose


def play_against_random(engine, players: int, seed: int, mcts_seat: int, rollouts: int = ROLLOUTS,
                        depth: int = DEPTH, max_steps: Optional[int] = None) -> dict:
    """One seeded game: ``mcts_seat`` searches, every other seat plays at random (a claim window's
    action is asked of the searching seat's policy only when it picks one of its own actions; otherwise
    the window is played at random among the other seats' actions and the searcher's; at a simultaneous
    decision every seat chooses on the same state, before any choice is applied)."""
    from ..runtime.engine import ANY_PLAYER, SIMULTANEOUS, StepBudgetExceeded, default_max_steps
    rng = random.Random(seed)
    state = engine.new_game(players)
    budget = default_max_steps(engine, players) if max_steps is None else max_steps
    steps = 0
    while not state.is_terminal():
        if steps >= budget:
            raise StepBudgetExceeded(budget, engine.MAX_TURNS)
        player = state.current_player()
        if player == CHANCE:
            action = random_step(state, rng)
        elif player == mcts_seat:
            action = mcts_step(state, rng, rollouts, depth)
        elif player == ANY_PLAYER:
            # a race: the searcher's preferred claim (if any) and each other seat's random claim are
            # equally fast; one of them, drawn uniformly, is applied
            mine = state.legal_actions(mcts_seat)
            claims = [rng.choice(state.legal_actions(seat)) for seat in range(players)
                      if seat != mcts_seat and state.legal_actions(seat)]
            if mine:
                claims.append(mcts_step(state, rng, rollouts, depth, seat=mcts_seat))
            action = rng.choice(claims)
        elif player == SIMULTANEOUS:
            # every seat still to choose decides on this same state, so that nobody's search or draw sees
            # another's secret choice; the choices are then applied (the last one carries them out)
            picks = [mcts_step(state, rng, rollouts, depth, seat=seat) if seat == mcts_seat
                     else rng.choice(state.legal_actions(seat)) for seat in state.simultaneous_seats()]
            for pick in picks[:-1]:
                state.apply(pick)
            action = picks[-1]
        else:
            action = random_step(state, rng)
        state.apply(action)
        steps += 1
    return state.outcome()
