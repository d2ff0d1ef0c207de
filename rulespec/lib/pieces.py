"""How pieces are told apart in pictures of a board (the terminal's and the site's): one character each,
and the seat a piece belongs to by the seats' own values (`each player has a mark: cross, nought`)."""

from __future__ import annotations

import re
from typing import Iterable, Optional


def natural_key(text: str) -> list:
    """``red 10`` after ``red 9``: numbers inside a text compare as numbers."""
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", text)]


def piece_codes(labels: Iterable[str], taken: Iterable[str]) -> dict[str, str]:
    """One character per piece's label (`starfish` -> `S`), distinct, and distinct from ``taken`` (a
    board's printed marks): capitals from the label's letters first."""
    codes: dict[str, str] = {}
    used = set(taken)
    for label in sorted(set(labels), key=natural_key):
        letters = [ch for ch in label if ch.isalnum()]
        candidates = [ch.upper() for ch in letters] + [ch.lower() for ch in letters] + \
            list("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789#%&@$")
        code = next((c for c in candidates if c not in used), "?")
        used.add(code)
        codes[label] = code
    return codes


def seat_of_item(model, kinds, attrs, item: int) -> Optional[tuple[int, str]]:
    """(seat, value) when a seat's own value names the item: its component (`mark: cross, nought` with a
    component `cross`), or its attribute of the same name, or the one attribute that has every value (as
    `s holds mark of p` reads them); None for an item of nobody's."""
    for attribute in getattr(model, "seat_attributes", ()) or ():
        values = attribute.values
        if kinds[item] in values:
            return values.index(kinds[item]), kinds[item]
        owners = [a for a, by_item in attrs.items() if set(values) <= set(by_item.values())]
        name = attribute.name if attribute.name in owners else owners[0] if len(owners) == 1 else None
        if name is not None and attrs[name].get(item) in values:
            return values.index(attrs[name][item]), attrs[name][item]
    return None
