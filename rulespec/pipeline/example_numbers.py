"""The example runner's `then "ACTION" is numbered N` (a mixin of ExampleRun, rulespec/pipeline/examples.py): the
action is offered now and its option's `numbered EXPR` (`actions numbered 0 to N`, issue #41) gives it N, the
number OpenSpiel and PettingZoo know it by."""

from __future__ import annotations

from ..runtime.engine import State


class ExampleNumbers:
    """`then "..." is numbered N`, on the runner's ``fail``, ``fail_in_play`` and ``_begin``."""

    def numbered(self, st: State, text: str, number: int, line: int = 0) -> None:
        self._begin(st, line)
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
