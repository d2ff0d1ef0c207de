"""Counters that hold a seat, a direction or an attribute's word instead of a number (`counter led: suit
starts at none`, `counter leader: seat starts at player 1`, `counter facing per player: direction starts at
north`): the checker's part that reads what one holds.

At run time such a counter keeps a whole number like any other (so the position's text, its repetition, its
serialisation, its check and the adapters' observation tensors carry it as they carry counts): the place of
its value in ``Counter.values`` (a seat's index, a direction's index, the word's place among the attribute's
values), or -1 for `none`. Generated code reads it through that table (`none` reads as None, equal to no
value) and writes it through the table's inverse.
"""

from __future__ import annotations

from typing import Optional

from ..language import ast
from ..language.errors import did_you_mean
from . import ir
from .ir import INT, SEAT, SYMBOL
from .value_types import graph_direction_type

NONE_INDEX = -1  # how a counter keeps `none`

# What a counter may hold besides a number (the attribute's own name aside).
HELD_TYPES = ("number", "seat", "direction")


class CounterValues:
    """(Checker's part) what each counter holds: its type, its values by index, its start's index."""

    def counter_kind(self, name: str) -> tuple[str, tuple, int]:
        """The type a counter's reads have (number, seat, direction, a graph's direction, word), the values
        its kept indices stand for (empty for a number) and its start (a number, or an index; -1 none).
        Mistakes in its declaration are told once, at the declaration."""
        kinds = self.__dict__.setdefault("_counter_kinds", {})
        if name not in kinds:
            kinds[name] = self._counter_kind(self.counters[name])
        return kinds[name]

    def _counter_kind(self, d: ast.CounterDecl) -> tuple[str, tuple, int]:
        if d.holds is None or d.holds == ("number", None):
            if d.start_value is not None:
                self.error(d.loc, f"counter `{d.name}` holds numbers: it starts at a number",
                           hint=f"write `counter {d.name} starts at 0`, or say what it holds: "
                                f"`counter {d.name}: seat starts at player 1`")
                return INT, (), 0
            return INT, (), d.start
        kind, board = d.holds
        if d.board is not None:
            self.error(d.loc, f"counter `{d.name}` is kept per space of {d.board}: it holds numbers only",
                       hint="a counter per space counts; keep a seat, a direction or a word in a counter of its own")
            return "?", (), 0
        values = self._held_values(d, kind, board)
        if values is None:
            return "?", (), 0
        type_, shown = values
        start = d.start_value
        if start is None:
            self.error(d.loc, f"counter `{d.name}` holds {_said(kind, board)}, not a number: start it at one "
                              f"of its values or at `none`", hint=f"e.g. `starts at {_example(kind, shown)}`")
            return type_, shown, NONE_INDEX
        if start[0] == "none":
            return type_, shown, NONE_INDEX
        if type_ == SEAT:
            if start[0] != "seat" or start[1] != "player":
                self.error(d.loc, f"counter `{d.name}` holds a seat: it starts at `player N` or `none`",
                           hint=f"e.g. `starts at player 1`")
                return type_, shown, NONE_INDEX
            first = min(g.min_players for g in self.games) if self.games else 1
            if not 1 <= start[2] <= first:
                self.error(d.loc, f"there is no player {start[2]} in a {first}-player game",
                           hint=f"start it at a player from 1 to {first}, or at `none`")
                return type_, shown, NONE_INDEX
            return type_, shown, start[2] - 1
        word = start[1] if start[0] == "word" else f"{start[1]} {start[2]}"
        names = _names(type_, shown, self, board)
        if word not in names:
            self.error(d.loc, f"counter `{d.name}` holds {_said(kind, board)}: `{word}` is not one",
                       hint=did_you_mean(word, list(names)) or f"its values are {', '.join(names)} (or `none`)")
            return type_, shown, NONE_INDEX
        return type_, shown, names.index(word)

    def _held_values(self, d: ast.CounterDecl, kind: str, board: Optional[str]) -> Optional[tuple[str, tuple]]:
        """The type of a counter holding ``kind`` (`of board`) and its values by index; None when told wrong."""
        if kind == "word" and (board is None or board in self.attributes):  # `: word`, `: word of suit`
            named = board or next((a for a, v in self.attributes.items() if v and all(isinstance(w, str) for w in v)),
                                  None)
            self.error(d.loc, f"`{kind}{f' of {board}' if board else ''}`: a counter holding a word is typed by its "
                              f"attribute's name", hint=f"write `counter {d.name}: {named or 'ATTRIBUTE'}`"
                                                         + ("" if board else " (the attribute whose words it holds)"))
            values = self.attributes.get(named) if named else None  # read on as that, so one mistake is one error
            return (SYMBOL, tuple(values)) if values and all(isinstance(v, str) for v in values) else None
        if board is not None:
            if kind != "direction" or board not in self.boards or self.boards[board].lattice != "graph":
                self.error(d.loc, f"`{kind} of {board}`: only a graph's directions are held `of` a board",
                           hint="write `: direction of B` for a graph B's named directions, else `: direction`")
                return None
            return graph_direction_type(board), tuple(range(len(self.graph_direction_names(board))))
        if kind == "seat":
            top = max((g.max_players for g in self.games), default=1)
            return SEAT, tuple(range(top))
        if kind == "direction":
            return ir.DIRECTION, tuple(range(len(ir.COMPASS)))
        values = self.attributes.get(kind)
        if values is not None and values and all(isinstance(v, str) for v in values):
            return SYMBOL, tuple(values)
        if values is not None:
            self.error(d.loc, f"`{kind}` has numbers for values: a counter of numbers holds them",
                       hint=f"write `counter {d.name} starts at 0`")
            return None
        self.error(d.loc, f"a counter holds a number, a seat, a direction or an attribute's word, not `{kind}`",
                   hint=did_you_mean(kind, list(HELD_TYPES) + list(self.attributes))
                   or f"write `: seat`, `: direction` or an attribute's name ({', '.join(self.attributes) or 'none'})")
        return None

    def counter_value_type(self, name: str) -> str:
        return self.counter_kind(name)[0]

    def given_held_value(self, line) -> int:
        """`given counter led is hearts` (``line.values`` as a counter's start is read): the index kept."""
        type_, shown, _ = self.counter_kind(line.name)
        if type_ == "?":
            return 0
        if type_ == INT or not line.values:
            self.error(line.loc, f"counter `{line.name}` holds "
                                 f"{'numbers' if type_ == INT else 'a seat, a direction or a word'}: "
                                 f"give it {'a number' if type_ == INT else 'one of its values or `none`'}")
            return 0
        value = line.values
        if value[0] == "none":
            return NONE_INDEX
        word = value[1] if value[0] == "word" else f"{value[1]} {value[2]}"
        board = type_.split(":", 1)[1] if type_.startswith("direction:") else None
        names = [f"player {i + 1}" for i in shown] if type_ == SEAT else _names(type_, shown, self, board)
        if word not in names:
            self.error(line.loc, f"counter `{line.name}` holds one of {', '.join(names)} or none, not `{word}`",
                       hint=did_you_mean(word, names))
            return 0
        return names.index(word)


def _names(type_: str, shown: tuple, checker, board: Optional[str]) -> list[str]:
    """The words that name a counter's values in the file, in index order."""
    if type_ == SYMBOL:
        return list(shown)
    if type_ == ir.DIRECTION:
        return list(ir.COMPASS)
    return list(checker.graph_direction_names(board))


def _said(kind: str, board: Optional[str]) -> str:
    return {"seat": "a seat", "direction": "a direction"}.get(kind, f"a {kind}") if board is None \
        else f"a direction of {board}"


def _example(kind: str, shown: tuple) -> str:
    if kind == "seat":
        return "player 1"
    if kind == "direction":
        return "north"
    return str(shown[0]) if shown else "none"


def held_values(model: ir.Model, name: str) -> Optional[tuple]:
    """The values a counter's kept indices stand for, for one holding a seat, a direction or a word; None for
    a counter of numbers (or one the model does not declare)."""
    counter = next((c for c in model.counters if c.name == name), None)
    return None if counter is None or counter.holds == INT else tuple(counter.values)


def held_words(model: ir.Model, counter: ir.Counter) -> tuple[str, ...]:
    """How a position's text writes each of a counter's values, by index (`player 2`, `north`, `hearts`)."""
    if counter.holds == SEAT:
        return tuple(f"player {i + 1}" for i in counter.values)
    if counter.holds == ir.DIRECTION:
        return tuple(ir.COMPASS)
    if counter.holds.startswith("direction:"):
        board = next(b for b in model.boards if b.name == counter.holds.split(":", 1)[1])
        return tuple(name for name, _ in board.directions)
    return tuple(str(v) for v in counter.values)
