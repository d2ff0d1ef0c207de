"""Every candidate a rule file numbers, listed without a state (issue #41; #40's maedn found the need): the
one listing the adapters name their numbers by (declared_numbers.py, declared_outcomes.py) and `rulespec check`
checks against the declared range (rulespec/check/candidate_numbers.py), so both see the same candidates.

A candidate is what the generated ``numbered_<step>__<option>`` (a choice's option) or ``numbered_<step>`` (a
chance step) yields for a value of its step's parameters: every binding its conditions that no state decides
allow, each domain at its widest, with its text and number. A candidate that is never legal in play is still
listed (its conditions a state decides are not asked), so its number must lie in the declared range too.
"""

from __future__ import annotations

import itertools
from typing import Iterator, NamedTuple

from ..lib.limits import limit, refusal
from ..runtime.engine import Engine, State
from .errors import AdapterError


class NumberingError(AdapterError):
    """Two actions with one number, or a number outside the game's range."""


class ActionCandidate(NamedTuple):
    seat: int  # the seat that would choose it
    text: str
    number: int
    step: str
    option: int  # its option's place among the step's options


class OutcomeCandidate(NamedTuple):
    step: str
    arguments: tuple  # the values of its step's parameters
    text: str
    number: int


def action_candidates(engine: Engine, players: int, start: State) -> Iterator[ActionCandidate]:
    """Every candidate of every numbered option, its conditions a state decides ignored, for every value of
    its step's parameters (at most the limit `numbered_candidates`: then NumberingError)."""
    listed = 0
    for step in engine.STEPS.values():
        if step.kind != "choice":
            continue
        for args in step_arguments(engine, players, step, start):
            seat = None if step.by is None else step.by(start, *args)
            for k, option in enumerate(step.options):
                for text, binding, number in option.numbered(start, *args):
                    listed = _counted(listed)
                    chooser = binding[0] if seat is None or seat < 0 else seat  # (any / each player: the first name)
                    yield ActionCandidate(chooser, text, number, step.name, k)


def outcome_candidates(engine: Engine, players: int, start: State) -> Iterator[OutcomeCandidate]:
    """Every outcome of every chance step that its fixed parts allow, for every value of the step's parameters
    (NumberingError for a chance step without a number, or past the limit `numbered_candidates`)."""
    listed = 0
    for step in engine.STEPS.values():
        if step.kind != "chance":
            continue
        if step.number is None:
            raise NumberingError(f"{chance_step_place(engine, step.name)} has no outcome number")
        for args in step_arguments(engine, players, step, start):
            for text, _, number in step.numbered(start, *args):
                listed = _counted(listed)
                yield OutcomeCandidate(step.name, args, text, number)


def _counted(listed: int) -> int:
    if listed >= limit("numbered_candidates"):
        raise NumberingError(refusal("numbered_candidates", f"more than {listed:,}"))
    return listed + 1


def step_arguments(engine: Engine, players: int, step, start: State):
    """Every value of a step's parameters (a choice's, a chance step's): seats, spaces of the boards in use, and
    for a word every word of the components' attributes (a coin's colour `k` of `drop(k: word)`)."""
    domains = []
    for name, type_ in zip(step.params, step.param_types or ("seat",) * len(step.params)):
        if type_ == "seat":
            domains.append(range(players))
        elif type_.startswith("space:"):
            board = next(b for b, info in enumerate(engine.BOARDS) if info.name == type_.split(":", 1)[1])
            domains.append(start._t.cells_in_use[board])
        elif type_ == "symbol":
            domains.append(game_words(engine))
        else:
            raise NumberingError(f"{step.kind} `{step.name}`: its parameter `{name}` is a {type_}; the adapters "
                                 f"name a number without a state only where a step's parameters are seats, spaces and "
                                 f"words")
    return itertools.product(*domains)


def game_words(engine: Engine) -> tuple:
    """Every word of the game's component attributes (a counter of words holds an attribute's), each once, in
    declared order."""
    words = (w for _, attributes, *_ in engine.COMPONENTS for _, values in attributes for w in values)
    return tuple(dict.fromkeys(w for w in words if isinstance(w, str)))


def chance_step_place(engine: Engine, step: str) -> str:
    """A chance step with its rule-file line: `chance roll, rulebooks/backgammon.rules:97`."""
    line = next((f"{s.loc.file}:{s.loc.line}" for s in engine.model.steps if s.name == step and s.loc is not None),
                None)
    return f"chance {step}" + (f", {line}" if line else "")
