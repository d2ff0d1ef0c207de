"""Runs a rule file's executable examples (given / when / then) against its engine.

An example is data from a rule file: whatever it gives (a seat the example's game does not have, a space
that is not in use or already taken, a zone past the last, a value no counter may hold, a step whose rules
fail), the runner reports a failed example at the example's line, never an exception of its own.
"""

from __future__ import annotations

import dataclasses
import operator
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Optional

from ..lib.suggestions import run_budget
from ..runtime.engine import Engine, IllegalAction, RuleRuntimeError, State
from ..runtime.numbers import COUNTER_LIMIT
from ..runtime.position import InvalidPosition, PositionReader
from ..runtime.repetition import start_board_records, start_record
from .example_blocks import ExampleBlocks, ExampleFailure
from .example_numbers import ExampleNumbers
from .example_offers import ExampleOffers, _failure
from .example_positions import _position_place, example_tables


# The `given` lines that give a position (the set-up's included): an example with none starts the game empty.
_POSITION_LINES = ("items", "step", "counter", "space_counter", "setup", "position", "leg_scores")
# A failed comparison says what its left side was and what it should have been (`X > 5`: X is 3, not more than 5).
_RELATIONS = {"=": "", "<": "less than ", ">": "more than ", "<=": "at most ", ">=": "at least "}
_COMPARED = {"=": operator.eq, "!=": operator.ne, "<": operator.lt, ">": operator.gt, "<=": operator.le,
             ">=": operator.ge}
_ORDERED_RELATIONS = {"=": "", "<": "lower than ", ">": "higher than ", "<=": "at most ", ">=": "at least "}


@dataclass(frozen=True)
class ExampleResult:
    name: str
    title: str
    cites: tuple[str, ...]
    passed: bool
    message: str = ""
    variants: tuple[str, ...] = ()  # the variants it ran under (rulespec/pipeline/example_plan.py)


class ExampleRun(ExampleBlocks, ExampleNumbers, ExampleOffers):
    """The helper a generated ``example_<name>(run)`` function talks to."""

    def __init__(self, engine: Engine, name: str, tables: Optional[dict] = None):
        self.engine = engine
        self.name = name
        # (players, options) -> Tables, shared by the engines of one class that the examples set up:
        # Tables reads only the class's constants, the players and the options (see _fresh_engine).
        self._tables = example_tables(engine) if tables is None else tables
        self.started = False
        self.skipped_setup = False  # the example starts from its givens, and the game has a `setup` that does not run
        self.given: set[int] = set()
        # what was given since the last `when`: a later `given` takes a copy never given first, else one given
        # before that `when` (the position changed since: the runner moved, a card was played)
        self.given_now: set[int] = set()
        self.line = 0  # the line of the example being run (each call below names its own)
        self.model = getattr(engine, "model", None)  # the checked rule file, when the engine was loaded from one

    def fail(self, line: int, message: str) -> None:
        raise ExampleFailure(f"{self.where(line)}: example `{self.name}`{self.instance_said()}: {message}")

    def where(self, line: int, column: int = 0) -> str:
        """FILE:LINE of the example's text: the engine's own file, or, for an example a house rule takes from
        its base, the base's, said as such (its lines are the base's)."""
        at = (f":{line}" if line else "") + (f":{column}" if line and column else "")
        example = self._example()
        written = example.loc.file if example is not None and example.loc is not None else None
        own = getattr(self.model, "source_path", None)
        if written is None or own is None or _same_file(written, own):
            return f"{self.engine.SOURCE}{at}"
        return f"in the base game, {_shown_file(written)}{at}"

    def fail_in_play(self, line: int, message: str) -> None:
        """``fail`` for what a skipped set-up may cause (the game cannot go on, an action is refused or not
        offered): the message then says the set-up did not run, and how to run it."""
        if self.skipped_setup:
            message += (" (this example starts from the position it gives, so the game's `setup` did not run; "
                        "`given set-up with the first outcomes` runs it first)")
        self.fail(line, message)

    def start(self, players: int, options: dict, line: int = 0, scored: Optional[list] = None) -> State:
        if not line:  # the line that gives the players, else the example's own
            example = self._example()
            if example is not None:
                line = next((l.loc.line for l in example.lines if l.what == "players" and l.loc), 0) or \
                    (example.loc.line if example.loc else 0)
        self.line = line
        try:
            engine = self._fresh_engine(options)
        except ValueError as error:  # an option the game (or this variant of it) does not have
            self.fail(line, f"the game cannot be set up with options {options}: {error}")
        self.engine = engine
        self.skipped_setup = "setup" in engine.STEPS
        if scored:  # `given leg N scored ...`: inside the match, in the leg after those
            st = self.start_in_match(engine, players, scored)
        else:
            engine.MATCH = None  # an example is about one game: in a match, about one leg
            try:
                st = engine._empty_state(players)
            except ValueError as error:
                self.fail(line, f"the game cannot be set up for {players} players: {error}")
        st._phase, st._turn_number = "play", 1
        self._check_seats(players)
        return st

    def _fresh_engine(self, options: dict) -> Engine:
        """A new engine of the example's class (its own memo caches, MATCH and options), whose Tables come
        from the run's shared cache: building them is most of what setting up an example costs."""
        engine = type(self.engine)(options)
        engine._table_cache = self._tables
        return engine

    def _example(self):
        """The example in the checked rule file (None for an engine without one)."""
        return next((e for e in getattr(self.model, "examples", ()) if e.name == self.name), None)

    def _check_seats(self, players: int) -> None:
        """Fail at the first line of the example that names a player the example does not have (`hand of
        player 3` in an example of 2 players would be another zone, `goals of player 3` no counter)."""
        example = self._example()
        if example is None:
            return
        from ..model.ir import SeatConst
        for line in _every_line(example.lines):
            todo = [(line.expr, None), (line.target, None), (line.args, None)]
            while todo:  # (a walk of the line's expressions without recursion: they may nest deep)
                node, outer = todo.pop()
                if isinstance(node, SeatConst):
                    if not 0 <= node.index < players:
                        said = f"`{outer}` names player {node.index + 1}, but" if outer and outer != node.text \
                            else f"there is no player {node.index + 1}:"
                        self.fail(line.loc.line if line.loc else 0,
                                  f"{said} the example has {players} players (player 1 to player {players})")
                elif isinstance(node, (tuple, list)):
                    todo.extend((child, outer) for child in node)
                elif dataclasses.is_dataclass(node) and not isinstance(node, type):
                    text = outer or getattr(node, "text", None)  # the outermost expression: the line's own
                    todo.extend((getattr(node, f.name), text) for f in dataclasses.fields(node) if f.name != "loc")

    def _seat(self, st: State, seat, line: int, what: str) -> int:
        """A seat the example names, which must be one of its game's players."""
        if seat.__class__ is not int or not 0 <= seat < st.players:
            shown = f"player {seat + 1}" if seat.__class__ is int else repr(seat)
            self.fail(line, f"{what} names {shown}, but the example has {st.players} players "
                            f"(player 1 to player {st.players})")
        return seat

    def _item(self, st: State, label: str, line: int) -> int:
        for item in st._t.in_play_items:
            if st._labels[item] == label and item not in self.given:
                self.given.add(item)
                self.given_now.add(item)
                return item
        for item in st._t.in_play_items:  # (every copy given: one given before the last `when` is given again)
            if st._labels[item] == label and item not in self.given_now:
                self.given_now.add(item)
                return item
        self.fail(line, f"no {label!r} is left to give (it is not in play with {st.players} players, "
                        f"or every copy was already given since the last `when`)")

    def put(self, st: State, zone: int, labels: list, line: int = 0) -> None:
        self.line = line
        if zone.__class__ is not int or not 0 <= zone < st._t.zone_count:
            last = self.engine.ZONES[-1] if self.engine.ZONES else None
            guess = ""
            if zone.__class__ is int and last is not None and last.per_player and zone >= st._t.zone_count:
                guess = f" ({last.name} of player {zone - st._t.zone_base[last.name] + 1}?)"
            self.fail(line, f"there is no such zone{guess} in a game of {st.players} players")
        for label in labels:
            item = self._item(st, label, line)
            st._take(item)
            st._zones[zone].append(item)
            if zone not in st._t.stacked:
                st._zones[zone].sort()
            st._loc[item] = zone
        self._given_later(st)

    def place(self, st: State, board: int, refs: list, line: int = 0) -> None:
        self.line = line
        info = self.engine.BOARDS[board]
        for label, at in refs:
            item = self._item(st, label, line)
            if info.kind == "triangles":
                # On a board of triangles `at` names every triangle the tile covers, as actions print them.
                shape = self.engine.ITEM_ATTRS.get(info.shape_attribute, {}).get(item)
                placements = [p for p in st._t.placements_of[board].get(shape, ())
                              if st._t.placement_label[board][p] == at]
                if not placements:
                    self.fail(line, f"{label!r} cannot lie on {at!r}: name the triangles it covers, in the order "
                                    f"actions print them (such as \"r1c2 r1c3\")")
                if st._masks[board] & st._t.placements[board][placements[0]][1]:
                    self.fail(line, f"{at!r} is already covered")
                st._take(item)
                st._occupy(board, st._t.placement_cells[board][placements[0]], item, "given")
                continue
            if at is not None:
                cells = [c for c in range(info.size) if info.label(c) == at]
                if not cells:
                    self.fail(line, f"{info.name} has no space {at!r}")
            else:
                cells = list(st._t.fits[board][item])
                if len(cells) != 1:
                    self.fail(line, f"{label!r} fits {len(cells)} spaces; say which with `at \"...\"`")
            if not st._t.in_use[board][cells[0]]:
                self.fail(line, f"{info.label(cells[0])} is not in use in a game of {st.players} players")
            if st._boards[board][cells[0]] == item:  # (given again where it stands)
                continue
            if st._boards[board][cells[0]] >= 0:
                self.fail(line, f"{info.label(cells[0])} already holds "
                                f"{st._labels[st._boards[board][cells[0]]]!r}")
            st._take(item)
            st._occupy(board, (cells[0],), item, "given")
        self._given_later(st)

    def step(self, st: State, name: str, args: tuple, line: int = 0) -> None:
        self.line = line
        info = self.engine.STEPS.get(name)
        if info is None:
            self.fail(line, f"there is no step `{name}`")
        args = tuple(args)
        if len(args) != len(info.params):
            self.fail(line, f"step `{name}` takes {len(info.params)} arguments, not {len(args)}")
        for arg, param, type_ in zip(args, info.params, info.param_types or ("",) * len(args)):
            if type_ == "seat":
                self._seat(st, arg, line, f"the step's `{param}`")
            elif type_ == "item" and (arg.__class__ is not int or not 0 <= arg < len(self.engine.ITEM_KIND)):
                self.fail(line, f"the step's `{param}` is not a component of the game")
            elif type_.startswith("space:"):
                board = next((b for b, info_ in enumerate(self.engine.BOARDS) if info_.name == type_[6:]), None)
                if board is None or arg.__class__ is not int or not 0 <= arg < self.engine.BOARDS[board].size:
                    self.fail(line, f"the step's `{param}` is not a space of {type_[6:]}")
                if not st._t.in_use[board][arg]:
                    self.fail(line, f"the step's `{param}`, {self.engine.BOARDS[board].label(arg)}, is not in use "
                                    f"in a game of {st.players} players")
        first_is_seat = info.param_types[0] == "seat" if info.param_types and args else None
        if first_is_seat or (first_is_seat is None and args and args[0].__class__ is int and 0 <= args[0] < st.players):
            actor = args[0]
        else:
            actor = st._turn_seat
        st._stack = [(name, args, actor, "given", ())]
        st._turn_seat = actor
        if self.started:  # a step given later in the example starts at once, in place of what was pending
            try:
                self.engine._advance(st)
            except Exception as error:  # a rule error, or generated rule code met a value it cannot use
                self.fail(line, f"the step could not run: {_failure(error)}")

    def position(self, st: State, lines: tuple, line: int = 0) -> None:
        """`given position:` the whole position at once (rulespec/runtime/position.py), in place of what the
        lines before gave; a bad one fails at the line and column of the string that says what is wrong."""
        self.line = line
        reader = PositionReader(self.engine, "\n".join(text for text, _, _ in lines), st.players, advance=False)
        try:
            built = reader.read()
        except InvalidPosition as error:
            at, column = _position_place(lines, error)
            raise ExampleFailure(f"{self.where(at, column)}: example `{self.name}`: the position cannot be "
                                 f"read: {error.reason}{f' ({error.hint})' if error.hint else ''}")
        if built.players != st.players:
            self.fail(line, f"the position is of {built.players} players, but the example has {st.players}")
        for name in State.__slots__:
            setattr(st, name, getattr(built, name))
        self.given = set(reader.taken)  # later `given` lines take only what the position did not write
        self.given_now = set(reader.taken)

    def counter(self, st: State, name: str, value: int, seat: Optional[int] = None, line: int = 0) -> None:
        self.line = line
        declared = self.engine.COUNTERS.get(name)
        if declared is None:
            self.fail(line, f"there is no counter `{name}`")
        if value.__class__ is not int or not -COUNTER_LIMIT <= value <= COUNTER_LIMIT:
            self.fail(line, f"counter `{name}` cannot hold {value!r}: a counter holds a whole number from "
                            f"-{COUNTER_LIMIT:,} to {COUNTER_LIMIT:,}")
        per_player = declared[0]
        if seat is None:
            if per_player:
                self.fail(line, f"counter `{name}` is one per player: say whose (`given counter {name} of "
                                f"player 1 is {value}`)")
            st._counters[name] = value
            st._ends_clean = False
        else:
            if not per_player:
                self.fail(line, f"counter `{name}` is shared, not one per player: leave out `of ...`")
            st._counters[name][self._seat(st, seat, line, f"counter `{name}`")] = value
            st._ends_clean = False
        self._given_later(st)

    def _given_later(self, st: State) -> None:
        """A `given` line after the example has started (after a `when` or a `then`) changes the position under
        the decision pending: it is listed again from the new position, as the next line reads it. The after-step
        ends are checked again on it (State._ends_clean: they may read a zone or a board it gave)."""
        st._ends_clean = False
        if self.started and st._over is None:
            st._pending = None

    def space_counter(self, st: State, name: str, cell: int, value: int, line: int = 0) -> None:
        """`given counter seeds of "1 3" is 5`: a counter per space, on one space of its board."""
        self.line = line
        board = self.engine.SPACE_COUNTERS[name]
        if value.__class__ is not int or not -COUNTER_LIMIT <= value <= COUNTER_LIMIT:
            self.fail(line, f"counter `{name}` cannot hold {value!r}: a counter holds a whole number from "
                            f"-{COUNTER_LIMIT:,} to {COUNTER_LIMIT:,}")
        if not st._t.in_use[board][cell]:
            self.fail(line, f"{self.engine.BOARDS[board].label(cell)} is not in use in a game of {st.players} players")
        st._counters[name][cell] = value
        st._ends_clean = False
        self._given_later(st)

    def space_count(self, st: State, name: str, cell: int, compare: str, value: int, line: int = 0) -> None:
        """`then seeds of "1 3" = 5` (or another comparison)."""
        self._begin(st, line)
        board = self.engine.SPACE_COUNTERS[name]
        label = self.engine.BOARDS[board].label(cell)
        if not st._t.in_use[board][cell]:
            self.fail(line, f"{label} is not in use in a game of {st.players} players")
        held = st._counters[name][cell]
        if not _COMPARED[compare](held, value):
            self.fail(line, f"`{name} of \"{label}\" {compare} {value}` does not hold: {name} of {label} is {held}")

    def setup(self, players: int, options: dict, draws: list, first: bool = False, leg: int = 1,
              scored: Optional[list] = None, line: int = 0) -> State:
        """The real set-up (of the whole match, when the game is one), its chance outcomes steered: each
        chance node of the set-up takes the next of ``draws``; once they are used up, the position stops at
        the next decision or chance node (a `when "chance: ..."` line goes on from there), or, with
        ``first``, every further chance node takes its first outcome (in the order chance_outcomes() lists
        them) until a player decides. ``leg`` > 1: the set-up of that leg of the match, the legs before it
        recorded as played with no winner and every score 0 (their totals add nothing) unless ``scored`` gives it."""
        self.line = line
        try:
            engine = self._fresh_engine(options)
        except ValueError as error:
            self.fail(line, f"the game cannot be set up with options {options}: {error}")
        self.engine = engine
        if not engine.MIN_PLAYERS <= players <= engine.MAX_PLAYERS:
            self.fail(line, f"the game cannot be set up for {players} players")
        if leg > 1 and (engine.MATCH is None or leg > len(engine.MATCH[0])):
            self.fail(line, f"there is no leg {leg}: " + ("the example plays one game, not a match" if engine.MATCH
                                                         is None else f"the match has {len(engine.MATCH[0])} legs"))
        try:
            st = engine._empty_state(players, engine._leg_options(leg - 1))
            if leg > 1:
                self.earlier_legs(engine, st, leg, [])
            before = st.clone()  # what the set-up did counts as what happened (`gained`, `ran`)
            engine._start_setup(st)
            engine._advance(st)
        except Exception as error:  # a rule error, or generated rule code met a value it cannot use
            said = _failure(error)
            # (the set-up ends by listing the first decision: a failure there is the choice's, not the set-up's)
            what = "the set-up could not run" if "Step `setup`" in said or "(at " not in said else \
                "after the set-up, the first decision could not be listed"
            self.fail(line, f"{what}: {said}")
        if scored:  # (checked here, not in the set-up's own failures above)
            self.earlier_legs(engine, st, leg, scored)
        for draw in draws:
            text = draw if draw.startswith("chance:") else "chance: " + draw
            if not st.is_chance_node():
                self.fail(line, f"{text!r} is one draw too many: the set-up "
                                f"{'is over' if st._phase != 'setup' else 'waits for a decision'} by then")
            if text not in {str(a) for a, _ in st.chance_outcomes()}:
                shown = [str(a) for a, _ in st.chance_outcomes()][:10]
                self.fail(line, f"{text!r} cannot be drawn now; the outcomes are {shown}")
            st.apply(text)
        while first and st._over is None and st.is_chance_node():
            st.apply(st.chance_outcomes()[0][0])
        self.started = True
        self._check_seats(players)
        self.snapshot = before
        return st

    def _begin(self, st: State, line: int = 0) -> None:
        self.line = line
        if not self.started:
            self.started = True
            if self.engine.COUNTS_POSITIONS:  # the position the example gives has no past: seen once, itself
                start_record(st)
            if self.engine.COUNTS_POSITIONS_ON:  # (likewise each board's)
                start_board_records(st)
            # A position that is already over is over: its end conditions are checked before anything runs.
            given_step = bool(st._stack)
            self.engine._check_ends(st, "after_step")
            for timing in ("after_turn", "turn_start"):  # a position between two turns
                if not given_step and st._over is None and not st._stack:
                    self.engine._check_ends(st, timing)
            if st._over is not None:
                self.snapshot = st.clone()
                return
            if not st._stack:
                st._stack.append((self.engine.TURN_STEP, (st._turn_seat,), st._turn_seat, "turn", ()))
            try:
                self.engine._advance(st)
            except Exception as error:  # a rule error, or generated rule code met a value it cannot use
                self.fail_in_play(line, f"the game could not go on from the given position: {_failure(error)}")

    def act(self, st: State, text: str, line: int = 0) -> None:
        self._begin(st, line)
        self.snapshot = st.clone()  # what happened since this action: `ran`, `gained`, `lost`
        self.given_now = set()
        # An example's givens write the state directly: a failing action is undone to the state before it
        # (State._undo replays from a state's origin), so that is this state's origin.
        st._origin, st._origin_moves = self.snapshot, len(st.history)
        try:
            st.apply(text)
        except (IllegalAction, RuleRuntimeError) as error:
            self.fail_in_play(line, f"{text!r} was refused: {error}")
        except Exception as error:  # listing the choices met a value it cannot use
            self.fail(line, f"{text!r} could not be tried: {_failure(error)}")

    def refused(self, st: State, text: str, line: int = 0) -> None:
        """`when "..." is refused`: the game refuses the action (it is not legal now) and the state is as it was;
        the example goes on from it."""
        self._begin(st, line)
        before = st.clone()
        try:
            st.apply(text)
        except IllegalAction:
            if st != before:
                self.fail(line, f"{text!r} was refused, but the state changed: {_changed(before, st)}")
            self.snapshot = before  # (nothing happened: `gained`, `lost` and `ran` read nothing)
            return
        except Exception as error:  # a rule error is no refusal: the rules broke
            self.fail(line, f"{text!r} was not refused, it failed: {_failure(error)}")
        self.fail(line, f"{text!r} was played, not refused")

    def legal(self, st: State, text: str, expected: bool, line: int = 0) -> None:
        self._begin(st, line)
        try:
            offered = [str(a) for a in st.legal_actions()]
        except Exception as error:
            self.fail(line, f"the choices could not be listed: {_failure(error)}")
        if (text in offered) != expected:
            what = "is not offered" if expected else "is offered, but should not be"
            self.fail_in_play(line, f"{text!r} {what}; offered: {offered[:10]}")

    def over(self, st: State, end: str, line: int = 0) -> None:
        self._begin(st, line)
        if st._over is None or st._over.get("end") != end:
            self.fail(line, f"expected the game to be over by `{end}`, but it is "
                            f"{'not over' if st._over is None else 'over by ' + st._over.get('end', '?')}")

    def fact(self, st: State, text: str, check: Callable[[], bool], line: int = 0,
             sides: Optional[Callable[[], tuple]] = None, compared: Optional[tuple] = None) -> None:
        """A fact; one that compares a value comes with its ``sides`` and ``compared``: (the operator or
        "is", the left side's text, the right side's text, the left side's type, whether it is ordered)."""
        self._begin(st, line)
        try:
            holds = check()
        except Exception as error:  # a fact that cannot be evaluated is a failed fact
            self.fail(line, f"`{text}` could not be evaluated: {_failure(error)}")
        if not holds:
            message = f"`{text}` does not hold{self._what_it_was(sides, compared)}"
            if self._gave_no_position():  # (the game's own start was meant: its set-up did not run)
                self.fail_in_play(line, message)
            self.fail(line, message)

    def _gave_no_position(self) -> bool:
        """Whether the example gives nothing but its players and options, so that a game with a `setup` is
        at its empty start (the set-up runs only when the example asks for it)."""
        example = self._example()
        return example is not None and all(l.what not in _POSITION_LINES for l in example.lines)

    def _what_it_was(self, sides: Optional[Callable[[], tuple]], compared: Optional[tuple]) -> str:
        """``: X is 3, not 5``: what a failed comparison's left side was, beside what it should have been."""
        if sides is None or compared is None:
            return ""
        op, left_text, right_text, left_type, ordered = compared
        try:
            left, right = sides()
        except Exception:  # the check itself evaluated; a side that cannot is not worth a second failure
            return ""
        actual = self._value_text(left, left_type)
        if op == "is":  # `t is pawn`: the item and its kind
            kind = self.engine.ITEM_KIND[left] if left.__class__ is int and left >= 0 else None
            return f": {left_text} is {actual}" + (f" ({_a(kind)})" if kind else "") + f", not {_a(right_text)}"
        if op == "!=":
            return f": {left_text} is {actual}"
        expected = self._value_text(right, left_type)
        said = right_text if expected == right_text else f"{right_text} ({expected})"
        relation = (_ORDERED_RELATIONS if ordered else _RELATIONS)[op]
        return f": {left_text} is {actual}, not {relation}{said}"

    def _value_text(self, value, type_: str) -> str:
        """A value of the model's ``type_`` as the rule file would say it: player 2, 'red 2', a space's label."""
        from ..lib.geometry import COMPASS
        from ..model.ir import BOOL, DIRECTION, ELEMENT_OF, ITEM, SEAT
        if value is None:
            return "none"
        if isinstance(value, (list, tuple, set, frozenset)):
            element = "space:" + type_[len("spaces:"):] if type_.startswith("spaces:") else ELEMENT_OF.get(type_, "")
            values = sorted(value) if isinstance(value, (set, frozenset)) else value
            shown = [self._value_text(v, element) for v in values]
            return "[" + ", ".join(shown[:10]) + (", ..." if len(shown) > 10 else "") + "]"
        if type_ == BOOL:
            return "true" if value else "false"
        if type_ == SEAT and value.__class__ is int:
            return f"player {value + 1}" if value >= 0 else "nobody"
        if type_ == DIRECTION and value.__class__ is int and 0 <= value < len(COMPASS):  # a compass word, kept as its place
            return COMPASS[value]
        if type_ == ITEM and value.__class__ is int and 0 <= value < len(self.engine.ITEM_LABEL):
            return repr(self.engine.ITEM_LABEL[value])
        if type_.startswith("space:") and value.__class__ is int:
            board = next((b for b in self.engine.BOARDS if b.name == type_[len("space:"):]), None)
            if board is not None and 0 <= value < board.size:
                return board.label(value)
        return str(value)


    # ---- the facts of an example beyond a condition (each at its line; see the reference)
    def _shown_seats(self, seats) -> str:
        return ", ".join(f"player {s + 1}" for s in seats) or "nobody"

    def _outcome(self, st: State, line: int, what: str) -> dict:
        self._begin(st, line)
        if st._over is None:
            self.fail(line, f"expected {what}, but the game is not over")
        return st.outcome()

    def winners(self, st: State, seats: Callable[[], list], line: int = 0) -> None:
        outcome = self._outcome(st, line, "the game to be over")
        expected = sorted(self._seat(st, s, line, "the line") for s in seats())
        if sorted(outcome["winners"]) != expected:
            said = "the game is a draw" if outcome.get("draw") else f"the winners are {self._shown_seats(sorted(outcome['winners']))}"
            self.fail(line, f"expected {self._shown_seats(expected)} to win, but {said}")

    def result(self, st: State, kind: str, line: int = 0) -> None:
        if kind == "draw":
            outcome = self._outcome(st, line, "a draw")
            if not outcome.get("draw"):
                self.fail(line, f"expected a draw, but {self._shown_seats(sorted(outcome['winners']))} won")
            return
        self._begin(st, line)
        if kind == "over" and st._over is None:
            self.fail(line, "expected the game to be over, but it goes on")
        if kind == "not_over" and st._over is not None:
            self.fail(line, f"expected the game to go on, but it is over by `{st._over.get('end', '?')}`")

    def ranking(self, st: State, seats: Callable[[], list], line: int = 0) -> None:
        outcome = self._outcome(st, line, "a ranking")
        expected = [self._seat(st, s, line, "the ranking") for s in seats()]
        ranks = outcome["ranking"]  # each seat's place, 1 = first (tied seats share it)
        order = sorted(range(st.players), key=lambda seat: (ranks[seat], seat))  # tied seats in seat order
        if order != expected:
            shown = ", ".join(f"player {seat + 1} ({ranks[seat]}.)" for seat in order)
            self.fail(line, f"expected the ranking {self._shown_seats(expected)}, but it is {shown}")

    def returns(self, st: State, ratios: list, line: int = 0) -> None:
        self._begin(st, line)
        from fractions import Fraction
        got = st.returns()
        expected = [Fraction(top, bottom) for top, bottom in ratios]
        if len(got) != len(expected) or any(abs(float(e) - float(g)) > 1e-9 for e, g in zip(expected, got)):
            self.fail(line, f"expected the returns {', '.join(map(str, expected))}, but they are "
                            f"{', '.join(str(Fraction(g).limit_denominator(1000)) for g in got)}")

    def place_of(self, st: State, seat, place: int, line: int = 0) -> None:
        """`then player 3 is third`: the seat's place in the ranking (tied seats share one)."""
        outcome = self._outcome(st, line, f"a ranking")
        seat = self._seat(st, seat(), line, "the line")
        ranks = outcome["ranking"]
        if ranks[seat] != place:
            shown = ", ".join(f"player {s + 1} ({ranks[s]}.)" for s in sorted(range(st.players), key=lambda s: (ranks[s], s)))
            self.fail(line, f"player {seat + 1} is in place {ranks[seat]}, not {place}; the ranking is {shown}")

    def log(self, st: State, texts: list, line: int = 0) -> None:
        """`then the log says "..."`: the last entries of the action log (``history``), oldest first."""
        self._begin(st, line)
        last = st.history[-len(texts):] if texts else []
        if len(last) != len(texts) or not all(self._matches(entry, text) for entry, text in zip(last, texts)):
            self.fail(line, f"the log ends with {last or 'nothing'}" + (f", not {texts}" if len(texts) > 1 else
                                                                     f", not {texts[0]!r}"))

    def _zone_view(self, st: State, zone: int, line: int):
        for info in reversed(self.engine.ZONES):
            base = st._t.zone_base[info.name]
            if zone >= base:
                owner = zone - base
                if info.per_player and owner >= st.players or not info.per_player and owner > 0:
                    break
                name = info.name + (f" of player {owner + 1}" if info.per_player else "")
                return info, owner, name
        self.fail(line, f"there is no such zone in a game of {st.players} players")

    def sees(self, st: State, seat, zone: int, expected: bool, line: int = 0) -> None:
        self._begin(st, line)
        seat = self._seat(st, seat(), line, "the line")
        info, owner, name = self._zone_view(st, zone, line)
        view = st.observation(seat)["zones"][info.name]
        view = view[owner] if info.per_player else view
        if ("items" in view) != expected:
            self.fail(line, f"player {seat + 1} {'does not see' if expected else 'sees'} what {name} holds")
        if expected and len(view["items"]) < view["size"]:  # a pile `only top seen`
            self.fail(line, f"player {seat + 1} sees only the top of {name}, not the {view['size'] - 1} under it")

    def sees_top(self, st: State, seat, zone: int, line: int = 0) -> None:
        """`then P sees only the top of Z`: the seat is shown Z's top component (if any) and how many it holds,
        nothing under the top."""
        self._begin(st, line)
        seat = self._seat(st, seat(), line, "the line")
        info, owner, name = self._zone_view(st, zone, line)
        view = st.observation(seat)["zones"][info.name]
        view = view[owner] if info.per_player else view
        held = [st._labels[i] for i in st._zones[zone]]
        if "items" not in view:
            self.fail(line, f"player {seat + 1} does not see the top of {name}")
        if info.visibility != "top":
            self.fail(line, f"player {seat + 1} sees all that {name} holds, not only its top")
        if view["items"] != held[-1:]:
            self.fail(line, f"player {seat + 1} sees {view['items']} of {name}, whose top is {held[-1:]}")

    def space(self, st: State, board: int, cell: int, label: Optional[str], line: int = 0) -> None:
        self._begin(st, line)
        info = self.engine.BOARDS[board]
        if not st._t.in_use[board][cell]:
            self.fail(line, f"{info.label(cell)} is not in use in a game of {st.players} players")
        item = st._boards[board][cell]
        held = st._labels[item] if item >= 0 else None
        if held != label:
            said = f"holds {held!r}" if held is not None else "is empty"
            self.fail(line, f"{info.label(cell)} {said}" + (f", not {label!r}" if label is not None else ""))

    def turn(self, st: State, number: Optional[int], seat, line: int = 0) -> None:
        self._begin(st, line)
        if number is not None and st._turn_number != number:
            self.fail(line, f"it is turn {st._turn_number}, not turn {number}")
        if seat is not None:
            seat = self._seat(st, seat(), line, "the line")
            if st._turn_seat != seat:
                self.fail(line, f"it is player {st._turn_seat + 1}'s turn, not player {seat + 1}'s")

    def phase(self, st: State, phase: str, line: int = 0) -> None:
        self._begin(st, line)
        if st._phase != phase:
            self.fail(line, f"the phase is {st._phase}, not {phase}")

    def leg(self, st: State, number: int, line: int = 0) -> None:
        self._begin(st, line)
        if self.engine.MATCH is None:
            self.fail(line, "the example plays one game, not a match: start it with `given set-up` to play the "
                            "match's legs")
        if st._leg + 1 != number:
            self.fail(line, f"it is leg {st._leg + 1}, not leg {number}")

    def ran(self, st: State, key: str, times: int, line: int = 0) -> None:
        self._begin(st, line)
        before = getattr(self, "snapshot", None)
        ran = st.fired.get(key, 0) - (before.fired.get(key, 0) if before is not None else 0)
        if ran != times:
            self.fail(line, f"`{key}` ran {ran} times since the last action, not {times}")

    def _contents(self, st: State, kind: str, index: int) -> list:
        if kind == "zone":
            return [st._labels[i] for i in st._zones[index]]
        return [st._labels[i] for i in set(st._boards[index]) if i >= 0]

    def moved(self, st: State, kind: str, index: int, amount, gained: bool, line: int = 0) -> None:
        self._begin(st, line)
        before = getattr(self, "snapshot", None)
        if before is None:
            self.fail(line, "nothing has happened yet: `gained` and `lost` tell what the last action changed")
        if kind == "zone" and not 0 <= index < st._t.zone_count:
            self.fail(line, f"there is no such zone in a game of {st.players} players")
        from collections import Counter
        now, then = Counter(self._contents(st, kind, index)), Counter(self._contents(before, kind, index))
        change = (now - then) if gained else (then - now)
        verb = "gained" if gained else "lost"
        if isinstance(amount, int):
            if sum(change.values()) != amount:
                self.fail(line, f"it {verb} {sum(change.values())} since the last action, not {amount}"
                                f"{': ' + ', '.join(sorted(change.elements())) if change else ''}")
        elif change != Counter(amount):
            self.fail(line, f"it {verb} {sorted(change.elements()) or 'nothing'} since the last action, not "
                            f"{sorted(amount)}")


def _every_line(lines: tuple) -> list:
    """An example's lines, those under a `for every` after it."""
    return [each for line in lines for each in (line, *line.body)]


def _changed(before: State, after: State) -> str:
    """Which parts of a state differ (its JSON's top-level keys), for a refusal that changed something."""
    import json
    one, other = json.loads(before.to_json()), json.loads(after.to_json())
    return ", ".join(key for key in one if one.get(key) != other.get(key)) or "its history or past"


def _a(word: str) -> str:
    return ("an " if word[:1].lower() in ("a", "e", "i", "o", "u") else "a ") + word


def _same_file(one: str, other: str) -> bool:
    try:
        return one == other or Path(one).resolve() == Path(other).resolve()
    except OSError:
        return False


def _shown_file(path: str) -> str:
    """A rule file's path as a person finds it: below the working folder, from there; a bundled one from
    the folder of the bundled rule files (``rulebooks/shell-we.rules``, also from an installed wheel)."""
    from ..resources import rulebooks_dir
    resolved = Path(path).resolve()
    for folder in (Path.cwd(), rulebooks_dir().parent):
        try:
            return resolved.relative_to(folder.resolve()).as_posix()
        except (ValueError, OSError):
            continue
    return str(path)


def run_examples(engine: Engine) -> list[ExampleResult]:
    """Every example of ``engine``'s rule file, run; their did-you-means (an action that is not offered)
    share one budget of work (rulespec/lib/suggestions.py)."""
    with run_budget():
        return _run_examples(engine)


def _run_examples(engine: Engine) -> list[ExampleResult]:
    results = []
    tables = example_tables(engine)
    for name, title, cites, function in engine.EXAMPLES:
        run = ExampleRun(engine, name, tables)
        try:
            function(run)
            results.append(ExampleResult(name, title, cites, True))
        except ExampleFailure as failure:
            results.append(ExampleResult(name, title, cites, False, str(failure)))
        except Exception as error:  # anything the checks above missed: still a failed example, at its line
            try:
                run.fail(run.line, f"the example could not run: {type(error).__name__}: {error}")
            except ExampleFailure as failure:
                results.append(ExampleResult(name, title, cites, False, str(failure)))
    return results
