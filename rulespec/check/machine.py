"""The Hypothesis state machine that plays games of one engine and checks every property after every
step (rulespec/check/properties.py). :func:`state_machine` makes its class for one engine and player
count; CI suites run it directly (``Machine.TestCase``) or through rulespec.check.verify.verify."""

from __future__ import annotations

import functools
import random
import re
import zlib
from pathlib import Path
from typing import Callable, Optional, Sequence, Union

from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from ..runtime.engine import Action, Engine, State
from .counterexamples import load_engine
from .properties import Checks, playable_actions

DEFAULT_FAST_FORWARD = 200
_SEEDS = st.integers(0, 2 ** 32 - 1)


def _class_name(game: Engine, players: int) -> str:
    words = re.findall(r"[A-Za-z0-9]+", game.TITLE) or ["Game"]
    options = "".join(f"{k.title()}{v}" for k, v in sorted(game._option_values.items()))
    return "".join(w[:1].upper() + w[1:] for w in words) + f"{players}Players{re.sub(r'[^A-Za-z0-9]', '', options)}"


def _step(function: Callable) -> Callable:
    """A state machine step that marks the machine busy while it runs (see EngineMachine.teardown)."""

    @functools.wraps(function)
    def run(self, *args, **kwargs):
        self.busy = True
        function(self, *args, **kwargs)
        self.busy = False

    return run


def _in_play(machine: "EngineMachine") -> bool:
    return not machine.state.is_terminal()


class EngineMachine(RuleBasedStateMachine):
    """The rules of every engine's machine. :func:`state_machine` makes a class of it for one engine and
    player count, which sets ``game``, ``players``, ``checks`` and ``on_example`` and adds the
    ``fast_forward`` rule, whose range of steps is its own. (Hypothesis takes the rules in the order
    of their names, wherever a class defines them.)"""

    game: Engine
    players: int
    checks: Checks
    on_example: Optional[Callable[[], None]] = None  # called as each example ends (a staticmethod when set)

    def __init__(self) -> None:
        super().__init__()
        self.state: State = self.game.new_game(self.players)
        self.shadow: Optional[State] = None
        self.stale: list[Action] = []
        self.made = {"whole game": False, "in play": False}  # the two games every example makes
        self.busy = False  # a step that raises leaves this set: teardown then adds nothing

    def _check(self) -> None:
        self.shadow = self.checks.full(self.state, self.stale, self.shadow)

    @initialize()
    @_step
    def check_the_new_game(self) -> None:
        self._check()

    # exactly once per example: an initializer, so every example plays a finished game (a rule might
    # never be drawn in a short run, and a test asking whether termination was checked would be luck)
    @initialize(seed=_SEEDS)
    @_step
    def whole_random_game(self, seed: int) -> None:
        self.made["whole game"] = True
        self.checks.termination(seed)

    # and likewise a game in play with something hidden, where hidden_information can test a swap
    @initialize(seed=_SEEDS)
    @_step
    def hidden_information_in_play(self, seed: int) -> None:
        self.made["in play"] = True
        self.checks.hidden_information_in_play(seed)

    @precondition(_in_play)
    @rule(data=st.data())
    @_step
    def take_action(self, data) -> None:
        offered = playable_actions(self.state)
        label = "chance outcome" if self.state.is_chance_node() else "action"
        action = data.draw(st.sampled_from(offered), label=label)
        self.checks.apply(self.state, action)
        self.stale = offered
        self._check()

    def play_forward(self, steps: int, seed: int) -> None:
        """The body of the ``fast_forward`` rule: ``steps`` seeded random steps, each checked."""
        self.checks.playout(self.state, random.Random(seed), steps - 1)
        if not self.state.is_terminal():  # the last step by hand, to know what was offered before it
            offered = playable_actions(self.state)
            self.checks.apply(self.state, random.Random(seed + 1).choice(offered))
            self.stale = offered
        self._check()

    @precondition(lambda self: self.state.is_terminal())
    @rule()
    @_step
    def new_game(self) -> None:
        self.state = self.game.new_game(self.players)
        self.shadow = None
        self.stale = []
        self._check()

    @invariant()
    @_step
    def cheap_properties(self) -> None:
        self.checks.cheap(self.state)

    def teardown(self) -> None:
        # Initializers count as steps: Hypothesis may end an example before all of them ran (fewer
        # steps allowed than there are initializers, or its rare early stop). The games they make
        # are made here then, seeded by the example's history, unless the example is failing.
        if self.busy:  # (an example Hypothesis cut short, out of data, does not count: don't report it)
            return
        seed = zlib.crc32("\n".join(self.state.history).encode("utf-8"))
        if not self.made["whole game"]:
            self.checks.termination(seed)
        if not self.made["in play"]:
            self.checks.hidden_information_in_play(seed)
        if self.on_example is not None:
            self.on_example()


def state_machine(name_or_path: Union[str, Path, Engine], players: int, options: Optional[dict[str, str]] = None,
                  variants: Sequence[str] = (), *, fast_forward: int = DEFAULT_FAST_FORWARD,
                  max_game_steps: Optional[int] = None, max_applies: Optional[int] = None,
                  counts: Optional[dict[str, int]] = None,
                  on_example: Optional[Callable[[], None]] = None) -> type[RuleBasedStateMachine]:
    """A ``RuleBasedStateMachine`` class that plays ``players``-player games of one engine and checks
    every property after every step. Every example starts by checking the new game, by playing one
    whole random game to its end (termination, within ``max_game_steps`` steps; None: the runtime's
    default for the game) and by checking hidden information in a seeded game in play (see
    :meth:`Checks.hidden_information_in_play`); then its rules take one offered action (chance
    outcomes drawn like choices), fast-forward up to ``fast_forward`` seeded random steps, or start a
    new game once the current one is over. ``max_applies`` caps how many offered actions are tried on clones at one step
    (a window that moves on with every step; None tries them all). ``on_example`` is called as each
    example ends (Hypothesis runs the examples; this counts them for a progress bar)."""
    if isinstance(name_or_path, Engine):
        game, source = name_or_path, name_or_path.GAME_ID
    else:
        game, source = load_engine(name_or_path, variants, options), str(name_or_path)
    if not game.MIN_PLAYERS <= players <= game.MAX_PLAYERS:
        raise ValueError(f"{game.TITLE} is played by {game.MIN_PLAYERS} to {game.MAX_PLAYERS} players, not {players}")
    max_forward = max(1, fast_forward)

    class Machine(EngineMachine):
        @precondition(_in_play)
        @rule(steps=st.integers(1, max_forward), seed=_SEEDS)
        @_step
        def fast_forward(self, steps: int, seed: int) -> None:
            self.play_forward(steps, seed)

    Machine.__name__ = Machine.__qualname__ = _class_name(game, players)
    Machine.game = game
    Machine.players = players
    Machine.checks = Checks(game, players, source, variants, max_game_steps, counts, max_applies)
    Machine.on_example = staticmethod(on_example) if on_example is not None else None
    return Machine
