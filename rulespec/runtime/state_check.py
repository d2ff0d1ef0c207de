"""Checks a state read back (its JSON, or a dict) against its engine before it is built.

``Engine.from_json``, ``Engine._state_from_dict`` and a position's reading come here, so a tampered,
truncated or foreign state is refused with one :class:`InvalidState` naming the first problem and
where it is (``state.zones[3][1]: item 7 (blue 4 shell) is also in zone rack of player 2
(state.zones[5][0])``), never accepted to fail later with an IndexError inside a rule.

Two steps. The shape: every part's type and the bounds that hold in any game are pydantic's
(rulespec/runtime/state_schema.py: strict scalars, no other keys), and its first error is the
InvalidState. Then the game: the game, variants, player count and options, every item in range and
in exactly one place (a tile covering several cells of one board is one place), the zones and boards
of the tables' sizes, the counters and queues as declared, seats within the player count, every
pending step known with its number and types of arguments, an end's own name and citations, the
legs of a match, the turn number to its declared `at most N turns`, the history to its move bound
(Engine.MAX_MOVES) and each entry to a seat's prefix, each violation to a declared invariant (or the
turn limit), the rule counts (``fired``) to the game's steps, options, triggers and replacements.
One pass over each part: the cost is linear in the size of the state. pydantic is imported when a
state is read, not with ``import rulespec``.
"""

from __future__ import annotations

import json
import re
import weakref
from typing import Any, Optional

from .common import AFTER, ENDING, LOTS, RESOLVE, RuleRuntimeError
from .numbers import COUNTER_LIMIT

# The turns of a game that declares no turn limit: more than any run plays (a runtime plays some 250,000
# steps a second: 10**15 steps take a century), and the range of a counter.
MOST_COUNTED = COUNTER_LIMIT


class InvalidState(ValueError):
    """A state (JSON text or dict) that its engine cannot read back. ``path`` says where the problem
    is (``state.zones[3][1]``), ``reason`` what it is; ``str()`` is ``"<path>: <reason>"``."""

    def __init__(self, path: str, reason: str):
        super().__init__(f"{path}: {reason}")
        self.path = path
        self.reason = reason


def parse_state_json(text: Any) -> dict:
    """The state dict of ``text`` (pydantic's JSON reader and the state's shape); InvalidState when it is not
    the JSON of a state of any game. The game's own checks are check_state_dict's."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise TypeError(f"from_json() takes the JSON text of a state (str), not {type(text).__name__}")
    from pydantic import ValidationError

    from .state_schema import first_problem, state_adapter
    try:
        return state_adapter().validate_json(text)
    except ValidationError as error:
        raise InvalidState(*first_problem(error)) from None


def shaped_state(data: Any) -> dict:
    """``data`` (a state's dict form) validated against the state's shape, as a new dict; InvalidState if not."""
    from pydantic import ValidationError

    from .state_schema import first_problem, state_adapter
    try:
        return state_adapter().validate_python(data)
    except ValidationError as error:
        raise InvalidState(*first_problem(error)) from None


def _key(path: str, name: str) -> str:
    return f"{path}.{name}" if name.isidentifier() else f"{path}[{name!r}]"


def _number(value: int) -> str:
    """An int as a message shows it: str() of one of more than 4,300 digits raises; its size is told instead."""
    return f"{value:,}" if abs(value) < 10**30 else f"a number of about {int(abs(value).bit_length() * 0.30103) + 1:,} digits"


def _short(value: Any, limit: int = 60) -> str:
    if value.__class__ is int:
        return _number(value)
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "..."


class _Known:
    """What the checks need of one engine's tables for one player count and options, built once."""

    def __init__(self, engine, t):
        players = t.players
        self.zone_names: list[str] = [""] * t.zone_count
        for zone in engine.ZONES:
            base = t.zone_base[zone.name]
            if zone.per_player:
                for seat in range(players):
                    self.zone_names[base + seat] = f"zone {zone.name} of player {seat + 1}"
            else:
                self.zone_names[base] = f"zone {zone.name}"
        # Where empty_state puts every item: those are on the table in every state of the game (moves
        # and placements only carry them about); the others (left out, with no zone for them) are nowhere.
        starts = {zone.start for zone in engine.ZONES}
        claimed = {zone.start_component for zone in engine.ZONES if zone.start_component}
        present = set(t.left_out_items) if "left_out" in starts else set()
        present.update(i for i in t.in_play_items if "in_play" in starts or engine.ITEM_KIND[i] in claimed)
        present.update(t.counted_items)
        self.present = present
        # Boards of triangles: the cells each shape may cover (a tile lies on one placement of its shape).
        self.shape_cells: list[Optional[dict]] = []
        for b, board in enumerate(engine.BOARDS):
            if board.kind != "triangles" or not board.shape_attribute:
                self.shape_cells.append(None)
                continue
            cells = t.placement_cells[b]
            self.shape_cells.append({shape: frozenset(cells[p] for p in ids)
                                     for shape, ids in t.placements_of[b].items()})


_KNOWN: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def _known(engine, t) -> _Known:
    known = _KNOWN.get(t)
    if known is None:
        known = _KNOWN[t] = _Known(engine, t)
    return known


class _Checker:
    """The game's checks on a state of the right shape (every type and static bound is state_schema's)."""

    def __init__(self, engine):
        self.engine = engine
        self.players = 0
        self.param_types = {name: getattr(info, "param_types", ()) for name, info in engine.STEPS.items()}
        self.board_sizes = {board.name: board.size for board in engine.BOARDS}
        from .state_schema import NAME_PATTERN  # (imported with pydantic, which checked the shape first)
        self.cause_name = re.compile(NAME_PATTERN).fullmatch

    # ---- small helpers, each raising InvalidState at ``path``
    def fail(self, path: str, reason: str):
        raise InvalidState(path, reason)

    def length(self, value: list, path: str, length: int, what: str) -> list:
        if len(value) != length:
            self.fail(path, f"has {len(value)} entries, not {length}{what}")
        return value

    def seat(self, value: int, path: str) -> int:
        if value >= self.players:
            self.fail(path, f"seat {value} is out of range: {self.players} players sit at seats 0 to "
                            f"{self.players - 1}")
        return value

    def exact_keys(self, value: dict, path: str, expected, what: str) -> None:
        if len(value) == len(expected) and all(k in value for k in expected):
            return
        missing = [k for k in expected if k not in value]
        if missing:
            self.fail(_key(path, missing[0]), f"is missing ({what}: {', '.join(expected) or 'none'})")
        extra = next(k for k in value if k not in expected)
        self.fail(_key(path, extra), f"is not one of the {what} ({', '.join(expected) or 'none'})")

    # ---- the state
    def check(self, data: dict) -> None:
        engine = self.engine
        if data["game"] != engine.GAME_ID:
            self.fail("state.game", f"this state is from {_short(data['game'])}, not {engine.GAME_ID!r}")
        variants = data["variants"]
        if sorted(variants) != sorted(engine.VARIANTS_APPLIED):
            applied = ", ".join(engine.VARIANTS_APPLIED) or "none"
            self.fail("state.variants", f"the state is of variants {', '.join(variants) or 'none'}; this engine "
                                        f"plays variants {applied}")
        players = data["players"]
        if not engine.MIN_PLAYERS <= players <= engine.MAX_PLAYERS:
            self.fail("state.players", f"{engine.TITLE} is played by {engine.MIN_PLAYERS} to {engine.MAX_PLAYERS} "
                                       f"players, not {players}")
        self.players = players
        leg = self.legs(data)
        options = self.options(data["options"], "state.options", leg, fixed=True)
        try:
            t = engine._tables(players, options)
        except RuleRuntimeError as error:
            self.fail("state.options", str(error))
        self.seat(data["turn_seat"], "state.turn_seat")
        self.turn_number(data["turn_number"], over=data["over"] is not None)
        if data["next_seat"] is not None:
            self.seat(data["next_seat"], "state.next_seat")
        self.places(data, t, _known(engine, t))
        self.counters(data["counters"])
        self.attributes(data)
        self.queues(data["queues"])
        self.stack(data["stack"])
        if data["over"] is not None:
            self.over(data["over"], "state.over")
        else:
            self.at_rest(data["stack"])
        self.history(data["history"], t)
        self.violations(data["violations"])
        self.fired(data["fired"])
        self.seen(data.get("seen"), data["turn_number"])
        self.seen_on(data.get("seen_on"), data["turn_number"])
        for i, (seat, _text) in enumerate(data["chosen"]):  # (that each is a choice on offer: Engine._check_chosen)
            self.seat(seat, f"state.chosen[{i}][0]")

    # ---- the numbers and texts of a game under way
    def turn_number(self, value: int, over: bool) -> None:
        """At most the declared `at most N turns` (N + 1 once over: the turn past the limit ends the game)."""
        engine, path = self.engine, "state.turn_number"
        if engine.MAX_TURNS is None:
            if value > most_turns(engine):
                self.fail(path, f"is {_number(value)}; no game plays more than {MOST_COUNTED:,} turns")
        elif value > most_turns(engine) - (not over):
            self.fail(path, f"is {_number(value)}, but {engine.TITLE} lasts at most {engine.MAX_TURNS:,} turns"
                            + (" (the turn after the last only ends it)" if over else ""))

    def seen(self, seen: Optional[list], turn_number: int, path: str = "state.seen") -> None:
        """The positions seen at turn starts (rulespec/runtime/repetition.py): only in a game that counts them,
        each once, no more sightings in all than turns started (a position read from text counts its own)."""
        if seen is None:
            return
        if path == "state.seen" and not self.engine.COUNTS_POSITIONS:
            self.fail(path, f"is given, but {self.engine.TITLE} counts no positions (no rule asks `the position has "
                            f"occurred N times`)")
        keys = set()
        for i, (key, _count) in enumerate(seen):
            if key in keys:
                self.fail(f"{path}[{i}][0]", f"is position {key} again: each position is listed once")
            keys.add(key)
        total = sum(count for _key, count in seen)
        if total > max(turn_number, 1):
            self.fail(path, f"counts {total:,} positions seen at turn starts, but only {max(turn_number, 1):,} "
                            f"turns have started (state.turn_number)")

    def seen_on(self, seen_on: Optional[dict], turn_number: int) -> None:
        """Each board's positions seen at turn starts: only boards whose positions the game counts, each checked
        as the positions of the whole state are."""
        if seen_on is None:
            return
        counted = self.engine.COUNTS_POSITIONS_ON
        for name, seen in seen_on.items():
            if name not in counted:
                self.fail(f"state.seen_on.{name}", f"is given, but {self.engine.TITLE} counts no positions on "
                                                   f"{name!r} (boards counted: {', '.join(counted) or 'none'})")
            self.seen(seen, turn_number, f"state.seen_on.{name}")

    def history(self, history: list, t) -> None:
        """The moves played: each `player N: ...` or `chance: ...` (str(Action)), no more than the game takes."""
        most = self.engine.MAX_MOVES.get(self.players)
        if most is not None and len(history) > most:
            self.fail("state.history", f"has {len(history):,} moves, but a game of {self.engine.TITLE} for "
                                       f"{self.players} players takes at most {most:,}")
        prefixes = t.seat_prefix
        for i, entry in enumerate(history):
            if not entry.startswith(prefixes):
                self.fail(f"state.history[{i}]", f"is {_short(entry)}: a move is written `player N: ...` (N from 1 "
                                                 f"to {self.players}) or `chance: ...`")

    def violations(self, violations: list) -> None:
        """What the runtime records: a declared invariant checked during play failing, or the turn limit passed."""
        engine = self.engine
        checked = [inv for inv in engine.INVARIANTS if inv.form != "always"]  # (State._placed, State._enqueue)
        heads = tuple(f"{inv.name}: {inv.title} (" for inv in checked)
        limit = None if engine.MAX_TURNS is None else f"the game lasted more than its declared {engine.MAX_TURNS} turns"
        for i, text in enumerate(violations):
            if text != limit and not (text.startswith(heads) and text.endswith(")")):
                names = ", ".join(inv.name for inv in checked) or "none"
                self.fail(f"state.violations[{i}]", f"is {_short(text)}, not a violation {engine.TITLE} records: an "
                                                    f"invariant checked during play ({names}) failing, "
                                                    f"`NAME: TITLE (...)`, or its turn limit passed")

    def fired(self, fired: dict) -> None:
        """How often each rule fired: the game's steps, options, triggers and replacements (State._count)."""
        engine = self.engine
        rules = set(engine.STEPS) | set(engine._option_rules.values()) | {LOTS}  # (a draw of lots is a decision)
        rules.update([f"trigger {trigger.name}" for trigger in engine.TRIGGERS])
        rules.update([f"instead {instead.name}" for instead in engine.INSTEADS])
        for name in fired:
            if name not in rules:
                self.fail(_key("state.fired", name), f"is no rule of {engine.TITLE}: `fired` counts its steps, "
                                                     f"options (`option STEP.OPTION`), triggers (`trigger NAME`) and "
                                                     f"replacements (`instead NAME`)")

    def cause(self, cause: str, path: str) -> None:
        if not self.cause_name(cause):
            self.fail(path, f"is {_short(cause)}: a cause is a name (of the rule file's `as NAME`, a queue, or "
                            f"the runtime's turn, setup, end)")

    def options(self, options: dict, path: str, leg: int, fixed: bool) -> dict:
        engine = self.engine
        self.exact_keys(options, path, tuple(engine.OPTIONS), f"options of {engine.TITLE}")
        match = engine.MATCH[0][leg] if engine.MATCH is not None else None
        given = (getattr(engine, "_options_given", None) or {}) if fixed else {}
        for name, value in options.items():
            where = _key(path, name)
            values = engine.OPTIONS[name][0]
            if value not in values:
                self.fail(where, f"is {_short(value)}; option {name} takes {', '.join(values)}")
            if match is not None and name == match[0]:
                if value != match[1]:
                    self.fail(where, f"is {value!r}, but leg {leg + 1} of the match is played with "
                                     f"{name}={match[1]}")
            elif name in given and value != given[name]:
                self.fail(where, f"is {value!r}; this engine was made with {name}={given[name]}")
        return options

    def legs(self, data: dict) -> int:
        engine = self.engine
        leg = data["leg"]
        count = 1 if engine.MATCH is None else len(engine.MATCH[0])
        if leg >= count:
            self.fail("state.leg", f"is {leg}, but {'a game outside a match has one leg (0)' if engine.MATCH is None else f'the match has {count} legs (0 to {count - 1})'}")
        legs = self.length(data["legs"], "state.legs", leg, f": one per leg played before leg {leg}")
        scores = tuple(engine.SCORES)
        for i, record in enumerate(legs):
            path = f"state.legs[{i}]"
            self.end_name(record["end"], f"{path}.end")
            self.winners(record["winners"], f"{path}.winners")
            self.options(record["options"], f"{path}.options", i, fixed=False)
            self.exact_keys(record["scores"], f"{path}.scores", scores, "scores")
            for name, values in record["scores"].items():
                self.length(values, _key(f"{path}.scores", name), self.players, " (one per player)")
        return leg

    def end_name(self, end: str, path: str) -> str:
        ends = [e.name for e in self.engine.ENDS] + ["turn_limit"]
        if end not in ends:
            self.fail(path, f"{_short(end)} is not an end of {self.engine.TITLE} ({', '.join(ends)})")
        return end

    def winners(self, winners: list, path: str) -> None:
        for i, seat in enumerate(winners):
            self.seat(seat, f"{path}[{i}]")

    def over(self, over: dict, path: str) -> None:
        end = self.end_name(over["end"], f"{path}.end")
        self.winners(over["winners"], f"{path}.winners")
        cites = over["cites"]
        declared = next((list(e.cites) for e in self.engine.ENDS if e.name == end), [])  # (turn_limit cites none)
        if cites != declared:
            self.fail(f"{path}.cites", f"is {_short(cites)}; the end {end} cites {', '.join(declared) or 'nothing'}")
        if "lot" in over:
            self.seat(over["lot"], f"{path}.lot")

    # ---- zones and boards: every item in exactly one place
    def places(self, data: dict, t, known: _Known) -> None:
        engine = self.engine
        items = len(engine.ITEM_KIND)
        zones = self.length(data["zones"], "state.zones", t.zone_count,
                            f": the zones of {engine.TITLE} with {self.players} players")
        # where[item]: the place it was first seen, (-1, zone, index) or (board, first cell, -1); made into
        # words only for a refusal, so the usual state costs one look at each item
        where: list = [None] * items
        for z, zone in enumerate(zones):
            for i, item in enumerate(zone):
                if item >= items:
                    self.item(item, f"state.zones[{z}][{i}]", items)
                seen = where[item]
                if seen is not None:
                    self.fail(f"state.zones[{z}][{i}]", f"item {item} ({engine.ITEM_LABEL[item]}) is in "
                                                        f"{known.zone_names[z]} and also in {self.place(seen, known)}")
                where[item] = (-1, z, i)
        for z, zone in t.bounded.items():  # `at most N`: a state no move could make
            if len(zones[z]) > zone.at_most:
                self.fail(f"state.zones[{z}]", f"{known.zone_names[z]} holds {len(zones[z])} items, but it is "
                                               f"declared to hold at most {zone.at_most} ({engine.SOURCE}:{zone.line})")
        boards = self.length(data["boards"], "state.boards", len(engine.BOARDS), " (one per board)")
        causes = self.length(data["causes"], "state.causes", len(engine.BOARDS), " (one per board)")
        for b, board in enumerate(engine.BOARDS):
            spaces = f": board {board.name} has {board.size} spaces"
            cells = self.length(boards[b], f"state.boards[{b}]", board.size, spaces)
            reasons = self.length(causes[b], f"state.causes[{b}]", board.size, spaces)
            in_use, span = t.in_use[b], t.tile_span[b]
            covered: dict[int, list] = {}
            for cell, item in enumerate(cells):
                if item == -1:
                    if reasons[cell] is not None:
                        self.fail(f"state.causes[{b}][{cell}]", f"is {_short(reasons[cell])}, but {board.name} "
                                                                f"{board.label(cell)} is empty (null expected)")
                    continue
                if item >= items or reasons[cell] is None or not in_use[cell]:
                    self.board_cell(b, cell, item, reasons[cell], in_use, items)
                seen = where[item]
                if seen is None:
                    where[item] = (b, cell, -1)
                    covered[item] = [cell]
                elif seen[0] == b and cell - seen[1] < span:  # one tile covering several cells
                    covered[item].append(cell)
                else:
                    self.fail(f"state.boards[{b}][{cell}]", f"item {item} ({engine.ITEM_LABEL[item]}) lies on "
                                                            f"{board.name} {board.label(cell)} and is also in "
                                                            f"{self.place(seen, known)}")
            self.shapes(b, covered, known)
        self.everything_placed(where, known)

    def shapes(self, b: int, covered: dict, known: _Known) -> None:
        """On a board of triangles, a tile covering several cells lies on a placement of its shape."""
        shapes, engine = known.shape_cells[b], self.engine
        if shapes is None:
            return
        board = engine.BOARDS[b]
        kinds = engine.ITEM_ATTRS.get(board.shape_attribute, {})
        for item, spots in covered.items():
            if len(spots) == 1:
                continue
            allowed = shapes.get(kinds.get(item))
            if allowed is None or tuple(spots) not in allowed:
                shape = f"its shape {kinds.get(item)}" if allowed is not None else "any shape (it has none)"
                self.fail(f"state.boards[{b}][{spots[0]}]",
                          f"item {item} ({engine.ITEM_LABEL[item]}) covers "
                          f"{' '.join(board.label(c) for c in spots)}, which is not a placement of {shape}")

    def everything_placed(self, where: list, known: _Known) -> None:
        """Every item in play has a place, and none left out of this player count has one."""
        present, items = known.present, len(where)
        if len(present) == items and None not in where:  # (the usual game has every item on the table)
            return
        for item in range(items):
            if (where[item] is None) == (item in present):
                label = self.engine.ITEM_LABEL[item]
                if where[item] is None:
                    self.fail("state.zones", f"item {item} ({label}) is nowhere: every item in play is in a "
                                             f"zone or on a board")
                self.fail(self.place(where[item], known, path=True),
                          f"item {item} ({label}) is left out of a game of {self.players} players, and has no "
                          f"place in it")

    def place(self, seen: tuple, known: _Known, path: bool = False) -> str:
        """Where an item was seen, in words with its path (or the path alone)."""
        if seen[0] < 0:
            at = f"state.zones[{seen[1]}][{seen[2]}]"
            return at if path else f"{known.zone_names[seen[1]]} ({at})"
        board = self.engine.BOARDS[seen[0]]
        at = f"state.boards[{seen[0]}][{seen[1]}]"
        return at if path else f"{board.name} {board.label(seen[1])} ({at})"

    def board_cell(self, b: int, cell: int, item: int, cause: Optional[str], in_use, items: int) -> None:
        board, at = self.engine.BOARDS[b], f"state.boards[{b}][{cell}]"
        if item >= items:
            self.fail(at, f"is {_short(item)}: a cell holds -1 (empty) or an item, 0 to {items - 1}")
        if cause is None:
            self.fail(f"state.causes[{b}][{cell}]", f"is null, but {board.name} {board.label(cell)} "
                                                    f"holds an item (the cause of its move, a string, expected)")
        if not in_use[cell]:
            self.fail(at, f"item {item} ({self.engine.ITEM_LABEL[item]}) lies on {board.name} {board.label(cell)}, "
                          f"which is not in use in this game")

    def item(self, item: int, path: str, items: int) -> None:
        if item >= items:
            self.fail(path, f"item {item} does not exist: {self.engine.TITLE} has items 0 to {items - 1}")

    # ---- counters, queues, the stack
    def counters(self, counters: dict) -> None:
        declared = self.engine.COUNTERS
        self.exact_keys(counters, "state.counters", tuple(declared), "counters")
        for name, value in counters.items():
            path = _key("state.counters", name)
            if name in self.engine.SPACE_COUNTERS:
                board = self.engine.BOARDS[self.engine.SPACE_COUNTERS[name]]
                if value.__class__ is not list:
                    self.fail(path, f"is {_short(value)}, not a list (a counter per space of {board.name})")
                self.length(value, path, board.size, f" (a counter per space of {board.name})")
            elif declared[name][0]:
                if value.__class__ is not list:
                    self.fail(path, f"is {_short(value)}, not a list (a counter per player)")
                self.length(value, path, self.players, " (a counter per player)")
            elif value.__class__ is not int:
                self.fail(path, f"is a list, not an int (counter {name} is one for the game, not one per player)")
            words = self.engine.COUNTER_WORDS.get(name)  # a seat, a direction or a word: its index, -1 none
            for v in (value if value.__class__ is list else [value]) if words is not None else ():
                if v.__class__ is not int or not -1 <= v < len(words):
                    self.fail(path, f"holds {_short(v)}: counter {name} keeps the index of one of "
                                    f"{', '.join(words)} (0 to {len(words) - 1}), or -1 for none")

    def attributes(self, data: dict) -> None:
        """Each attribute declared `can change`, a value of its list for every item that has it (null for one
        that has not), an item whose attribute cannot change keeping its own; none in a game without one."""
        engine, changing = self.engine, self.engine.CHANGING
        if "attributes" not in data:
            return  # (a state written before any changed: every item as it was made)
        if not changing:
            self.fail("state.attributes", f"{engine.TITLE} has no attribute that can change")
        self.exact_keys(data["attributes"], "state.attributes", tuple(changing), "attributes that can change")
        for attr, values in data["attributes"].items():
            path = _key("state.attributes", attr)
            self.length(values, path, len(engine.ITEM_KIND), " (a value per item)")
            allowed, kinds = changing[attr]
            own = engine.ITEM_ATTRS.get(attr, {})
            for item, value in enumerate(values):
                if item not in own:
                    ok, what = value is None, "null: it has no such attribute"
                elif engine.ITEM_KIND[item] not in kinds:
                    ok, what = value == own[item], f"{own[item]!r}: its {attr} cannot change"
                else:
                    ok, what = value in allowed and value.__class__ is not bool, \
                        f"one of {', '.join(map(str, allowed))}"
                if not ok:
                    self.fail(f"{path}[{item}]", f"is {_short(value)}; item {item} ({engine.ITEM_LABEL[item]}) "
                                                 f"takes {what}")

    def queues(self, queues: dict) -> None:
        declared = tuple(self.engine.QUEUES)
        self.exact_keys(queues, "state.queues", declared, "queues")
        for name, entries in queues.items():
            path = _key("state.queues", name)
            for i, entry in enumerate(entries):
                self.frame(entry, f"{path}[{i}]", queued=True)

    def stack(self, stack: list) -> None:
        for i, frame in enumerate(stack):
            self.frame(frame, f"state.stack[{i}]", queued=False)

    def at_rest(self, stack: list) -> None:
        """A game that is not over waits for a decision: a choice, a chance step or a draw of lots is on top
        (the runtime runs every automatic step, and its own, before it lets a state go)."""
        if not stack:
            self.fail("state.stack", "is empty, but the game is not over: a state waits for a decision "
                                     "(a choice, a chance step or a draw of lots) on top of its stack")
        top = stack[-1][0]
        info = self.engine.STEPS.get(top)
        if top != LOTS and (info is None or info.kind not in ("choice", "chance")):
            self.fail(f"state.stack[{len(stack) - 1}][0]",
                      f"is {_short(top)}, which is no decision: a state that is not over waits for a choice, "
                      f"a chance step or a draw of lots on top of its stack")

    def frame(self, frame, path: str, queued: bool) -> None:
        """A pending step: [step, args, actor, cause, replaced] (Engine._advance, State._enqueue)."""
        engine = self.engine
        step, args, actor, cause, replaced = frame
        self.seat(actor, f"{path}[2]")
        if replaced:
            insteads = {instead.name for instead in engine.INSTEADS}
            for i, name in enumerate(replaced):
                if name not in insteads:
                    self.fail(f"{path}[4][{i}]", f"{name!r} is not a replacement effect (instead) of {engine.TITLE}")
        if step not in (LOTS, ENDING) or queued:  # (theirs is the JSON of the result, checked below)
            self.cause(cause, f"{path}[3]")
        if not queued and step == RESOLVE:
            self.length(args, f"{path}[1]", 1, " (the queue to resolve)")
            if args[0] not in engine.QUEUES:
                self.fail(f"{path}[1][0]", f"{_short(args[0])} is not a queue of {engine.TITLE} "
                                           f"({', '.join(engine.QUEUES) or 'none'})")
            return
        if not queued and step == LOTS:
            if len(args) < 2:
                self.fail(f"{path}[1]", "a draw of lots is between two or more tied seats")
            for i, seat in enumerate(args):
                if seat.__class__ is not int or seat < 0:
                    self.fail(f"{path}[1][{i}]", f"is {_short(seat)}, not a seat")
                self.seat(seat, f"{path}[1][{i}]")
            self.over_text(cause, f"{path}[3]")
            return
        if not queued and step == ENDING:
            self.length(args, f"{path}[1]", 0, " (the end of a game takes no arguments)")
            self.over_text(cause, f"{path}[3]")
            return
        if not queued and step == AFTER:
            self.length(args, f"{path}[1]", 1, " (the timing of the ends to check)")
            timings = sorted({end.timing for end in engine.ENDS if end.timing.startswith("after:")})
            if args[0] not in timings:
                self.fail(f"{path}[1][0]", f"{_short(args[0])} is not when an end of {engine.TITLE} is checked "
                                           f"({', '.join(timings) or 'none is checked after a named step'})")
            return
        info = engine.STEPS.get(step)
        if info is None or step in (RESOLVE, LOTS, ENDING, AFTER):
            self.fail(f"{path}[0]", f"{step!r} is not a step of {engine.TITLE}")
        if len(args) != len(info.params):
            self.fail(f"{path}[1]", f"step {step} takes {len(info.params)} argument"
                                    f"{'s' if len(info.params) != 1 else ''} ({', '.join(info.params) or 'none'}), "
                                    f"not {len(args)}")
        for i, (arg, type_) in enumerate(zip(args, self.param_types.get(step, ()))):
            self.argument(arg, type_, f"{path}[1][{i}]", f"{info.params[i]} of step {step}")

    def argument(self, arg, type_: str, path: str, what: str) -> None:
        """One argument of a pending step (an int or a string: state_schema), against its parameter's type."""
        if type_ == "seat" or type_ == "item" or type_.startswith("space:"):
            kind = f"a space of board {type_[6:]}" if type_.startswith("space:") else f"a{'n' * (type_ == 'item')} {type_}"
            if arg.__class__ is not int or arg < 0:
                self.fail(path, f"is {_short(arg)}: {what} is {kind}")
            if type_ == "seat":
                self.seat(arg, path)
            elif type_ == "item":
                self.item(arg, path, len(self.engine.ITEM_KIND))
            elif arg >= self.board_sizes.get(type_[6:], 0):
                self.fail(path, f"is {_short(arg)}: {what} is {kind}, 0 to {self.board_sizes.get(type_[6:], 0) - 1}")
        elif type_ == "number" and arg.__class__ is not int:
            self.fail(path, f"is {_short(arg)}: {what} is a number")
        elif type_ == "word" and arg.__class__ is not str:
            self.fail(path, f"is {_short(arg)}: {what} is a word")

    def over_text(self, text: str, path: str) -> None:
        """The cause of a draw of lots or an end's closing step: the JSON of the result to record."""
        from pydantic import ValidationError

        from .state_schema import over_adapter
        try:
            over = over_adapter().validate_json(text)
        except ValidationError:
            self.fail(path, f"is {_short(text)}, not the JSON of a finished game's result")
        try:
            self.over(over, "result")
        except InvalidState as error:
            self.fail(path, f"the finished game's result it records is wrong: {error}")


def most_turns(engine) -> int:
    """The highest turn number a state of ``engine`` shows: one past its declared `at most N turns` (that turn
    ends the game), else MOST_COUNTED."""
    return MOST_COUNTED if engine.MAX_TURNS is None else engine.MAX_TURNS + 1


def check_state_dict(engine, data: Any) -> dict:
    """The state of ``data`` (a state's ``to_dict()`` form), of its shape (state_schema) and checked against
    ``engine``; InvalidState at the first part ``engine`` cannot read back."""
    shaped = shaped_state(data)
    check_shaped_state(engine, shaped)
    return shaped


def check_shaped_state(engine, data: dict) -> None:
    """InvalidState at the first part of ``data`` (of the state's shape) ``engine`` cannot read back."""
    try:
        _Checker(engine).check(data)
    except InvalidState:
        raise
    except Exception as error:  # a check met a value it did not foresee: still the state's problem
        raise InvalidState("state", f"cannot be read: {type(error).__name__}: {error}") from None
