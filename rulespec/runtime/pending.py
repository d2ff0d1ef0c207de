"""An action, and the decision on top of the stack as the state keeps it (listed once per state)."""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import FrozenInstanceError
from fractions import Fraction
from operator import attrgetter, itemgetter
from typing import TYPE_CHECKING, Any, Callable, Optional

from .common import CHANCE, SIMULTANEOUS
from .listing_index import index_in_listing

if TYPE_CHECKING:
    from .state import State

# A listing of at most this many entries is looked along for an Action handed back (State.apply, Pending.find);
# a longer one is looked up (a static draw's through its item: drawn_outcomes.py, Pending._find_drawn).
SHORT_LISTING = 16


class Action:
    """One decision: a seat's choice or a chance outcome. ``str()`` is what ``parse_action`` reads.

    Immutable; equal (and hashed, and ordered) by ``(player, text)``. (A hand-written class, not a frozen
    dataclass: a state makes one per legal action, and this one is made several times faster.)"""

    __slots__ = ("player", "text")

    def __init__(self, player: int, text: str):
        _set_player(self, player)
        _set_text(self, text)

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not Action:
            return NotImplemented
        return self is other or (self.player == other.player and self.text == other.text)

    def __hash__(self) -> int:
        return hash((self.player, self.text))

    def __lt__(self, other: "Action") -> bool:
        return (self.player, self.text) < (other.player, other.text) if other.__class__ is Action else NotImplemented

    def __le__(self, other: "Action") -> bool:
        return (self.player, self.text) <= (other.player, other.text) if other.__class__ is Action else NotImplemented

    def __gt__(self, other: "Action") -> bool:
        return (self.player, self.text) > (other.player, other.text) if other.__class__ is Action else NotImplemented

    def __ge__(self, other: "Action") -> bool:
        return (self.player, self.text) >= (other.player, other.text) if other.__class__ is Action else NotImplemented

    def __repr__(self) -> str:
        return f"Action(player={self.player!r}, text={self.text!r})"

    def __str__(self) -> str:
        return f"chance: {self.text}" if self.player == CHANCE else f"player {self.player + 1}: {self.text}"

    def __reduce__(self):
        return (Action, (self.player, self.text))

    def __copy__(self) -> "Action":
        return self

    def __deepcopy__(self, memo) -> "Action":
        return self


_set_player = Action.player.__set__  # (slot descriptors: they bypass the refusing __setattr__)
_set_text = Action.text.__set__
_new_action = object.__new__


def _action(player: int, text: str) -> Action:
    """Action(player, text), made faster (listing builds one per legal action)."""
    action = _new_action(Action)
    _set_player(action, player)
    _set_text(action, text)
    return action


class _SeatActions(dict):
    """One player's text -> its Action, made on first use and shared from then on (Actions are immutable
    values, the same in every state and game): a listing looks its Actions up in C loops instead of making
    each, by its texts alone (a listed text is often the same string object each time, its hash kept)."""

    __slots__ = ("player",)

    def __init__(self, player: int):
        super().__init__()
        self.player = player

    def __missing__(self, text: str) -> Action:
        if len(self) > 65536:  # (texts name components and numbers: a game has few; bounded all the same)
            self.clear()
        action = self[text] = _action(self.player, text)
        return action


class _Actions(dict):
    """player -> that player's _SeatActions."""

    __slots__ = ()

    def __missing__(self, player: int) -> _SeatActions:
        made = self[player] = _SeatActions(player)
        return made


_made_actions = _Actions()
# id of a kept listing's rows -> (those rows, their Actions, the space of each, ascending) (State._listed_kept): the
# engine hands a decision listed so its Actions at once (Engine._advance; it holds its rows: an id of live rows is
# theirs), and Pending.find finds an Action there by its space
_listed_actions: dict[int, tuple] = {}
# id of a kept listing's rows made by editing an earlier one -> (those rows, the rows they were edited from, the edits
# in order: (index, row) a row inserted, (index, None) one removed) (State._listed_kept): an adapter edits the numbers
# it gave the earlier rows the same way instead of reading every row again (rulespec/adapters/listing_numbers.py)
_listed_edits: dict[int, tuple] = {}
# id of an Action a kept listing made -> (that Action, the space it was listed for): a hint for Pending.find
# (checked: the Action found at that space's place in the listing must be the one looked for)
_action_at: dict[int, tuple] = {}
_first = itemgetter(0)
_second = itemgetter(1)
_seat_and_text = itemgetter(0, 1)


class Probability(Fraction):
    """A chance outcome's exact probability: a Fraction (equal to, and computing like, any other), whose
    ``float()`` is one division, made once: ``__float__`` is a property handing out that float's own ``__float__``,
    so float(p) runs no Python code (a sampling walk converts every outcome it passes; Python 3.11's
    Fraction converts through the generic numbers.Rational)."""

    __slots__ = ("_float",)

    __float__ = property(attrgetter("_float"))

    def __getattr__(self, name: str):
        """The float, made on first use (however the Probability was made: listed, unpickled, copied...)."""
        if name != "_float":
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
        made = self._float = (self._numerator / self._denominator).__float__
        return made

    def __repr__(self) -> str:
        return f"Fraction({self._numerator}, {self._denominator})"


_probabilities: dict[tuple[int, int], Probability] = {}  # (weight, total) -> its Probability (immutable: shared)


_uniform: dict[int, Probability] = {}  # n -> Probability(1, n): each of n outcomes as likely (see uniform)


def uniform(count: int) -> Probability:
    """Probability(1, count), made once per count."""
    found = _uniform.get(count)
    if found is None:
        if len(_uniform) > 65536:
            _uniform.clear()
        found = _uniform[count] = probability(1, count)
    return found


def probability(weight: int, total: int) -> Probability:
    """Probability(weight, total), made once per pair (a chance node lists one per distinct weight)."""
    found = _probabilities.get((weight, total))
    if found is None:
        if len(_probabilities) > 65536:
            _probabilities.clear()
        found = _probabilities[weight, total] = Probability(weight, total)
    return found


# ----------------------------------------------------------------------------- a pending decision


class Pending:
    """The decision on top of the stack, listed as cheaply as it can be.

    Listing the decision is the inner loop of every game, and most loops (random_game, simulations)
    use one action of it. So a decision keeps plain rows ``(player, text, option, binding)``, where
    option indexes the step's options (a chance step has its one effect); a draw keeps only the items
    it may draw (a static draw's Actions are made once per engine and shared, see draw; any other
    draw reads its texts when listed); and Action objects are made on demand, one list per decision.
    ``full()`` gives the documented entries ``[(Action, effect, weight, binding)]``. A Pending never
    changes once listed, so clones of a state share it."""

    __slots__ = ("seat", "count", "rows", "options", "effect", "weights", "items", "text", "st", "args", "entries",
                 "offered", "actions", "shared", "every",
                 "numbered", "seat_found", "outcomes")

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
        self.actions = None  # every entry's Action, once made (legal_actions, chance_outcomes and full() share them)
        self.shared = None  # a static draw: the engine's {(text, args): its tables} (see draw and shared_tables)
        self.every = None  # at a simultaneous decision some seats have chosen at: every row, theirs too, as a list or (with the rows chosen) a secret_choices._Secret; else None
        self.numbered = None  # what an adapter's action numbering made of this listing, kept with it (it never changes)
        self.seat_found = None  # at a simultaneous decision: (seat, (first, past)), the slice seat_rows found last
        self.outcomes = None  # a chance node's outcomes, once listed (chance_outcomes hands out copies: drawn_outcomes.py)

    @classmethod
    def draw(cls, items: list, weights: Optional[list], text: Callable, effect: Callable, st: "State",
             args: tuple, shared: Optional[dict] = None) -> "Pending":
        """A draw of one of ``items``. ``shared``: the engine's table of static draws' Actions (the text reads
        labels only), or None: each text is read from ``st`` as it is now."""
        pending = cls(CHANCE, None, None, effect, weights)
        pending.count = len(items)
        pending.items, pending.text, pending.st, pending.args = items, text, st, args
        pending.shared = shared
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

    def seat_rows(self, seat: int) -> Optional[tuple]:
        """At a simultaneous decision listed by rows: (first, past), where ``seat``'s rows lie. Such rows always
        come grouped by seat, in seat order (a generated choices function of a choice `by each player` lists
        seat by seat or sorts its rows by seat, as Engine._listed does; filtering keeps their order), so a
        seat's actions and a secret choice take their seat's slice, found by halving, instead of filtering
        every row. None for a decision listed otherwise."""
        rows = self.rows
        if rows is None or self.seat != SIMULTANEOUS:
            return None
        found = self.seat_found  # (a seat's actions, then its choice found among them and kept: one seat, asked thrice)
        if found is not None and found[0] == seat:
            return found[1]
        found = bisect_left(rows, seat, key=_first), bisect_right(rows, seat, key=_first)
        self.seat_found = (seat, found)  # (the rows never change: the slice stays theirs)
        return found

    def seats_listed(self) -> Optional[list]:
        """At a simultaneous decision listed by rows: the seats that have rows, in seat order, read at the borders
        of their slices (the rows come grouped by seat, see seat_rows: one halving for each seat but the last)
        instead of from every row's Action. None for a decision listed otherwise."""
        rows = self.rows
        if rows is None or self.seat != SIMULTANEOUS:
            return None
        seats, first, end = [], 0, len(rows)
        while first < end:
            seat = rows[first][0]
            seats.append(seat)
            if rows[-1][0] == seat:  # (the last seat's slice runs to the end)
                break
            first = bisect_right(rows, seat, first, end, key=_first)
        return seats

    def call(self, index: int) -> tuple:
        """(effect, binding) of one entry, without reading its text."""
        if self.rows is not None:
            row = self.rows[index]
            return (self.effect if self.options is None else self.options[row[2]].effect), row[3]
        if self.entries is not None:
            entry = self.entries[index]
            return entry[1], entry[3]
        return self.effect, (self.items[index],)

    def all_actions(self) -> list:
        """Every entry's Action, in order (made once; a draw's texts are read only when asked)."""
        actions = self.actions
        if actions is None:
            if self.entries is not None:
                actions = [entry[0] for entry in self.entries]
            elif self.rows is not None:
                seat = self.seat
                if seat >= 0 or seat == CHANCE:  # one player's decision (or chance's): every row is theirs
                    actions = list(map(_made_actions[seat].__getitem__, map(_second, self.rows)))
                else:  # a claim window or a secret choice: each row's own player
                    actions = [_made_actions[row[0]][row[1]] for row in self.rows]
            elif self.shared is None:  # a draw whose texts show the state as it is: read them now
                text, st, args = self.text, self.st, self.args
                actions = [_action(CHANCE, text(st, *args, item)) for item in self.items]
            else:  # a static draw: one Action per outcome for the engine's lifetime, its text read when asked
                actions = self._shared_actions()
            offered = self.offered
            if offered is not None:  # the one pick() handed out stays the one offered
                actions[offered[1]] = offered[0]
            self.actions = actions
        return actions

    def _find_in_seat(self, action: Action, first: int, past: int) -> Optional[int]:
        """Pending.find at a simultaneous listing: the index of ``action`` among its seat's rows (``first`` to
        ``past``; no other row is that seat's)."""
        actions = self.all_actions()
        for index in range(first, past):  # most callers pass back an offered Action itself
            if actions[index] is action:
                return index
        for index in range(first, past):
            if actions[index] == action:
                return index
        return None

    def shared_tables(self) -> tuple:
        """A static draw's tables in the engine, made on first use: ({item: its Action}, {id of that Action: the
        item}, {number of items: {item: (its Action, the probability of one of that many)}}, {the items of a short
        draw: (their Actions, its outcomes)}, drawn_outcomes.py)."""
        shared = self.shared
        key = (self.text, self.args)
        tables = shared.get(key)
        if tables is None:
            if len(shared) > 4096:  # (arguments are seats and items: a game has few)
                shared.clear()
            tables = shared[key] = ({}, {}, {}, {})
        return tables

    def shared_action(self, item: int) -> Action:
        """A static draw's Action of ``item``, made once per engine (its text reads labels only)."""
        made, item_of = self.shared_tables()[:2]
        action = made.get(item)
        if action is None:
            action = made[item] = _action(CHANCE, self.text(self.st, *self.args, item))
            item_of[id(action)] = item  # (made keeps the Action alive, so its id stays its own)
        return action

    def _shared_actions(self) -> list:
        made = self.shared_tables()[0]
        actions = []
        try:
            for item in self.items:  # (a plain loop: cheaper than list(map(...)) for the few outcomes of a draw)
                actions.append(made[item])
            return actions
        except KeyError:
            return list(map(self.shared_action, self.items))

    def _find_drawn(self, action: Any) -> Optional[int]:
        """A static draw: the index of the outcome ``action`` is (one of the shared Actions), found
        through the item it names rather than by comparing it with every outcome; None if not one of them."""
        tables = self.shared.get((self.text, self.args))
        if tables is None:
            return None
        item = tables[1].get(id(action))
        if item is None or tables[0].get(item) is not action:  # (an id of an Action no longer kept)
            return None
        items = self.items
        try:
            return items.index(item)
        except ValueError:
            return None

    def full(self) -> list:
        if self.entries is None:
            weights, options, effect = self.weights, self.options, self.effect
            actions = self.all_actions()
            if self.rows is None:  # a draw
                self.entries = [(action, effect, 1, (item,)) for action, item in zip(actions, self.items)] \
                    if weights is None else [(action, effect, weight, (item,))
                                             for action, item, weight in zip(actions, self.items, weights)]
            elif options is not None:  # a choice
                self.entries = [(action, options[row[2]].effect, 1, row[3]) for action, row in zip(actions, self.rows)]
            else:  # a chance step listed with its texts
                self.entries = [(action, effect, 1 if weights is None else weights[i], row[3])
                                for i, (action, row) in enumerate(zip(actions, self.rows))]
        return self.entries

    def pick(self, index: int) -> Action:
        """The Action of one entry; apply() finds it again without listing the others."""
        if self.actions is not None or self.entries is not None:
            return self.all_actions()[index]
        if self.rows is not None:
            row = self.rows[index]
            action = _made_actions[row[0]][row[1]]
        elif self.shared is None:
            action = _action(CHANCE, self.text(self.st, *self.args, self.items[index]))
        elif self.count <= SHORT_LISTING:  # a short static draw: listed, for apply()'s look along it
            return self.all_actions()[index]
        else:  # a long static draw: its Action is the engine's, found again through its item (_find_drawn)
            return self.shared_action(self.items[index])
        self.offered = (action, index)
        return action

    def find(self, action: Any) -> Optional[int]:
        """The index of the entry ``action`` plays, or None."""
        offered = self.offered
        if offered is not None and offered[0] is action:
            return offered[1]
        actions = self.actions
        if actions is not None and self.count <= SHORT_LISTING:  # a short listing already made: a look along it is cheapest
            index = 0  # (counted by hand, as in State.apply)
            for offered in actions:
                if offered is action:
                    return index
                index += 1
        found = self.seat_rows(action.player) if self.seat == SIMULTANEOUS and action.__class__ is Action else None
        if found is not None:
            return self._find_in_seat(action, *found)
        hint = _action_at.get(id(action))
        if hint is not None and hint[0] is action:  # an Action a kept listing made: look where its space sorts
            listed = _listed_actions.get(id(self.rows))
            if listed is not None and listed[0] is self.rows:
                at = listed[2]
                index = bisect_left(at, hint[1])
                if index < len(at) and listed[1][index] is action:
                    return index
        if self.shared is not None and self.rows is None:
            index = self._find_drawn(action)
            if index is not None and (self.actions is None or self.actions[index] is action):
                return index
        actions = self.all_actions()
        if len(actions) > SHORT_LISTING:  # most callers pass back an offered Action itself
            index = index_in_listing(actions, action)  # (a long listing found in again is indexed)
            if index is not None:
                return index
        else:
            for index, offered in enumerate(actions):
                if offered is action:
                    return index
        for index, offered in enumerate(actions):
            if offered == action:
                return index
        return None
