"""A decision's listing as the adapters' integer actions, worked out once per listing and kept with it.

The engine lists a decision once per state (runtime Pending); its rows carry their texts. The adapters
number those texts (core.ActionTable) once, here, into two integer tables kept on the listing itself
(``Pending.numbered``): the sorted action numbers OpenSpiel and PettingZoo offer, and each number's
row, so that a number is applied by its row with no text read again. A listing never changes once made
and clones of a state share it, so a search that revisits a node (MCTS) numbers it once.
"""

from __future__ import annotations

import operator
from typing import Optional

from .declared_numbers import NumberingError

_text_of = operator.attrgetter("text")
_row_text = operator.itemgetter(1)


class ListingNumbers:
    """One listing's numbers for one ActionTable: ``legal`` sorted (a seat's actions, or a chance node's
    outcomes), ``row_of`` each number's first row, ``outcomes`` (chance) (number, probability) sorted."""

    __slots__ = ("table", "legal", "row_of", "outcomes")

    def __init__(self, table, row_of: dict[int, int], outcomes: Optional[list] = None):
        self.table, self.row_of, self.outcomes = table, row_of, outcomes
        self.legal = sorted(row_of)


def seat_numbers(table, pending, st) -> ListingNumbers:
    """The numbers of a seat's decision (every row the seat's own) at state ``st``: its texts' numbers, or
    where the game numbers its actions (`numbered EXPR`), each row's (declared_numbers.py)."""
    numbered = pending.numbered
    if numbered is not None and numbered.table is table:
        return numbered
    if table.declared is not None:
        if pending.rows is None:
            raise NumberingError("an engine that lists its decisions itself (Pending.given) has no declared numbers")
        pending.numbered = numbered = ListingNumbers(table, _first_rows(table.declared.row_numbers(st, pending)))
        return numbered
    texts = map(_row_text, pending.rows) if pending.rows is not None else map(_text_of, pending.all_actions())
    numbers = list(map(table.player_numbers.__getitem__, texts))
    if None in numbers:
        table.player_id(pending.all_actions()[numbers.index(None)])  # (raises: an action text no template gives)
    pending.numbered = numbered = ListingNumbers(table, _first_rows(numbers))
    return numbered


def chance_numbers(table, pending, outcomes: list, shuffled: bool, st) -> ListingNumbers:
    """The numbers of a chance node's ``outcomes`` (State.chance_outcomes of the state ``st``, which ``pending``
    lists): where the game numbers its chance outcomes, each row's (declared_outcomes.py); else a shuffle's by
    their place among the zone's orders, any other's by its text; outcomes of one number (texts read back to one
    template) have their probabilities added."""
    numbered = pending.numbered
    if numbered is not None and numbered.table is table:
        return numbered
    if table.declared_chance is not None:
        numbers = table.declared_chance.row_numbers(st, pending)
    elif shuffled:
        numbers = list(range(len(outcomes)))
    else:
        numbers = [table.chance_id(action) for action, _ in outcomes]
    merged: dict[int, float] = {}
    for number, (_, probability) in zip(numbers, outcomes):
        merged[number] = merged.get(number, 0.0) + float(probability)
    pending.numbered = numbered = ListingNumbers(table, _first_rows(numbers), sorted(merged.items()))
    return numbered


def _first_rows(numbers: list[int]) -> dict[int, int]:
    """Each number's first row (two texts may read back to one number: the first is the one applied): the rows
    given last to first, so that a number's first row is the one kept."""
    last = len(numbers) - 1
    return dict(zip(reversed(numbers), range(last, -1, -1)))
