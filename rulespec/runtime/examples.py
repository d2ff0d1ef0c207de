"""Runs a rule file's executable examples (given / when / then) against its engine."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Optional

from .engine import Engine, IllegalAction, RuleRuntimeError, State


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

    def fail(self, line: int, message: str) -> None:
        raise ExampleFailure(f"{self.engine.SOURCE}:{line}: example `{self.name}`: {message}")

    def start(self, players: int, options: dict) -> State:
        engine = type(self.engine)(options)
        engine.MATCH = None  # an example is about one game: in a match, about one leg
        self.engine = engine
        st = engine.empty_state(players)
        st.phase, st.turn_number = "play", 1
        return st

    def _item(self, st: State, label: str, line: int) -> int:
        for item in st.t.in_play_items:
            if self.engine.ITEM_LABEL[item] == label and item not in self.given:
                self.given.add(item)
                return item
        self.fail(line, f"no {label!r} is left to give (it is not in play with {st.players} players, "
                        f"or was already given)")

    def put(self, st: State, zone: int, labels: list, line: int = 0) -> None:
        for label in labels:
            item = self._item(st, label, line)
            st._take(item)
            st.zones[zone].append(item)
            if zone not in st.t.stacked:
                st.zones[zone].sort()
            st.loc[item] = zone

    def place(self, st: State, board: int, refs: list, line: int = 0) -> None:
        info = self.engine.BOARDS[board]
        for label, at in refs:
            item = self._item(st, label, line)
            if info.kind == "triangles":
                # On a board of triangles `at` names every triangle the tile covers, as actions print them.
                shape = self.engine.ITEM_ATTRS.get(info.shape_attribute, {}).get(item)
                placements = [p for p in st.t.placements_of[board].get(shape, ())
                              if st.t.placement_label[board][p] == at]
                if not placements:
                    self.fail(line, f"{label!r} cannot lie on {at!r}: name the triangles it covers, in the order "
                                    f"actions print them (such as \"r1c2 r1c3\")")
                if st.masks[board] & st.t.placements[board][placements[0]][1]:
                    self.fail(line, f"{at!r} is already covered")
                st._take(item)
                st._occupy(board, st.t.placement_cells[board][placements[0]], item, "given")
                continue
            if at is not None:
                cells = [c for c in range(info.size) if info.label(c) == at]
                if not cells:
                    self.fail(line, f"{info.name} has no space {at!r}")
            else:
                cells = list(st.t.fits[board][item])
                if len(cells) != 1:
                    self.fail(line, f"{label!r} fits {len(cells)} spaces; say which with `at \"...\"`")
            st._take(item)
            st._occupy(board, (cells[0],), item, "given")

    def step(self, st: State, name: str, args: tuple, line: int = 0) -> None:
        actor = args[0] if args and isinstance(args[0], int) else st.turn_seat
        st.stack = [(name, tuple(args), actor, "given", ())]
        st.turn_seat = actor
        if self.started:  # a step given later in the example starts at once, in place of what was pending
            try:
                self.engine._advance(st)
            except RuleRuntimeError as error:
                self.fail(line, f"the step could not run: {error}")

    def counter(self, st: State, name: str, value: int, seat: Optional[int] = None, line: int = 0) -> None:
        if seat is None:
            st.counters[name] = value
        else:
            st.counters[name][seat] = value

    def _begin(self, st: State, line: int = 0) -> None:
        if not self.started:
            self.started = True
            if not st.stack:
                st.stack.append((self.engine.TURN_STEP, (st.turn_seat,), st.turn_seat, "turn", ()))
            try:
                self.engine._advance(st)
            except RuleRuntimeError as error:
                self.fail(line, f"the game could not go on from the given position: {error}")

    def act(self, st: State, text: str, line: int = 0) -> None:
        self._begin(st, line)
        try:
            st.apply(text)
        except (IllegalAction, RuleRuntimeError) as error:
            self.fail(line, f"{text!r} was refused: {error}")

    def legal(self, st: State, text: str, expected: bool, line: int = 0) -> None:
        self._begin(st, line)
        offered = [str(a) for a in st.legal_actions()]
        if (text in offered) != expected:
            what = "is not offered" if expected else "is offered, but should not be"
            self.fail(line, f"{text!r} {what}; offered: {offered[:10]}")

    def over(self, st: State, end: str, line: int = 0) -> None:
        self._begin(st, line)
        if st.over is None or st.over.get("end") != end:
            self.fail(line, f"expected the game to be over by `{end}`, but it is "
                            f"{'not over' if st.over is None else 'over by ' + st.over.get('end', '?')}")

    def fact(self, st: State, text: str, check: Callable[[], bool], line: int = 0) -> None:
        self._begin(st, line)
        try:
            holds = check()
        except Exception as error:  # a fact that cannot be evaluated is a failed fact
            self.fail(line, f"`{text}` could not be evaluated: {error}")
        if not holds:
            self.fail(line, f"`{text}` does not hold")


def run_examples(engine: Engine) -> list[ExampleResult]:
    results = []
    for name, title, cites, function in engine.EXAMPLES:
        try:
            function(ExampleRun(engine, name))
            results.append(ExampleResult(name, title, cites, True))
        except ExampleFailure as failure:
            results.append(ExampleResult(name, title, cites, False, str(failure)))
    return results
