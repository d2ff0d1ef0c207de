"""Which texts of an option's template a game can offer at all, worked out before play (issue #41).

An action's template is numbered over the domain of each field (`line at row {row of s} column {column of
s}`: every row by every column, 25 on Dots and boxes' 5 x 5 drawing). Where every field that reads the
option's bound spaces is the space itself or its row or column, the spaces can be walked instead: each
space in use (no `-` of the face) whose option conditions can hold, and the texts it gives. A condition
counts only where it reads nothing but the space's row and column, numbers, the options loaded and
definitions of these (Dots and boxes' `side(s)`: 12 lines of 25 places); any other condition may hold
in some state, so it removes nothing. No state is read, so the texts are the same in every process.
"""

from __future__ import annotations

import itertools
import math
import operator
from typing import Callable, Mapping, Optional

from ..model import ir

COMPARE = {"=": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le, ">": operator.gt,
           ">=": operator.ge}
ARITH = {"+": operator.add, "-": operator.sub, "*": operator.mul, "mod": operator.mod, "div": operator.floordiv}


MOST_WALKED = 100_000  # combinations of bound spaces walked per option (chess's from and to: 4,096)


class NotStatic(Exception):
    """A part that a state decides (or that this reading does not know)."""


class StaticValues:
    """Values of expressions fixed by the configuration and the bound spaces: ``spaces`` a bound name -> (board
    index, cell); ``options`` the single value each option has in the game loaded."""

    def __init__(self, boards: Mapping[str, int], board_info: list, options: Mapping[str, str],
                 definitions: Mapping[str, ir.Definition]):
        self.boards, self.board_info, self.options, self.definitions = boards, board_info, options, definitions

    def value(self, e: ir.E, spaces: Mapping[str, tuple[int, int]]):
        if isinstance(e, ir.Const) and not isinstance(e.value, bool) and isinstance(e.value, (int, str)):
            return e.value
        if isinstance(e, ir.OptionRef) and e.name in self.options:
            raw = self.options[e.name]
            return int(raw) if e.type == ir.INT and str(raw).lstrip("-").isdigit() else raw
        if isinstance(e, ir.SpaceAttr) and isinstance(e.space, ir.Var) and e.space.name in spaces:
            return self.coordinate(e, *spaces[e.space.name])
        if isinstance(e, ir.Arith) and e.op in ARITH:
            left, right = self.value(e.left, spaces), self.value(e.right, spaces)
            if not (isinstance(left, int) and isinstance(right, int)) or (e.op in ("mod", "div") and right == 0):
                raise NotStatic(e.text)
            return ARITH[e.op](left, right)
        if isinstance(e, ir.Negate):
            return -self.number(e.operand, spaces)
        if isinstance(e, ir.Compare) and e.op in COMPARE and not e.order:
            left, right = self.value(e.left, spaces), self.value(e.right, spaces)
            if e.op not in ("=", "!=") and not (isinstance(left, int) and isinstance(right, int)):
                raise NotStatic(e.text)
            return COMPARE[e.op](left, right)
        if isinstance(e, ir.Not):
            return not self.truth(e.operand, spaces)
        if isinstance(e, ir.BoolOp) and e.op in ("and", "or"):
            found = [self.truth(part, spaces) for part in e.operands]
            return all(found) if e.op == "and" else any(found)
        if isinstance(e, ir.DefinedValue) and e.name in self.definitions:
            definition = self.definitions[e.name]
            inner = {}
            for param, arg in zip(definition.params, e.args):
                if not (isinstance(arg, ir.Var) and arg.name in spaces):
                    raise NotStatic(e.text)  # (only spaces are passed on: the rest a state may decide)
                inner[param.name] = spaces[arg.name]
            return self.value(definition.value, inner)
        raise NotStatic(e.text)

    def number(self, e: ir.E, spaces) -> int:
        found = self.value(e, spaces)
        if not isinstance(found, int) or isinstance(found, bool):
            raise NotStatic(e.text)
        return found

    def truth(self, e: ir.E, spaces) -> bool:
        found = self.value(e, spaces)
        if not isinstance(found, bool):
            raise NotStatic(e.text)
        return found

    def coordinate(self, e: ir.SpaceAttr, b: int, cell: int):
        board = self.board_info[b]
        if board.kind != "grid" or e.attr not in (board.row_attribute, board.column_attribute):
            raise NotStatic(e.text)
        row, column = divmod(cell, len(board.columns))
        found = board.rows[row] if e.attr == board.row_attribute else board.columns[column]
        if e.type == ir.INT:
            return int(found) if str(found).lstrip("-").isdigit() else _not_static(e)
        return found


def _not_static(e: ir.E):
    raise NotStatic(e.text)


def offered_fields(option: ir.ChoiceOption, fields: list, values: StaticValues,
                   cells_in_use: Callable[[int], tuple]) -> Optional[tuple[list[int], set[tuple]]]:
    """Which values the template's fields that read a bound space can show together: (the fields' places
    in ``fields``, the set of their values' texts), over every space in use whose static conditions hold;
    None where a field reading a bound space is not the space's label, row or column (then every
    combination stays)."""
    shown = dict(option.shown)
    spaces = {b.var: values.boards[b.type.split(":", 1)[1]] for b in option.bindings
              if b.type.startswith("space:") and b.type.split(":", 1)[1] in values.boards}
    if not spaces:
        return None
    places, readers = [], []
    for place, field in enumerate(fields):
        if field in spaces:
            places.append(place)
            readers.append(lambda at, name=field: values.board_info[at[name][0]].label(at[name][1]))
        elif field in shown and _reads(shown[field], spaces):
            e = shown[field]
            if not (isinstance(e, ir.SpaceAttr) and isinstance(e.space, ir.Var) and e.space.name in spaces):
                return None
            places.append(place)
            readers.append(lambda at, e=e: str(values.coordinate(e, *at[e.space.name])))
    names = list(spaces)
    if math.prod(len(cells_in_use(spaces[name])) for name in names) > MOST_WALKED:
        return None
    conditions = [c for c in option.conditions if _reads(c, spaces)]
    texts: set[tuple] = set()
    try:
        for cells in itertools.product(*(cells_in_use(spaces[name]) for name in names)):
            at = {name: (spaces[name], cell) for name, cell in zip(names, cells)}
            if all(_may_hold(c, values, at) for c in conditions):
                texts.add(tuple(read(at) for read in readers))
    except NotStatic:
        return None
    return places, texts


def _may_hold(condition: ir.E, values: StaticValues, at) -> bool:
    try:
        return values.truth(condition, at)
    except NotStatic:
        return True  # a state may decide it


def _reads(e, names) -> bool:
    """Whether an expression names one of ``names`` (a bound space), directly."""
    if isinstance(e, ir.Var):
        return e.name in names
    if isinstance(e, (tuple, list)):
        return any(_reads(part, names) for part in e)
    if isinstance(e, ir.E):
        return any(_reads(part, names) for part in vars(e).values() if isinstance(part, (ir.E, tuple)))
    return False
