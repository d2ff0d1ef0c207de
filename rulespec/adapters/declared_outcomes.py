"""A game's own chance outcome numbers (`chance outcomes numbered 0 to N`, each chance step's `numbered EXPR`;
issue #41).

Where a rule file numbers its chance outcomes, an outcome's number is its chance step's expression over the
outcome's names (the engine's generated ``number_<step>``), not the place of its text among its step's texts:
OpenSpiel's ``max_chance_outcomes`` is N + 1 and ``chance_outcomes()`` gives these numbers (backgammon's dice as
OpenSpiel numbers them, so that a search drawing chance by number rolls the same dice on both).

A number's text without a state is found by listing every outcome of every chance step that its fixed parts
allow (the generated ``numbered_<step>``), for every value of the step's parameters. Outcomes that read alike
are one outcome (the engine adds their weights), so they must share a number; two outcomes of one chance node
with one number, or a number outside 0..N, is a NumberingError naming the step and its rule-file line
(`rulespec verify` checks it too: check/action_numbers.py).
"""

from __future__ import annotations

from typing import Optional

from ..runtime.engine import Engine, State
from .declared_numbers import OUT_OF_RANGE_HINT
from .numbered_candidates import NumberingError, chance_step_place, outcome_candidates

NO_OUTCOME = "(no chance outcome {})"  # the text of a number no outcome has


class DeclaredOutcomes:
    """The numbers a rule file gives its chance outcomes, for one configuration and player count: ``size``
    (N + 1), each number's texts (``texts[n]``, several joined by ` / ` where outcomes of different nodes share a
    number) and numbers by text (``ids``)."""

    def __init__(self, engine: Engine, players: int):
        self.engine = engine
        if engine._draws_lots:
            raise NumberingError("the game numbers its chance outcomes (`chance outcomes numbered`), but its ranking "
                                 "breaks a tie by lot, an outcome no rule numbers")
        start = engine.new_game(players)
        self.size = engine.CHANCE_NUMBERS(start) + 1
        found: dict[int, list[str]] = {}
        self.ids: dict[str, int] = {}
        numbers: dict[tuple, int] = {}  # (outcomes of one chance node that read alike are one: one number)
        for step, args, text, number in outcome_candidates(engine, players, start):
            self._check(step, text, number)
            if numbers.setdefault((step, args, text), number) != number:
                raise NumberingError(f"`{text}` ({self.where(step)}) is one outcome, its candidates added up, but "
                                     f"they are numbered {numbers[step, args, text]} and {number}")
            texts = found.setdefault(number, [])
            if text not in texts:
                texts.append(text)
            self.ids.setdefault(text, number)
        self.texts = [" / ".join(found[n]) if n in found else NO_OUTCOME.format(n) for n in range(self.size)]
        for number, said in found.items():  # (a number's joined texts read back to it too)
            self.ids.setdefault(" / ".join(said), number)

    def row_numbers(self, st: State, pending) -> list[int]:
        """The number of each outcome of ``pending`` (a chance node's listing at ``st``), checked: each in range,
        no two alike."""
        frame = st._stack[-1]
        number = self.engine.STEPS[frame[0]].number
        args = frame[1]
        if pending.rows is not None:
            bindings = [row[3] for row in pending.rows]
        else:  # (a draw from a zone: each outcome an item)
            bindings = [(item,) for item in pending.items]
        numbers = [number(st, *args, *binding) for binding in bindings]
        if len(set(numbers)) < len(numbers) or not 0 <= min(numbers) <= max(numbers) < self.size:
            self._refuse(frame[0], pending.all_actions(), numbers)
        return numbers

    def _refuse(self, step: str, actions: list, numbers: list[int]) -> None:
        """Raise NumberingError for the first outcome numbered out of range or with another's number."""
        first: dict[int, int] = {}
        for row, n in enumerate(numbers):
            self._check(step, actions[row].text, n)
            if n in first:
                raise NumberingError(f"two chance outcomes are numbered {n}: `{actions[first[n]].text}` and "
                                     f"`{actions[row].text}` ({self.where(step)})")
            first[n] = row

    def _check(self, step: str, text: str, number: int) -> None:
        if not 0 <= number < self.size:
            raise NumberingError(f"`{text}` ({self.where(step)}) is numbered {number}, outside 0 to {self.size - 1} "
                                 f"(`chance outcomes numbered`); {OUT_OF_RANGE_HINT}")

    def where(self, step: str) -> str:
        return chance_step_place(self.engine, step)

    def text(self, number: int) -> str:
        if not 0 <= number < self.size:
            raise ValueError(f"no chance outcome {number}; they are 0 to {self.size - 1}")
        return self.texts[number]

    def number_of(self, text: str) -> Optional[int]:
        return self.ids.get(text)
