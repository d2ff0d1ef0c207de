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
play, payoffs from a ranking, budgets), ``helpers`` (what generated code calls besides the state),
``results`` (how an ended game is scored), ``describing`` (observations, refusals, a state's picture) and
this module (Engine: set-up, advance, decide, ends). Every name other code imports from here still is.
"""

from __future__ import annotations

import copy
import sys
from typing import Any, Callable, Optional

from .serialise import state_from_checked, state_from_dict, state_from_json
from .blame import function_cited, located, reason
from .common import (AFTER, ANY_PLAYER, CHANCE, ENDING, EVERY_SEAT, LOTS, RESOLVE, SIMULTANEOUS, SPAN_LIMIT, TERMINAL,  # noqa: F401
                     IllegalAction, RuleRuntimeError)
from .helpers import (ItemTests, KeptRows, best_sets, build_item_tables, item_label, pick_weights, span,  # noqa: F401
                      shuffle_key, shuffle_orders, weighted_picks)  # (generated code imports them here)
from .helpers import items_made, unmade_looks
from .kept_outcomes import KeptOutcomes
from .numbers import WHOLE_DIGITS
from .pending import Action, Pending, _listed_actions
from .plain_turns import PlainTurns
from .results import NO_RANKING, Results  # noqa: F401 (NO_RANKING: imported from here)
from .describing import Describing
from .copies import items_with_copies, labels_shared
from .repetition import Looks, record_board_positions, record_position
from .policies import (DEFAULT_MAX_STEPS, MAX_DEFAULT_STEPS, STEPS_PER_TURN_PER_PLAYER,  # noqa: F401
                       StepBudgetExceeded, default_max_steps, greedy_step, random_game, random_step, zero_sum_returns)
from .state import _RUNTIME_STEPS, _new_pending, _second, _seat_and_text, _first, State
from .tables import (BoardInfo, EndInfo, FaceInfo, InsteadInfo, InvariantInfo, OptionInfo, StepInfo,  # noqa: F401
                     Tables, TriggerInfo, ZoneInfo)

# ----------------------------------------------------------------------------- the engine


class Engine(Results, Describing):
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
    # A counter that holds a seat, a direction or a word keeps its value's index (-1: none); this names each
    # index as a position's text writes it (`player 2`, `north`, `hearts`): counter -> words by index.
    COUNTER_WORDS: dict[str, tuple[str, ...]] = {}
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
    MASKED_BOARDS: tuple[str, ...] = ()  # boards whose occupied spaces the state keeps as a bit mask (a count reads it)
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
    RETURNS_SHARED: bool = False  # ('value', fn): fn does not read its seat, so every seat's payoff is fn(st, 0)
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
        self._label_shared = labels_shared(self.ITEM_LABEL, self.CHANGING)  # (a draw groups those alone)
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
        # (text function, arguments) -> a static draw's Actions (and outcomes), made once per engine (Pending.shared_tables)
        self._drawn_actions: dict[tuple, tuple[dict, dict, dict, dict]] = {}
        self._triggers_by_board = [tuple(t for t in self.TRIGGERS if t.board == b) for b in range(len(self.BOARDS))]
        # while a look-ahead runs: the triggers whose counters nothing it reads reads are passed over
        self._triggers_ahead_by_board = [tuple(t for t in triggers if not t.unread_ahead)
                                         for triggers in self._triggers_by_board]
        # Copies of one component (same kind, same attributes) are interchangeable: choices list one of them.
        signature = {}
        self._copy_group = tuple(
            signature.setdefault((kind, tuple(values.get(item) for values in self.ITEM_ATTRS.values())), item)
            for item, kind in enumerate(self.ITEM_KIND))
        self._with_copies = items_with_copies(self._copy_group)  # (a walk groups those alone: runtime/copies.py)
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
        # (step, arguments, tables) -> the Pending of a choice listed once (StepInfo.listed_once): shared by every
        # state, as clones share theirs (a Pending never changes once listed but to fill in what it derives)
        self._listed_once: dict[tuple, Pending] = {}
        self._kept_outcomes = KeptOutcomes()  # chance listings kept by what their outcomes read (a shuffle's)
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
            raise located(RuleRuntimeError(f"the rules could not set up the game: {reason(error)}"),
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
        for number, zone in t.bounded.items():  # `at most N` on a zone that starts with every component in play...
            if len(st._zones[number]) > zone.at_most:
                raise st._too_many(number, "the game starts with more in it")
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
            if not info.distinct and len(set(map(_seat_and_text, rows) if seat in EVERY_SEAT else
                                             map(_second, rows))) < len(rows):
                seen = set()  # two read the same: the first is the one offered
                rows = [row for row in rows if (row[0], row[1]) not in seen and not seen.add((row[0], row[1]))]
            pending = _new_pending(Pending)  # Pending(seat, rows, info.options), without the call
            pending.seat, pending.count, pending.rows, pending.options = seat, len(rows), rows, info.options
            pending.effect = pending.weights = pending.items = pending.entries = pending.offered = pending.actions = None
            pending.shared = pending.every = pending.numbered = pending.seat_found = pending.outcomes = None
            return pending
        if info.kind == "chance":
            if info.draw is not None:
                items, weights = st._draw_items(info.draw(st, *args))
                return Pending.draw(items, weights, info.text, info.resolve, st, args,
                                    self._drawn_actions if info.text_static else None)
            if info.pick is not None:  # a pick of spaces listed as a draw of them (StepInfo.pick)
                spaces = info.pick(st, *args)
                if spaces:
                    return Pending.draw(spaces, None, info.text, info.resolve, st, args, self._drawn_actions)
            rows, weights = [], []
            for text, weight, binding in info.outcomes(st, *args):
                rows.append((CHANCE, text, 0, binding))
                weights.append(weight)
            if weights.count(1) == len(weights):  # every outcome as likely: chance_outcomes shares one probability
                weights = None
            return Pending(CHANCE, rows, None, info.resolve, weights)
        seat = info.by(st, *args)
        rows = []
        if seat in EVERY_SEAT:  # the first bound name is the seat that may take the option
            for k, option in enumerate(info.options):
                rows += [(binding[0], text, k, binding) for text, binding in option.enumerate(st, *args)]
        else:
            for k, option in enumerate(info.options):
                rows += [(seat, text, k, binding) for text, binding in option.enumerate(st, *args)]
        if len(set(map(_seat_and_text, rows))) < len(rows):  # two read the same: the first is the one offered
            seen = set()
            rows = [row for row in rows if (row[0], row[1]) not in seen and not seen.add((row[0], row[1]))]
        if seat in EVERY_SEAT:
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
                    error = RuleRuntimeError(
                        f"turn after turn passes with nothing to decide (turn {st._turn_number}): no player can act "
                        f"and no end condition holds")
                    info = steps.get(self.TURN_STEP)  # (blamed on the step each turn runs: it offered nothing)
                    if info is not None:
                        error.where = function_cited(info.by or info.run or info.outcomes or info.draw)
                    raise error
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
        error = RuleRuntimeError(
            f"{self.MAX_AUTO_STEPS} automatic steps ran without reaching a decision (the next: "
            f"`{st._stack[-1][0] if st._stack else 'a new turn'}`): a `then` chain, `repeat` or triggers that "
            f"never stop? Engine.MAX_AUTO_STEPS is the limit")
        info = self._steps.get(st._stack[-1][0] if st._stack else self.TURN_STEP)  # (runtime code: no traceback)
        if info is not None:
            error.where = function_cited(info.run or info.by or info.outcomes or info.draw)
        return error

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
        if info.listed_once:  # (kept by arguments and set-up: a choice by each player lists every seat in play)
            pending = self._listed_once.get((step, frame[1], st._t))
            if pending is not None:
                st._pending = pending
                return True
        seat, rows = self._turn_listing_taken(st, frame) if self._turn_listing is not None else \
            info.choices(st, *frame[1])
        if not rows:
            st._stack.pop()  # a choice with nothing to choose is skipped
            return False
        if not info.distinct and len(set(map(_seat_and_text, rows) if seat in EVERY_SEAT else
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
            self._listed_once[step, frame[1], st._t] = pending
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
        draw, pick = info.draw, info.pick
        if (draw is not None or pick is not None) and lists:  # a draw lists its items, its texts are read when asked
            if draw is not None:
                items, weights = st._draw_items(draw(st, *frame[1]))
            else:  # a pick of spaces, every one as likely, listed as a draw of them (StepInfo.pick)
                items, weights = pick(st, *frame[1]), None
            if items:
                pending = st._pending = _new_pending(Pending)  # Pending.draw(...), without the calls
                pending.seat, pending.count, pending.items, pending.weights = CHANCE, len(items), items, weights
                pending.effect, pending.text, pending.st, pending.args = info.resolve, info.text, st, frame[1]
                pending.shared = self._drawn_actions if info.text_static else None  # (a pick's: static)
                pending.rows = pending.options = pending.entries = pending.offered = pending.actions = None
                pending.every = pending.numbered = pending.seat_found = pending.outcomes = None
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
        elif info.outcomes_key is not None and lists:  # outcomes read from a few things only: kept by those
            decision = self._kept_outcomes.listing(st, step, frame[1], info.outcomes_key, self._list)
        else:
            decision = self._list(st) if lists else self._pending_decision(st)
        if not decision.count:
            if decision.seat == CHANCE:
                error = RuleRuntimeError(
                    f"chance step `{step}` has no outcome (nothing to draw from); add an `instead` rule "
                    f"for when it cannot happen")
                error.where = function_cited(info.outcomes or info.draw or info.text)  # (runtime code: no traceback)
                raise error
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
        pending.shared = pending.every = pending.numbered = pending.seat_found = pending.outcomes = None
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
            # The set-up's steps are done: the ends checked after every step are checked once now (none is
            # checked while it deals), so that a decision of the set-up (every bidder passed) can end the game.
            self._check_ends(st, "after_step")
            if st._over is not None or st._stack:  # an end may have left a closing step or a draw of lots
                return
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
                error = RuleRuntimeError("every player's turn is skipped and no end condition holds")
                error.where = function_cited(self.SKIP_TURN)
                raise error
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

