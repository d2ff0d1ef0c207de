"""Boards whose pieces are only ever added: once a piece stands on a space of such a board it stays there, as
it is, to the end of the game (Hex's and Y's stones; not Go's, which are captured, nor chess's, which move).

Proved from the checked model's statements, all of them (the set-up, every step and option, chance outcomes,
triggers, insteads): a `place` puts on a board only an item found in a zone (`any(t in Z ...)`, `top of Z`) or
the occupant of another board; a `move` takes to a zone only such an item, or the occupant of another board;
no attribute of any component can change (a changed attribute changes what a space holds with no write). Any
other item placed or moved (a name, the occupant of a space of the board itself) may be one standing on the
board: then the board is not one of them. A statement of a kind not named here (a roll, a lost die) proves
nothing: its own statements are looked at. rulespec/runtime/joined.py keeps such a board's groups and
components as the stones come (checked at each question all the same: a board changed any other way, by a test
or an undone step, makes them again); rulespec/codegen/joined_groups.py asks for them.
"""

from __future__ import annotations

import dataclasses
from typing import Iterator

from . import ir


def boards_only_added(model: ir.Model) -> frozenset[str]:
    """The names of the boards of ``model`` whose pieces are only ever added (see above)."""
    if model.changing_attributes:
        return frozenset()
    boards = {b.name for b in model.boards}
    for s in _statements(model):
        if isinstance(s, ir.Place):
            if not _from_a_zone(s.item):
                holder = s.item.board if isinstance(s.item, ir.Occupant) else None
                boards.discard(s.board)  # (an item from a board, or that may be on one)
                if holder is None:
                    return frozenset()  # (whatever it is may stand on any board)
                boards.discard(holder)
        elif isinstance(s, ir.Move):
            if not _from_a_zone(s.item):
                if not isinstance(s.item, ir.Occupant):
                    return frozenset()
                boards.discard(s.item.board)
        elif isinstance(s, ir.SetAttribute):
            return frozenset()
    return frozenset(boards)


def _from_a_zone(item: ir.E) -> bool:
    """Whether ``item`` is found in a zone: `any(t in Z where ...)` or `top of Z`."""
    if isinstance(item, ir.First):
        return isinstance(item.domain, ir.ZoneRef)
    return isinstance(item, ir.Top) and isinstance(item.zone, ir.ZoneRef)


def _statements(model: ir.Model) -> Iterator[ir.S]:
    """Every statement of the model's play (its examples aside), blocks inside statements too."""
    stack: list = [getattr(model, f.name) for f in dataclasses.fields(model) if f.name != "examples"]
    while stack:
        x = stack.pop()
        if isinstance(x, ir.E):
            continue
        if isinstance(x, ir.S):
            yield x
        if isinstance(x, (tuple, list)):
            stack.extend(x)
        elif dataclasses.is_dataclass(x) and not isinstance(x, type):
            stack.extend(getattr(x, f.name) for f in dataclasses.fields(x))
