"""The example runner's `then "ACTION" is numbered N` (a mixin of ExampleRun, rulespec/pipeline/examples.py): the
action is offered now and its option's `numbered EXPR` (`actions numbered 0 to N`, issue #41) gives it N, the
number OpenSpiel and PettingZoo know it by; `then "chance: OUTCOME" is numbered N`: the outcome is possible now
and its chance step's `numbered EXPR` (`chance outcomes numbered 0 to N`) gives it N."""

from __future__ import annotations

from ..runtime.engine import State


class ExampleNumbers:
    """`then "..." is numbered N`, on the runner's ``fail``, ``fail_in_play`` and ``_begin``."""

    def numbered(self, st: State, text: str, number: int, line: int = 0) -> None:
        self._begin(st, line)
        if text.startswith("chance:"):
            self.outcome_numbered(st, text, number, line)
            return
        try:
            actions = st.legal_actions()
        except Exception as error:  # (as `then ... is legal`: a listing that breaks fails the line)
            self.fail(line, f"the choices could not be listed: {type(error).__name__}: {error}")
        offered = [str(action) for action in actions]
        if text not in offered:
            self.fail_in_play(line, f"{text!r} is not offered; offered: {offered[:10]}")
        pending = st._offer()
        row = pending.rows[offered.index(text)]
        option = pending.options[row[2]]
        found = option.number(st, *st._stack[-1][1], *row[3])
        if found != number:
            self.fail(line, f"{text!r} is numbered {found} (option `{option.name}`), not {number}")

    def outcome_numbered(self, st: State, text: str, number: int, line: int) -> None:
        possible = [str(action) for action, _ in st.chance_outcomes()]
        if text not in possible:
            self.fail_in_play(line, f"{text!r} is not a possible chance outcome now; they are: {possible[:10]}")
        pending = st._offer()
        row = possible.index(text)
        binding = pending.rows[row][3] if pending.rows is not None else (pending.items[row],)
        step, args = st._stack[-1][0], st._stack[-1][1]
        found = st.game.STEPS[step].number(st, *args, *binding)
        if found != number:
            self.fail(line, f"{text!r} is numbered {found} (chance `{step}`), not {number}")
