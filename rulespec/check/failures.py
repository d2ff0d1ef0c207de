"""What a failed property is: the properties' names and meanings, and the failure a check raises.

A :class:`Failure` carries the action list that reproduces it from a new game and renders itself with
the command that replays it (rulespec/check/counterexamples.py saves and reads it as a file).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Optional

from ..runtime.engine import State


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
    "information_state_leak": "two histories that a seat cannot tell apart (the same observations, in order, and "
                              "the same own actions) give it the same information state through the adapters "
                              "(OpenSpiel's information_state_string)",
    "secret_choices": "at a simultaneous decision a seat sees its own choice, and nothing of what the others chose",
    "observation_json": "every observation is JSON-serialisable",
    "turn_limit": "the turn number never exceeds the declared limit",
    "action_numbers": "where the rule file numbers its actions (`actions numbered 0 to N`), every candidate the adapters number is within 0..N and the actions a seat may take at a state have distinct numbers; where it numbers its chance outcomes (`chance outcomes numbered 0 to N`), likewise its outcomes",
    "decision_limit": "no game takes more decisions than `at most EXPR decisions` declares (each seat's choice one)",
    "payoff_sum": "at the end the returns add up to what the rule file declares (`zero-sum`, `constant-sum N`)",
    "payoff_range": "at the end each seat's return lies in the range the rule file declares (`between L and H`)",
    "violations": "the runtime records no violation",
    "termination": "a whole random game ends within the step budget without an error",
    "invariant:<name>": "the rule file's invariant <name> holds",
}


def options_text(options: dict[str, str]) -> str:
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
        lines = [f"FAILED {self.property} with {self.players} players, options {options_text(self.options)}"
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

