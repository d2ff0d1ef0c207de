"""A long static draw's chance numbers, read by item from a table the adapter keeps (#40).

A draw whose outcome texts read component labels only (the runtime's static draw: one Action per item for the
engine's lifetime, Pending.shared_action) gives an item the same text, so the same chance number, at every node
that draws it with the same arguments. So each item's number is read back from its text once per ActionTable,
kept by the draw's (text, arguments) like the runtime's Actions, and a node's numbers are its items looked up
in one C loop, its outcomes those numbers each paired with 1 over their count, instead of every outcome's
Action listed, paired with a float and its text read back (a deal from a deck of 52: three Python loops of 52).
Like State.chance_outcomes (runtime/drawn_outcomes.py), a short draw (at most SHORT_LISTING outcomes) is numbered by
listing_numbers.chance_numbers, and so is a long listing whose numbers do not rise (two items of one number); a short
draw's numbers are then kept by the items it draws from (short_draw_numbers: Kuhn's and Leduc's deals draw from the
same cards every game), as the runtime keeps its outcomes; a short draw from items not met together before is numbered
by item as a long one is (a deck's last cards: Euchre's and Hearts' deals seldom meet one set twice), and once
KEPT_DRAWS sets are kept the first stay (no clearing, which would throw away Kuhn's few for a deck's many).
"""

from __future__ import annotations

from itertools import islice, repeat
from operator import eq
from typing import Callable, Optional

from .listing_numbers import ListingNumbers, _in_order
from ..runtime.pending import SHORT_LISTING

KEPT_DRAWS = 4096  # the (text, arguments) of draws an ActionTable keeps numbers for (a game has few)


def is_long_static_draw(table, pending) -> bool:
    """Whether the chance node ``pending`` is a static draw of more than SHORT_LISTING outcomes, all as likely,
    in a game that does not number its chance outcomes itself (`chance outcomes numbered`)."""
    return (pending.shared is not None and pending.weights is None and pending.count > SHORT_LISTING
            and table.declared_chance is None)


def is_short_static_draw(table, pending) -> bool:
    """Whether the chance node ``pending`` is a static draw of at most SHORT_LISTING outcomes, all as likely, in a
    game that does not number its chance outcomes itself: its numbers are those of its items' texts, which read
    labels only, and its probabilities 1 over their count, so the items it draws from decide them."""
    return (pending.shared is not None and pending.weights is None and pending.items is not None
            and pending.count <= SHORT_LISTING and table.declared_chance is None)


def short_draw_numbers(table, pending, numbered_by_texts: Callable[[], ListingNumbers]) -> ListingNumbers:
    """The ListingNumbers of a short static draw (is_short_static_draw), kept in the ActionTable by the draw's
    (text, arguments) and the items it draws from, made once (``numbered_by_texts``: listing_numbers.chance_numbers)
    and kept on the node's listing too (Pending.numbered); its lists are read, never changed."""
    kept = table.short_draws
    key = (pending.text, pending.args, tuple(pending.items))
    numbered = kept.get(key)
    if numbered is None:  # items not met together before: numbered by item, as a long draw is
        numbered = drawn_numbers(table, pending) or numbered_by_texts()
        if len(kept) < KEPT_DRAWS:  # (once full, the first kept stay: a deck's sets seldom come back)
            kept[key] = numbered
    pending.numbered = numbered
    return numbered


def drawn_numbers(table, pending) -> Optional[ListingNumbers]:
    """The ListingNumbers of a long static draw (is_long_static_draw), kept on it (Pending.numbered); None where
    its numbers do not rise strictly (listing_numbers.chance_numbers then numbers it)."""
    numbers = _numbers_by_item(table, pending, lambda item: table.chance_id(pending.shared_action(item)))
    numbered = _listing(table, numbers, None)
    if numbered is not None:
        pending.numbered = numbered
    return numbered


def unordered_draws() -> bool:
    """Whether a draw numbered by item whose numbers are all different but do not rise (a deck's items in an order
    other than their numbers': OpenSpiel numbers cards suit by suit where the file's deck lists them rank by rank,
    or cards put back into the deck after a deal) keeps its numbers by item, its outcomes sorted by number
    (_listing), rather than being numbered again as any chance node (listing_numbers.chance_numbers)."""
    return True


def _listing(table, numbers: list, weights) -> Optional[ListingNumbers]:
    """The ListingNumbers of a draw whose items are numbered ``numbers`` (in the order of its items) and weighted
    ``weights`` (None: all as likely): probabilities weight / total as floats (as session._outcomes gives them) or
    1 over the count, the outcomes in number order. None where two items have one number (or one has none), whose
    probabilities must be added (listing_numbers.chance_numbers does), or, without unordered_draws, where the
    numbers do not rise strictly."""
    if weights is None:
        probabilities = repeat(1 / len(numbers))
    else:
        total = sum(weights)
        probabilities = [weight / total for weight in weights]
    if _in_order(numbers):
        return ListingNumbers(table, numbers, True, list(zip(numbers, probabilities)))
    if not unordered_draws():
        return None
    try:
        legal = sorted(numbers)
    except TypeError:  # (an item with no number: None among them)
        return None
    if any(map(eq, legal, islice(legal, 1, None))):  # (two items of one number: their probabilities added)
        return None
    # The rows' numbers all different: a number's row is its place among them (list.index, in C: a chance node's
    # number is looked for once, when it is played), its outcomes in number order.
    outcomes = list(zip(legal, probabilities)) if weights is None else sorted(zip(numbers, probabilities))
    return ListingNumbers.of_distinct(table, numbers, legal, outcomes)


def _numbers_by_item(table, pending, number_of) -> list:
    """The numbers of ``pending``'s items, each worked out once by ``number_of(item)`` and kept by the draw's
    (text, arguments) and the item (the table of kept draws cleared when full)."""
    kept = table.drawn_numbers
    key = (pending.text, pending.args)
    by_item = kept.get(key)
    if by_item is None:
        if len(kept) >= KEPT_DRAWS:
            kept.clear()
        by_item = kept[key] = {}
    items = pending.items
    try:
        return list(map(by_item.__getitem__, items))
    except KeyError:  # an item this draw has not given yet: its number worked out once
        for item in items:
            if item not in by_item:
                by_item[item] = number_of(item)
        return list(map(by_item.__getitem__, items))


def is_keyed_static_draw(table, pending) -> bool:
    """Whether the chance node ``pending`` is a static draw (its outcome texts read labels only) that the paths
    above leave to listing_numbers.chance_numbers: one whose items are copies (weights: how many items read so), or
    in a game that numbers its chance outcomes itself, whose `numbered` expression reads the outcome's names and
    the step's arguments, never the state (#40, helper gofish). Either way an item's number is fixed by the draw's
    (text, arguments) and the item, as a long draw's is, and its probability by the node's weights alone."""
    return (keyed_draws() and pending.shared is not None and pending.items is not None
            and (pending.weights is not None or table.declared_chance is not None))


def keyed_draws() -> bool:
    """Whether is_keyed_static_draw's draws are numbered by item (keyed_draw_numbers)."""
    return True


def keyed_draw_numbers(table, pending, st) -> Optional[ListingNumbers]:
    """The ListingNumbers of a draw is_keyed_static_draw admits, its numbers read by item from a table kept by the
    draw's (text, arguments), made once per item: the step's `numbered` expression (checked in range, as
    DeclaredOutcomes.row_numbers checks it) or its text read back; its probabilities weight / total as floats (as
    session._outcomes gives them) or 1 over the count. None where the numbers do not rise strictly (two outcomes
    of one number, or a number out of order): listing_numbers.chance_numbers then numbers it, and refuses it."""
    declared = table.declared_chance
    if declared is None:
        def number_of(item):  # its text read back
            return table.chance_id(pending.shared_action(item))
    else:
        def number_of(item):  # the step's `numbered` expression, checked in range
            step, args = st._stack[-1][0], st._stack[-1][1]
            n = declared.engine.STEPS[step].number(st, *args, item)
            declared._check(step, pending.shared_action(item).text, n)
            return n
    numbered = _listing(table, _numbers_by_item(table, pending, number_of), pending.weights)
    if numbered is not None:
        pending.numbered = numbered
    return numbered
