"""The engine every generated module subclasses: the game-independent rules of play.

A generated module (``engines/<game>.py``) subclasses :class:`Engine` and fills in its tables
(components, zones, boards, steps, triggers, ends...) with data and with plain functions compiled
from the rule file. The runtime knows nothing about any particular game: it runs a stack of pending
steps, moves components between zones and board spaces, records the cause of every move, fires
triggers and replacement effects, checks end conditions and builds observations from the declared
visibility of each zone.

The runtime's parts: ``common`` (special seats and steps, errors), ``pending`` (Action, the listed
decision), ``tables`` (the static data and per-setup tables), ``state`` (State: the game API and the
primitives generated code calls), ``serialise`` (to_json / from_json), ``policies`` (random and greedy
play, payoffs from a ranking, budgets), ``helpers`` (what generated code calls besides the state), and
this module (Engine: advance, decide, ends, results). Every name other code imports from here still is.
"""

from __future__ import annotations

import copy
import json
import sys
from typing import Any, Callable, Optional

from .serialise import state_from_checked, state_from_dict, state_from_json
from .blame import located
from .common import (AFTER, ANY_PLAYER, CHANCE, ENDING, LOTS, RESOLVE, SIMULTANEOUS, SPAN_LIMIT, TERMINAL,  # noqa: F401
                     IllegalAction, RuleRuntimeError)
from .helpers import (ItemTests, KeptRows, best_sets, build_item_tables, item_label, pick_weights, span,  # noqa: F401
                      shuffle_orders, weighted_picks)  # (generated code imports them here)
from .helpers import items_made, unmade_looks
from ..lib.pieces import piece_codes
from .numbers import WHOLE_DIGITS
from .pending import Action, Pending
from .plain_turns import PlainTurns
from .repetition import Looks, record_board_positions, record_position
from .policies import (DEFAULT_MAX_STEPS, MAX_DEFAULT_STEPS, STEPS_PER_TURN_PER_PLAYER,  # noqa: F401
                       StepBudgetExceeded, default_max_steps, greedy_step, random_game, random_step, zero_sum_returns)
from .state import _RUNTIME_STEPS, _listed_actions, _new_pending, _second, _seat_and_text, _first, State
from .tables import (BoardInfo, EndInfo, FaceInfo, InsteadInfo, InvariantInfo, OptionInfo, StepInfo,  # noqa: F401
                     Tables, TriggerInfo, ZoneInfo)

_EVERY_SEAT = (ANY_PLAYER, SIMULTANEOUS)  # decisions in which every seat may act; the first bound name is the seat


def _first_placed(ranks: list[int]) -> list[int]:
    """The seats ranked first, none when every seat (of two or more) ties for first: a draw has no winners."""
    winners = []
    for seat, rank in enumerate(ranks):
        if rank == 1:
            winners.append(seat)
    return [] if len(ranks) > 1 and len(winners) == len(ranks) else winners

# ----------------------------------------------------------------------------- the engine


# A file without a `ranking` declaration: the declared winners first, every other seat tied after them
# (without it every key was empty and player 1 ranked first, whoever the end declared the winner).
NO_RANKING: tuple[tuple[str, Optional[str]], ...] = (("winner_first", None), ("ties_share", None))


class Engine:
    """Base of every generated engine: the game-independent rules of play."""

    GAME_ID = "game"
    TITLE = "Game"
    SOURCE = ""
    MIN_PLAYERS = 2
    MAX_PLAYERS = 2
    MAX_TURNS: Optional[int] = None  # the most turns of any configuration
    TURN_LIMIT: Optional[Callable] = None  # `at most EXPR turns`: (state) -> the most turns of its configuration
    DECISION_LIMIT: Optional[Callable] = None  # `at most EXPR decisions`: (state) -> the most decisions, verify checks
    ACTION_NUMBERS: Optional[Callable] = None  # `actions numbered 0 to EXPR`: (state) -> EXPR, each option's `number`
    CHANCE_NUMBERS: Optional[Callable] = None  # `chance outcomes numbered 0 to EXPR`: (state) -> EXPR, each chance step's
    # The most moves (decisions, chance outcomes) one game can take, by player count, where the rule file's
    # form bounds them (rulespec/model/moves.py); a count not here is unbounded by the form.
    MAX_MOVES: dict[int, int] = {}
    # Automatic steps (and the runtime's own frames) one apply() or new_game() may run before the next
    # decision; more raise RuleRuntimeError, the state as it was (see _advance). Bundled games need < 200.
    MAX_AUTO_STEPS = 100_000
    MAX_LOOP_TURNS = 1_000_000  # turns of `repeat` and `for each` loops in one action (State.loop)
    MAX_TRIGGER_DEPTH = 100  # triggers fired inside one another (a trigger placing a component), in State._placed
    VARIANTS_APPLIED: tuple[str, ...] = ()
    VARIANTS_AVAILABLE: tuple[tuple[str, str], ...] = ()
    OPTIONS: dict[str, tuple[tuple[str, ...], str]] = {}
    COMPONENTS: tuple = ()
    ITEM_KIND: tuple[str, ...] = ()
    ITEM_LABEL: tuple[str, ...] = ()
    ITEM_ATTRS: dict[str, dict[int, Any]] = {}
    # Attributes declared `can change`: attribute -> (its values, the components whose one may change). A state
    # then keeps every item's value of each (State._attrs) and every item's label as it reads now (State._labels).
    CHANGING: dict[str, tuple[tuple, tuple[str, ...]]] = {}
    LEAVE_OUTS: tuple = ()
    ZONES: tuple[ZoneInfo, ...] = ()
    COUNTERS: dict[str, tuple[bool, int]] = {}
    # Counters kept per space (`counter seeds per space of pits`): counter -> its board's index. Such a counter
    # is a list with a number per space of the board (0 on a space not in use), in COUNTERS as (False, start).
    SPACE_COUNTERS: dict[str, int] = {}
    QUEUES: tuple[str, ...] = ()
    BOARDS: tuple[BoardInfo, ...] = ()
    FITS: dict[tuple[str, int], tuple] = {}
    SETUP: Optional[Callable] = None
    SHAPES: dict[str, tuple[tuple[int, int], ...]] = {}
    MATCH: Optional[tuple] = None  # ((option, value) per leg, scores added up over the legs)
    FIRST_SEAT = 0
    TURN_STEP = ""
    SKIP_TURN: Optional[Callable] = None
    COUNTS_POSITIONS = False  # the rules ask `the position has occurred N times`: turn starts record it
    NOT_POSITION_COUNTERS: tuple = ()  # counters declared `not part of the position` (runtime/repetition.py)
    COUNTS_POSITIONS_ON: tuple[str, ...] = ()  # boards B of `the position on B has occurred N times`: likewise
    STEPS: dict[str, StepInfo] = {}
    TRIGGERS: tuple[TriggerInfo, ...] = ()
    INSTEADS: tuple[InsteadInfo, ...] = ()
    ENDS: tuple[EndInfo, ...] = ()
    # timing -> a generated function testing every end of ENDS checked then, in declaration order:
    # (index in ENDS, winners) of the first that holds, or None (what calling each end's check does); an end
    # with a `then` may add the (step, arguments) it runs, worked out as the end's then function would.
    END_CHECKS: dict[str, Callable] = {}
    SCORES: dict[str, Callable] = {}
    RANKING: tuple[tuple[str, Optional[str]], ...] = ()
    # Each seat's payoff: ('result', (win, draw, loss)), ('value', fn(st, seat)), or None: from the ranking.
    RETURNS: Optional[tuple] = None
    RETURNS_SUM: Optional[int] = None  # declared `zero-sum` (0) / `constant-sum N`: the returns always add up to it
    INVARIANTS: tuple[InvariantInfo, ...] = ()
    EXAMPLES: tuple = ()

    def __init__(self, options: Optional[dict[str, str]] = None):
        opts = {name: default for name, (_, default) in self.OPTIONS.items()}
        for name, value in (options or {}).items():
            if name not in self.OPTIONS:
                raise ValueError(f"{self.TITLE} has no option {name!r}; options: {', '.join(self.OPTIONS) or 'none'}")
            if value not in self.OPTIONS[name][0]:
                raise ValueError(f"option {name!r} takes {', '.join(self.OPTIONS[name][0])}, not {value!r}")
            opts[name] = value
        self._option_values = opts
        self._options_given = dict(options or {})  # a state read back must have these (see state_check)
        self._table_cache: dict[tuple, Tables] = {}
        self._zone_info = {z.name: z for z in self.ZONES}
        self._labels_distinct = len(set(self.ITEM_LABEL)) == len(self.ITEM_LABEL) and not self.CHANGING
        if self.COUNTS_POSITIONS_ON:  # (what a board position is made of: runtime/repetition.py)
            self._board_index = {board.name: b for b, board in enumerate(self.BOARDS)}
        # Where an attribute can change: each item's component as its label reads it (name, attributes, shown as)
        self._item_parts = tuple((name, tuple(a for a, _ in attributes), shown_as)
                                 for name, attributes, copies, shown_as in self.COMPONENTS
                                 for _ in range(items_made(attributes, copies))
                                 ) if self.CHANGING else ()
        # What a piece may come to show though none is made so (`king 0`), and every label a piece can show
        self._unmade_looks = unmade_looks(self.COMPONENTS) if self.CHANGING else ()
        self._labels_made: dict[tuple, str] = {}  # (item, its changing attributes' values) -> its label (_label_now)
        self._labels_shown = self.ITEM_LABEL + tuple(label for _, _, label in self._unmade_looks)
        # (text function, arguments) -> {item: its outcome Action}: a static draw's Actions, made once per engine
        self._drawn_actions: dict[tuple, tuple[dict[int, Action], dict[int, int]]] = {}
        self._triggers_by_board = [tuple(t for t in self.TRIGGERS if t.board == b) for b in range(len(self.BOARDS))]
        # while a look-ahead runs: the triggers whose counters nothing it reads reads are passed over
        self._triggers_ahead_by_board = [tuple(t for t in triggers if not t.unread_ahead)
                                         for triggers in self._triggers_by_board]
        # Copies of one component (same kind, same attributes) are interchangeable: choices list one of them.
        signature = {}
        self._copy_group = tuple(
            signature.setdefault((kind, tuple(values.get(item) for values in self.ITEM_ATTRS.values())), item)
            for item, kind in enumerate(self.ITEM_KIND))
        # What `group of s` joins: the same kind with the same attributes that never change (State._group
        # compares those that can change in the state itself).
        steady = {}
        self._steady_kind = tuple(
            steady.setdefault((kind, tuple(values.get(item) for attr, values in self.ITEM_ATTRS.items()
                                           if attr not in self.CHANGING)), item)
            for item, kind in enumerate(self.ITEM_KIND))
        # The classes of items alike in all that never changes, numbered, and the first item of each: what a
        # board's tally counts (runtime/tallies.py).
        self._tally_firsts = tuple(sorted(set(self._steady_kind)))
        self._tally_class = tuple(map({first: n for n, first in enumerate(self._tally_firsts)}.__getitem__,
                                      self._steady_kind))
        self._looks = Looks(self)  # what each piece shows, numbered (a position reads pieces so: runtime/repetition.py)
        self._event_invariants_by_board = [
            tuple(i for i in self.INVARIANTS if i.form == "on_event" and i.board == b) for b in range(len(self.BOARDS))]
        self._queue_invariants: dict[str, tuple] = {}
        for inv in self.INVARIANTS:
            if inv.form == "never_queue":
                self._queue_invariants[inv.queue] = self._queue_invariants.get(inv.queue, ()) + (inv,)
        self._option_rules = {option.effect: f"option {name}.{option.name}"  # what `fired` counts an option as
                              for name, info in self.STEPS.items() for option in info.options}
        self._ends_at: dict[str, tuple] = {}  # timing -> the ends checked then, in declaration order
        # The generated END_CHECKS stand for the ENDS they were generated with: a subclass that changes
        # ENDS (a test's engine) has its ends checked one by one.
        owner = next((k for k in type(self).__mro__ if "END_CHECKS" in vars(k)), None)
        self._end_checks = self.END_CHECKS if owner is not None and vars(owner).get("ENDS", ()) is self.ENDS else {}
        self._after_step = self._end_checks.get("after_step")  # None: _check_ends checks each end
        self._turn_start_ends = any(end.timing == "turn_start" for end in self.ENDS)  # else none to check then
        self._after_turn_ends = any(end.timing == "after_turn" for end in self.ENDS)  # (likewise)
        # an end checked after a named step (timing `after:STEP`, language.ast.after_named_step): its check waits on
        # the stack (an AFTER frame) until the step's `then`s are done or a player's choice is offered
        self._after_named_ends = any(end.timing.startswith("after:") for end in self.ENDS)
        self._lists = type(self)._decide is Engine._decide  # else the subclass's _decide lists each decision
        self._turn_listing = None  # the turn's listing made for its turn-start ends, kept for its offer (_turn_listed)
        self._starts: dict[tuple, State] = {}  # (players, budgets) -> the state new_game() clones
        # (step, arguments) -> the Pending of a choice listed once (StepInfo.listed_once): shared by every
        # state, as clones share theirs (a Pending never changes once listed but to fill in what it derives)
        self._listed_once: dict[tuple, Pending] = {}
        # id of rows a choice keeps by what it read (StepInfo.rows_kept) -> their Pending, shared by every state
        # (the Pending holds its rows, so the id stays theirs while it is kept)
        self._rows_pending: dict[int, Pending] = {}
        self._turn_frames: dict[int, tuple] = {}  # seat -> the frame of its turn (see _next_turn)
        self._draws_lots = ("lot", None) in self.RANKING  # a tie for first is broken by lot (see _finish)
        # Ends that declare `the game is a draw`: every seat ties for first, whatever the ranking (a match's leg
        # so ended has no winner; the match is ranked on its totals)
        self._drawn_by = frozenset(end.name for end in self.ENDS if end.draw) if self.MATCH is None else frozenset()
        self._end_texts: dict[tuple, str] = {}  # (end, winners) -> the JSON an ENDING frame carries (see _end)
        self._end_values: dict[str, dict] = {}  # that JSON read back (see _over_of)
        self._insteads_by_step: dict[str, tuple] = {}
        self._steps = self.STEPS  # (_advance reads it from the instance: a class attribute read through one costs more)
        self._instead_rules = {instead.name: "instead " + instead.name for instead in self.INSTEADS}  # (as `fired` counts one)
        for instead in self.INSTEADS:
            self._insteads_by_step[instead.step] = self._insteads_by_step.get(instead.step, ()) + (instead,)
        # step -> (its StepInfo, its replacements), for a choice listed by one generated function (choices), no two
        # rows alike, listed anew each time: after a step, State._play lists it itself (see _advance)
        self._inline_choices = {name: (info, self._insteads_by_step.get(name, ()))
                                for name, info in self.STEPS.items()
                                if info.kind == "choice" and info.choices is not None and info.distinct
                                and not info.listed_once} if self._lists and not self._after_named_ends else {}
        # what follows a step that ends a turn, when nothing lies between turns but the seat passing on (else None)
        self._plain_turns = PlainTurns.of(self) if type(self)._next_turn is Engine._next_turn else None

    # ---- the public face of a game
    _model: Any = None  # the checked model, or a function that works it out (see model)

    @property
    def model(self):
        """The checked model of the rule file the engine was loaded from (None: not loaded from one).
        rulespec.load gives a committed engine a function instead, called on first use: playing needs
        no model, so loading need not parse and check the file."""
        model = self._model
        if callable(model):
            model = self._model = model()
        return model

    @model.setter
    def model(self, value) -> None:
        self._model = value

    @property
    def name(self) -> str:
        return self.TITLE

    @property
    def id(self) -> str:
        return self.GAME_ID

    @property
    def min_players(self) -> int:
        return self.MIN_PLAYERS

    @property
    def max_players(self) -> int:
        return self.MAX_PLAYERS

    @property
    def variants(self) -> dict[str, str]:
        """The variants this rule file offers (name -> title)."""
        return dict(self.VARIANTS_AVAILABLE)

    @property
    def options(self) -> dict[str, dict]:
        return {name: {"values": list(values), "default": default, "value": self._option_values[name]}
                for name, (values, default) in self.OPTIONS.items()}

    def _tables(self, players: int, options: Optional[dict[str, str]] = None) -> Tables:
        options = self._option_values if options is None else options
        key = (players, tuple(sorted(options.items())))
        tables = self._table_cache.get(key)
        if tables is None:
            tables = self._table_cache[key] = Tables(self, players, dict(options))
        return tables

    def _leg_options(self, leg: int) -> dict[str, str]:
        """The options of one leg of a match (a game outside a match has one leg: its own options)."""
        options = dict(self._option_values)
        if self.MATCH is not None:
            name, value = self.MATCH[0][leg]
            options[name] = value
        return options

    def _turn_limit(self, st: State) -> Optional[int]:
        """The most turns ``st``'s game lasts: MAX_TURNS, or what `at most EXPR turns` gives its options and players."""
        return self.MAX_TURNS if self.TURN_LIMIT is None else self.TURN_LIMIT(st)

    def _decision_limit(self, st: State) -> Optional[int]:
        """The most decisions ``st``'s game takes, as `at most EXPR decisions` gives its options and players."""
        return None if self.DECISION_LIMIT is None else self.DECISION_LIMIT(st)

    def new_game(self, players: Optional[int] = None) -> State:
        if players is None:
            players = self.MIN_PLAYERS
        if players.__class__ is not int:
            raise TypeError(f"new_game() takes a player count (an int from {self.MIN_PLAYERS} to {self.MAX_PLAYERS}), "
                            f"not {type(players).__name__}")
        # Set-up has no chance of its own (every draw is a chance node), so it runs once per player count
        # and budget; each new game is a clone of the state it reached (keyed by the budgets a test may change).
        key = (players, self.MAX_AUTO_STEPS, self.MAX_LOOP_TURNS, self.MAX_TRIGGER_DEPTH)
        start = self._starts.get(key)
        if start is not None:
            return start._copy()
        start = self._set_up(players)
        start._origin, start._origin_moves = start, len(start.history)  # (never changed: each game is a copy)
        if len(self._starts) > 64:
            self._starts.clear()
        self._starts[key] = start
        return start._copy()

    def _set_up(self, players: int) -> State:
        """A new game's state at its first decision: set-up run on an empty state."""
        st = self._empty_state(players, self._leg_options(0))
        self._start_setup(st)
        try:
            self._advance(st)
        except RuleRuntimeError as error:
            raise located(error)
        except Exception as error:  # see State.apply
            raise located(RuleRuntimeError(f"the rules could not set up the game: {type(error).__name__}: {error}"),
                          error.__traceback__) from error
        return st

    def _without_budgets(self) -> "Engine":
        """A shallow copy of this engine whose budgets (MAX_AUTO_STEPS, MAX_LOOP_TURNS, MAX_TRIGGER_DEPTH) are
        lifted: State._undo replays steps that passed the budgets once, whatever they are now."""
        free = copy.copy(self)
        free.MAX_AUTO_STEPS = free.MAX_LOOP_TURNS = free.MAX_TRIGGER_DEPTH = sys.maxsize
        return free

    def _start_setup(self, st: State) -> None:
        if "setup" in self.STEPS:
            st._stack.append(("setup", (), 0, "setup", ()))
        st._phase = "setup"

    def _empty_state(self, players: int, options: Optional[dict[str, str]] = None) -> State:
        """All components in their starting zones and nothing else: the start of setup."""
        if not self.MIN_PLAYERS <= players <= self.MAX_PLAYERS:
            raise ValueError(f"{self.TITLE} is played by {self.MIN_PLAYERS} to {self.MAX_PLAYERS} players, "
                             f"not {players}")
        options = dict(self._option_values if options is None else options)
        t = self._tables(players, options)
        st = State.__new__(State)
        st._engine, st._t, st.players, st._options = self, t, players, options
        st._journal = None  # (kept only during a look-ahead: runtime/imagining.py)
        st._tally = None  # (made when a count first asks: runtime/tallies.py)
        st._looks_on = None  # (made when a position's key first asks: runtime/looks_kept.py)
        st._leg, st._legs = 0, []
        st._zones = [[] for _ in range(t.zone_count)]
        st._boards = [[-1] * b.size for b in self.BOARDS]
        st._masks = [0] * len(self.BOARDS)
        st._causes = [[None] * b.size for b in self.BOARDS]
        st._loc = [-1] * len(self.ITEM_KIND)
        claimed = {zone.start_component: t.zone_base[zone.name] for zone in self.ZONES if zone.start_component}
        left_out, counted = set(t.left_out_items), t.counted_items
        for zone in self.ZONES:
            if zone.start in ("in_play", "left_out"):
                for item in (t.in_play_items if zone.start == "in_play" else t.left_out_items):
                    if zone.start == "left_out" or self.ITEM_KIND[item] not in claimed and item not in counted:
                        st._zones[t.zone_base[zone.name]].append(item)
                        st._loc[item] = t.zone_base[zone.name]
        for number, item in t.counted_starts:  # `holds 3 ticket`, `player 1 holds the button`
            st._zones[number].append(item)
            st._loc[item] = number
        for item, kind in enumerate(self.ITEM_KIND):
            if kind in claimed and item not in left_out:  # `holds every X` comes before in play / left out
                st._zones[claimed[kind]].append(item)
                st._loc[item] = claimed[kind]
        st._counters = {name: ([start] * players if per_player else start)
                       for name, (per_player, start) in self.COUNTERS.items()}
        for name, board in self.SPACE_COUNTERS.items():
            start = self.COUNTERS[name][1]
            st._counters[name] = [start if used else 0 for used in t.in_use[board]]
        st._queues = {name: [] for name in self.QUEUES}
        st._stack, st._phase, st._turn_seat, st._turn_number = [], "play", self.FIRST_SEAT % players, 0
        st._next_seat = None
        st._over, st.history, st._violations, st._actor, st._last_cause = None, [], [], 0, "setup"
        st.fired = {}
        st._thens, st._pending, st._loops, st._firing = [], None, 0, 0
        st._origin, st._origin_moves = None, 0  # (a copy is made at its first step: State._undo)
        st._chosen = ()
        st._ends_seen = {}  # (timing, board) -> the board when its indexed ends last held false (runtime/ends.py)
        st._reach = {}  # what each kept `connected` reached, and at which contents (State._connected_kept)
        st._written = []  # where placements and removals wrote on the boards since (runtime/ends.py, State._changed_since)
        st._written_before = 0  # (how many writes came before the first in _written: State._writes)
        st._ends_clean = False  # whether the after-step ends held false at the counters as they are (_quiet_after_step)
        if self.CHANGING:  # each item's value of each attribute that can change (None: it has none), and its label
            st._attrs = {attr: [values.get(item) for item in range(len(self.ITEM_KIND))] + [None]
                         for attr, values in ((a, self.ITEM_ATTRS.get(a, {})) for a in self.CHANGING)}
            st._labels = list(self.ITEM_LABEL)
        else:
            st._attrs, st._labels = None, self.ITEM_LABEL
        st._seen = {}  # the positions seen at turn starts, when COUNTS_POSITIONS (runtime/repetition.py)
        st._seen_on = {}  # likewise per board of COUNTS_POSITIONS_ON
        return st

    def _label_now(self, st: State, item: int) -> str:
        """How an item reads with its attributes' values in ``st`` (an attribute that can change: the state's),
        made once for each item and values of the attributes that can change (a disc flipped back and forth,
        a checker moved from point to point, reads as it did before). At most 65,536 are kept."""
        attrs = st._attrs
        key = (item, *[attrs[a][item] for a in self.CHANGING])  # (in the engine's order: a state read back may differ)
        label = self._labels_made.get(key)
        if label is None:
            name, attributes, shown_as = self._item_parts[item]
            combo = {a: (attrs[a][item] if a in attrs else self.ITEM_ATTRS[a][item]) for a in attributes}
            label = item_label(name, combo, shown_as)
            if len(self._labels_made) >= 65536:
                self._labels_made.clear()
            self._labels_made[key] = label
        return label

    def from_json(self, text: str) -> State:
        """The state ``to_json()`` wrote; InvalidState (a ValueError) says what is wrong with any other text."""
        return state_from_json(self, text)

    def _state_from_dict(self, data: dict) -> State:
        """A checked state dict as a State (verify's tests override this to break it on purpose)."""
        return state_from_dict(self, data)

    def _state_from_checked(self, data: dict) -> State:
        """The state of a dict check_state_dict has passed (rulespec/runtime/position.py reads positions to it)."""
        return state_from_checked(self, data)

    def position(self, text: str, players: Optional[int] = None) -> State:
        """The state a position's text describes (rulespec/runtime/position.py; ``state.to_position()`` writes
        one): checked like from_json, refused with InvalidPosition at its line and column."""
        from .position import read_position
        return read_position(self, text, players)

    def parse_action(self, state: State, text: str) -> Action:
        if not isinstance(text, str):
            raise TypeError(f"parse_action() takes an action's text, not {type(text).__name__}")
        text = str.strip(text)
        for action in state.legal_actions():
            if str(action) == text:
                return action
        if text.startswith("chance:"):
            return Action(CHANCE, text[len("chance:"):].strip())
        if text.startswith("player "):
            head, _, rest = text.partition(":")
            number = head[len("player "):].strip()
            if number.isascii() and number.isdigit() and rest and len(number) <= WHOLE_DIGITS:  # (int()'s digit limit)
                return Action(int(number) - 1, rest.strip())
        raise IllegalAction(f"cannot read {text!r} as an action; write it as `player N: <choice>` or "
                            f"`chance: <outcome>`, as printed by str(action)")

    # ---- the loop
    def _decide(self, st: State):
        """The pending decision on top of the stack: (seat or CHANCE, [(action, effect, weight, binding)])."""
        pending = self._list(st)
        return (pending.seat, pending.full())

    def _pending_decision(self, st: State) -> Pending:
        """The pending decision as the state keeps it; an engine that overrides _decide is asked in full."""
        if not self._lists:
            return Pending.given(*self._decide(st))
        return self._list(st)

    def _list(self, st: State, hide_chosen: bool = True) -> Pending:
        """The decision on top of the stack; at a simultaneous one, without the seats that have chosen."""
        pending = self._listed(st)
        if hide_chosen and st._chosen and pending.seat == SIMULTANEOUS:
            waiting = {seat for seat, _ in st._chosen}
            pending.every = pending.rows
            pending.rows = [row for row in pending.rows if row[0] not in waiting]
            pending.count = len(pending.rows)
        return pending

    def _check_chosen(self, st: State, chosen: list) -> None:
        """The secret choices of a state read back: each one of its seat's choices at the simultaneous decision
        on top of the stack, one per seat, with some seat still to choose."""
        from .state_check import InvalidState
        frame = st._stack[-1] if st._stack else None
        info = self.STEPS.get(frame[0]) if frame is not None else None
        pending = self._list(st, hide_chosen=False) if info is not None and info.kind == "choice" else None
        if pending is None or pending.seat != SIMULTANEOUS:
            raise InvalidState("state.chosen", "holds secret choices, but no simultaneous decision (a choice "
                                               "`by each player`) is on top of the stack")
        offered = {(row[0], row[1]) for row in pending.rows}
        seats = set()
        for i, (seat, text) in enumerate(chosen):
            if (seat, text) not in offered:
                raise InvalidState(f"state.chosen[{i}]", f"{str(Action(seat, text))!r} is not one of the choices "
                                                         f"of {frame[0]}")
            if seat in seats:
                raise InvalidState(f"state.chosen[{i}]", f"player {seat + 1} has chosen twice")
            seats.add(seat)
        if seats >= {row[0] for row in pending.rows}:
            raise InvalidState("state.chosen", "every seat has chosen, so the decision would have been carried out")

    def _listed(self, st: State) -> Pending:
        frame = st._stack[-1]
        if frame[0] == LOTS:
            return Pending(CHANCE, [(CHANCE, f"lot: player {seat + 1}", 0, (seat,)) for seat in frame[1]], None,
                           self._draw_lot)
        info = self.STEPS[frame[0]]
        args = frame[1]
        choices = info.choices
        if choices is not None:  # listed in the order offered by one generated function
            seat, rows = choices(st, *args)
            if not info.distinct and len(set(map(_seat_and_text, rows) if seat in _EVERY_SEAT else
                                             map(_second, rows))) < len(rows):
                seen = set()  # two read the same: the first is the one offered
                rows = [row for row in rows if (row[0], row[1]) not in seen and not seen.add((row[0], row[1]))]
            pending = _new_pending(Pending)  # Pending(seat, rows, info.options), without the call
            pending.seat, pending.count, pending.rows, pending.options = seat, len(rows), rows, info.options
            pending.effect = pending.weights = pending.items = pending.entries = pending.offered = pending.actions = None
            pending.shared = pending.every = pending.numbered = pending.seat_found = None
            return pending
        if info.kind == "chance":
            if info.draw is not None:
                items, weights = st._draw_items(info.draw(st, *args))
                return Pending.draw(items, weights, info.text, info.resolve, st, args,
                                    self._drawn_actions if info.text_static else None)
            rows, weights = [], []
            for text, weight, binding in info.outcomes(st, *args):
                rows.append((CHANCE, text, 0, binding))
                weights.append(weight)
            if weights.count(1) == len(weights):  # every outcome as likely: chance_outcomes shares one probability
                weights = None
            return Pending(CHANCE, rows, None, info.resolve, weights)
        seat = info.by(st, *args)
        rows = []
        if seat in _EVERY_SEAT:  # the first bound name is the seat that may take the option
            for k, option in enumerate(info.options):
                rows += [(binding[0], text, k, binding) for text, binding in option.enumerate(st, *args)]
        else:
            for k, option in enumerate(info.options):
                rows += [(seat, text, k, binding) for text, binding in option.enumerate(st, *args)]
        if len(set(map(_seat_and_text, rows))) < len(rows):  # two read the same: the first is the one offered
            seen = set()
            rows = [row for row in rows if (row[0], row[1]) not in seen and not seen.add((row[0], row[1]))]
        if seat in _EVERY_SEAT:
            rows.sort(key=_first)  # stable: seat order, then declaration order
        return Pending(seat, rows, info.options)

    def _advance(self, st: State, runs: int = 0, idle_turns: int = 0) -> None:
        """Run automatic steps until a decision is needed or the game is over. ``runs`` and ``idle_turns``
        go on from where State._play's inline next turn left them (the budgets count from its step).
        An automatic step is run here, not in a function of its own: it is the loop's most frequent work."""
        st._pending = None
        steps, insteads_by_step, lists, budget = self._steps, self._insteads_by_step, self._lists, self.MAX_AUTO_STEPS
        while st._over is None:
            runs += 1
            if runs > budget:  # (apply() undoes the whole step, as on any RuleRuntimeError)
                raise self._auto_steps_spent(st)
            if not st._stack:
                idle_turns += 1
                if idle_turns > 2 * st.players + 1:
                    raise RuleRuntimeError(
                        f"turn after turn passes with nothing to decide (turn {st._turn_number}): no player can act "
                        f"and no end condition holds")
                self._next_turn(st)
                continue
            frame = st._stack[-1]
            step = frame[0]
            if step in _RUNTIME_STEPS:
                if self._run_runtime_step(st, frame):
                    return
                continue
            insteads = insteads_by_step.get(step)
            if insteads is not None:  # (most of the time no replacement applies)
                for instead in insteads:
                    if instead.name not in frame[4] and instead.applies(st, *frame[1]):
                        self._run_instead(st, frame, instead)
                        break
                else:
                    instead = None
                if instead is not None:
                    continue
            info = steps[step]
            if self._after_named_ends and info.kind == "choice" and self._check_before_choice(st):
                continue
            if info.choices is not None and lists:
                if self._offer_listed_choice(st, step, frame, info):
                    return
                continue
            if info.kind == "auto":
                st._stack.pop()
                st._actor, st._last_cause = frame[2], frame[3]  # (st._thens is empty between steps)
                fired = st.fired
                fired[step] = fired.get(step, 0) + 1
                info.run(st, frame[3], *frame[1])
                thens = st._thens
                if thens:  # _push_thens, inline
                    stack, actor, cause, replaced = st._stack, st._actor, frame[3], frame[4]
                    thens.reverse()  # (in place, as in State._play)
                    for then, then_args in thens:  # (then() is given a tuple of arguments)
                        stack.append((then, then_args, actor, cause, replaced))
                    st._thens = []
                check = self._after_step
                if check is None:
                    self._check_ends(st, "after_step")
                elif st._over is None and st._phase == "play":  # _check_ends, inline
                    stack = st._stack
                    if not (st._ends_clean or stack and (stack[-1][0] == LOTS or stack[0][0] == ENDING)):
                        found = check(st)
                        if found is not None:
                            self._end(st, self.ENDS[found[0]], *found[1:])
                continue
            if self._offer_decision(st, step, frame, info):
                return

    def _check_before_choice(self, st: State) -> bool:
        """Before a player's choice is offered, the end checks that wait beneath it for steps named by
        `checked after step NAME` to be done (AFTER frames) are made, the nearest first: the named step is
        done with the steps it started up to this choice. Whether there were any (the stack has changed)."""
        stack = st._stack
        waiting = [k for k in range(len(stack) - 2, -1, -1) if stack[k][0] == AFTER]
        for k in waiting:
            timing = stack.pop(k)[1][0]
            self._check_ends(st, timing)
            if st._over is not None or not stack or stack[0][0] == ENDING or stack[-1][0] == LOTS:
                break  # an end held (its closing step or a draw of lots may be on the stack now)
        return bool(waiting)

    def _auto_steps_spent(self, st: State) -> RuleRuntimeError:
        """The error of a step after which MAX_AUTO_STEPS automatic steps ran without reaching a decision."""
        return RuleRuntimeError(
            f"{self.MAX_AUTO_STEPS} automatic steps ran without reaching a decision (the next: "
            f"`{st._stack[-1][0] if st._stack else 'a new turn'}`): a `then` chain, `repeat` or triggers that "
            f"never stop? Engine.MAX_AUTO_STEPS is the limit")

    def _run_runtime_step(self, st: State, frame) -> bool:
        """Run a step of the runtime's own on top of the stack (``frame``): the next step queued to resolve, a
        draw of lots (offered: true), the end check after a named step or a game's closing."""
        step = frame[0]
        if step == RESOLVE:
            queue = st._queues[frame[1][0]]
            if not queue:
                st._stack.pop()
                return False
            step_name, args, actor, cause, replaced = queue.pop(0)
            st._stack.append((step_name, tuple(args), actor, cause, tuple(replaced)))
            return False
        if step == LOTS:
            st._pending = self._pending_decision(st)
            return True
        st._stack.pop()
        if step == AFTER:  # a step named by `checked after step NAME` is done, with the steps it started
            self._check_ends(st, frame[1][0])
            return False
        self._finish(st, self._over_of(frame[3]))  # ENDING
        return False

    def _offer_listed_choice(self, st: State, step: str, frame, info: StepInfo) -> bool:
        """Offer the choice on top of the stack (``frame``), listed by its one generated function (true), or
        skip it when there is nothing to choose (false)."""
        if info.listed_once:
            pending = self._listed_once.get((step, frame[1]))
            if pending is not None:
                st._pending = pending
                return True
        seat, rows = self._turn_listing_taken(st, frame) if self._turn_listing is not None else \
            info.choices(st, *frame[1])
        if not rows:
            st._stack.pop()  # a choice with nothing to choose is skipped
            return False
        if not info.distinct and len(set(map(_seat_and_text, rows) if seat in _EVERY_SEAT else
                                         map(_second, rows))) < len(rows):
            seen = set()  # two read the same: the first is the one offered
            rows = [row for row in rows if (row[0], row[1]) not in seen and not seen.add((row[0], row[1]))]
        elif info.rows_kept:  # the rows choices keeps for what it read: their Pending, shared
            st._pending = self._kept_pending(seat, rows, info.options)
            return True
        pending = st._pending = self._rows_offered(seat, rows, info.options)
        if info.listed_once:
            if len(self._listed_once) > 4096:  # (arguments are seats, numbers, components: few)
                self._listed_once.clear()
            self._listed_once[step, frame[1]] = pending
        return True

    def _turn_listed(self, st: State) -> bool:
        """Whether the player to move has a legal move, asked by an end checked at turn start: the turn step's
        choices listed in full and kept for its offer, which follows with nothing run or written between
        (Engine._next_turn pushes the turn's frame next), so that the offer does not list them again."""
        seat = st._turn_seat
        listing = self.STEPS[self.TURN_STEP].choices(st, seat)
        if st._journal is None:  # (not in a look-ahead)
            self._turn_listing = (st, (self.TURN_STEP, (seat,)), st._turn_number, len(st.history),
                                  st._written_before + len(st._written), listing)
        return bool(listing[1])

    def _turn_listing_taken(self, st: State, frame) -> tuple:
        """The choices of ``frame``: the listing _turn_listed kept, when it was made of this state at this turn
        for this step and its arguments, with no step or write since; else listed now."""
        kept, self._turn_listing = self._turn_listing, None
        if (kept[0] is st and kept[1] == (frame[0], frame[1]) and kept[2] == st._turn_number
                and kept[3] == len(st.history) and kept[4] == st._written_before + len(st._written)):
            return kept[5]
        return self.STEPS[frame[0]].choices(st, *frame[1])

    def _offer_decision(self, st: State, step: str, frame, info: StepInfo) -> bool:
        """Offer the chance step or choice on top of the stack (``frame``) that no generated function lists
        (true), or skip a choice with nothing to choose (false)."""
        lists = self._lists
        draw = info.draw
        if draw is not None and lists:  # a draw lists its items, its texts are read when asked
            items, weights = st._draw_items(draw(st, *frame[1]))
            if items:
                pending = st._pending = _new_pending(Pending)  # Pending.draw(...), without the calls
                pending.seat, pending.count, pending.items, pending.weights = CHANCE, len(items), items, weights
                pending.effect, pending.text, pending.st, pending.args = info.resolve, info.text, st, frame[1]
                pending.shared = self._drawn_actions if info.text_static else None
                pending.rows = pending.options = pending.entries = pending.offered = pending.actions = None
                pending.every = pending.numbered = pending.seat_found = None
                return True
        if info.listed_once and lists:  # a chance step's outcomes fixed by its arguments and the set-up
            key = (step, frame[1], st._t)
            decision = self._listed_once.get(key)
            if decision is None:
                decision = self._list(st)
                if decision.count:
                    if len(self._listed_once) > 4096:
                        self._listed_once.clear()
                    self._listed_once[key] = decision
            else:
                st._pending = decision
                return True
        else:
            decision = self._list(st) if lists else self._pending_decision(st)
        if not decision.count:
            if decision.seat == CHANCE:
                raise RuleRuntimeError(
                    f"chance step `{step}` has no outcome (nothing to draw from); add an `instead` rule "
                    f"for when it cannot happen")
            st._stack.pop()  # a choice with nothing to choose is skipped (a mandatory bonus that is impossible)
            return False
        st._pending = decision
        return True

    def _kept_pending(self, seat: int, rows: list, options: tuple) -> Pending:
        """The Pending of rows a choice keeps by what it read (StepInfo.rows_kept, no two alike): made once for
        those rows and shared by every state that lists them (_advance, and State._play's inline turn)."""
        pending = self._rows_pending.get(id(rows))  # (it holds its rows: an id of live rows is theirs)
        if pending is not None and pending.rows is rows:
            return pending
        pending = self._rows_offered(seat, rows, options)
        if len(self._rows_pending) > 4096:  # (as many as the tables of rows choices keeps)
            self._rows_pending.clear()
        self._rows_pending[id(rows)] = pending
        return pending

    @staticmethod
    def _rows_offered(seat: int, rows: list, options: tuple) -> Pending:
        """A new Pending of a choice's listed rows: Pending(seat, rows, options), without the call."""
        pending = _new_pending(Pending)
        pending.seat, pending.count, pending.rows, pending.options = seat, len(rows), rows, options
        pending.effect = pending.weights = pending.items = pending.entries = pending.offered = pending.actions = None
        pending.shared = pending.every = pending.numbered = pending.seat_found = None
        listed = _listed_actions.get(id(rows))  # rows State._listed_kept made: their Actions, made with them
        if listed is not None and listed[0] is rows:
            pending.actions = listed[1]  # (never changed: a listing edits copies)
        return pending

    def _next_turn(self, st: State) -> None:
        self._turn_listing = None  # (one made before this turn, in a look-ahead or an undone step, is never offered)
        if self._after_turn_ends and st._phase == "play":  # the turn before is over
            self._check_ends(st, "after_turn")
            if st._over is not None or st._stack:  # an end may have left a closing step or a draw of lots
                return
        if st._phase == "setup":  # the first turn: the seat a `next turn goes to` of the set-up named, if any
            st._phase = "play"
            seat = self._match_first_seat(st) if st._next_seat is None else st._next_seat
            st._next_seat = None
        elif st._next_seat is not None:
            seat = st._next_seat
            st._next_seat = None
        else:
            seat = (st._turn_seat + 1) % st.players
        number = st._turn_number = st._turn_number + 1  # (a `skipping` condition reads the turn about to start)
        if self.SKIP_TURN is not None:
            for _ in range(st.players):
                if not self.SKIP_TURN(st, seat):
                    break
                seat = (seat + 1) % st.players
            else:
                raise RuleRuntimeError("every player's turn is skipped and no end condition holds")
        st._turn_seat = seat
        past_limit = self.MAX_TURNS is not None and (
            number > self.MAX_TURNS or self.TURN_LIMIT is not None and number > self.TURN_LIMIT(st))
        if self.COUNTS_POSITIONS and not past_limit:  # (before the ends checked at turn start: they read the position)
            record_position(st)
        if self.COUNTS_POSITIONS_ON:  # (past the limit too: an end at turn start may read the board just reached)
            record_board_positions(st)
        if self._turn_start_ends:  # (an end checked at turn start may end the game as the turn past the limit starts)
            self._check_ends(st, "turn_start")
            if st._over is not None or st._stack:  # an end may have left a closing step or a draw of lots
                return
        if past_limit:
            st._violations.append(f"the game lasted more than its declared {self._turn_limit(st)} turns")
            st._over = {"end": "turn_limit", "winners": [], "cites": []}
            return
        frame = self._turn_frames.get(seat)  # (frames are plain immutable data: one per seat, shared)
        if frame is None:
            frame = self._turn_frames[seat] = (self.TURN_STEP, (seat,), seat, "turn", ())
        st._stack.append(frame)

    def _replace(self, st: State, frame) -> bool:
        for instead in self._insteads_by_step.get(frame[0], ()):
            if instead.name in frame[4] or not instead.applies(st, *frame[1]):
                continue
            self._run_instead(st, frame, instead)
            return True
        return False

    def _run_instead(self, st: State, frame, instead: InsteadInfo) -> None:
        """Run a replacement effect instead of the step on top of the stack (``frame``)."""
        st._stack.pop()
        st._actor, st._last_cause = frame[2], frame[3]
        st._thens = []
        st._count("instead " + instead.name)
        instead.run(st, frame[3], *frame[1])
        st._push_thens((frame[0], frame[1], frame[2], frame[3], frame[4] + (instead.name,)))
        self._check_ends(st, "after_step")

    def _check_ends(self, st: State, timing: str) -> None:
        if st._over is not None or st._phase != "play":
            return
        stack = st._stack
        if stack and (stack[-1][0] == LOTS or stack[0][0] == ENDING) or st._ends_clean and timing == "after_step":
            return
        check = self._end_checks.get(timing)
        if check is not None:  # one generated function for every end of this timing
            found = check(st)
            if found is not None:
                self._end(st, self.ENDS[found[0]], *found[1:])
            return
        ends = self._ends_at.get(timing)
        if ends is None:
            ends = self._ends_at[timing] = tuple(end for end in self.ENDS if end.timing == timing)
        for end in ends:
            winners = end.check(st)
            if winners is not None:
                self._end(st, end, winners)
                return

    def _quiet_after_step(self, st: State) -> bool:
        """Whether the end check the runtime makes after a step would find no end now. Generated code asks
        before it runs an automatic step that a `then` names at once, inside the step before it, where the
        runtime would have run it next (see the codegen's inline_thens); when an end would be found, the
        `then` is left to the runtime, as any other. In a look-ahead no end is checked between steps
        (runtime/lookahead.py carry_through runs the `then` next whatever holds): it runs at once, unasked."""
        if st._journal is not None:  # (kept only during a look-ahead: runtime/imagining.py)
            return True
        check = self._after_step
        if check is not None:
            if st._ends_clean:
                return True
            quiet = check(st) is None
            st._ends_clean = False  # (a step under way may change a counter after this, without a new keep)
            return quiet
        ends = self._ends_at.get("after_step")
        if ends is None:
            ends = self._ends_at["after_step"] = tuple(end for end in self.ENDS if end.timing == "after_step")
        return all(end.check(st) is None for end in ends)

    def _end(self, st: State, end: EndInfo, winners: list, then: Optional[tuple] = None) -> None:
        """The game ends by ``end`` (its check just held, naming ``winners``; ``then``: the step its `then`
        runs, as the check found it, else worked out by end.then)."""
        if len(winners) > 1:
            winners = sorted(set(winners))
        st._stack.clear()
        st._pending = None
        if end.then is not None:
            # The end is decided; its closing step runs first (mats cleared, ...), then the game is scored.
            step, args = then if then is not None else end.then(st)
            st._stack.append((ENDING, (), 0, self._end_text(end, winners), ()))
            st._stack.append((step, args, st._actor, "end", ()))
            return
        self._finish(st, {"end": end.name, "winners": winners, "cites": list(end.cites)})

    def _end_text(self, end: EndInfo, winners: list) -> str:
        """The decided end as the JSON text a frame carries (frames are plain data), made once per end and winners."""
        key = (end.name, tuple(winners))
        text = self._end_texts.get(key)
        if text is None:
            if len(self._end_texts) > 4096:
                self._end_texts.clear()
            over = {"end": end.name, "winners": winners, "cites": list(end.cites)}
            text = self._end_texts[key] = json.dumps(over, sort_keys=True)
        return text

    def _over_of(self, text: str) -> dict:
        """An end's JSON text (an ENDING or LOTS frame's cause) as a new dict, read once per text."""
        over = self._end_values.get(text)
        if over is None:
            if len(self._end_values) > 4096:
                self._end_values.clear()
            over = self._end_values[text] = json.loads(text)
        return dict(over)  # (its lists are read, never changed: outcome() hands out copies)

    def _finish(self, st: State, over: dict) -> None:
        """The game (or this leg of a match) is over: go on to the next leg, draw lots, or record the result."""
        if self.MATCH is not None and st._leg + 1 < len(self.MATCH[0]):
            self._next_leg(st, over)
            return
        tied = self._tied_for_first(st, over) if self._draws_lots and over["end"] not in self._drawn_by else []
        if len(tied) > 1:
            # The end is decided, but the winner is drawn by lot: one more chance node.
            st._stack.append((LOTS, tuple(tied), 0, json.dumps(over, sort_keys=True), ()))
        else:
            st._over = over

    def _next_leg(self, st: State, over: dict) -> None:
        """Record this leg's scores and set up the next leg of the match in the same state."""
        scores = {name: [fn(st, seat) for seat in range(st.players)] for name, fn in self.SCORES.items()}
        legs = st._legs + [{"end": over["end"], "winners": over["winners"], "options": dict(st._options),
                           "scores": scores}]
        fresh = self._empty_state(st.players, self._leg_options(st._leg + 1))
        fresh._leg, fresh._legs = st._leg + 1, legs
        fresh.history, fresh._violations, fresh.fired = st.history, st._violations, st.fired
        fresh._origin, fresh._origin_moves = st._origin, st._origin_moves  # (a failing step replays from it)
        for name in State.__slots__:
            setattr(st, name, getattr(fresh, name))
        self._start_setup(st)

    def _match_first_seat(self, st: State) -> int:
        """Each leg of a match is started by the next player clockwise."""
        return (self.FIRST_SEAT + st._leg) % st.players

    def _tied_for_first(self, st: State, over: dict) -> list[int]:
        keys = self._rank_keys(st, over)
        best = min(keys)
        return [seat for seat in range(st.players) if keys[seat] == best]

    def _draw_lot(self, st: State, cause: str, *args) -> None:
        seat = args[-1]
        over = self._over_of(cause)
        over["lot"] = seat
        st._over = over

    # ---- results and views
    def _scores(self, st: State, names: Optional[set] = None) -> dict[str, list[int]]:
        """Every declared score per seat (or those ``names``); in a match, the added-up scores are totals
        over the legs."""
        # (plain loops here and in the ranking: an outcome is worked out at every end a search reaches)
        scores = {}
        seats = st._t.seats
        for name, fn in self.SCORES.items():
            if names is None or name in names:
                values = []
                for seat in seats:
                    values.append(fn(st, seat))
                scores[name] = values
        if self.MATCH is not None:
            for name in self.MATCH[1]:
                if name not in scores:
                    continue
                scores[name] = [scores[name][seat] + sum(leg["scores"][name][seat] for leg in st._legs)
                                for seat in range(st.players)]
        return scores

    def _rank_keys(self, st: State, over: dict, scores: Optional[dict] = None) -> list[tuple]:
        """Each seat's sort key from the declared ranking chain (smaller is better). A match is won on
        its totals, so a leg's declared winner does not rank first there. Only the scores the ranking reads
        are worked out (a score may ask who won: `p won`), unless ``scores`` holds them already."""
        if over.get("end") in self._drawn_by:  # a declared draw: the same key for every seat
            return [()] * st.players
        ranking = self.RANKING or NO_RANKING
        if scores is None:
            read = set()
            for _, score in ranking:
                if score is not None:
                    read.add(score)
            scores = self._scores(st, read)
        declared = over.get("winners", ())
        in_match = self.MATCH is not None
        keys = []
        for seat in st._t.seats:
            key = []
            for kind, score in ranking:
                if kind == "winner_first":
                    if not in_match:
                        key.append(0 if seat in declared else 1)
                elif kind == "lowest":
                    key.append(scores[score][seat])
                elif kind == "highest":
                    key.append(-scores[score][seat])
                elif kind == "lot":
                    key.append(0 if over.get("lot") == seat else 1)
            keys.append(tuple(key))
        return keys

    def _ranks(self, st: State, scores: Optional[dict] = None) -> list[int]:
        """Each seat's place at the end (1 = first; ties share it when the ranking says so; every seat first
        when the end declared the game a draw)."""
        if st._over["end"] in self._drawn_by:
            return [1] * st.players
        keys = self._rank_keys(st, st._over, scores)
        share = False
        for kind, _ in self.RANKING or NO_RANKING:
            if kind == "ties_share" or kind == "lot":
                share = True
                break
        order = sorted(st._t.seats, key=keys.__getitem__)  # (a stable sort: tied seats stay in seat order)
        ranks = [0] * st.players
        before = None
        for position, seat in enumerate(order):
            if share and position and keys[before] == keys[seat]:
                ranks[seat] = ranks[before]
            else:
                ranks[seat] = position + 1
            before = seat
        return ranks

    def _winners(self, st: State) -> list[int]:
        """The seats ranked first, none in a draw (every seat tied for first): outcome()["winners"]."""
        return _first_placed(self._ranks(st))

    def _outcome(self, st: State) -> dict:
        scores = self._scores(st)
        ranks = self._ranks(st, scores)
        winners = _first_placed(ranks)
        draw = st.players > 1 and not winners  # every seat tied for first
        over = st._over
        return {
            "end": over["end"],
            "cites": list(over.get("cites", ())),
            "lot": over.get("lot"),
            "draw": draw,
            "winners": winners,
            "ranking": ranks,
            "scores": scores,
            "legs": [dict(leg) for leg in st._legs] if self.MATCH is not None else None,
        }

    def _standing(self, st: State) -> list[int]:
        if st._over is not None:
            return self._outcome(st)["ranking"]
        keys = self._rank_keys(st, {"winners": []})
        return [1 + sum(other < mine for other in keys) for mine in keys]

    def _returns(self, st: State) -> list[float]:
        if self.RETURNS is not None and self.RETURNS[0] == "value":
            return [float(self.RETURNS[1](st, seat)) for seat in range(st.players)]
        if st._over is None:
            return [0.0] * st.players
        ranks = self._outcome(st)["ranking"]
        if self.RETURNS is not None:
            win, draw, loss = self.RETURNS[1]
            if st.players > 1 and all(rank == 1 for rank in ranks):
                return [float(draw)] * st.players
            return [float(win if rank == 1 else loss) for rank in ranks]
        return zero_sum_returns(ranks, st.players)

    def _observation(self, st: State, seat: int) -> dict:
        # (plain loops throughout: for the few items, counters and queues of a view they cost less than
        # comprehensions, each a function call of its own; State.observation runs at every node of a search)
        t, item_label = st._t, st._labels
        zones: dict[str, Any] = {}
        for zone in self.ZONES:
            base = t.zone_base[zone.name]
            views = []
            for owner in range(st.players if zone.per_player else 1):
                items = st._zones[base + owner]
                view: dict[str, Any] = {"size": len(items)}
                sees_all = zone.visibility == "public" or (zone.visibility == "owner" and owner == seat)
                if zone.size_unseen and not sees_all:  # not even how many it holds (nor, so, its top)
                    view = {}
                elif sees_all:
                    labels = []
                    for item in items:
                        labels.append(item_label[item])
                    # A stacked zone shows its order (the last is on top); any other zone is a sorted
                    # multiset, so items with the same label stay indistinguishable.
                    if not zone.stacked:
                        labels.sort()
                    view["items"] = labels
                elif zone.visibility == "top":  # a pile covered but for its top: that one is seen
                    view["items"] = [item_label[items[-1]]] if items else []
                views.append(view)
            zones[zone.name] = views if zone.per_player else views[0]
        boards = {}
        for b, board in enumerate(self.BOARDS):
            labels = board.labels
            boards[board.name] = {labels[c]: item_label[i] for c, i in enumerate(st._boards[b]) if i >= 0}
        counters = {}
        for name, value in st._counters.items():
            counters[name] = value.copy() if value.__class__ is list else value
        for name, b in self.SPACE_COUNTERS.items():  # a counter per space: space label -> its count (public)
            labels, value = self.BOARDS[b].labels, st._counters[name]
            counters[name] = {labels[c]: value[c] for c in st._t.cells_in_use[b]}
        queues = {}
        for name, entries in st._queues.items():
            queues[name] = [entry[0] for entry in entries]
        view = {
            "seat": seat,
            "players": st.players,
            "options": st._options.copy(),
            "phase": st._phase,
            "turn": st._turn_number,
            "turn_player": st._turn_seat,
            "leg": st._leg,
            "legs": [dict(leg) for leg in st._legs] if st._legs else [],
            "zones": zones,
            "boards": boards,
            "counters": counters,
            "queues": queues,
            "decision": None,
            "outcome": st.outcome(),
        }
        pending = st._offer()  # the decision, if any (its Actions: who may take each, and its text)
        if pending is not None:
            chooser = pending.seat
            decision = view["decision"] = {"player": "any" if chooser == ANY_PLAYER else
                                           "each" if chooser == SIMULTANEOUS else chooser, "step": st._stack[-1][0]}
            if chooser == SIMULTANEOUS:  # who is still choosing is seen; what the others chose is not
                decision["waiting"] = st.simultaneous_seats()
                for secret_chooser, text in st._chosen:
                    if secret_chooser == seat:
                        decision["chosen"] = text
                        break
            if chooser != CHANCE:
                mine = []
                for action in pending.all_actions():
                    if action.player == seat:
                        mine.append(action.text)
                if mine:
                    decision["choices"] = mine
        return view

    def _why_not(self, st: State, action: Action) -> str:
        decision = st._decision()
        if st._over is not None:
            return "the game is over"
        if decision is None:
            return "nothing is to be decided now"
        seat, entries = decision
        frame = st._stack[-1]
        info = self.STEPS.get(frame[0])  # None at the lot that breaks a tie for first
        step = frame[0] if info is not None else "the lot for first place"
        if seat == SIMULTANEOUS and any(chooser == action.player for chooser, _ in st._chosen):
            return (f"player {action.player + 1} has already chosen, in secret, for {frame[0]}; "
                    f"{', '.join(f'player {s + 1}' for s in st.simultaneous_seats())} still to choose")
        if action.player != seat and seat not in _EVERY_SEAT:
            who = "chance" if seat == CHANCE else f"player {seat + 1}"
            return f"it is {who}'s decision ({step}), not {'chance' if action.player == CHANCE else f'player {action.player + 1}'}'s"
        if info is not None and info.kind == "choice":
            for option in info.options:
                for text, binding in option.raw(st, *frame[1]):
                    if text == action.text and (seat not in _EVERY_SEAT or binding[0] == action.player):
                        failed = option.check(st, *frame[1], *binding)
                        if failed >= 0:
                            condition, cites = option.conditions[failed]
                            cited = f" [{', '.join(cites)}]" if cites else ""
                            return f"{action.text!r} is not allowed: `{condition}` does not hold{cited}"
        from ..lib.suggestions import close_matches  # (bounded work, however many the choices)
        texts = [e[0].text for e in entries if e[0].player == action.player or seat not in _EVERY_SEAT]
        close = close_matches(action.text, texts, n=3, cutoff=0.5)
        hint = f"; did you mean {' or '.join(repr(c) for c in close)}?" if close else \
            f"; the choices are: {', '.join(repr(t) for t in texts[:8])}{'...' if len(texts) > 8 else ''}"
        return f"{action.text!r} is not one of the choices for {step}{hint}"

    def _describe(self, st: State) -> str:
        """A short text picture of a state, for the terminal."""
        lines = [f"{self.TITLE}: {st.players} players, turn {st._turn_number} (player {st._turn_seat + 1})"]
        t = st._t
        for b, board in enumerate(self.BOARDS):
            width = len(board.columns)
            label_width = max(len(r) for r in board.rows)
            if board.kind == "triangles":
                lines.append(f"{board.name} (face {t.face[b]}; # = covered, a letter = an uncovered mark):")
                marks = {name: letter for letter, name in board.marks}
                for r, row in enumerate(board.rows):
                    if not any(t.in_use[b][r * width:(r + 1) * width]):
                        continue  # a row of a board piece not laid in this game
                    cells = []
                    for c in range(width):
                        cell = r * width + c
                        if not t.in_use[b][cell]:
                            cells.append(" ")
                        elif st._boards[b][cell] >= 0:
                            cells.append("#")
                        else:
                            cells.append(marks.get(t.mark_of[b][cell], "."))
                    lines.append((f"  {row:<{label_width}} " + " ".join(cells)).rstrip())
                continue
            column_values = self.ITEM_ATTRS.get(board.column_attribute, {})
            # A piece without a number is its own letter (C cross, N nought), said in the heading.
            codes = piece_codes([label for item, label in enumerate(self._labels_shown) if item not in column_values], ".o")
            drawn = sorted({st._labels[i] for i in st._boards[b] if i >= 0 and i not in column_values})
            said = "".join(f", {codes[label]} = {label}" for label in drawn)
            lines.append(f"{board.name} (face {t.face[b]}; o = an empty region space{said}):")
            for r, row in enumerate(board.rows):
                cells = []
                for c in range(width):
                    cell = r * width + c
                    item = st._boards[b][cell]
                    if not t.in_use[b][cell]:
                        cells.append("  ")
                    elif item < 0:
                        region = t.region_of[b][cell]
                        cells.append(" o" if region >= 0 else " .")
                    else:
                        value = column_values.get(item)
                        cells.append(f"{value:>2}" if value is not None else f"{codes[st._labels[item]]:>2}")
                lines.append((f"  {row:<{label_width}} " + " ".join(cells)).rstrip())
        for zone in self.ZONES:
            base = t.zone_base[zone.name]
            for owner in range(st.players if zone.per_player else 1):
                items = st._zones[base + owner]
                who = f" of player {owner + 1}" if zone.per_player else ""
                lines.append(f"{zone.name}{who}: {len(items)}")
        if st._over:
            outcome = st.outcome()
            winners = ", ".join(f"player {s + 1}" for s in outcome["winners"])
            result = "a draw" if outcome["draw"] else f"won by {winners}" if winners else "nobody wins"
            lines.append(f"game over ({outcome['end']}): {result}; ranks "
                         + ", ".join(f"player {s + 1}: {r}" for s, r in enumerate(outcome["ranking"])))
        return "\n".join(lines)
