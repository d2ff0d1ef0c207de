"""What every part of the runtime shares: the special seats and steps, and the errors of play.

Seats: the whole Python API numbers seats from 0 (``Action.player``, ``observation(seat)``,
``outcome()["winners"]`` and ``["ranking"]``, ``returns()``, ``new_game(players)`` seats 0..players-1);
the rule language and every text made for people (action texts, messages, pages) say ``player N``,
which is seat N - 1. ``str(Action(0, "pass"))`` is ``"player 1: pass"``.
"""

from __future__ import annotations

CHANCE = -1
ANY_PLAYER = -2  # a choice every seat may take (a claim window)
SIMULTANEOUS = -3  # a choice each seat makes in secret, resolved together (`by each player`); see simultaneous_seats()
EVERY_SEAT = (ANY_PLAYER, SIMULTANEOUS)  # decisions in which every seat may act; the first bound name is the seat
TERMINAL = -4
RESOLVE = "__resolve__"
LOTS = "__lots__"  # the chance step that breaks a tie for first place by drawing lots
ENDING = "__ending__"  # under the step an end runs before scoring; the game is over once it is reached
# under the steps a step started with `then`, put there by the step (`checked after step NAME`): once they are
# done, the ends of the timing it carries are checked
AFTER = "__after__"
SPAN_LIMIT = 10_000  # numbers in one range `low..high` (the language's `span` limit, rulespec.lib.limits)
WRITTEN_KEPT = 4096  # State._written is emptied when longer (a hint: the records fall back to comparing)


class IllegalAction(Exception):
    """An action that may not be taken now. ``reason`` says why; the state is unchanged."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class RuleRuntimeError(Exception):
    """The rules asked for something impossible (a rule-file bug), e.g. drawing from an empty zone.
    ``where`` names the declaration that asked and its `file.rules:LINE`, once known (runtime/blame.py)."""

    where: "str | None" = None

    def __str__(self) -> str:
        said = super().__str__()
        return f"{said} (at {self.where})" if self.where else said
