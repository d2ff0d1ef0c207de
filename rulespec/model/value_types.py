"""The checker's types of values (``space:grid``, ``placements:tiles``, the ``ir`` type names) and how
they are described to a writer; the names of the built-in functions; the components as labelled items.

The generator (``board_of``, ``is_space``) and the docs (``expand_items``) read them too."""

from __future__ import annotations

import re
import string
from typing import Optional, Sequence

from . import ir
from ..runtime.helpers import copies_of
from .ir import BOOL, INT, ITEM, NUMBERS, QUEUE, SEAT, SEATS, SYMBOL, SYMBOLS, ZONE, ZONES

SAFE_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
BUILTINS = {"abs": 1, "min": 2, "max": 2}


VALUES_OF = "values of "  # a scope's key for the attribute a name's values are of (Names.bind): no name has a space

def space_type(board: str) -> str:
    return f"space:{board}"


def spaces_type(board: str) -> str:
    return f"spaces:{board}"


def board_of(type_: str) -> Optional[str]:
    return type_.split(":", 1)[1] if ":" in type_ else None


def lines_type(board: str) -> str:
    return f"lines:{board}"


def graph_direction_type(board: str) -> str:
    """A named direction of a board declared as a graph (`links around: a-b`): its number among the graph's."""
    return f"direction:{board}"


def is_graph_direction(type_: str) -> bool:
    return type_.startswith("direction:")


def is_space(type_: str) -> bool:
    return type_.startswith("space:")


def is_placement(type_: str) -> bool:
    return type_.startswith("placement:")


def element_type(type_: str) -> Optional[str]:
    if type_.startswith("spaces:"):
        return space_type(board_of(type_))
    if type_.startswith("placements:"):
        return "placement:" + board_of(type_)
    if type_.startswith("lines:"):
        return spaces_type(board_of(type_))
    if type_.startswith("directions:"):
        return graph_direction_type(board_of(type_))
    return ir.ELEMENT_OF.get(type_)


def describe_type(type_: str) -> str:
    if type_.startswith("space:"):
        return f"a space of {board_of(type_)}"
    if type_.startswith("spaces:"):
        return f"the spaces of {board_of(type_)}"
    if type_.startswith("placement:"):
        return f"a placement on {board_of(type_)}"
    if type_.startswith("placements:"):
        return f"placements on {board_of(type_)}"
    if type_.startswith("lines:"):
        return f"a set of lines of {board_of(type_)}"
    if type_.startswith("direction:"):
        return f"a direction of {board_of(type_)}"
    if type_.startswith("directions:"):
        return f"the directions of {board_of(type_)}"
    return {
        INT: "a number", BOOL: "a condition (true or false)", SYMBOL: "a word value", SEAT: "a player",
        ITEM: "a component", ZONE: "a zone", ZONES: "every zone of that name", SEATS: "the players",
        QUEUE: "a queue", SYMBOLS: "a list of word values", NUMBERS: "a list of numbers",
        ir.DIRECTION: "a direction", ir.DIRECTIONS: "a list of directions",
    }.get(type_, type_)


def item_label(component: ir.Component, values: dict) -> str:
    if component.shown_as:
        try:
            fields = [f for _, f, spec, conv in string.Formatter().parse(component.shown_as) if f is not None]
        except ValueError:
            fields = None
        # Only plain attribute names are filled in (no `{x.attr}` or `{x[0]}`); a bad template is reported.
        if fields is not None and all(f in values for f in fields):
            return component.shown_as.format(**values)
    if not values:
        return component.name
    return " ".join(str(v) for v in values.values()) + " " + component.name


def expand_items(components: Sequence[ir.Component]) -> list[tuple[str, dict, str]]:
    """Every physical component as (component, attribute values, label), in a stable order."""
    items = []
    for component in components:
        combos: list[dict] = [{}]
        for name, values in component.attributes:
            combos = [dict(c, **{name: v}) for c in combos for v in values]
        for combo in combos:
            label = item_label(component, combo)  # the same for every copy
            items.extend([(component.name, combo, label)] * copies_of(component.copies_table, combo))
    return items
