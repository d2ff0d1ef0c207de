"""A game in progress as the OpenSpiel and PettingZoo adapters play it: a Session holds the rulespec
state, the picks of a claim window waiting for its race, and what each seat has seen (its observation
and information state), and says what kind of node the game is at and who acts there.

The numbering it plays by (ActionTable) and the tensor layouts are in rulespec/adapters/core.py.
"""

from __future__ import annotations

import json
import weakref
from typing import Optional, Sequence

from .core import PATIENCE, ActionTable, engine_for, information_layout_for, table_for
from .errors import AdapterError
from .drawn_numbers import (drawn_numbers, is_keyed_static_draw, is_long_static_draw, is_short_static_draw,
                            keyed_draw_numbers, short_draw_numbers)
from .listing_numbers import chance_numbers, joint_numbers, seat_numbers
from .tensors import InformationLayout, SeenRows, TensorLayout, flatten_view, public_view
from ..runtime.engine import ANY_PLAYER, CHANCE, Action, State, StepBudgetExceeded, default_max_steps

try:  # a simultaneous decision (`choice ... by each player`), where the runtime has them
    from ..runtime.engine import SIMULTANEOUS
except ImportError:  # pragma: no cover - a runtime without simultaneous decisions
    SIMULTANEOUS = -3

# Node kinds of a Session
TERMINAL, CHANCE_NODE, RACE_NODE, SEAT_NODE, WINDOW_NODE = "terminal", "chance", "race", "seat", "window"
SIMULTANEOUS_NODE = "simultaneous"  # every seat chooses in secret (`by each player`), resolved together
JOINT_NODES = (WINDOW_NODE, SIMULTANEOUS_NODE)  # nodes that take one pick per seat (apply_joint)
VIEWS, LOGS = 1, 2  # what a Session keeps up with at every move (Session._follow): the views, and the logs too
# The sessions a move played twice from a shared session led to (Session.after_first_move), alive at once: at most
# KEPT_MOST (a search of many simulations keeps at most this many of its tree's nodes; past it, moves are played on
# copies, as a first play is)
KEPT_MOST = 10_000
_kept: "weakref.WeakSet[Session]" = weakref.WeakSet()


class Session:
    """One game in progress as the adapters see it: the rulespec state, the picks of a claim window
    waiting for the race to be decided, and each seat's information state (what it has seen)."""

    __slots__ = ("key", "table", "state", "picks", "idle", "_logs", "_seen", "steps", "max_steps", "_views", "_texts",
                 "shared", "_rows", "_behind", "_origin", "_follow", "_kind", "_joint",
                 "_record_shared", "_first_moves", "opening", "_returns", "__weakref__")

    def __init__(self, key: tuple, table: ActionTable, state: State, rows_kept: Optional[int] = None):
        self.key, self.table, self.state = key, table, state
        self.picks: Optional[dict[int, int]] = None  # seat -> action id, while a race is decided
        self._kind: Optional[str] = None  # kind(), once asked at this node (a move or a race's picks forget it)
        self._joint: Optional[tuple] = None  # a joint node's listing by seat and number, with its Pending (_by_seat)
        self.idle = 0  # rounds of the current claim window in which every seat waited
        self.steps = 0
        self.max_steps = default_max_steps(state.game, state.players)
        self._views = [state.observation(seat) for seat in range(state.players)]  # of the state as it is now
        self._seen = [flatten_view(view) for view in self._views]
        self._logs = [[self._full(seat)] for seat in range(state.players)]
        # What each seat saw is worked out when first asked for: until then a move is kept in _behind, to be
        # replayed from _origin (the state where the views stand), and the logs are worked out from the views
        # when they are asked for; see _catch_up.
        self._behind: list[tuple] = []
        self._origin: Optional[State] = None
        self._follow = 0  # what follows every move: 0 nothing yet, VIEWS the views, LOGS the logs as well
        self._texts: dict = {}  # cached strings of this node: (what, seat) -> text
        self.shared = False  # a session several states start from: clone it before playing (see the adapters)
        self.opening = False  # a game's first state, which every new state starts from (see after_first_move)
        self._first_moves: Optional[dict] = None  # a shared session's moves played, kept (after_first_move)
        self._returns: Optional[list] = None  # a finished state's returns, once asked (returns)
        # each seat's history for the information state tensor (InformationLayout)
        # (rows_kept: for a session of an engine loaded elsewhere, which key alone would not find: verify's)
        kept = information_layout_for(key, state.players).rows if rows_kept is None else rows_kept
        self._rows = [SeenRows(kept) for _ in range(state.players)]
        self._record_shared = False  # _seen, _views, _logs and _rows shared with a clone: copied before a change
        for seat, rows in enumerate(self._rows):
            rows.add((state.players + 1, -1, self._views[seat], self.to_act()))

    # ---- what each seat has seen, brought up to date when read
    @property
    def views(self) -> list[dict]:
        """Each seat's ``State.observation`` of the state as it is now."""
        self._catch_up(VIEWS)
        return self._views

    @property
    def seen(self) -> list[dict]:
        self._catch_up(LOGS)
        return self._seen

    @property
    def logs(self) -> list[list[str]]:
        """Each seat's information state, one line per move (see information_state_string)."""
        self._catch_up(LOGS)
        return self._logs

    @property
    def rows(self) -> list["SeenRows"]:
        """Each seat's history for the information state tensor."""
        self._catch_up(LOGS)
        return self._rows

    def _catch_up(self, wanted: int, follow: bool = True) -> None:
        """Bring the views (``wanted`` VIEWS) or the views and the logs (LOGS) up to date with the moves kept in
        _behind: the moves not yet viewed are replayed from _origin (a copy: every chance outcome is an action,
        so the replay reaches the very states played), each seat's view taken after each; the logs and the
        information state tensor's rows are worked out from those views, as a move does it. From then on what
        was asked for follows every move (``follow``), as it is being read: a caller that reads views reads
        them again (PettingZoo's observe at every step; CFR reads information states at every node)."""
        if follow and wanted > self._follow:
            self._follow = wanted
        behind = self._behind
        if not behind:
            return
        if self._origin is not None:  # moves not viewed yet
            replay, viewed = self._origin.clone(), []
            for event in behind:
                if event[0] in ("play", "listed"):  # an Action, or a row of the listing (play_listed)
                    action = event[1] if event[0] == "play" else replay._offer().pick(event[1])
                    replay.apply(action)
                    views = tuple(replay.observation(seat) for seat in range(replay.players))
                    viewed.append(("viewed", action, event[2], views, _to_act(replay, None)))
                    self._views = list(views)
                elif event[0] == "together":  # a decision made together: its actions, one move
                    for action in event[1]:
                        replay.apply(action)
                    views = tuple(replay.observation(seat) for seat in range(replay.players))
                    viewed.append(("viewed together", event[1], views, _to_act(replay, None)))
                    self._views = list(views)
                else:
                    viewed.append(event)
            self._behind = behind = viewed
            self._origin = None
        if wanted < LOGS:
            return
        self._behind = []
        self._own_record()
        for event in behind:
            if event[0] == "viewed":
                self._log_views(*event[1:])
            elif event[0] == "viewed together":
                self._log_together(*event[1:])
            else:  # ("log", seat, text): a line of a claim window's round, in its place among the moves
                self._logs[event[1]].append(event[2])

    def _log(self, seat: int, text: str) -> None:
        if self._behind:  # after moves not yet seen: in its place among them
            self._behind.append(("log", seat, text))
        else:
            self._own_record()
            self._logs[seat].append(text)

    def _own_record(self) -> None:
        """Copy what each seat has seen before changing it, where a clone shares it (copied on write: a search
        clones far more states than it reads the information states of)."""
        if self._record_shared:
            self._seen, self._views = list(self._seen), list(self._views)
            self._logs = [list(log) for log in self._logs]
            self._rows = [rows.copy() for rows in self._rows]
            self._record_shared = False

    # ---- copies: a clone shares the engine and the table; pickling goes through to_json
    def clone(self) -> "Session":
        copy = Session.__new__(Session)
        copy.key, copy.table, copy.state = self.key, self.table, self.state.clone()
        copy.picks = None if self.picks is None else dict(self.picks)
        copy._kind, copy._joint = self._kind, self._joint  # (a clone's state shares the listing)
        copy.idle, copy.steps, copy.max_steps = self.idle, self.steps, self.max_steps
        copy._seen, copy._views, copy._logs, copy._rows = self._seen, self._views, self._logs, self._rows
        self._record_shared = copy._record_shared = True
        copy._behind, copy._origin, copy._follow = list(self._behind), self._origin, self._follow  # (never changed)
        if self.shared and self._origin is None:  # a shared session's state is never played: the views stand there
            copy._origin = self.state
        copy._texts = self._texts  # (this node's texts: a move starts a new dict)
        copy.shared, copy.opening, copy._first_moves, copy._returns = False, False, None, self._returns
        return copy

    def __deepcopy__(self, memo) -> "Session":
        return self.clone()

    def __reduce__(self):
        return (_session_from, (self.key, self.state.players, self.state.to_json(), self.picks, self.idle, self.steps,
                                self.seen, self.logs, self.rows))

    # ---- the node
    @property
    def players(self) -> int:
        return self.state.players

    def kind(self) -> str:
        kind = self._kind
        if kind is None:
            kind = self._kind = _node_kind(self.state, self.picks)
        return kind

    def to_act(self) -> int:
        """Who decides, as an index of the tensor's ``to_act`` piece."""
        return _to_act(self.state, self.picks)

    def legal(self, seat: int) -> list[int]:
        """The sorted action ids ``seat`` may take now (none when it is not its decision)."""
        kind = self.kind()
        if kind == SEAT_NODE:
            if seat != self.state.current_player():
                return []
            return list(seat_numbers(self.table, self.state._offer(), self.state).legal)
        if kind in JOINT_NODES:
            self.state._check_seat(seat, "legal_actions")  # (an int seat of the game, as the state asks)
        if kind == WINDOW_NODE:
            ids = set(self._by_seat()[seat])
            if not ids or self.idle < PATIENCE:
                ids.add(self.table.wait)
            return sorted(ids)
        if kind == SIMULTANEOUS_NODE:  # a seat that is not choosing waits
            joint = self._joint_numbers()
            if joint is not None:
                own = joint.seats[seat]
                if own is not None:
                    return own.legal.copy()
                ids = None
            else:
                ids = self._by_seat()[seat]
            if ids or self.table.wait is not None:
                return sorted(ids) if ids else [self.table.wait]
            step = self.state._stack[-1][0] if self.state._stack else "?"
            raise AdapterError(f"player {seat + 1} has no option at `{step}`, a choice `by each player`, where every "
                               f"seat chooses (write `by each player where C` to leave a seat out)")
        return []

    def numbers(self):
        """This node's listing numbered (ListingNumbers: made once per listing, kept on it) at a seat's decision
        or a chance node; None at any other node."""
        if self.picks is not None:  # a race
            return None
        st = self.state
        pending = st._offer()
        if pending is None:  # the game is over
            return None
        if pending.seat >= 0:
            return seat_numbers(self.table, pending, st)  # (kept with the listing once made)
        return self._chance_numbers() if pending.seat == CHANCE else None

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.picks is not None:
            racers = sorted(self.picks)
            return sorted((self.table.race_ids[seat], 1 / len(racers)) for seat in racers)
        numbered = self._chance_numbers()
        return [] if numbered is None else list(numbered.outcomes)

    def _chance_numbers(self):
        """The chance node's listing numbered (listing_numbers.py), None if this is no chance node: a shuffle's
        outcomes by their place among the zone's orders (its outcomes are the orders of what the zone holds
        now), any other's by its text."""
        st = self.state
        pending = st._offer()
        if pending is None or pending.seat != CHANCE:
            return None
        if pending.numbered is not None and pending.numbered.table is self.table:
            return pending.numbered
        stack = st._stack
        shuffled = bool(self.table.shuffles) and bool(stack) and stack[-1][0] in self.table.shuffles
        if not shuffled and is_long_static_draw(self.table, pending):
            numbered = drawn_numbers(self.table, pending)
            if numbered is not None:
                return numbered
        elif not shuffled and is_short_static_draw(self.table, pending):
            return short_draw_numbers(self.table, pending,
                                      lambda: chance_numbers(self.table, pending, _outcomes(pending), False, st))
        elif not shuffled and is_keyed_static_draw(self.table, pending):
            numbered = keyed_draw_numbers(self.table, pending, st)
            if numbered is not None:
                return numbered
        return chance_numbers(self.table, pending, _outcomes(pending), shuffled, st)

    # ---- moves
    def apply(self, action: int) -> None:
        """A chance outcome (a draw, a lot or a race) or the acting seat's action, by number."""
        kind = self.kind()
        if kind == RACE_NODE:
            seat = self.table.race_ids.index(action) if action in self.table.race_ids else -1
            if seat not in self.picks:
                raise ValueError(f"{action} is not a racer of this claim window: {sorted(self.picks)}")
            picks, self.picks, self._kind = self.picks, None, None
            for other, pick in sorted(picks.items()):
                if other != seat:
                    self._log(other, f"you lost the race with {self.table.seat_text(other, pick)}")
            self._play(self._find(seat, picks[seat]), mover=seat)
        elif kind == CHANCE_NODE:
            row = self._chance_numbers().row_of(action)  # (a chance node: kind says so)
            if row is None:
                raise ValueError(f"chance outcome {action} ({self.table.action_to_string(action, True)!r}) is not "
                                 f"possible now")
            self.play_listed(row, CHANCE)
        elif kind == SEAT_NODE:
            st = self.state
            pending = st._offer()
            row = seat_numbers(self.table, pending, st).row_of(action)
            if row is None:
                raise ValueError(f"player {pending.seat + 1} may not {self.table.action_to_string(action)!r} now")
            self.play_listed(row, pending.seat)
        elif kind in JOINT_NODES:
            raise ValueError(f"a {'claim window' if kind == WINDOW_NODE else 'simultaneous decision'} takes one pick "
                             f"per seat (apply_joint)")
        else:
            raise ValueError("the game is over")

    def apply_joint(self, picks: Sequence[int]) -> None:
        """One round of a claim window, or a simultaneous decision: each seat's pick (an action or wait)."""
        kind = self.kind()
        if kind not in JOINT_NODES:
            raise ValueError("no claim window or simultaneous decision is open")
        if len(picks) != self.players:
            raise ValueError(f"a claim window takes one pick per seat ({self.players}), not {len(picks)}")
        if kind == SIMULTANEOUS_NODE:
            joint = self._joint_numbers()
            if joint is not None:
                self._texts = {}
                self._play_rows_together(self._rows_picked(joint, picks))
                return
        for seat, pick in enumerate(picks):
            if pick not in self.legal(seat):
                raise ValueError(f"player {seat + 1} may not pick {pick} now; the picks are {self.legal(seat)}")
        acting = {seat: pick for seat, pick in enumerate(picks) if pick != self.table.wait}
        self._texts = {}
        if kind == SIMULTANEOUS_NODE:
            self._play_together(acting)
            return
        for seat in range(self.players):
            if seat not in acting:
                self._log(seat, "you waited")
        if not acting:
            self.idle += 1
            return
        for seat, pick in acting.items():
            self._log(seat, f"you tried {self.table.seat_text(seat, pick)}")
        if len(acting) == 1:
            (seat, pick), = acting.items()
            self._play(self._find(seat, pick), mover=seat)
        else:
            self.picks = acting
            self._kind = None

    def _play_together(self, acting: dict[int, int]) -> None:
        """A simultaneous decision: every seat's choice applied in seat order (the runtime carries them all
        out with the last), seen by each seat as one move: its own choice, or that it waited."""
        actions = [self._find(seat, pick) for seat, pick in sorted(acting.items())]  # before any is applied
        if self.steps + len(actions) > self.max_steps:
            raise StepBudgetExceeded(self.max_steps, self.state.game.MAX_TURNS)
        st = self.state
        if self._follow:
            self._catch_up(LOGS, follow=False)  # (then seen at once: several actions make one move)
            for action in actions:
                st.apply(action)
            self._views = [st.observation(seat) for seat in range(st.players)]
            self._log_together(actions, self._views, _to_act(st, None))
        else:  # what each seat saw is worked out when asked for (_catch_up)
            origin = self._origin if self._origin is not None else st.clone()
            for action in actions:
                st.apply(action)
            self._origin = origin
            self._behind.append(("together", actions))
        self._kind = None
        self.steps += len(actions)
        self.idle = 0

    def _rows_picked(self, joint, picks: Sequence[int]) -> list[tuple[int, int]]:
        """Each choosing seat's pick at a simultaneous decision numbered by ``joint`` (JointNumbers), as (seat, its
        place among the seat's rows), in seat order; every pick checked before any is played (a seat with no rows
        waits)."""
        picked = []
        for seat, pick in enumerate(picks):
            own = joint.seats[seat]
            row = own.row_of(pick) if own is not None else None
            if row is not None:
                picked.append((seat, row))
            elif pick not in self.legal(seat):  # (a seat with no rows may only wait; legal says so, or refuses)
                raise ValueError(f"player {seat + 1} may not pick {pick} now; the picks are {self.legal(seat)}")
        return picked

    def _play_rows_together(self, picked: list[tuple[int, int]]) -> None:
        """A simultaneous decision numbered once (JointNumbers), as _play_together plays it: each seat's row played
        in seat order by its place, at the first of the seat's rows in the decision as it then stands (the seats
        before it have chosen), with no Action looked for by its text; the runtime carries them out with the last."""
        if self.steps + len(picked) > self.max_steps:
            raise StepBudgetExceeded(self.max_steps, self.state.game.MAX_TURNS)
        st = self.state
        follow = self._follow
        if follow:
            self._catch_up(LOGS, follow=False)  # (then seen at once: several actions make one move)
        else:
            origin = self._origin if self._origin is not None else st.clone()
        actions = []
        for seat, row in picked:
            pending = st._offer()
            index = pending.seat_rows(seat)[0] + row
            actions.append(pending.pick(index))
            st._play(pending, index)
        if follow:
            self._views = [st.observation(seat) for seat in range(st.players)]
            self._log_together(actions, self._views, _to_act(st, None))
        else:  # what each seat saw is worked out when asked for (_catch_up)
            self._origin = origin
            self._behind.append(("together", actions))
        self._kind = None
        self.steps += len(actions)
        self.idle = 0

    def _joint_numbers(self):
        """A simultaneous decision's numbers (JointNumbers, kept with its listing), or None where it is not listed
        by rows (then _by_seat numbers its Actions)."""
        return joint_numbers(self.table, self.state._offer(), self.state)

    def _log_together(self, actions: list[Action], views: Sequence[dict], to_act: int) -> None:
        """Each seat's line of the log and row of the information state for a decision made together (several
        actions, one move), from its view after it."""
        self._own_record()
        for seat, view in enumerate(views):
            now = flatten_view(view)
            before = self._seen[seat]
            changed = [f"{k}={v}" for k, v in now.items() if before.get(k) != v]
            mine = next((a for a in actions if a.player == seat), None)
            who = f"you: {mine.text}" if mine is not None else "you waited"
            self._logs[seat].append(" | ".join([who, "the choices were carried out together"] + changed))
            self._seen[seat] = now
            # (mover: the seat itself, as it chose; its own choice, if any)
            self._rows[seat].add((seat, self.table.player_id(mine) if mine is not None else -1, view, to_act))

    def _number_listing(self) -> None:
        """Where the game numbers its actions, the listing of a joint node numbered by its rows (checked, and its
        texts' numbers kept), so that every seat's actions are found by their texts (player_id)."""
        declared, pending = self.table.declared, self.state._offer()
        if declared is not None and pending is not None and pending.rows is not None and pending.options is not None:
            declared.row_numbers(self.state, pending)

    def _by_seat(self) -> list[dict[int, Action]]:
        """A joint node's listing: each seat's Actions by number (a number's first), listed and numbered once
        per listing (kept with its Pending, which clones share), for every seat's legal, pick and text."""
        pending = self.state._offer()
        joint = self._joint
        if joint is not None and joint[0] is pending:
            return joint[1]
        self._number_listing()
        candidates = self.state.legal_actions()
        by_seat: list[dict[int, Action]] = [{} for _ in range(self.players)]
        for number, action in zip(self.table.player_ids_of(candidates), candidates):
            if 0 <= action.player < self.players:  # (a row of a seat: as legal_actions(seat) lists them)
                by_seat[action.player].setdefault(number, action)
        self._joint = (pending, by_seat)
        return by_seat

    def _find(self, seat: int, action: int) -> Action:
        found = self._by_seat()[seat].get(action)
        if found is None:
            raise ValueError(f"player {seat + 1} may not {self.table.action_to_string(action)!r} now")
        return found

    def action_text(self, player: int, action: int) -> str:
        """An action's text as offered now (a value the state works out filled in), else as numbered."""
        if player == CHANCE:
            numbered = self._chance_numbers() if self.picks is None else None
            if numbered is not None:
                row = numbered.row_of(action)
                if row is not None:
                    return self.state._offer().all_actions()[row].text
            elif self.picks is not None and action in self.table.race_ids:
                return self.table.race_texts[self.table.race_ids.index(action)]
            return self.table.action_to_string(action, chance=True)
        if self.kind() == SEAT_NODE and player == self.state.current_player():
            pending = self.state._offer()
            row = seat_numbers(self.table, pending, self.state).row_of(action)
            if row is not None:
                return pending.all_actions()[row].text
        elif self.kind() in (WINDOW_NODE, SIMULTANEOUS_NODE) and 0 <= player < self.players:
            candidate = self._by_seat()[player].get(action)
            if candidate is not None:
                return candidate.text
        if self.table.declared is not None and player >= 0:  # (the game numbers each seat's actions)
            return self.table.text_without_state(player, action)
        return self.table.action_to_string(action)

    def play_listed(self, row: int, mover: int) -> None:
        """Play row ``row`` of the listing of this node (a seat's decision or a chance node: a number's row,
        ListingNumbers.row_of) by ``mover``, the engine playing it by its place without the Action made or
        looked for; while what each seat saw is not followed, the row is kept to be replayed (_catch_up)."""
        st = self.state
        pending = st._offer()
        if self._follow:
            self._play(pending.pick(row), mover)
            return
        if self.steps >= self.max_steps:
            raise StepBudgetExceeded(self.max_steps, st.game.MAX_TURNS)
        origin = self._origin if self._origin is not None else st.clone()
        st._play(pending, row)
        self._origin = origin
        self._behind.append(("listed", row, mover))
        self.steps += 1
        self.idle = 0
        self._texts = {}
        self._kind = None

    def after_first_move(self, row: int, mover: int) -> "Session":
        """A shared session (never played: several OpenSpiel states hold it) with row ``row`` of its listing played
        by ``mover`` (play_listed), as a new session; this one stays as it is.

        A game's first state (``opening``), which every new state starts from: what its first moves lead to is the
        same in every game, so each is played once, kept here (at most one per row of the first listing, and per
        what is followed), and a copy of it handed out: a new game's first move is a copy.

        Any other shared session is one a clone shares (pyspiel's Clone: copied on write, _Node.__deepcopy__): a
        search clones the state it searches from and plays its tree's moves from the clone again and again (MCTS:
        every simulation). A move played from it a second time is kept here, itself shared, and handed out as it
        is, so the tree's moves are played once each and a walk down the tree is a look-up per move; a move played
        once (a rollout's first, from the leaf it starts at) is played on a copy and not kept: a rollout's moves
        are never kept, what is kept is at most one session per move of the listing played twice from here, and
        at most KEPT_MOST such sessions alive in all."""
        key = (row, mover, self._follow)
        moves = self._first_moves
        if moves is None:
            moves = self._first_moves = {}
        kept = moves.get(key)
        if kept is None:
            if not self.opening and (key not in moves or len(_kept) >= KEPT_MOST):  # played once: a copy, marked
                moves[key] = None
                played = self.clone()
                played.play_listed(row, mover)
                return played
            kept = self.clone()
            kept.play_listed(row, mover)
            moves[key] = kept
            if not self.opening:
                kept.shared = True  # (handed out as it is: never played, a move from it a copy)
                _kept.add(kept)
        return kept.clone() if self.opening else kept

    def _play(self, action: Action, mover: int) -> None:
        if self.steps >= self.max_steps:
            raise StepBudgetExceeded(self.max_steps, self.state.game.MAX_TURNS)
        follow = self._follow
        if follow == LOGS:
            self.state.apply(action)
            self._observe(self.state, action, mover)
        elif follow == VIEWS:  # the views now, the logs when asked for (_catch_up)
            st = self.state
            st.apply(action)
            views = tuple(st.observation(seat) for seat in range(st.players))
            self._views = list(views)
            self._behind.append(("viewed", action, mover, views, _to_act(st, None)))
        else:  # what each seat saw is worked out when asked for (_catch_up)
            origin = self._origin if self._origin is not None else self.state.clone()
            self.state.apply(action)
            self._origin = origin
            self._behind.append(("play", action, mover))
        self.steps += 1
        self.idle = 0
        self._texts = {}
        self._kind = None

    def _observe(self, st: State, action: Action, mover: int) -> None:
        """Each seat's view of ``st``, the state ``action`` (by ``mover``) reached, and what follows from it."""
        views = tuple(st.observation(seat) for seat in range(st.players))
        self._views = list(views)
        self._log_views(action, mover, views, _to_act(st, None))

    def _log_views(self, action: Action, mover: int, views: Sequence[dict], to_act: int) -> None:
        """Each seat's line of the log for a move (what changed in its view) and its row of the information
        state tensor, from its view after the move."""
        players = len(views)
        own = self.table.player_id(action) if mover != CHANCE else -1
        self._own_record()
        for seat, view in enumerate(views):
            now = flatten_view(view)
            before = self._seen[seat]
            changed = [f"{k}={v}" for k, v in now.items() if before.get(k) != v]
            if mover != seat and not changed:
                continue  # a move the seat cannot see (another's failed try): no line, no row, or it would count them
            who = f"you: {action.text}" if mover == seat else "chance" if mover == CHANCE else f"player {mover + 1} acted"
            self._logs[seat].append(" | ".join([who] + changed))
            self._seen[seat] = now
            self._rows[seat].add((players if mover == CHANCE else mover, own if mover == seat else -1, view, to_act))

    # ---- views
    def _full(self, seat: int) -> str:
        return " | ".join(["start"] + [f"{k}={v}" for k, v in self._seen[seat].items()])

    def observation_string(self, seat: int) -> str:
        """``State.observation(seat)`` as JSON, and the seat's own pick while a race is decided."""
        text = self._texts.get(("observation", seat))
        if text is None:
            text = json.dumps(self.views[seat], sort_keys=True, separators=(",", ":"))
            if self.picks is not None and seat in self.picks:
                text += f" | you tried {self.table.seat_text(seat, self.picks[seat])}"
            self._texts[("observation", seat)] = text
        return text

    def observation_tensor(self, seat: int, layout: "TensorLayout"):
        """The seat's observation as a flat float32 array (a cached one: copy it before changing it)."""
        tensor = self._texts.get(("tensor", seat))
        if tensor is None:
            import numpy
            tensor = self._texts[("tensor", seat)] = numpy.zeros(layout.size, numpy.float32)
            layout.fill(tensor, self.views[seat], self.to_act())
        return tensor

    def public_observation_string(self) -> str:
        """What every seat sees alike now (public_view), as JSON."""
        text = self._texts.get("public")
        if text is None:
            text = self._texts["public"] = json.dumps(public_view(self.views), sort_keys=True, separators=(",", ":"))
        return text

    def public_observation_tensor(self, layout: "TensorLayout"):
        """public_view as the observation tensor's layout, the ``seat`` piece all zeros (a cached array)."""
        tensor = self._texts.get("public tensor")
        if tensor is None:
            import numpy
            tensor = self._texts["public tensor"] = numpy.zeros(layout.size, numpy.float32)
            layout.fill(tensor, public_view(self.views), self.to_act())
        return tensor

    def information_state_string(self, seat: int) -> str:
        """Everything ``seat`` has seen, in order: its first view, then per move its own action (others'
        as "player N acted", chance as "chance") and the parts of its view that changed."""
        text = self._texts.get(("information", seat))
        if text is None:
            text = self._texts[("information", seat)] = "\n".join(self.logs[seat])
        return text

    def information_state_tensor(self, seat: int, layout: "InformationLayout"):
        """The seat's history as InformationLayout describes it (a cached array: copy it before changing it)."""
        tensor = self._texts.get(("information tensor", seat))
        if tensor is None:
            import numpy
            tensor = self._texts[("information tensor", seat)] = numpy.zeros(layout.size, numpy.float32)
            layout.fill(tensor, self.rows[seat])
        return tensor

    def rewards(self) -> list[float]:
        """What each seat was paid since the last decision before this one: the returns, all paid at the end
        (before it every seat's returns are 0, so the rewards seen at decisions add up to the returns)."""
        return self.returns()

    def returns(self) -> list[float]:
        returns = self._returns
        if returns is None:
            st = self.state
            if not st.is_terminal():
                return [0.0] * st.players
            # the rule file's declared payoffs, else the ranking's; kept: a finished state is never played again
            # (a search reaches a finished node of its tree again and again: MCTS's solved nodes)
            returns = self._returns = [float(v) for v in st.returns()]
        return returns.copy()


def _outcomes(pending) -> list[tuple[Action, float]]:
    """A chance listing's outcomes with their probabilities as floats, from its weights: weight / total (the
    float nearest the exact Fraction, which State.chance_outcomes gives; no Fraction made for the adapters)."""
    actions = pending.all_actions()
    weights = pending.weights
    if weights is None:
        return [(action, 1 / len(actions)) for action in actions]
    total = sum(weights)
    return [(action, weight / total) for action, weight in zip(actions, weights)]


def _node_kind(st: State, picks: Optional[dict]) -> str:
    """What kind of node a session is at: its state, and the picks of a claim window's race if one is on."""
    if st.is_terminal():
        return TERMINAL
    if picks is not None:
        return RACE_NODE
    player = st.current_player()
    if player == CHANCE:
        return CHANCE_NODE
    if player == ANY_PLAYER:
        return WINDOW_NODE
    if player == SIMULTANEOUS:
        return SIMULTANEOUS_NODE
    return SEAT_NODE


def _to_act(st: State, picks: Optional[dict]) -> int:
    """Who decides at that node, as an index of the tensor's ``to_act`` piece."""
    kind, n = _node_kind(st, picks), st.players
    if kind == SEAT_NODE:
        return st.current_player()
    return {WINDOW_NODE: n, SIMULTANEOUS_NODE: n, CHANCE_NODE: n + 1, RACE_NODE: n + 1, TERMINAL: n + 2}[kind]


def _session_from(key, players, text, picks, idle, steps, seen, logs, rows) -> Session:
    engine = engine_for(key)
    session = Session.__new__(Session)
    session.key, session.table, session.state = key, table_for(key, players), engine.from_json(text)
    session.picks = None if picks is None else {int(k): v for k, v in picks.items()}
    session.idle, session.steps = idle, steps
    session.max_steps = default_max_steps(engine, players)
    session._seen, session._logs = seen, logs
    session._views = [session.state.observation(seat) for seat in range(players)]
    session._texts, session.shared, session.opening, session._first_moves, session._returns = {}, False, False, None, None
    session._rows, session._record_shared = rows, False
    session._behind, session._origin, session._follow, session._kind, session._joint = [], None, 0, None, None
    return session


def new_session(key: tuple, players: int) -> Session:
    return Session(key, table_for(key, players), engine_for(key).new_game(players))
