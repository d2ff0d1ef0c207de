"""Runs a rule file's executable examples (given / when / then) against its engine.

An example is data from a rule file: whatever it gives (a seat the example's game does not have, a space
that is not in use or already taken, a zone past the last, a value no counter may hold, a step whose rules
fail), the runner reports a failed example at the example's line, never an exception of its own.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Callable, Optional

from .engine import Engine, IllegalAction, RuleRuntimeError, State
from .numbers import COUNTER_LIMIT
from .position import InvalidPosition, PositionReader


class ExampleFailure(AssertionError):
    pass


@dataclass(frozen=True)
class ExampleResult:
    name: str
    title: str
    cites: tuple[str, ...]
    passed: bool
    message: str = ""


class ExampleRun:
    """The helper a generated ``example_<name>(run)`` function talks to."""

    def __init__(self, engine: Engine, name: str):
        self.engine = engine
        self.name = name
        self.started = False
        self.given: set[int] = set()
        self.line = 0  # the line of the example being run (each call below names its own)
        self.model = getattr(engine, "model", None)  # the checked rule file, when the engine was loaded from one

    def fail(self, line: int, message: str) -> None:
        where = f"{self.engine.SOURCE}:{line}" if line else self.engine.SOURCE
        raise ExampleFailure(f"{where}: example `{self.name}`: {message}")

    def start(self, players: int, options: dict, line: int = 0) -> State:
        if not line:  # the line that gives the players, else the example's own
            example = self._example()
            if example is not None:
                line = next((l.loc.line for l in example.lines if l.what == "players" and l.loc), 0) or \
                    (example.loc.line if example.loc else 0)
        self.line = line
        try:
            engine = type(self.engine)(options)
        except ValueError as error:  # an option the game (or this variant of it) does not have
            self.fail(line, f"the game cannot be set up with options {options}: {error}")
        engine.MATCH = None  # an example is about one game: in a match, about one leg
        self.engine = engine
        try:
            st = engine._empty_state(players)
        except ValueError as error:
            self.fail(line, f"the game cannot be set up for {players} players: {error}")
        st._phase, st._turn_number = "play", 1
        self._check_seats(players)
        return st

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
        for line in example.lines:
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
            if self.engine.ITEM_LABEL[item] == label and item not in self.given:
                self.given.add(item)
                return item
        self.fail(line, f"no {label!r} is left to give (it is not in play with {st.players} players, "
                        f"or was already given)")

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
            if st._boards[board][cells[0]] >= 0:
                self.fail(line, f"{info.label(cells[0])} already holds "
                                f"{self.engine.ITEM_LABEL[st._boards[board][cells[0]]]!r}")
            st._take(item)
            st._occupy(board, (cells[0],), item, "given")

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
            except RuleRuntimeError as error:
                self.fail(line, f"the step could not run: {error}")
            except Exception as error:  # generated rule code met a value it cannot use
                self.fail(line, f"the step could not run: {type(error).__name__}: {error}")

    def position(self, st: State, lines: tuple, line: int = 0) -> None:
        """`given position:` the whole position at once (rulespec/runtime/position.py), in place of what the
        lines before gave; a bad one fails at the line and column of the string that says what is wrong."""
        self.line = line
        reader = PositionReader(self.engine, "\n".join(text for text, _, _ in lines), st.players, advance=False)
        try:
            built = reader.read()
        except InvalidPosition as error:
            at, column = _position_place(lines, error)
            raise ExampleFailure(f"{self.engine.SOURCE}:{at}:{column}: example `{self.name}`: the position cannot be "
                                 f"read: {error.reason}{f' ({error.hint})' if error.hint else ''}")
        if built.players != st.players:
            self.fail(line, f"the position is of {built.players} players, but the example has {st.players}")
        for name in State.__slots__:
            setattr(st, name, getattr(built, name))
        self.given = set(reader.taken)  # later `given` lines take only what the position did not write

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
        else:
            if not per_player:
                self.fail(line, f"counter `{name}` is shared, not one per player: leave out `of ...`")
            st._counters[name][self._seat(st, seat, line, f"counter `{name}`")] = value

    def _begin(self, st: State, line: int = 0) -> None:
        self.line = line
        if not self.started:
            self.started = True
            if not st._stack:
                st._stack.append((self.engine.TURN_STEP, (st._turn_seat,), st._turn_seat, "turn", ()))
            try:
                self.engine._advance(st)
            except RuleRuntimeError as error:
                self.fail(line, f"the game could not go on from the given position: {error}")
            except Exception as error:  # generated rule code met a value it cannot use
                self.fail(line, f"the game could not go on from the given position: {type(error).__name__}: "
                                f"{error}")

    def act(self, st: State, text: str, line: int = 0) -> None:
        self._begin(st, line)
        try:
            st.apply(text)
        except (IllegalAction, RuleRuntimeError) as error:
            self.fail(line, f"{text!r} was refused: {error}")
        except Exception as error:  # listing the choices met a value it cannot use
            self.fail(line, f"{text!r} could not be tried: {type(error).__name__}: {error}")

    def legal(self, st: State, text: str, expected: bool, line: int = 0) -> None:
        self._begin(st, line)
        try:
            offered = [str(a) for a in st.legal_actions()]
        except Exception as error:
            self.fail(line, f"the choices could not be listed: {type(error).__name__}: {error}")
        if (text in offered) != expected:
            what = "is not offered" if expected else "is offered, but should not be"
            self.fail(line, f"{text!r} {what}; offered: {offered[:10]}")

    def over(self, st: State, end: str, line: int = 0) -> None:
        self._begin(st, line)
        if st._over is None or st._over.get("end") != end:
            self.fail(line, f"expected the game to be over by `{end}`, but it is "
                            f"{'not over' if st._over is None else 'over by ' + st._over.get('end', '?')}")

    def fact(self, st: State, text: str, check: Callable[[], bool], line: int = 0) -> None:
        self._begin(st, line)
        try:
            holds = check()
        except Exception as error:  # a fact that cannot be evaluated is a failed fact
            self.fail(line, f"`{text}` could not be evaluated: {error}")
        if not holds:
            self.fail(line, f"`{text}` does not hold")


def _position_place(lines: tuple, error: InvalidPosition) -> tuple[int, int]:
    """The rule file's line and column of a position error (``lines``: each position line's text, line, column)."""
    if 1 <= error.line <= len(lines):
        _, line, column = lines[error.line - 1]
        return line, column + error.column - 1
    return (lines[0][1], lines[0][2]) if lines else (0, 0)


def position_diagnostics(engine: Engine) -> list:
    """A Diagnostic for each `given position:` of the rule file's examples that cannot be read, at the
    line and column in the rule file of what is wrong: read with the example's players and options."""
    from ..language.errors import SourceText
    model = getattr(engine, "model", None)
    out = []
    for example in getattr(model, "examples", ()):
        positions = [line for line in example.lines if line.what == "position"]
        if not positions:
            continue
        players = next((l.number for l in example.lines if l.what == "players"), engine.MIN_PLAYERS)
        options = {l.name: l.value for l in example.lines if l.what == "option"}
        try:
            game = type(engine)(options)
        except ValueError:
            continue  # the runner reports the options at their line
        game.MATCH = None  # as the runner plays it: one game, or one leg of a match
        for line in positions:
            try:
                PositionReader(game, "\n".join(text for text, _, _ in line.position), players, advance=False).read()
            except InvalidPosition as error:
                at, column = _position_place(line.position, error)
                path = line.loc.file if line.loc else model.source_path
                text = model.source_text if path == model.source_path else _read_text(path)
                out.append(SourceText(path, text).diagnostic(
                    at, column, f"example `{example.name}`: the position cannot be read: {error.reason}",
                    hint=error.hint or "see the Positions page of the language reference"))
    return out


def _read_text(path: str) -> str:
    try:
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    except OSError:
        return ""


def run_examples(engine: Engine) -> list[ExampleResult]:
    results = []
    for name, title, cites, function in engine.EXAMPLES:
        run = ExampleRun(engine, name)
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
