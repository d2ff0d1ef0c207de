"""Property-based verification of any generated engine.

``verify("my.rules")`` plays many games against an engine with Hypothesis and checks, after every
step, the properties every engine must have whatever the game: well-formed chance outcomes and
legal actions, refused actions leaving the state untouched, clones and JSON copies that behave
like the original, a history that replays to the same state, observations that do not depend on
what a seat cannot see, the declared turn limit, the rule file's own invariants, and games that
end. A failure comes back with the action list that reproduces it, shrunk by Hypothesis::

    report = verify("shell-we", players=3)
    print(report.render())
    state = replay("shell-we", report.failures[0].actions, players=3)

Nothing here knows about any particular game: it only uses the engine API and the tables every
generated engine has (``ZONES``, ``INVARIANTS``, ``MAX_TURNS``, ``ITEM_LABEL``).

The checks are a Hypothesis ``RuleBasedStateMachine`` built by :func:`state_machine` for one
engine, player count and set of options; CI suites can run it directly (``Machine.TestCase``) or
through :func:`verify`. A counterexample is a plain text file (:func:`save_counterexample`)::

    # game: shell-we
    # players: 3
    # options: side=B
    # variants:
    # property: invariant:no_bonus_chain
    # message: ...
    chance: draw red 10
    player 1: play red 3

and ``python -m rulespec replay FILE`` (the ``rulespec replay`` command) replays it and re-runs every
check on the state it reaches (:func:`check_state`).
"""

from __future__ import annotations

import functools
import json
import math
import random
import re
import sys
import time
import zlib
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any, Callable, Iterable, Optional, Sequence, Union

from hypothesis import HealthCheck, Phase
from hypothesis import seed as hypothesis_seed
from hypothesis import settings as Settings
from hypothesis import strategies as st
from hypothesis.reporting import with_reporter
from hypothesis.stateful import (
    RuleBasedStateMachine, initialize, invariant, precondition, rule, run_state_machine_as_test,
)

from ..output_files import output_file
from ..pipeline import load
from ..runtime.engine import (
    CHANCE, SIMULTANEOUS, Action, Engine, IllegalAction, State, StepBudgetExceeded, default_max_steps, random_game,
    random_step,
)

__all__ = [
    "PROPERTIES", "Failure", "PropertyFailure", "ReplayError", "VerifyReport", "check_state", "load_counterexample",
    "replay", "replay_and_check", "save_counterexample", "state_machine", "verify",
]

# What each property means; a rule-file invariant is reported as ``invariant:<its name>``.
PROPERTIES: dict[str, str] = {
    "chance_outcomes": "at a chance node the outcomes are non-empty, distinct, all chance's, with probabilities > 0 "
                       "summing to exactly 1, and they are the legal actions",
    "legal_actions": "legal actions are the same on every call, have distinct texts, belong to seats of the game "
                     "(or all to chance at a chance node) and are offered whenever the game is not over",
    "parse_action": "parse_action(state, str(action)) gives the action back",
    "offered_actions_apply": "every offered action applies without an error",
    "illegal_action_refused": "an action that is not offered raises IllegalAction and leaves the state unchanged",
    "clone": "a clone equals its original and changing the clone leaves the original alone",
    "json_round_trip": "a state read back from its JSON equals it, offers the same actions and plays on the same",
    "history_replay": "replaying the state's history from a new game gives the same state",
    "hidden_information": "a seat's observation does not change when only what it cannot see changes",
    "information_state": "a seat's information state (its observations, in order) is the same in two histories "
                         "that differ only in chance outcomes it cannot see, as long as the difference stays hidden",
    "secret_choices": "at a simultaneous decision a seat sees its own choice, and nothing of what the others chose",
    "observation_json": "every observation is JSON-serialisable",
    "turn_limit": "the turn number never exceeds the declared limit",
    "payoff_sum": "at the end the returns add up to what the rule file declares (`zero-sum`, `constant-sum N`)",
    "payoff_range": "at the end each seat's return lies in the range the rule file declares (`between L and H`)",
    "violations": "the runtime records no violation",
    "termination": "a whole random game ends within the step budget without an error",
    "invariant:<name>": "the rule file's invariant <name> holds",
}

DEFAULT_FAST_FORWARD = 200
COUNTEREXAMPLE_DIR = Path(".hypothesis") / "counterexamples"


# ----------------------------------------------------------------------------- failures


def _options_text(options: dict[str, str]) -> str:
    return ", ".join(f"{k}={v}" for k, v in sorted(options.items())) or "(defaults)"


@dataclass
class Failure:
    """One property that failed, with the action list that reproduces it from a new game."""

    property: str
    message: str
    players: int
    options: dict[str, str]
    actions: list[str]
    game: str = ""
    variants: tuple[str, ...] = ()
    path: Optional[Path] = None  # where the counterexample was saved, if it was

    def replay_command(self) -> str:
        if self.path is not None:
            from ..pipeline.rule_paths import folder_to_allow
            folder = folder_to_allow(self.game, [Path(), self.path.parent])  # (replay reads the game from there)
            allow = f" --allow-dir {_quote(str(folder))}" if folder is not None else ""
            return f"python -m rulespec{allow} replay {_quote(str(self.path))}"
        code = (f"from rulespec.check.verify import replay_and_check; "
                f"replay_and_check({self.game!r}, {self.actions!r}, players={self.players}, "
                f"options={dict(self.options)!r}, variants={tuple(self.variants)!r})")
        return f"python -c {_quote(code)}"

    def render(self, max_actions: Optional[int] = None) -> str:
        lines = [f"FAILED {self.property} with {self.players} players, options {_options_text(self.options)}"
                 + (f", variants {', '.join(self.variants)}" if self.variants else "")]
        meaning = PROPERTIES.get(self.property)
        if meaning is None and self.property.startswith("invariant:"):
            meaning = PROPERTIES["invariant:<name>"].replace("<name>", self.property.split(":", 1)[1])
        if meaning:
            lines.append(f"  property: {meaning}")
        lines += [f"  {line}" for line in self.message.splitlines()]
        lines.append(f"  counterexample ({len(self.actions)} action{'s' if len(self.actions) != 1 else ''} "
                     f"from a new {self.players}-player game):")
        shown = list(enumerate(self.actions, 1))
        if max_actions is not None and len(shown) > max_actions:
            head = max_actions // 2
            skipped = len(shown) - max_actions
            shown = shown[:head] + [(None, f"... {skipped} more ...")] + shown[len(shown) - (max_actions - head):]
        width = len(str(len(self.actions)))
        for number, action in shown:
            lines.append(f"    {number:>{width}}. {action}" if number is not None else f"    {'':>{width}}  {action}")
        if not self.actions:
            lines.append("    (none: it fails on the new game itself)")
        lines.append(f"  replay: {self.replay_command()}")
        return "\n".join(lines)


def _quote(text: str) -> str:
    import shlex
    return shlex.quote(text)


class PropertyFailure(AssertionError):
    """Raised by a check; carries everything a :class:`Failure` needs."""

    def __init__(self, failure: Failure):
        self.failure = failure
        super().__init__(failure.render(max_actions=400))


class ReplayError(Exception):
    """An action of a replayed list could not be applied (IllegalAction or an engine error)."""

    def __init__(self, index: int, action: str, error: BaseException, state: State):
        self.index, self.action, self.error, self.state = index, action, error, state
        super().__init__(f"action {index + 1} ({action!r}) raised {type(error).__name__}: {error}")


# ----------------------------------------------------------------------------- loading and replay

_ENGINES: dict[tuple, Engine] = {}


def _load(name_or_path: Union[str, Path], variants: Sequence[str], options: Optional[dict[str, str]]) -> Engine:
    key = (str(name_or_path), tuple(variants), tuple(sorted((options or {}).items())))
    path = Path(name_or_path)
    if path.exists():
        key += (path.stat().st_mtime_ns, path.stat().st_size)
    game = _ENGINES.get(key)
    if game is None:
        game = _ENGINES[key] = load(name_or_path, variants=tuple(variants), options=dict(options or {}))
    return game


def replay(name_or_path: Union[str, Path, Engine], actions: Iterable[str], players: int,
           options: Optional[dict[str, str]] = None, variants: Sequence[str] = ()) -> State:
    """The state reached by playing ``actions`` (``str(action)`` texts, chance outcomes included as
    ``chance: ...``) from a new game. Raises :class:`ReplayError` at the first action that fails."""
    game = name_or_path if isinstance(name_or_path, Engine) else _load(name_or_path, variants, options)
    state = game.new_game(players)
    for index, text in enumerate(actions):
        try:
            state.apply(text)
        except Exception as error:  # the failing action is often the counterexample itself
            raise ReplayError(index, text, error, state) from error
    return state


def save_counterexample(path: Union[str, Path], failure: Failure) -> Path:
    """Write ``failure`` as a counterexample file (comment header, then one action per line)."""
    folder, name = output_file(path)  # its folder made; never written through a link
    message = " | ".join(failure.message.splitlines())
    lines = [f"# game: {failure.game}", f"# players: {failure.players}",
             f"# options: {' '.join(f'{k}={v}' for k, v in sorted(failure.options.items()))}",
             f"# variants: {' '.join(failure.variants)}", f"# property: {failure.property}",
             f"# message: {message}"]
    folder.write_text(name, "\n".join(lines + list(failure.actions)) + "\n")
    return Path(path)


def load_counterexample(path: Union[str, Path], allowed_dirs: Sequence[Union[str, Path]] = ()) -> Failure:
    """Read a file written by :func:`save_counterexample` (or by hand: only `# game` and `# players`
    are required; blank lines are ignored). The game is a bundled game's name or a `.rules` file below
    the counterexample's folder, the working directory or an allowed folder (``allowed_dirs``,
    rulespec/pipeline/rule_paths.py): any other is a ValueError naming the line, and that file is not read."""
    path = Path(path)
    header: dict[str, str] = {}
    game_line = 0
    actions = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.startswith("#"):
            match = re.match(r"#\s*(\w+):\s?(.*)$", line)
            if match and match.group(1) not in header:
                header[match.group(1)] = match.group(2).strip()
                game_line = number if match.group(1) == "game" else game_line
        elif line.strip():
            actions.append(line.strip())
    if "game" not in header or "players" not in header:
        raise ValueError(f"{path}: a counterexample starts with `# game: ...` and `# players: N` lines")
    from ..pipeline.rule_paths import RulePathRefused, confined_rule_file
    try:
        near = [Path(), path.parent, *map(Path, allowed_dirs)]
        confined_rule_file(header["game"], Path(), near, "the current folder")
    except RulePathRefused as refused:
        raise ValueError(f"{path}:{game_line}: its game is {refused.name!r}, {refused.reason}; "
                         f"{refused.hint}") from None
    options = dict(part.split("=", 1) for part in header.get("options", "").split() if "=" in part)
    return Failure(property=header.get("property", ""), message=header.get("message", ""),
                   players=int(header["players"]), options=options, actions=actions, game=header["game"],
                   variants=tuple(header.get("variants", "").split()), path=path)


# ----------------------------------------------------------------------------- the checks


def _violation_property(game: Engine, text: str) -> str:
    for inv in game.INVARIANTS:
        if text.startswith(f"{inv.name}:"):
            return f"invariant:{inv.name}"
    return "violations"


def _short(value: Any, limit: int = 200) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "..."


def _first_difference(a: Any, b: Any, path: str = "") -> Optional[str]:
    where = path or "<whole>"
    if type(a) is not type(b):
        return f"{where}: {_short(a)} != {_short(b)}"
    if isinstance(a, dict):
        for key in sorted(set(a) | set(b), key=str):
            if key not in a or key not in b:
                return f"{path}/{key}: only in {'the first' if key in a else 'the second'}"
            found = _first_difference(a[key], b[key], f"{path}/{key}")
            if found:
                return found
        return None
    if isinstance(a, (list, tuple)):
        if len(a) != len(b):
            return f"{where}: {len(a)} entries != {len(b)}: {_short(a)} != {_short(b)}"
        for i, (x, y) in enumerate(zip(a, b)):
            found = _first_difference(x, y, f"{path}[{i}]")
            if found:
                return found
        return None
    return None if a == b else f"{where}: {_short(a)} != {_short(b)}"


def _offered(state: State) -> list[Action]:
    """What may be played now: the legal actions, or the chance outcomes with p > 0."""
    if state.is_chance_node():
        return [a for a, p in state.chance_outcomes() if p > 0]
    return list(state.legal_actions())


def _pick_weighted(outcomes: list[tuple[Action, Fraction]], rng: random.Random, exact: bool = True) -> Action:
    # exact: the same draw as rulespec.random_game, so a playout and random_game agree for one seed
    total = float(sum(p for _, p in outcomes)) if exact else 1.0
    pick = rng.random() * total
    chosen = outcomes[-1][0]
    for action, probability in outcomes:
        pick -= float(probability)
        if pick < 0:
            chosen = action
            break
    return chosen


class Checks:
    """Every property for one engine and player count, as functions of a state that raise
    :class:`PropertyFailure`. The cheap ones run after every step, the full set after every rule
    of the state machine (see :func:`state_machine`)."""

    def __init__(self, game: Engine, players: int, source: str, variants: Sequence[str] = (),
                 max_game_steps: Optional[int] = None, counts: Optional[dict[str, int]] = None,
                 max_applies: Optional[int] = None):
        self.game = game
        self.max_applies = max_applies
        self.players = players
        self.source = source
        self.variants = tuple(variants)
        self.options = dict(game._option_values)
        # the step budget of the whole random game of `termination`: None is the runtime's default for
        # this game and player count (rulespec.runtime.engine.default_max_steps)
        self.max_game_steps = max_game_steps if max_game_steps is not None else default_max_steps(game, players)
        self.counts = counts if counts is not None else {}
        # how the seeded games of playout, termination and hidden information choose a seat's action
        # (None: uniformly at random, as rulespec.random_game; see POLICIES)
        self.policy: Optional[Callable[[State, random.Random], Action]] = None
        self.always = tuple(inv for inv in game.INVARIANTS if inv.form == "always" and inv.check is not None)

    # ---- reporting
    def failure(self, prop: str, message: str, actions: Iterable[str]) -> Failure:
        return Failure(prop, message, self.players, dict(self.options), list(actions), self.source, self.variants)

    def fail(self, prop: str, message: str, actions: Iterable[str]) -> None:
        raise PropertyFailure(self.failure(prop, message, actions))

    def count(self, prop: str) -> None:
        self.counts[prop] = self.counts.get(prop, 0) + 1

    def guard(self, prop: str, state: State, call: Callable[[], Any], extra: Sequence[str] = ()) -> Any:
        """Run one engine call; an unexpected exception fails ``prop``."""
        try:
            return call()
        except PropertyFailure:
            raise
        except Exception as error:  # an engine that crashes fails the property it was asked about
            self.fail(prop, f"raised {type(error).__name__}: {error}", list(state.history) + list(extra))

    # ---- cheap: after every single step
    def cheap(self, state: State, extra: Sequence[str] = ()) -> None:
        self.turn_limit(state, extra)  # before the violations, where the runtime also records it
        self.rule_invariants(state, extra)
        self.payoff_sum(state, extra)
        self.payoff_range(state, extra)
        self.chance_outcomes(state, extra)
        self.legal_actions(state, extra)

    def rule_invariants(self, state: State, extra: Sequence[str] = (), since: int = 0) -> None:
        """The rule file's invariants: every `always` one holds, and the runtime recorded no violation
        (the `on_event` and `never_queue` forms) beyond the first ``since``."""
        actions = list(state.history) + list(extra)
        self.count("violations")
        if len(state._violations) > since:
            new = state._violations[since:]
            self.fail(_violation_property(self.game, new[0]), "\n".join(new), actions)
        for inv in self.always:
            prop = f"invariant:{inv.name}"
            self.count(prop)
            holds = self.guard(prop, state, lambda: inv.check(state), extra)
            if not holds:
                self.fail(prop, f"{inv.name}: {inv.title} (`always` invariant is false){self._declared(inv.name)}",
                          actions)

    def _declared(self, invariant: str) -> str:
        """Where a failing invariant is declared; for one a house rule inherits from the game it extends,
        also how to replace it (its author may never have opened that file). Empty without a rule file."""
        try:
            model = self.game.model
        except Exception:  # an engine without its rule file
            return ""
        found = next((i for i in getattr(model, "invariants", ()) if i.name == invariant), None)
        loc = getattr(found, "loc", None)
        if loc is None or not loc.file:
            return ""
        where = f"{Path(loc.file).name}:{loc.line}"
        if str(loc.file) != str(model.source_path):
            return (f"; declared at {where}, in the game this file extends: an `invariant {invariant}` in this "
                    f"file replaces it")
        return f"; declared at {where}"

    def payoff_sum(self, state: State, extra: Sequence[str] = ()) -> None:
        """A file declaring its returns `zero-sum` (`constant-sum N`): every finished game's add up to it."""
        total = self.game.RETURNS_SUM
        if total is None or not state.is_terminal():
            return
        self.count("payoff_sum")
        returns = self.guard("payoff_sum", state, state.returns, extra)
        if abs(sum(returns) - total) > 1e-9:
            said = "zero-sum" if total == 0 else f"constant-sum {total}"
            self.fail("payoff_sum", f"the returns {[float(r) for r in returns]} add up to {sum(returns):g}, but the "
                                    f"rule file declares them {said}", list(state.history) + list(extra))

    def payoff_range(self, state: State, extra: Sequence[str] = ()) -> None:
        """A file declaring its payoffs `between L and H`: every finished game's lie in it (the adapters give
        OpenSpiel and PettingZoo these bounds)."""
        declared = getattr(getattr(self.game, "model", None), "returns", None)
        between = getattr(declared, "between", None)
        if between is None or not state.is_terminal():
            return
        self.count("payoff_range")
        returns = self.guard("payoff_range", state, state.returns, extra)
        outside = [(seat, r) for seat, r in enumerate(returns) if not between[0] <= r <= between[1]]
        if outside:
            seat, value = outside[0]
            self.fail("payoff_range", f"player {seat + 1}'s return {float(value):g} is outside the declared range "
                                      f"between {between[0]} and {between[1]}", list(state.history) + list(extra))

    def turn_limit(self, state: State, extra: Sequence[str] = ()) -> None:
        limit = self.game.MAX_TURNS
        if limit is None:
            return
        self.count("turn_limit")
        if state._turn_number > limit:
            self.fail("turn_limit", f"turn {state._turn_number} exceeds the declared limit of {limit} turns",
                      list(state.history) + list(extra))

    def chance_outcomes(self, state: State, extra: Sequence[str] = ()) -> None:
        prop = "chance_outcomes"
        self.count(prop)
        actions = list(state.history) + list(extra)
        chance = self.guard(prop, state, state.is_chance_node, extra)
        outcomes = self.guard(prop, state, state.chance_outcomes, extra)
        if not chance:
            if outcomes:
                self.fail(prop, f"not a chance node, yet chance_outcomes() gives {_short(outcomes)}", actions)
            return
        if state.is_terminal():
            self.fail(prop, "a finished game claims to be a chance node", actions)
        if not outcomes:
            self.fail(prop, "chance node without outcomes", actions)
        texts = [str(a) for a, _ in outcomes]
        if len(set(texts)) != len(texts):
            dupes = sorted({t for t in texts if texts.count(t) > 1})
            self.fail(prop, f"outcomes repeat: {_short(dupes)}", actions)
        for action, p in outcomes:
            if action.player != CHANCE:
                self.fail(prop, f"outcome {action} belongs to player {action.player}, not chance", actions)
            if not isinstance(p, Fraction):
                self.fail(prop, f"probability of {action} is {type(p).__name__} {p!r}, not a Fraction", actions)
            if p <= 0:
                self.fail(prop, f"probability of {action} is {p}", actions)
        common = math.lcm(*(p.denominator for _, p in outcomes))  # exact, and faster than adding Fractions
        if sum(p.numerator * (common // p.denominator) for _, p in outcomes) != common:
            total = sum((p for _, p in outcomes), Fraction(0))
            self.fail(prop, f"probabilities sum to {total}, not 1", actions)
        legal = self.guard(prop, state, state.legal_actions, extra)
        if [str(a) for a in legal] != texts:
            self.fail(prop, f"legal_actions() at a chance node {_short([str(a) for a in legal])} are not "
                            f"the chance outcomes {_short(texts)}", actions)

    def legal_actions(self, state: State, extra: Sequence[str] = ()) -> None:
        prop = "legal_actions"
        self.count(prop)
        actions = list(state.history) + list(extra)
        first = self.guard(prop, state, state.legal_actions, extra)
        second = self.guard(prop, state, state.legal_actions, extra)
        if first != second:
            self.fail(prop, f"two calls differ: {_short(first)} then {_short(second)}", actions)
        terminal = self.guard(prop, state, state.is_terminal, extra)
        if terminal:
            if first:
                self.fail(prop, f"the game is over, yet {len(first)} actions are offered: {_short(first)}", actions)
            return
        if not first:
            self.fail(prop, "the game is not over, yet no action is offered", actions)
        texts = [str(a) for a in first]
        if len(set(texts)) != len(texts):
            dupes = sorted({t for t in texts if texts.count(t) > 1})
            self.fail(prop, f"the same text is offered more than once: {_short(dupes)}", actions)
        chance = self.guard(prop, state, state.is_chance_node, extra)
        for action in first:
            if chance and action.player != CHANCE:
                self.fail(prop, f"{action} is offered at a chance node", actions)
            if not chance and not 0 <= action.player < state.players:
                self.fail(prop, f"{action!r} is offered to seat {action.player} of a {state.players}-player game "
                                f"at a decision that is not chance's", actions)

    # ---- full: after every rule of the state machine
    def full(self, state: State, stale: Sequence[Action] = (), shadow: Optional[State] = None) -> Optional[State]:
        """Every property of one state; returns the caught-up history shadow (see :meth:`history_replay`)."""
        self.cheap(state)
        self.parse_action(state)
        self.json_round_trip(state)
        self.offered_actions_apply(state)
        self.illegal_action_refused(state, stale)
        shadow = self.history_replay(state, shadow)
        self.hidden_information(state)
        return shadow

    def parse_action(self, state: State) -> None:
        prop = "parse_action"
        self.count(prop)
        for action in state.legal_actions():
            parsed = self.guard(prop, state, lambda: self.game.parse_action(state, str(action)))
            if parsed != action:
                self.fail(prop, f"parse_action({str(action)!r}) gives {parsed!r}, not {action!r}", state.history)

    def offered_actions_apply(self, state: State) -> None:
        """Apply every offered action to a clone; each successor must pass the cheap checks, and the
        original must not change (so this also checks that a clone is independent)."""
        before = state.to_json()
        self.count("clone")
        twin = state.clone()
        if twin != state:
            self.fail("clone", f"clone differs from the original: "
                               f"{_first_difference(state._to_dict(), twin._to_dict())}", state.history)
        offered = _offered(state)
        limit = self.max_applies
        if limit is not None and len(offered) > limit:  # a window that moves on with every step
            start = (len(state.history) * limit) % len(offered)
            offered = (offered + offered)[start:start + limit]
        for action in offered:
            self.count("offered_actions_apply")
            child = state.clone()
            try:
                child.apply(action)
            except Exception as error:
                self.fail("offered_actions_apply", f"{action} is offered but apply raised "
                                                   f"{type(error).__name__}: {error}",
                          list(state.history) + [str(action)])
            if not child.history or child.history[-1] != str(action):
                self.fail("history_replay", f"after {action} the history ends with "
                                            f"{child.history[-1:] or 'nothing'}", list(state.history) + [str(action)])
            self.turn_limit(child)
            self.rule_invariants(child, since=len(state._violations))
        if state.to_json() != before:  # one comparison for all; find the culprit only when needed
            culprit = "an action"
            for action in offered:
                probe = self.game.from_json(before)
                probe.clone().apply(action)
                if probe.to_json() != before:
                    culprit = str(action)
                    break
            self.fail("clone", f"applying {culprit} to a clone changed the original: "
                               f"{_first_difference(json.loads(before), state._to_dict())}", state.history)

    def illegal_action_refused(self, state: State, stale: Sequence[Action] = ()) -> None:
        prop = "illegal_action_refused"
        offered = _offered(state) if not state.is_terminal() else []
        offered_texts = {str(a) for a in state.legal_actions()} | {str(a) for a in offered}
        probes: list[Union[Action, str]] = []
        if offered:
            action = offered[len(state.history) % len(offered)]
            seats = [(action.player + k) % state.players for k in range(1, state.players + 1)] + [CHANCE]
            wrong = next((Action(seat, action.text) for seat in seats
                          if seat != action.player and str(Action(seat, action.text)) not in offered_texts), None)
            if wrong is not None:
                probes.append(wrong)  # an offered text, by a seat it is not offered to
        elif state.history:
            probes.append(state.history[-1])  # nothing may be played once the game is over
        probes.append("not an action at all")
        old = [a for a in stale if str(a) not in offered_texts]
        if old and len(state.history) % 2:  # offered a step ago, not any more
            probes.append(old[len(state.history) % len(old)])
        elif offered:  # the right seat, a text nobody offered
            probes.append(Action(offered[0].player, offered[0].text + " ~ and more"))
        before = state.to_json()
        history_before = list(state.history)
        legal_before = [str(a) for a in state.legal_actions()]
        for probe in probes:
            if str(probe) in offered_texts:
                continue
            self.count(prop)
            try:
                state.apply(probe)
            except IllegalAction:
                pass
            except Exception as error:
                self.fail(prop, f"{str(probe)!r} is not offered; apply raised {type(error).__name__}: {error} "
                                f"instead of IllegalAction", history_before)
            else:
                self.fail(prop, f"{str(probe)!r} is not offered, yet apply accepted it",
                          history_before + [str(probe)])
            after = state.to_json()
            if after != before:
                self.fail(prop, f"refusing {str(probe)!r} changed the state: "
                                f"{_first_difference(json.loads(before), json.loads(after))}", history_before)
            if [str(a) for a in state.legal_actions()] != legal_before:
                self.fail(prop, f"refusing {str(probe)!r} changed the legal actions", history_before)

    def json_round_trip(self, state: State) -> None:
        prop = "json_round_trip"
        self.count(prop)
        text = self.guard(prop, state, state.to_json)
        back = self.guard(prop, state, lambda: self.game.from_json(text))
        if back != state:
            self.fail(prop, f"from_json(to_json()) differs: {_first_difference(state._to_dict(), back._to_dict())}",
                      state.history)
        if back.to_json() != text:
            self.fail(prop, "to_json() of the copy differs from the original's", state.history)
        for name, call in (("legal_actions", lambda s: s.legal_actions()),
                           ("chance_outcomes", lambda s: s.chance_outcomes()),
                           ("is_chance_node", lambda s: s.is_chance_node()),
                           ("is_terminal", lambda s: s.is_terminal()),
                           ("outcome", lambda s: s.outcome())):
            mine = self.guard(prop, state, lambda: call(state))
            theirs = self.guard(prop, state, lambda: call(back))
            if mine != theirs:
                self.fail(prop, f"{name}() of the JSON copy differs: {_short(theirs)} != {_short(mine)}",
                          state.history)
        offered = _offered(state) if not state.is_terminal() else []
        if offered:  # and it plays on the same: one offered action, a different one at each step
            action = offered[(len(state.history) * 7) % len(offered)]
            self.apply(state.clone(), action, text)
            if state.to_json() != text:
                self.count("clone")
                self.fail("clone", f"applying {action} to a clone changed the original: "
                                   f"{_first_difference(json.loads(text), state._to_dict())}", state.history)

    def history_replay(self, state: State, shadow: Optional[State] = None) -> State:
        """Replaying ``state.history`` from a new game gives ``state``. ``shadow`` is an earlier replay
        of a prefix of the same history (kept by the state machine to make this linear); it is caught
        up by applying the rest, which is the same as replaying from the start."""
        prop = "history_replay"
        self.count(prop)
        history = list(state.history)
        if shadow is None or shadow.history != history[:len(shadow.history)]:
            shadow = self.guard(prop, state, lambda: self.game.new_game(self.players))
        for index in range(len(shadow.history), len(history)):
            try:
                shadow.apply(history[index])
            except Exception as error:
                self.fail(prop, f"replaying the history from a new game, action {index + 1} ({history[index]!r}) "
                                f"raised {type(error).__name__}: {error}", history)
        if shadow != state:
            self.fail(prop, f"the replayed state differs: {_first_difference(state._to_dict(), shadow._to_dict())}",
                      history)
        return shadow

    def hidden_zone_instances(self, state: State, seat: int) -> list[tuple[int, str, int]]:
        """(zone index, name, covered) of every zone instance whose contents ``seat`` cannot see now:
        ``covered`` is how many of its first items are hidden (all of them, or, for a pile of which only
        the top is seen, all but the top). A zone whose size is unseen is covered whole (its top too);
        the variants still keep each zone's size, a subset of what the seat cannot tell apart."""
        out = []
        for zone in self.game.ZONES:
            base = state._t.zone_base[zone.name]
            for owner in range(state.players if zone.per_player else 1):
                if zone.visibility == "public":
                    continue
                if zone.visibility == "owner" and zone.per_player and owner == seat:
                    continue
                size = len(state._zones[base + owner])
                covered = max(size - 1, 0) if zone.visibility == "top" and not zone.size_unseen else size
                out.append((base + owner, f"{zone.name} of player {owner + 1}" if zone.per_player else zone.name,
                            covered))
        return out

    def hidden_variant(self, state: State, seat: int, rng: random.Random) -> Optional[tuple[State, list[str]]]:
        """A state that differs from ``state`` only in what ``seat`` cannot see now: the items hidden from
        it (in hidden zones, and under the top of a pile of which only the top is seen) are shuffled among
        those places, each keeping its size. None when there is nothing to swap."""
        instances = [(z, name, covered) for z, name, covered in self.hidden_zone_instances(state, seat) if covered]
        pool = [item for z, _, covered in instances for item in state._zones[z][:covered]]
        if len(instances) < 2 or not pool:
            return None
        labels = self.game.ITEM_LABEL
        sizes = [covered for _, _, covered in instances]
        originals = [sorted(labels[i] for i in state._zones[z][:covered]) for z, _, covered in instances]
        for _ in range(8):
            shuffled = list(pool)
            rng.shuffle(shuffled)
            parts, start = [], 0
            for size in sizes:
                parts.append(shuffled[start:start + size])
                start += size
            if any(sorted(labels[i] for i in part) != original for part, original in zip(parts, originals)):
                break
        else:
            return None
        variant = state.clone()
        moved = []
        for (z, name, covered), part in zip(instances, parts):
            if state._zones[z] == sorted(state._zones[z]):
                part = sorted(part)
            variant._zones[z] = part + list(state._zones[z][covered:])
            for item in part:
                if state._loc[item] != z:
                    moved.append(f"{labels[item]} to {name}")
                variant._loc[item] = z
        if hasattr(variant, "_pending"):
            variant._pending = None  # a cached decision of the original would not see the swap
        return variant, moved

    def hidden_information(self, state: State) -> None:
        """For every seat: the observation is JSON-serialisable, and equal in a state that differs
        only in what the seat cannot see. Skipped once the game is over (the outcome shows everything)."""
        rng = random.Random(len(state.history) * 7919 + state.players)
        for seat in range(state.players):
            self.count("observation_json")
            seen = self.guard("observation_json", state, lambda: state.observation(seat))
            try:
                json.dumps(seen, allow_nan=False)
            except (TypeError, ValueError) as error:
                self.fail("observation_json", f"observation({seat}) is not JSON-serialisable: {error}",
                          state.history)
            if state.is_terminal():
                continue
            self.secret_choices(state, seat, seen, rng)
            found = self.hidden_variant(state, seat, rng)
            if found is None:
                continue
            variant, moved = found
            self.count("hidden_information")
            other = self.guard("hidden_information", state, lambda: variant.observation(seat))
            if other != seen:
                self.fail("hidden_information",
                          f"observation of player {seat + 1} changes when only hidden items move "
                          f"({', '.join(moved[:6])}{'...' if len(moved) > 6 else ''}): "
                          f"{_first_difference(seen, other)}", state.history)

    def differs_only_where_hidden(self, one: State, other: State, seat: int) -> bool:
        """True when two states differ in nothing but the contents of places ``seat`` cannot see now
        (each such zone keeping its size, a pile of which only the top is seen keeping its top)."""
        a, b = one._to_dict(), other._to_dict()
        if any(a[key] != b[key] for key in a if key not in ("zones", "history")):
            return False
        hidden = {z: covered for z, _, covered in self.hidden_zone_instances(one, seat)}
        unsized = {one._t.zone_base[zone.name] + owner for zone in self.game.ZONES if zone.size_unseen
                   for owner in range(one.players if zone.per_player else 1)}
        for z, (x, y) in enumerate(zip(a["zones"], b["zones"])):
            if x == y or (z in hidden and z in unsized):  # a zone of unseen size may differ in anything
                continue
            if z not in hidden or len(x) != len(y) or x[hidden[z]:] != y[hidden[z]:]:
                return False
        return True

    def information_state(self, state: State, rng: random.Random, steps: int = 30) -> None:
        """The leak property over a history, not one state: at a chance node, two outcomes that leave
        states differing only in what ``seat`` cannot see (a draw into another seat's hand) start two
        histories; the same actions are played on both for up to ``steps`` steps, for as long as they
        apply to both and the difference stays hidden, and the seat's observation must be the same at
        every step. A seat's information state is its observations in order, so it is then the same
        too; a pile of which only the top is seen ends the comparison once a differing card is on top
        (seen then, so remembered)."""
        if state.is_terminal() or not state.is_chance_node():
            return
        outcomes = [action for action, _ in state.chance_outcomes()]
        if len(outcomes) < 2:
            return
        tried = rng.sample(outcomes, min(len(outcomes), 8))
        afters = []
        for outcome in tried:
            after = state.clone()
            self.guard("offered_actions_apply", state, lambda: after.apply(outcome), [str(outcome)])
            afters.append(after)
        for seat in range(state.players):
            pair = next(((afters[0], after, tried[0], tried[i]) for i, after in enumerate(afters[1:], 1)
                         if self.differs_only_where_hidden(afters[0], after, seat)), None)
            if pair is None:
                continue
            one, other, first, second = pair[0].clone(), pair[1].clone(), pair[2], pair[3]
            self.count("information_state")
            for step in range(steps + 1):
                seen = self.guard("information_state", one, lambda: one.observation(seat))
                if seen != other.observation(seat):
                    self.fail("information_state",
                              f"player {seat + 1}'s information state tells apart two histories that differ only "
                              f"in what it cannot see: chance {first.text!r} or {second.text!r}, then the same "
                              f"{step} steps; its observation differs: {_first_difference(seen, other.observation(seat))}",
                              one.history)
                if one.is_terminal() or step == steps:
                    break
                action = random_step(one, rng)
                if action not in other.legal_actions():
                    break
                one.apply(action)
                other.apply(action)
                if not self.differs_only_where_hidden(one, other, seat):
                    break

    def secret_choices(self, state: State, seat: int, seen: dict, rng: random.Random) -> None:
        """At a simultaneous decision (a choice `by each player`): ``seat`` sees its own secret choice, and its
        observation is the same whatever another seat that has chosen chose instead."""
        chosen = state._chosen
        if not chosen or state.current_player() != SIMULTANEOUS:
            return
        prop = "secret_choices"
        mine = [text for chooser, text in chosen if chooser == seat]
        self.count(prop)
        if mine and (seen.get("decision") or {}).get("chosen") != mine[0]:
            self.fail(prop, f"player {seat + 1} chose {mine[0]!r} in secret, but its observation shows "
                            f"{_short((seen.get('decision') or {}).get('chosen'))}", state.history)
        rows = self.guard(prop, state, lambda: self.game._list(state, hide_chosen=False).rows)
        variant = list(chosen)
        changed = []
        for i, (chooser, text) in enumerate(chosen):
            others = [row[1] for row in rows if row[0] == chooser and row[1] != text]
            if chooser != seat and others:
                variant[i] = (chooser, others[rng.randrange(len(others))])
                changed.append(f"player {chooser + 1}: {variant[i][1]} for {text}")
        if not changed:
            return
        other = state.clone()
        other._chosen = tuple(variant)
        other._pending = None
        self.count(prop)
        theirs = self.guard(prop, state, lambda: other.observation(seat))
        if theirs != seen:
            self.fail(prop, f"observation of player {seat + 1} changes with what another seat chose in secret "
                            f"({', '.join(changed)}): {_first_difference(seen, theirs)}", state.history)

    def hidden_information_in_play(self, seed: int, max_steps: int = 2000) -> Optional[State]:
        """Play a seeded random game from the start (as rulespec.random_game does) and check hidden
        information at the first state where it can swap what some seat cannot see, and again at a
        seeded later step (up to 200; if the game lasts), so that every run checks hidden information
        in play rather than only when its exploration happens to get there; at the first chance node
        where two outcomes differ only in what some seat cannot see, the information state too
        (:meth:`information_state`). Returns the first state where hidden information was checked;
        None if the game ends (or ``max_steps`` pass) before any: a game with nothing hidden."""
        state = self.game.new_game(self.players)
        rng = random.Random(seed)
        later = rng.randrange(1, 200)
        first = None
        compared = False
        for step in range(max_steps):
            if state.is_terminal() or (first is not None and step > later):
                break
            if first is None or step == later:
                found = self.counts.get("hidden_information", 0)
                self.hidden_information(state)
                if first is None and self.counts.get("hidden_information", 0) > found:
                    first = state.clone()
            if not compared and state.is_chance_node():  # the first hidden draw some seat cannot tell apart
                known = self.counts.get("information_state", 0)
                self.information_state(state, random.Random(seed + step))
                compared = self.counts.get("information_state", 0) > known
            action = self.policy(state, rng) if self.policy is not None and not state.is_chance_node() \
                else random_step(state, rng)
            self.guard("offered_actions_apply", state, lambda: state.apply(action), [str(action)])
        return first

    def termination(self, seed: int) -> None:
        """A whole ``rulespec.random_game`` with this seed ends within the step budget and the declared
        turn limit, without an error. (The rule file's invariants are left to the step-by-step checks,
        which Hypothesis can shrink; a whole game cannot be. A game that fails with an error is played
        again step by step, checked, so that the property it breaks is the one reported.)"""
        prop = "termination"
        self.count(prop)
        if self.policy is not None:  # the whole game played by the policy, checked step by step
            final = self.playout(self.game.new_game(self.players), random.Random(seed), self.max_game_steps)
            if not final.is_terminal():
                self.fail(prop, f"a game played by the verify policy (seed {seed}) did not end within "
                                f"{self.max_game_steps} steps", final.history)
            self.turn_limit(final)
            return
        try:
            final = random_game(self.game, players=self.players, seed=seed, max_steps=self.max_game_steps)
        except Exception as error:
            if not isinstance(error, StepBudgetExceeded):
                # An action failed: the same game step by step, checked, names the property it breaks
                # (offered_actions_apply at the failing action, or an invariant broken on the way).
                try:
                    self.playout(self.game.new_game(self.players), random.Random(seed), self.max_game_steps)
                except PropertyFailure:
                    raise
                except Exception:  # it failed elsewhere than in apply(): reported as termination, below
                    pass
            partial = self.playout(self.game.new_game(self.players), random.Random(seed), self.max_game_steps,
                                   check=False)
            self.fail(prop, f"rulespec.random_game(game, players={self.players}, seed={seed}, "
                            f"max_steps={self.max_game_steps}) raised {type(error).__name__}: {error}",
                      partial.history)
        if not final.is_terminal():
            self.fail(prop, f"random_game(seed={seed}) returned a game that is not over", final.history)
        self.turn_limit(final)
        late = [v for v in final._violations if _violation_property(self.game, v) == "violations"]
        if late:  # the runtime's own complaints (e.g. the turn limit), not a rule-file invariant
            self.fail(prop, f"random_game(seed={seed}): " + "\n".join(late), final.history)

    def playout(self, state: State, rng: random.Random, steps: int, check: bool = True) -> State:
        """Play up to ``steps`` seeded random steps on ``state`` (as rulespec.random_game does),
        checking the rule file's invariants and the turn limit after each. Stops early at the end of the game, or at an error when
        ``check`` is false."""
        for _ in range(steps):
            if state.is_terminal():
                break
            try:
                if state.is_chance_node():
                    action = _pick_weighted(state.chance_outcomes(), rng, exact=not check)
                elif self.policy is not None:
                    action = self.policy(state, rng)
                else:
                    actions = state.legal_actions()
                    action = actions[rng.randrange(len(actions))]
            except Exception:
                if not check:
                    break
                raise
            if check:
                self.count("offered_actions_apply")
                history = list(state.history)
                try:
                    state.apply(action)
                except Exception as error:
                    self.fail("offered_actions_apply", f"{action} is offered but apply raised "
                                                       f"{type(error).__name__}: {error}", history + [str(action)])
                self.turn_limit(state)
                self.rule_invariants(state)
            else:
                try:
                    state.apply(action)
                except Exception:
                    break
        return state

    def apply(self, state: State, action: Action, text: Optional[str] = None) -> None:
        """Apply an offered action; it must apply, and a JSON copy of the state (``text``, the state's
        JSON when given) must play on the same."""
        self.count("offered_actions_apply")
        history = list(state.history)
        text = state.to_json() if text is None else text
        try:
            state.apply(action)
        except Exception as error:
            self.fail("offered_actions_apply", f"{action} is offered but apply raised {type(error).__name__}: "
                                               f"{error}", history + [str(action)])
        self.count("json_round_trip")
        twin = self.guard("json_round_trip", state, lambda: self.game.from_json(text))
        try:
            twin.apply(action)
        except Exception as error:
            self.fail("json_round_trip", f"{action} applies to the state but not to its JSON copy: "
                                         f"{type(error).__name__}: {error}", history + [str(action)])
        if twin != state:
            self.fail("json_round_trip", f"the state read back from its JSON plays {action} differently: "
                                         f"{_first_difference(state._to_dict(), twin._to_dict())}",
                      history + [str(action)])


def check_state(game: Engine, state: State, previous: Optional[State] = None, source: str = "",
                variants: Sequence[str] = ()) -> list[Failure]:
    """Every deterministic check on one state, collected rather than raised. ``previous`` (the state
    before the last action) supplies the stale actions to probe with."""
    checks = Checks(game, state.players, source or game.GAME_ID, variants)
    stale = _offered(previous) if previous is not None and not previous.is_terminal() else []
    failures: list[Failure] = []
    for run in (lambda: checks.cheap(state), lambda: checks.parse_action(state),
                lambda: checks.json_round_trip(state), lambda: checks.offered_actions_apply(state),
                lambda: checks.illegal_action_refused(state, stale), lambda: checks.history_replay(state),
                lambda: checks.hidden_information(state)):
        try:
            run()
        except PropertyFailure as error:
            if not any((f.property, f.message) == (error.failure.property, error.failure.message) for f in failures):
                failures.append(error.failure)
    return failures


def replay_and_check(name_or_path: Union[str, Path], actions: Sequence[str], players: int,
                     options: Optional[dict[str, str]] = None, variants: Sequence[str] = (),
                     out=None) -> list[Failure]:
    """Replay an action list, print what happens, and run :func:`check_state` on the final state."""
    out = out or sys.stdout
    game = _load(name_or_path, variants, options)
    print(f"{game.TITLE}: {players} players, options {_options_text(game._option_values)}, "
          f"{len(actions)} actions", file=out)
    try:
        previous = replay(game, actions[:-1], players) if actions else None
        state = replay(game, actions, players)
    except ReplayError as error:
        print(f"replay stopped: {error}", file=out)
        return [Failure("offered_actions_apply" if not isinstance(error.error, IllegalAction) else "replay",
                        str(error), players, dict(game._option_values), list(actions[:error.index + 1]),
                        str(name_or_path), tuple(variants))]
    failures = check_state(game, state, previous, str(name_or_path), variants)
    print(f"turn {state._turn_number}, {'over' if state.is_terminal() else 'in play'}; "
          f"violations: {state._violations or 'none'}", file=out)
    for failure in failures:
        print(f"{failure.property}: {failure.message}", file=out)
    if not failures:
        print("every check passes on the final state", file=out)
    return failures


# ----------------------------------------------------------------------------- the state machine


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
        game, source = _load(name_or_path, variants, options), str(name_or_path)
    if not game.MIN_PLAYERS <= players <= game.MAX_PLAYERS:
        raise ValueError(f"{game.TITLE} is played by {game.MIN_PLAYERS} to {game.MAX_PLAYERS} players, not {players}")
    checks = Checks(game, players, source, variants, max_game_steps, counts, max_applies)
    max_forward = max(1, fast_forward)

    class EngineMachine(RuleBasedStateMachine):
        def __init__(self) -> None:
            super().__init__()
            self.state: State = game.new_game(players)
            self.shadow: Optional[State] = None
            self.stale: list[Action] = []
            self.made = {"whole game": False, "in play": False}  # the two games every example makes
            self.busy = False  # a step that raises leaves this set: teardown then adds nothing

        def _check(self) -> None:
            self.shadow = checks.full(self.state, self.stale, self.shadow)

        @initialize()
        @_step
        def check_the_new_game(self) -> None:
            self._check()

        # exactly once per example: an initializer, so every example plays a finished game (a rule might
        # never be drawn in a short run, and a test asking whether termination was checked would be luck)
        @initialize(seed=st.integers(0, 2 ** 32 - 1))
        @_step
        def whole_random_game(self, seed: int) -> None:
            self.made["whole game"] = True
            checks.termination(seed)

        # and likewise a game in play with something hidden, where hidden_information can test a swap
        @initialize(seed=st.integers(0, 2 ** 32 - 1))
        @_step
        def hidden_information_in_play(self, seed: int) -> None:
            self.made["in play"] = True
            checks.hidden_information_in_play(seed)

        @precondition(lambda self: not self.state.is_terminal())
        @rule(data=st.data())
        @_step
        def take_action(self, data) -> None:
            offered = _offered(self.state)
            label = "chance outcome" if self.state.is_chance_node() else "action"
            action = data.draw(st.sampled_from(offered), label=label)
            checks.apply(self.state, action)
            self.stale = offered
            self._check()

        @precondition(lambda self: not self.state.is_terminal())
        @rule(steps=st.integers(1, max_forward), seed=st.integers(0, 2 ** 32 - 1))
        @_step
        def fast_forward(self, steps: int, seed: int) -> None:
            checks.playout(self.state, random.Random(seed), steps - 1)
            if not self.state.is_terminal():  # the last step by hand, to know what was offered before it
                offered = _offered(self.state)
                checks.apply(self.state, random.Random(seed + 1).choice(offered))
                self.stale = offered
            self._check()

        @precondition(lambda self: self.state.is_terminal())
        @rule()
        @_step
        def new_game(self) -> None:
            self.state = game.new_game(players)
            self.shadow = None
            self.stale = []
            self._check()

        @invariant()
        @_step
        def cheap_properties(self) -> None:
            checks.cheap(self.state)

        def teardown(self) -> None:
            # Initializers count as steps: Hypothesis may end an example before all of them ran (fewer
            # steps allowed than there are initializers, or its rare early stop). The games they make
            # are made here then, seeded by the example's history, unless the example is failing.
            if self.busy:  # (an example Hypothesis cut short, out of data, does not count: don't report it)
                return
            seed = zlib.crc32("\n".join(self.state.history).encode("utf-8"))
            if not self.made["whole game"]:
                checks.termination(seed)
            if not self.made["in play"]:
                checks.hidden_information_in_play(seed)
            if on_example is not None:
                on_example()

    EngineMachine.__name__ = EngineMachine.__qualname__ = _class_name(game, players)
    EngineMachine.game = game
    EngineMachine.players = players
    EngineMachine.checks = checks
    return EngineMachine


# ----------------------------------------------------------------------------- verify


def _verify_on_cluster(cluster: str, report: "VerifyReport", name_or_path: Union[str, Path], counts: list[int],
                       variants: Sequence[str], options: Optional[dict[str, str]], seed: Optional[int],
                       run_settings: Settings, fast_forward: int, max_game_steps: Optional[int],
                       max_applies: Optional[int], progress: Optional[Callable[[str, int, int], None]],
                       policy: str = "random", mcts_simulations: Optional[int] = None) -> None:
    """Each player count's run of ``verify`` on a worker of ``cluster``, merged into ``report`` in
    the order of ``counts``. A rule file is sent by its absolute path (the same on every worker)."""
    from ..play.cluster import calls_on_cluster
    typed = str(name_or_path)
    sent = str(Path(typed).resolve()) if typed.endswith(".rules") and Path(typed).is_file() else typed
    calls = [dict(name_or_path=sent, variants=tuple(variants), options=options, players=count,
                  max_examples=run_settings.max_examples, stateful_step_count=run_settings.stateful_step_count,
                  seed=seed, derandomize=run_settings.derandomize, fast_forward=fast_forward,
                  max_game_steps=max_game_steps, max_applies=max_applies, save_counterexamples=None,
                  policy=policy, mcts_simulations=mcts_simulations)
             for count in counts]
    parts: dict[int, VerifyReport] = {}
    for number, part in calls_on_cluster(cluster, verify, calls, workers=min(len(calls), 2) or 1):
        parts[number] = part
        if progress is not None:
            stage = f"{counts[number]} player{'s' if counts[number] != 1 else ''}"
            progress(stage, run_settings.max_examples, run_settings.max_examples)
    for number in range(len(calls)):
        part = parts[number]
        for failure in part.failures:
            failure.game = typed if failure.game == sent else failure.game
        report.failures += part.failures
        for name, checks in part.checks_by_property.items():
            report.checks_by_property[name] = report.checks_by_property.get(name, 0) + checks
        report.hypothesis_output += part.hypothesis_output


@dataclass
class VerifyReport:
    game: str
    title: str
    players: list[int]
    options: dict[str, str]
    variants: tuple[str, ...]
    failures: list[Failure] = field(default_factory=list)
    checks_by_property: dict[str, int] = field(default_factory=dict)
    seconds: float = 0.0
    hypothesis_output: list[str] = field(default_factory=list)
    policy: str = "random"  # how the checks' seeded games chose actions (verify's ``policy``)

    @property
    def ok(self) -> bool:
        return not self.failures

    @property
    def checks_run(self) -> int:
        return sum(self.checks_by_property.values())

    def render(self) -> str:
        head = (f"rulespec verify: {self.title} ({self.game}), players {', '.join(map(str, self.players))}, "
                f"options {_options_text(self.options)}"
                + (f", variants {', '.join(self.variants)}" if self.variants else "")
                + (f", played by {self.policy}" if self.policy != "random" else ""))
        lines = [head, f"{self.checks_run} checks in {self.seconds:.1f} s: "
                       + ("every property holds" if self.ok else
                          f"{len(self.failures)} failure{'s' if len(self.failures) != 1 else ''}")]
        for failure in self.failures:
            lines += ["", failure.render()]
        return "\n".join(lines)


POLICIES = ("random", "mcts")  # verify's choices for the seats of its seeded games


def _simulations(mcts_simulations: Optional[int]) -> int:
    from ..play.mcts import ROLLOUTS
    return ROLLOUTS if mcts_simulations is None else mcts_simulations


def _policy(policy: str, mcts_simulations: Optional[int]) -> Optional[Callable[[State, random.Random], Action]]:
    """The step function of a verify policy (None: uniformly at random, the checks' own way)."""
    if policy not in POLICIES:
        raise ValueError(f"the verify policy is one of {', '.join(POLICIES)}, not {policy!r}")
    if mcts_simulations is not None and mcts_simulations < 1:
        raise ValueError(f"mcts_simulations is at least 1, not {mcts_simulations}")
    if policy == "random":
        return None
    from ..play.mcts import mcts_policy
    return mcts_policy(_simulations(mcts_simulations))


def _exceptions(error: BaseException) -> list[BaseException]:
    if isinstance(error, BaseExceptionGroup):
        out = []
        for inner in error.exceptions:
            out += _exceptions(inner)
        return out
    return [error]


def _cut_short() -> bool:
    """Whether Hypothesis ran out of data for the example now ending, or found it invalid: such an
    example does not count towards max_examples, so neither does the progress bar. (Hypothesis'
    internals: False if they change.)"""
    try:
        from hypothesis.control import current_build_context
        from hypothesis.internal.conjecture.data import Status
        return current_build_context().data.status != Status.VALID  # (overrun, or invalid)
    except Exception:  # noqa: BLE001 - only a progress count depends on it
        return False


def verify(name_or_path: Union[str, Path, Engine], *, variants: Sequence[str] = (), options: Optional[dict[str, str]] = None,
           players: Union[None, int, Iterable[int]] = None, max_examples: Optional[int] = None,
           stateful_step_count: Optional[int] = None, seed: Optional[int] = None,
           derandomize: Optional[bool] = None, fast_forward: int = DEFAULT_FAST_FORWARD,
           max_game_steps: Optional[int] = None, max_applies: Optional[int] = None,
           save_counterexamples: Union[None, str, Path] = COUNTEREXAMPLE_DIR,
           settings: Optional[Settings] = None,
           progress: Optional[Callable[[str, int, int], None]] = None,
           policy: str = "random", mcts_simulations: Optional[int] = None,
           cluster: Optional[str] = None) -> VerifyReport:
    """Check every property of one engine for each player count (None: every count it allows).
    ``name_or_path`` is a bundled game's id, a rule file, or an engine object (as built by ``load``).
    ``policy`` (see POLICIES) chooses the seats' actions in the seeded games the checks play (the whole
    game of termination, fast-forwards, hidden information in play): ``mcts`` has each decision searched
    by rulespec.play.mcts with ``mcts_simulations`` rollouts (default mcts.ROLLOUTS), so that play reaches
    positions seats that try to win reach; Hypothesis' own steps still draw from every offered action.

    Budgets left as None come from the active Hypothesis profile (or ``settings``). Each failure's
    counterexample is written to ``save_counterexamples`` (a folder; None to write nothing).
    ``progress(stage, done, total)`` hears of every example as it ends: the stage is the player count
    ("2 players"), ``total`` the examples asked for (shrinking a failure may run more).

    ``cluster`` (a Dask scheduler's address, or "auto": rulespec.play.cluster) runs each player count on a
    worker of the cluster, with the budgets resolved here; with a ``seed`` the report is the one this
    process would have made (each count is its own Hypothesis run either way)."""
    started = time.perf_counter()
    if isinstance(name_or_path, Engine):
        game, name_or_path = name_or_path, name_or_path.GAME_ID
    else:
        game = _load(name_or_path, variants, options)
    if players is None:
        counts = list(range(game.MIN_PLAYERS, game.MAX_PLAYERS + 1))
    elif isinstance(players, int):
        counts = [players]
    else:
        counts = list(players)
    step_policy = _policy(policy, mcts_simulations)
    report = VerifyReport(str(name_or_path), game.TITLE, counts, dict(game._option_values), tuple(variants),
                          policy=policy if policy == "random" else f"{policy} ({_simulations(mcts_simulations)} "
                                                                    f"simulations per decision)")
    base = settings if settings is not None else Settings()
    overrides: dict[str, Any] = {
        "deadline": None,
        "suppress_health_check": list(set(base.suppress_health_check) | {HealthCheck.too_slow,
                                                                         HealthCheck.data_too_large}),
        "phases": [p for p in base.phases if p != Phase.explain],
    }
    if max_examples is not None:
        overrides["max_examples"] = max_examples
    if stateful_step_count is not None:
        overrides["stateful_step_count"] = stateful_step_count
    if derandomize is not None:
        overrides["derandomize"] = derandomize
    if seed is not None:  # a seeded run is the same anywhere: no examples replayed from an earlier run's database
        overrides["database"] = None
    run_settings = Settings(base, **overrides)
    if cluster:
        _verify_on_cluster(cluster, report, name_or_path, counts, variants, options, seed, run_settings,
                           fast_forward, max_game_steps, max_applies, progress, policy, mcts_simulations)
    for count in ([] if cluster else counts):
        stage, examples_run = f"{count} player{'s' if count != 1 else ''}", [0]

        def example_ended(stage: str = stage, examples_run: list[int] = examples_run) -> None:
            if _cut_short():
                return
            examples_run[0] += 1
            if progress is not None:
                progress(stage, examples_run[0], run_settings.max_examples)

        if progress is not None:
            progress(stage, 0, run_settings.max_examples)
        machine = state_machine(game, count, fast_forward=fast_forward, max_game_steps=max_game_steps,
                                max_applies=max_applies, counts=report.checks_by_property, on_example=example_ended)
        machine.checks.source = str(name_or_path)
        machine.checks.variants = tuple(variants)
        machine.checks.policy = step_policy
        if seed is not None:
            machine = hypothesis_seed(seed)(machine)
        output: list[str] = []
        try:
            with with_reporter(output.append):
                run_state_machine_as_test(machine, settings=run_settings)
        except BaseException as error:  # noqa: B036 - failures come back as exceptions or groups of them
            if isinstance(error, (KeyboardInterrupt, SystemExit)):
                raise
            for inner in _exceptions(error):
                output += [str(note) for note in getattr(inner, "__notes__", ())]  # Hypothesis' steps
                if isinstance(inner, PropertyFailure):
                    report.failures.append(inner.failure)
                else:
                    report.failures.append(Failure("harness", f"{type(inner).__name__}: {inner}", count,
                                                   dict(game._option_values), [], str(name_or_path), tuple(variants)))
        report.hypothesis_output += [str(line) for line in output]
    if save_counterexamples is not None:
        folder = Path(save_counterexamples)
        for number, failure in enumerate(report.failures, 1):
            if failure.actions or failure.property != "harness":
                stem = Path(str(name_or_path)).stem if str(name_or_path).endswith(".rules") else game.GAME_ID
                slug = re.sub(r"[^A-Za-z0-9]+", "-", f"{stem}-{failure.players}p-"
                                                      f"{_options_text(failure.options)}-{failure.property}").strip("-")
                failure.path = save_counterexample(folder / f"{slug}-{number}.txt", failure)
    report.seconds = time.perf_counter() - started
    return report
