"""Plain turns: the short way from a step that ends a turn to the next turn's choice.

After a step, the generic path (State._play's end check, then State._offer_next_choice or Engine._advance's
loop, and Engine._next_turn) asks at every turn about every construct a game may use between turns: ends
checked at turn start or after the turn, turns skipped, positions counted for repetition, a replacement of
the turn's step, an end check waiting for a named step, runtime and automatic steps. Most games use none
of them. ``PlainTurns.of(engine)`` decides once, from the engine's tables (which the generator wrote from
the checked model), whether its turns are plain: the turn's step a choice listed by its generated choices
function, nothing replacing it, nothing between turns but the seat passing on. ``next_turn`` then does
what the generic path does there and nothing else: the after-step ends, the next seat's turn, its choice
listed. What a state may still meet (an end that holds, the turn limit, a `next turn goes to`, nothing to
choose, a budget of one automatic step) goes back to Engine._advance at the very run where the generic
path would be. tests/core/test_plain_turns.py plays seeded games both ways in lock step.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Optional

if TYPE_CHECKING:
    from .engine import Engine
    from .state import State
    from .tables import StepInfo


class PlainTurns:
    """The engine's turn step, a choice listed by its one generated choices function, and the end check made
    after a step."""

    __slots__ = ("step", "info", "check", "inline")

    def __init__(self, step: str, info: "StepInfo", check: Optional[Callable]):
        self.step, self.info = step, info
        self.check = check  # the generated after-step end check, or None: no end is checked after a step
        # listed anew each time, no two rows alike: offered as listed (else Engine._offer_listed_choice: a
        # listing made once for its arguments, or one whose rows may read alike)
        self.inline = info.distinct and not info.listed_once

    @classmethod
    def of(cls, engine: "Engine") -> Optional["PlainTurns"]:
        """The engine's plain turns, or None when something may happen between its turns that only the
        generic path does (an engine class that overrides Engine._next_turn says so itself: Engine.__init__
        asks only of one that does not)."""
        info = engine.STEPS.get(engine.TURN_STEP)
        after_step_ends = any(end.timing == "after_step" for end in engine.ENDS)
        if (info is None or info.kind != "choice" or info.choices is None or not engine._lists
                or engine.TURN_STEP in engine._insteads_by_step  # (a replacement of the turn's step)
                or engine._after_named_ends  # (an end check waiting on the stack for a named step)
                or after_step_ends and engine._after_step is None  # (ends checked one by one)
                or engine._turn_start_ends or engine._after_turn_ends or engine.SKIP_TURN is not None
                or engine.COUNTS_POSITIONS or engine.COUNTS_POSITIONS_ON):  # (Engine._next_turn's own)
            return None
        return cls(engine.TURN_STEP, info, engine._after_step if after_step_ends else None)

    def next_turn(self, st: "State", engine: "Engine") -> None:
        """A step has just ended the turn (the stack is empty, the game in play and not over): the ends
        checked after a step, the next seat's turn begun and its choice offered, as State._play with
        _offer_next_choice or Engine._advance, and Engine._next_turn, would."""
        check = self.check
        if check is not None and not st._ends_clean:
            found = check(st)
            if found is not None:
                engine._end(st, engine.ENDS[found[0]], *found[1:])
                engine._advance(st)  # (over, or its closing step or a draw of lots on the stack)
                return
        number = st._turn_number + 1
        if (st._next_seat is not None or engine.MAX_AUTO_STEPS <= 1 or engine.MAX_TURNS is not None and (
                number > engine.MAX_TURNS or engine.TURN_LIMIT is not None and number > engine.TURN_LIMIT(st))):
            engine._advance(st)  # (a seat named, a budget of one step, the turn limit: Engine._next_turn's)
            return
        seat = st._turn_seat + 1
        if seat == st.players:
            seat = 0
        st._turn_number, st._turn_seat = number, seat
        frame = engine._turn_frames.get(seat)  # (as Engine._next_turn makes them)
        if frame is None:
            frame = engine._turn_frames[seat] = (self.step, (seat,), seat, "turn", ())
        st._stack.append(frame)
        if not self.inline:
            if not engine._offer_listed_choice(st, self.step, frame, self.info):
                engine._advance(st, 2, 1)  # nothing to choose, the step skipped: _advance's second run done
            return
        chooser, rows = self.info.choices(st, seat)
        if rows:
            st._pending = (engine._kept_pending(chooser, rows, self.info.options) if self.info.rows_kept else
                           engine._rows_offered(chooser, rows, self.info.options))
        else:  # nothing to choose: as _offer_next_choice, _advance lists it again and skips it
            engine._advance(st, 1, 1)
