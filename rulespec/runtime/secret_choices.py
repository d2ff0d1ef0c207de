"""A simultaneous decision: each seat's choice kept secret until every seat has chosen, then revealed and
carried out together, each option by its seat (State's part)."""

from __future__ import annotations

import operator
from typing import Optional

from .blame import located, reason
from .common import AFTER, SIMULTANEOUS, RuleRuntimeError
from .pending import Action, Pending

_new_pending = object.__new__
_seat_and_text = operator.itemgetter(0, 1)


class _Secret:
    """What the Pending of a simultaneous decision some seats have chosen at keeps (``Pending.every``): every
    row, theirs too; the secret choices so far (the state's ``_chosen``, this very tuple); and the rows they
    chose, in the order chosen. Never changed once made (clones share their Pending)."""

    __slots__ = ("every", "chosen", "rows")

    def __init__(self, every: list, chosen: tuple, rows: tuple):
        self.every, self.chosen, self.rows = every, chosen, rows

class SecretChoices:
    """State's part: a simultaneous decision's choices kept secret, revealed and carried out together."""

    __slots__ = ()

    def _choose_in_secret(self, pending: Pending, index: int) -> None:
        """One seat's choice at a simultaneous decision: kept (in ``_chosen``, seen by that seat only) while
        others are still to choose; the last one carries every choice out, in seat order, as one step.

        A choice from listed rows is kept with the rows it chose: the Pending of the seats still to choose
        holds them (``every`` is a _Secret: every row, the choices so far and their rows), so the last choice
        finds every chosen row without listing again. A state whose secret choices came otherwise (read
        from JSON, or an engine's own _decide) lists the decision again and looks them up by their texts."""
        rows = pending.rows
        actions = pending.actions
        action = actions[index] if actions is not None else pending.pick(index)
        player = action.player
        chosen = self._chosen + ((player, action.text),)
        if rows is None:  # listed in full by an engine's own _decide
            if any(other.player != player for other in pending.all_actions()):  # others still have to choose
                self._chosen = chosen
                self.history.append(str(action))
                self._pending = None
                return
            every = picked = None
        else:
            every = pending.every
            if every.__class__ is _Secret:
                picked = every.rows + (rows[index],) if every.chosen is self._chosen else None
                every = every.every
            else:
                picked = (rows[index],) if not self._chosen else None
                if every is None:
                    every = rows
            found = pending.seat_rows(player)  # (the rows of a simultaneous decision come grouped by seat)
            waiting = [row for row in rows if row[0] != player] if found is None else rows[:found[0]] + rows[found[1]:]
            if waiting:  # others still have to choose, from the same listing (a secret choice changes nothing else)
                self._keep_secret(pending, action, chosen, waiting, every, picked, found)
                return
        self._reveal_choices(pending, action, chosen, every, picked)

    def _keep_secret(self, pending: Pending, action: Action, chosen: tuple, waiting: list, every: list,
                     picked: Optional[tuple], found: Optional[tuple]) -> None:
        """Keep ``action``, a secret choice from listed rows (``found``: (first, past) of its seat's, where
        Pending.seat_rows found them), while the seats of the ``waiting`` rows still have to choose: their
        Pending holds every row and, where known, the rows ``picked`` so far."""
        self._chosen = chosen
        self.history.append(self._t.seat_prefix[action.player] + action.text)  # str(action)
        still = self._pending = _new_pending(Pending)
        still.seat, still.count, still.rows, still.options = SIMULTANEOUS, len(waiting), waiting, pending.options
        still.every = every if picked is None else _Secret(every, chosen, picked)
        still.effect = still.weights = still.items = still.entries = still.offered = still.shared = None
        still.numbered = still.seat_found = still.outcomes = None
        actions = pending.actions  # the Actions handed out stay the ones offered
        if actions is None:
            still.actions = None
        elif found is not None:
            still.actions = actions[:found[0]] + actions[found[1]:]
        else:
            still.actions = [offered for offered, row in zip(actions, pending.rows) if row[0] != action.player]

    def _reveal_choices(self, pending: Pending, action: Action, chosen: tuple, every: Optional[list],
                        picked: Optional[tuple]) -> None:
        """Carry out every secret choice (``chosen``, ``action`` the last) as one step, in seat order: the rows
        ``picked``, or found again by their texts among ``every`` row (listed again if None)."""
        engine = self._engine
        moves = len(self.history)  # (as in _play)
        if self._origin is None:
            self._origin, self._origin_moves = self._copy(), moves
        try:
            self._loops = 0
            if picked is None:  # the chosen rows, found again by their texts
                if every is None:
                    every = engine._list(self, hide_chosen=False).rows
                listed = {(row[0], row[1]): row for row in reversed(every)}
                picked = [listed[seat_and_text] for seat_and_text in chosen]
            if len(picked) > 1:
                picked = sorted(picked, key=_seat_and_text)  # revealed together: carried out in seat order
            frame = self._stack.pop()
            self._chosen = ()
            self._pending = None
            self._last_cause = frame[3]
            fired = self.fired
            fired[frame[0]] = fired.get(frame[0], 0) + 1  # _count, inline (as in _play)
            self.history.append(self._t.seat_prefix[action.player] + action.text)  # str(action)
            self._carry_out(picked, frame)
            engine._check_ends(self, "after_step")
            engine._advance(self)
        except RuleRuntimeError as error:
            self._undo(pending, moves)
            raise located(error)
        except Exception as error:  # generated rule code met a value it cannot use: a rule-file problem
            self._undo(pending, moves)
            raise located(RuleRuntimeError(f"the rules could not resolve {action}: {reason(error)}"),
                          error.__traceback__) from error

    def _carry_out(self, picked: list, frame) -> None:
        """Run the options of the rows ``picked`` (seat, text, option, binding) at the simultaneous step of
        ``frame``, each by its seat; then push every seat's `then`s, in seat order, the first on top."""
        step, args, cause, replaced = frame[0], frame[1], frame[3], frame[4]
        options = self._engine.STEPS[step].options
        option_rules, fired = self._engine._option_rules, self.fired
        thens = []
        for seat, _, option, binding in picked:
            effect = options[option].effect
            self._actor = seat
            counted = option_rules[effect]  # what `fired` counts an option as
            fired[counted] = fired.get(counted, 0) + 1
            effect(self, cause, *args, *binding)
            if self._thens:
                thens += [(then, then_args, seat) for then, then_args in self._thens]
                self._thens = []
        if len(picked) > 1 and any(then[0] == AFTER for then in thens):  # each seat's option asked for the check
            thens = [then for then in thens if then[0] != AFTER] + [then for then in thens if then[0] == AFTER][-1:]
        for then, then_args, seat in reversed(thens):
            self._stack.append((then, then_args, seat, cause, replaced))
