"""Ways to play a state (random, greedy), payoffs from a ranking, and the run-time budgets of a whole game."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Optional, Sequence

from .common import CHANCE, RuleRuntimeError
from .pending import Action, Pending

if TYPE_CHECKING:
    from .engine import Engine
    from .state import State

def random_step(state: State, rng: random.Random) -> Action:
    """The action ``random_game`` takes: a chance outcome by its odds, or one offered action uniformly.
    Every tool that plays "like random_game" (play --watch, simulate, benchmarks) uses this, so one
    seed gives one game everywhere."""
    pending = state._pending if state._pending is not None else state._offer()
    if pending is None:
        rng.randrange(0)  # nothing to decide: raises, as picking from no legal actions always has
    return pending.pick(_random_index(pending, rng))


def _random_index(pending: Pending, rng: random.Random) -> int:
    """The entry random_step takes: one of legal_actions() uniformly, or a chance outcome by its odds."""
    if pending.seat != CHANCE:
        return rng.randrange(pending.count)
    # The same walk as over chance_outcomes(), without Fractions: the probabilities w/total add
    # up to exactly 1, and float(Fraction(w, total)) is w / total (both correctly rounded).
    count = pending.count
    weights = pending.weights
    pick = rng.random()
    chosen = count - 1
    if weights is None:  # every weight 1: the total is the count
        share = 1 / count
        for index in range(count):
            pick -= share
            if pick < 0:
                chosen = index
                break
    else:
        total = sum(weights)
        for index, weight in enumerate(weights):
            pick -= weight / total
            if pick < 0:
                chosen = index
                break
    return chosen


def zero_sum_returns(ranks: Sequence[int], players: int) -> list[float]:
    """+1 / 0 / -1 from a ranking (1 = first), zero-sum: each seat scores +1 for every seat it ranks above and
    -1 for every seat ranked above it, divided by players - 1; tied seats share, a draw is 0 for all."""
    if players < 2:
        return [0.0] * players
    return [sum((ranks[other] > ranks[seat]) - (ranks[other] < ranks[seat]) for other in range(players))
            / (players - 1) for seat in range(players)]


def greedy_step(state: State, rng: random.Random, sample: int = 24, seat: Optional[int] = None) -> Action:
    """A one-step greedy player for simulations, knowing nothing of the game: chance as ``random_step``;
    a decision tries up to ``sample`` offered actions (drawn at random) on clones and takes the one that
    leaves the acting seat best placed by the declared ranking chain right after it, ties at random.
    ``seat``: choose among that seat's own actions only (its claim in a window any seat may act in)."""
    if seat is None and state.is_chance_node():
        return random_step(state, rng)
    actions = state.legal_actions() if seat is None else state.legal_actions(seat)
    if len(actions) > sample:
        actions = rng.sample(actions, sample)
    engine = state._engine
    best, chosen = None, []
    for action in actions:
        after = state.clone()
        after.apply(action)
        scored = seat if seat is not None else action.player if action.player >= 0 else 0
        key = engine._rank_keys(after, after._over or {"winners": []})[scored]
        if best is None or key < best:
            best, chosen = key, [action]
        elif key == best:
            chosen.append(action)
    return chosen[rng.randrange(len(chosen))]


# ----------------------------------------------------------------------------- run-time budgets
#
# A rule file that passes `check` may still describe a game that never ends (players who may pass
# forever, a turn that loops back to itself) or an automatic step that never reaches a decision.
# Four budgets turn each into a RuleRuntimeError instead of a hang (or a crash):
#
# * the step budget of a whole game (random_game, `rulespec play`, `verify`'s termination check,
#   `simulate`): STEPS_PER_TURN_PER_PLAYER x (MAX_TURNS + 1) x players x legs of a match when the rule
#   file declares `at most N turns` (the + 1 is set-up), at most MAX_DEFAULT_STEPS, else
#   DEFAULT_MAX_STEPS; and where the rule file's form bounds a game's moves (Engine.MAX_MOVES, worked
#   out by rulespec/model/moves.py), that bound; see default_max_steps;
# * the automatic-step budget of one apply() (or new_game()): Engine.MAX_AUTO_STEPS, in _advance;
# * the loop budget of one apply(): Engine.MAX_LOOP_TURNS turns of `repeat` and `for each`, in State.loop;
# * the depth of triggers fired inside one another: Engine.MAX_TRIGGER_DEPTH, in State._placed.

# The bundled games' busiest turn takes about 40 steps per player (Shrimp's set-up dealing 81 cards);
# a typical turn takes 1 to 5. 100 leaves room for a game whose every turn is that busy.
STEPS_PER_TURN_PER_PLAYER = 100
DEFAULT_MAX_STEPS = 1_000_000  # a game that declares no turn limit
# The most the default budget of any game may be, whatever its turn limit, players and legs (the formula
# reaches 10**9 for 100 players and `at most 100000 turns`). A runtime plays some 250,000 steps a second:
# a game that never ends is stopped within seconds. The bundled games' largest default is 960,800
# (Shell We?'s two-legged match for 4 players) and their longest random games take under 1,000 steps.
MAX_DEFAULT_STEPS = 2_000_000


def default_max_steps(game: Engine, players: int) -> int:
    """The step budget of one whole ``players``-player game of ``game`` (see the notes above)."""
    bound = game.MAX_MOVES.get(players)
    if bound is not None:  # no game of this form takes more (the adapters' max_game_length)
        return bound
    if game.MAX_TURNS is None:
        return DEFAULT_MAX_STEPS
    legs = len(game.MATCH[0]) if game.MATCH is not None else 1
    return min(STEPS_PER_TURN_PER_PLAYER * (game.MAX_TURNS + 1) * players * legs, MAX_DEFAULT_STEPS)


class StepBudgetExceeded(RuleRuntimeError):
    """A whole game went on past its step budget (``max_steps``; see default_max_steps)."""

    def __init__(self, max_steps: int, max_turns: Optional[int]):
        bound = f"a game of at most {max_turns} turns" if max_turns is not None else \
            "a game that declares no turn limit"
        super().__init__(f"no end after {max_steps} steps (the budget for {bound}); raise it with --max-steps")
        self.max_steps, self.max_turns = max_steps, max_turns


def random_game(game: Engine, players: Optional[int] = None, seed: int = 0, max_steps: Optional[int] = None) -> State:
    """Play a whole game: chance by its probabilities, each choice uniformly, all from one seeded RNG.
    More than ``max_steps`` steps (None: default_max_steps) raise StepBudgetExceeded."""
    rng = random.Random(seed)
    state = game.new_game(players)
    if max_steps is None:
        max_steps = default_max_steps(game, state.players)
    steps = 0
    while state._over is None:  # not state.is_terminal(): apply(random_step(state, rng)), without making Actions
        if steps >= max_steps:
            raise StepBudgetExceeded(max_steps, game.MAX_TURNS)
        pending = state._pending if state._pending is not None else state._offer()
        if pending is None:
            rng.randrange(0)  # nothing to decide: raises, as random_step does
        state._play(pending, rng.randrange(pending.count) if pending.seat != CHANCE else _random_index(pending, rng))
        steps += 1
    return state
