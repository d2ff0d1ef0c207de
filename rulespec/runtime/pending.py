"""An action, and the decision on top of the stack as the state keeps it (listed once per state)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Optional

from .common import CHANCE

if TYPE_CHECKING:
    from .state import State

@dataclass(frozen=True, order=True)
class Action:
    """One decision: a seat's choice or a chance outcome. ``str()`` is what ``parse_action`` reads."""

    player: int
    text: str

    def __str__(self) -> str:
        return f"chance: {self.text}" if self.player == CHANCE else f"player {self.player + 1}: {self.text}"


# ----------------------------------------------------------------------------- a pending decision


class Pending:
    """The decision on top of the stack, listed as cheaply as it can be.

    Listing the decision is the inner loop of every game, and most loops (random_game, simulations)
    use one action of it. So a decision keeps plain rows ``(player, text, option, binding)``, where
    option indexes the step's options (a chance step has its one effect); a draw keeps only the items
    it may draw and reads an outcome's text when asked; and Action objects are made on demand.
    ``full()`` gives the documented entries ``[(Action, effect, weight, binding)]``. A Pending never
    changes once listed, so clones of a state share it."""

    __slots__ = ("seat", "count", "rows", "options", "effect", "weights", "items", "text", "st", "args", "entries",
                 "offered")

    def __init__(self, seat: int, rows: Optional[list], options: Optional[tuple], effect: Optional[Callable] = None,
                 weights: Optional[list] = None):
        self.seat = seat
        self.count = 0 if rows is None else len(rows)  # how many entries
        self.rows = rows  # [(player, text, option, binding)]; None for a draw or for given entries
        self.options = options  # the step's OptionInfos, or None: every row has ``effect``
        self.effect = effect
        self.weights = weights  # one per row; None when every weight is 1
        self.items = None  # a draw: the items it may draw, one per outcome
        self.entries = None  # the full() form, once made
        self.offered = None  # (Action, index): the last action handed out by pick()

    @classmethod
    def draw(cls, items: list, weights: Optional[list], text: Callable, effect: Callable, st: "State",
             args: tuple) -> "Pending":
        pending = cls(CHANCE, None, None, effect, weights)
        pending.count = len(items)
        pending.items, pending.text, pending.st, pending.args = items, text, st, args
        return pending

    @classmethod
    def given(cls, seat: int, entries: list) -> "Pending":
        """A decision listed in full by an engine that overrides Engine._decide."""
        pending = cls(seat, None, None)
        pending.count = len(entries)
        pending.entries = entries
        pending.weights = [entry[2] for entry in entries]
        return pending

    def __len__(self) -> int:
        return self.count

    def call(self, index: int) -> tuple:
        """(effect, binding) of one entry, without reading its text."""
        if self.rows is not None:
            row = self.rows[index]
            return (self.effect if self.options is None else self.options[row[2]].effect), row[3]
        if self.entries is not None:
            entry = self.entries[index]
            return entry[1], entry[3]
        return self.effect, (self.items[index],)

    def full(self) -> list:
        if self.entries is None:
            weights, options, effect = self.weights, self.options, self.effect
            if self.rows is None:  # a draw
                text, st, args = self.text, self.st, self.args
                self.entries = [(Action(CHANCE, text(st, *args, item)), effect, 1, (item,)) for item in self.items] \
                    if weights is None else [(Action(CHANCE, text(st, *args, item)), effect, weight, (item,))
                                             for item, weight in zip(self.items, weights)]
            elif options is not None:  # a choice
                self.entries = [(Action(player, text), options[option].effect, 1, binding)
                                for player, text, option, binding in self.rows]
            else:  # a chance step listed with its texts
                self.entries = [(Action(player, text), effect, 1 if weights is None else weights[i], binding)
                                for i, (player, text, _, binding) in enumerate(self.rows)]
        return self.entries

    def pick(self, index: int) -> Action:
        """The Action of one entry; apply() finds it again without listing the others."""
        if self.entries is not None:
            return self.entries[index][0]
        if self.rows is not None:
            row = self.rows[index]
            action = Action(row[0], row[1])
        else:
            action = Action(CHANCE, self.text(self.st, *self.args, self.items[index]))
        self.offered = (action, index)
        return action

    def find(self, action: Any) -> Optional[int]:
        """The index of the entry ``action`` plays, or None."""
        offered = self.offered
        if offered is not None and offered[0] is action:
            return offered[1]
        entries = self.full()
        for index, entry in enumerate(entries):  # most callers pass back an offered Action itself
            if entry[0] is action:
                return index
        for index, entry in enumerate(entries):
            if entry[0] == action:
                return index
        return None
