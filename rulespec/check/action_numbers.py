"""`rulespec verify`'s `action_numbers` property (issue #41): where a rule file numbers its actions
(`actions numbered 0 to N`, each option's `numbered EXPR`), no two actions a seat may take at a state share a
number, and every number lies in 0..N. The adapters refuse such a state (rulespec/adapters/
declared_numbers.py); verify finds it first, on every state it visits."""

from __future__ import annotations

from typing import Optional

from ..runtime.engine import CHANCE, State


def numbering_problem(state: State) -> Optional[str]:
    """What is wrong with the numbers of the actions offered at ``state``, or None (also where the game does
    not number its actions, or no seat decides)."""
    game = state.game
    if game.ACTION_NUMBERS is None or state.is_terminal():
        return None
    pending = state._offer()
    if pending is None or pending.seat == CHANCE or pending.rows is None or pending.options is None:
        return None
    step, args = state._stack[-1][0], state._stack[-1][1]
    last = game.ACTION_NUMBERS(state)
    taken: dict[tuple[int, int], tuple[str, str]] = {}  # (seat, number) -> the action and option numbered so
    for seat, text, k, binding in pending.rows:
        option = pending.options[k]
        number = option.number(state, *args, *binding)
        if not 0 <= number <= last:
            return (f"player {seat + 1}'s `{text}` (option {step}.{option.name}) is numbered {number}, outside "
                    f"0 to {last}")
        other = taken.setdefault((seat, number), (text, option.name))
        if other != (text, option.name):
            return (f"player {seat + 1}'s `{other[0]}` (option {step}.{other[1]}) and `{text}` (option "
                    f"{step}.{option.name}) are both numbered {number}")
    return None
