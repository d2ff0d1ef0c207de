"""`rulespec verify`'s `action_numbers` property (issue #41): where a rule file numbers its actions
(`actions numbered 0 to N`, each option's `numbered EXPR`), no two actions a seat may take at a state share a
number, and every number lies in 0..N; where it numbers its chance outcomes (`chance outcomes numbered 0 to N`,
each chance step's `numbered EXPR`), likewise no two outcomes possible at a chance node. The adapters refuse
such a state (rulespec/adapters/declared_numbers.py, declared_outcomes.py); verify finds it first, on every
state it visits."""

from __future__ import annotations

from typing import Optional

from ..runtime.engine import CHANCE, State


def numbering_problem(state: State) -> Optional[str]:
    """What is wrong with the numbers of the actions offered at ``state``, or None (also where the game does
    not number its actions, or no seat decides)."""
    game = state.game
    if state.is_terminal():
        return None
    pending = state._offer()
    if pending is not None and pending.seat == CHANCE and game.CHANCE_NUMBERS is not None:
        return outcome_numbering_problem(state, pending)
    if (game.ACTION_NUMBERS is None or pending is None or pending.seat == CHANCE or pending.rows is None
            or pending.options is None):
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


def outcome_numbering_problem(state: State, pending) -> Optional[str]:
    """What is wrong with the numbers of the chance outcomes possible at ``state`` (a chance node), or None."""
    frame = state._stack[-1]
    step = state.game.STEPS.get(frame[0])
    if step is None or step.number is None:
        return f"the chance node `{frame[0]}` has no outcome numbers (`chance outcomes numbered`)"
    last = state.game.CHANCE_NUMBERS(state)
    bindings = [row[3] for row in pending.rows] if pending.rows is not None else [(item,) for item in pending.items]
    taken: dict[int, str] = {}  # number -> the outcome numbered so
    for action, binding in zip(pending.all_actions(), bindings):
        number = step.number(state, *frame[1], *binding)
        if not 0 <= number <= last:
            return f"the chance outcome `{action.text}` (chance {frame[0]}) is numbered {number}, outside 0 to {last}"
        other = taken.setdefault(number, action.text)
        if other != action.text:
            return f"the chance outcomes `{other}` and `{action.text}` (chance {frame[0]}) are both numbered {number}"
    return None
