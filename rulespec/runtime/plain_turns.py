"""Plain turns: what follows a step that ends a turn, in a game where nothing but the seat passing on lies
between one turn and the next.

After a step, the generic path (State._play's end check, State._offer_next_choice, Engine._next_turn)
asks at every turn about every construct a game may use between turns: ends checked at turn start or
after the turn, turns skipped, positions counted for repetition, a replacement of the turn's step, an
end check waiting for a named step. Most games use none of them. ``PlainTurns.of(engine)`` decides
once, from the engine's tables (which the generator wrote from the checked model), whether its turns
are plain; if so, ``next_turn`` does what the generic path does there, and nothing else: the after-step
ends, the next seat's turn, its choice listed. What a state may still need at run time (an end that
holds, the turn limit, a `next turn goes to`, nothing to choose, a budget of fewer automatic steps) is
handed back to the generic path at the very point where it would have met it.
tests/core/test_plain_turns.py plays seeded games both ways in lock step.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Optional

if TYPE_CHECKING:
    from .engine import Engine
    from .state import State


class PlainTurns:
    """The engine's turn step, listed by its one generated choices function, with what listing it needs."""

    __slots__ = ("choices", "options", "rows_kept", "check")

    def __init__(self, choices: Callable, options: tuple, rows_kept: bool, check: Optional[Callable]):
        self.choices = choices  # (state, seat) -> (seat, rows): the turn step's choice, listed
        self.options = options
        self.rows_kept = rows_kept  # its rows are kept by what they read (their Pending shared: Engine._kept_pending)
        self.check = check  # the generated after-step end check, or None: no end is checked after a step

    @classmethod
    def of(cls, engine: "Engine") -> Optional["PlainTurns"]:
        """The engine's plain turns, or None when something may happen between its turns (an engine class
        that overrides Engine._next_turn says so itself: Engine.__init__ asks only of one that does not)."""
        listed = engine._inline_choices.get(engine.TURN_STEP)  # a choice listed anew each time, no two rows alike
        after_step_ends = any(end.timing == "after_step" for end in engine.ENDS)
        if (listed is None or listed[1]  # (listed[1]: replacements of the turn's step)
                or engine.SKIP_TURN is not None or engine.COUNTS_POSITIONS or engine.COUNTS_POSITIONS_ON
                or engine._turn_start_ends or engine._after_turn_ends
                or after_step_ends and engine._after_step is None):  # (ends checked one by one)
            return None
        info = listed[0]
        return cls(info.choices, info.options, info.rows_kept, engine._after_step if after_step_ends else None)

    def next_turn(self, st: "State", engine: "Engine") -> None:
        """A step has just ended the turn (the stack is empty, the game in play and not over): the ends
        checked after a step, then the next seat's turn begins and its choice is offered (what
        State._play's check and _offer_next_choice with Engine._next_turn do for a plain turn)."""
        check = self.check
        if check is not None and not st._ends_clean:
            found = check(st)
            if found is not None:
                engine._end(st, engine.ENDS[found[0]], *found[1:])
                if st._over is None:  # (the end's closing step, or a draw of lots, is on the stack)
                    st._offer_next_choice(engine)
                else:
                    engine._advance(st)
                return
        number = st._turn_number + 1
        if (st._next_seat is not None or engine.MAX_AUTO_STEPS <= 1 or engine.MAX_TURNS is not None and (
                number > engine.MAX_TURNS or engine.TURN_LIMIT is not None and number > engine.TURN_LIMIT(st))):
            st._offer_next_choice(engine)  # (a seat named, a small budget, the turn limit: the generic path)
            return
        seat = st._turn_seat + 1
        if seat == st.players:
            seat = 0
        st._turn_number, st._turn_seat = number, seat
        frame = engine._turn_frames.get(seat)  # (as Engine._next_turn makes them)
        if frame is None:
            frame = engine._turn_frames[seat] = (engine.TURN_STEP, (seat,), seat, "turn", ())
        st._stack.append(frame)
        chooser, rows = self.choices(st, seat)
        if rows:
            st._pending = (engine._kept_pending(chooser, rows, self.options) if self.rows_kept else
                           engine._rows_offered(chooser, rows, self.options))
        else:  # nothing to choose: the generic path skips it (one run and one idle turn spent, as there)
            engine._advance(st, 1, 1)
