"""A generic Monte Carlo tree search player for any rulespec engine (``rulespec simulate --policy mcts``).

UCT over the engine's own states: each decision runs ``rollouts`` simulations from a copy of the
state; a simulation walks the tree by UCB1 (each action scored for the seat that takes it, so a claim
window, where any seat may act, is searched like any other decision), samples chance outcomes by
their odds, then plays at random to the end of the game and scores it by the final +1 / 0 / -1 of the
ranking. A random game that has not ended within the game's step budget (or within ``depth`` steps,
when a depth is given) is cut there and scored by the same scheme applied to the declared ranking
chain as it stands then (State.standing(): the rules' own scores, what the greedy player reads). The
action taken is the most visited, ties broken by the better mean value. Nothing is game-specific.

It searches the true state, hidden zones included (as OpenSpiel's MCTSBot does on a state): a strong
seat for simulations, not a fair opponent. With open_spiel installed, OpenSpiel's own MCTSBot runs on
any rule file through rulespec.openspiel (see the site page "Use a game in OpenSpiel / PettingZoo").
"""

from __future__ import annotations

import math
import random
from typing import Optional

from ..adapters.core import ranking_returns
from ..runtime.engine import CHANCE, Action, State, default_max_steps, random_step

ROLLOUTS = 24  # simulations per decision, by default
# Random steps of a simulation before the position is scored: None plays to the end of the game (random
# games of every bundled game end within a few hundred steps), bounded by the game's step budget.
DEPTH: Optional[int] = None
EXPLORATION = 0.25  # low: the RAVE estimate already spreads the search (1.4 won 3 of 6 on Hex 11, 0.25 10 of 10)
# How many simulations an action's own mean needs before it outweighs what the simulations through its
# node learnt of it played later (RAVE's "all moves as first" estimate: the weight of that estimate is
# sqrt(RAVE_EQUIVALENCE / (3 * visits + RAVE_EQUIVALENCE))).
RAVE_EQUIVALENCE = 300


class _Node:
    __slots__ = ("actions", "visits", "totals", "counts", "children", "ids", "amaf_totals", "amaf_counts")

    def __init__(self, actions: list[Action]):
        self.actions = actions
        self.visits = 0
        self.totals = [0.0] * len(actions)
        self.counts = [0] * len(actions)
        self.children: dict[tuple, "_Node"] = {}  # (action index, chance outcomes after it) -> node
        # An action by who takes it and its text, so that the same move played later in a simulation (by
        # the same seat) counts for it: (player, text) -> index
        self.ids = {(action.player, action.text): index for index, action in enumerate(actions)}
        self.amaf_totals = [0.0] * len(actions)
        self.amaf_counts = [0] * len(actions)

    def select(self, rng: random.Random) -> int:
        """UCB1 on each action's mean blended with its all-moves-as-first mean (RAVE); an action tried
        neither way first, in a random order."""
        untried = [i for i in range(len(self.actions)) if self.counts[i] == 0 and self.amaf_counts[i] == 0]
        if untried:
            return rng.choice(untried)
        log = math.log(self.visits + 1)
        best, chosen = -math.inf, 0
        for index in range(len(self.actions)):
            count, amaf = self.counts[index], self.amaf_counts[index]
            beta = math.sqrt(RAVE_EQUIVALENCE / (3 * count + RAVE_EQUIVALENCE)) if amaf else 0.0
            mean = self.totals[index] / count if count else 0.0
            amaf_mean = self.amaf_totals[index] / amaf if amaf else 0.0
            score = (1 - beta) * mean + beta * amaf_mean + EXPLORATION * math.sqrt(log / (count + 1))
            if score > best:
                best, chosen = score, index
        return chosen

    def update(self, index: int, value: float, later: list[tuple], values: list[float]) -> None:
        """Back up a simulation: the action taken here, and every action of this node that its seat took
        later in the same simulation (``later``: (player, text) in order), once each."""
        self.visits += 1
        self.counts[index] += 1
        self.totals[index] += value
        seen = set()
        for move in later:
            other = self.ids.get(move)
            if other is not None and other not in seen:
                seen.add(other)
                self.amaf_counts[other] += 1
                self.amaf_totals[other] += values[move[0]]


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


def _roll_out(state: State, rng: random.Random, depth: Optional[int], moves: list[tuple]) -> None:
    """Random play from ``state`` to the end, or for ``depth`` steps (None: the game's step budget); each
    seat's move, (player, text), is added to ``moves``."""
    steps = default_max_steps(state.game, state.players) if depth is None else depth
    for _ in range(steps):
        if state.is_terminal():
            return
        action = random_step(state, rng)
        if action.player != CHANCE:
            moves.append((action.player, action.text))
        state.apply(action)


def _simulate(node: _Node, state: State, rng: random.Random, depth: Optional[int]) -> list[float]:
    path, moves = [], []  # the tree's nodes and choices; every seat's move of the simulation
    while True:
        index = node.select(rng)
        action = node.actions[index]
        path.append((node, index, action.player, len(moves)))
        moves.append((action.player, action.text))
        state.apply(action)
        key = (index, _resolve_chance(state, rng))
        if state.is_terminal():
            break
        child = node.children.get(key)
        if child is None:  # expand one node per simulation, then roll out
            node.children[key] = _Node(state.legal_actions())
            _roll_out(state, rng, depth, moves)
            break
        node = child
    values = _score(state)
    for visited, index, player, at in path:
        visited.update(index, values[player], [move for move in moves[at:] if move[0] == player], values)
    return values


def mcts_step(state: State, rng: random.Random, rollouts: int = ROLLOUTS, depth: Optional[int] = DEPTH,
              seat: Optional[int] = None) -> Action:
    """The action the search prefers (the most visited, then the best mean value; ``seat``: among that
    seat's own actions, as in a claim window); chance as random_step. The same seed gives the same choice."""
    if state.is_chance_node():
        return random_step(state, rng)
    actions = state.legal_actions(seat)
    if len(actions) == 1:
        return actions[0]
    root = _Node(actions)
    for _ in range(max(rollouts, 1)):
        _simulate(root, state.clone(), rng, depth)
    return actions[_preferred(root)]


def _preferred(root: _Node) -> int:
    """The index of the most visited action, ties (as when there are more actions than simulations) to
    the better mean value, then to the first."""
    return max(range(len(root.actions)),
               key=lambda i: (root.counts[i], root.totals[i] / root.counts[i] if root.counts[i] else -math.inf, -i))


def mcts_policy(rollouts: int = ROLLOUTS, depth: Optional[int] = DEPTH):
    """A policy ``(state, rng) -> Action`` with this budget, as simulate's POLICIES take."""
    def choose(state: State, rng: random.Random) -> Action:
        return mcts_step(state, rng, rollouts, depth)
    return choose


def play_against_random(engine, players: int, seed: int, mcts_seat: int, rollouts: int = ROLLOUTS,
                        depth: Optional[int] = DEPTH, max_steps: Optional[int] = None) -> dict:
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
