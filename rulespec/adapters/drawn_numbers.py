"""A long static draw's chance numbers, read by item from a table the adapter keeps (#40).

A draw whose outcome texts read component labels only (the runtime's static draw: one Action per item for the
engine's lifetime, Pending.shared_action) gives an item the same text, so the same chance number, at every node
that draws it with the same arguments. So each item's number is read back from its text once per ActionTable,
kept by the draw's (text, arguments) like the runtime's Actions, and a node's numbers are its items looked up
in one C loop, its outcomes those numbers each paired with 1 over their count, instead of every outcome's
Action listed, paired with a float and its text read back (a deal from a deck of 52: three Python loops of 52).
Like State.chance_outcomes (runtime/drawn_outcomes.py), a short draw (at most SHORT_LISTING outcomes) is left to
listing_numbers.chance_numbers, and so is a listing whose numbers do not rise (two items of one number).
"""

from __future__ import annotations

from itertools import repeat
from typing import Optional

from .listing_numbers import ListingNumbers, _in_order
from ..runtime.pending import SHORT_LISTING

KEPT_DRAWS = 4096  # the (text, arguments) of draws an ActionTable keeps numbers for (a game has few)


def is_long_static_draw(table, pending) -> bool:
    """Whether the chance node ``pending`` is a static draw of more than SHORT_LISTING outcomes, all as likely,
    in a game that does not number its chance outcomes itself (`chance outcomes numbered`)."""
    return (pending.shared is not None and pending.weights is None and pending.count > SHORT_LISTING
            and table.declared_chance is None)


def drawn_numbers(table, pending) -> Optional[ListingNumbers]:
    """The ListingNumbers of a long static draw (is_long_static_draw), kept on it (Pending.numbered); None where
    its numbers do not rise strictly (listing_numbers.chance_numbers then numbers it)."""
    kept = table.drawn_numbers
    key = (pending.text, pending.args)
    by_item = kept.get(key)
    if by_item is None:
        if len(kept) >= KEPT_DRAWS:
            kept.clear()
        by_item = kept[key] = {}
    items = pending.items
    try:
        numbers = list(map(by_item.__getitem__, items))
    except KeyError:  # an item this draw has not given yet: its text read back once
        for item in items:
            if item not in by_item:
                by_item[item] = table.chance_id(pending.shared_action(item))
        numbers = list(map(by_item.__getitem__, items))
    if not _in_order(numbers):
        return None
    outcomes = list(zip(numbers, repeat(1 / len(numbers))))
    pending.numbered = numbered = ListingNumbers(table, numbers, True, outcomes)
    return numbered
