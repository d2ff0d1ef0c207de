"""A decision's listing as the adapters' integer actions, worked out once per listing and kept with it.

The engine lists a decision once per state (runtime Pending); its rows carry their texts. The adapters
number those texts (core.ActionTable) once, here, into two integer tables kept on the listing itself
(``Pending.numbered``): the sorted action numbers OpenSpiel and PettingZoo offer, and each number's
row, so that a number is applied by its row with no text read again. A listing never changes once made
and clones of a state share it, so a search that revisits a node (MCTS) numbers it once.

Most listings come in the numbering's order (a board's spaces in board order, a hand in its order), no two
rows alike: then the rows' numbers are already the sorted legal actions and a number's row is its place
among them, found by halving; no dict is made and nothing sorted (a Hex listing of 100 rows: 10.6 -> 5 us).
A short listing out of order (Connect Four's columns, listed by their lowest empty space) keeps its numbers in
row order, a number's row its first place among them (list.index); a long one keeps each number's first row in
a dict.

A listing the engine keeps from state to state and edits as the board changes (State._listed_kept: Hex's empty
spaces) is numbered by editing: the numbers of the rows it was edited from, kept here (_numbered_rows), have the
same rows removed and the new rows' numbers put in their places (runtime _listed_edits), a new row checked against
its neighbours; rows kept as they were keep their numbers. Only where those numbers rose strictly and still do;
any other listing is numbered from its texts.

A game that numbers its actions (`numbered EXPR`) numbers a listing from its rows (declared_numbers.py); a short one
is kept by its frame and rows (DeclaredNumbers.listings), as a poker seat's fold, call and raise recur at node after
node, until as many were kept as DECLARED_LISTINGS_KEPT with fewer found again (a hand of cards): then none are.
"""

from __future__ import annotations

import operator
from bisect import bisect_left
from functools import partial
from itertools import islice
from typing import Optional

from .numbered_candidates import NumberingError
from ..runtime.pending import _listed_actions, _listed_edits

_text_of = operator.attrgetter("text")
_row_text = operator.itemgetter(1)
_below = operator.lt
# id of a kept listing's rows -> (those rows, their ListingNumbers), for listings whose numbers rise strictly: what an
# edited listing's numbers are edited from (seat_numbers); a few at a time, as the runtime keeps its edits
_numbered_rows: dict[int, tuple] = {}
NUMBERED_ROWS_KEPT = 64
# A listing out of order of at most this many rows keeps its numbers in row order and finds a number's first row by
# list.index (a scan in C, cheaper than making a dict of first rows for a listing read a few times: Connect Four's
# columns, listed by their lowest empty space); a longer one keeps the dict.
SHORT_LISTING = 32
# A short listing's numbers kept by its texts, per ActionTable (ActionTable.listings): at most this many at once
LISTINGS_KEPT = 4096
# A short listing of a game that numbers its actions (`numbered EXPR`) kept by its frame and rows, per DeclaredNumbers
# (.listings), so that a listing that recurs (a poker seat's fold, call, raise) is not numbered and sorted again: at
# most this many at once; when that many were kept and fewer were found again, the game's listings seldom recur (a
# hand of cards) and none are kept from then on (DeclaredNumbers.keeping); 0: none kept
DECLARED_LISTINGS_KEPT = 1024


class ListingNumbers:
    """One listing's numbers for one ActionTable: ``legal`` sorted (a seat's actions, or a chance node's
    outcomes), ``outcomes`` (chance) (number, probability) sorted, and each number's first row: ``place``, a call
    made in C for a short listing (list.index, a dict's look-up), which raises ValueError or KeyError for a number
    no row has (or gives None: a long listing's halving), and ``row_of`` (None for a number no row has). Made from
    each row's number, in row order (``in_order``: they rise strictly, _in_order)."""

    __slots__ = ("table", "legal", "place", "outcomes")

    def __init__(self, table, numbers: list, in_order: bool, outcomes: Optional[list] = None):
        self.table, self.outcomes = table, outcomes
        if in_order:  # row i has legal[i]: a number's row is its place among them (list.index, in C; long: halving)
            self.legal = numbers
            self.place = numbers.index if len(numbers) <= SHORT_LISTING else partial(_place_among, numbers)
        elif len(numbers) <= SHORT_LISTING:  # a number's row: its first place among them (in C), no dict made
            self.legal, self.place = sorted(set(numbers)), numbers.index
        else:
            rows = _first_rows(numbers)
            self.legal, self.place = sorted(rows), rows.__getitem__

    @classmethod
    def of_distinct(cls, table, numbers: list, legal: list, outcomes: Optional[list] = None) -> "ListingNumbers":
        """The numbers of a listing whose rows' ``numbers`` are all different, not in order, ``legal`` already
        sorted: a number's row is its place among them (list.index, in C), no dict of first rows made."""
        numbered = cls.__new__(cls)
        numbered.table, numbered.outcomes, numbered.legal, numbered.place = table, outcomes, legal, numbers.index
        return numbered

    def row_of(self, number: int) -> Optional[int]:
        """The row a number plays (its first), None if no row has it."""
        try:
            return self.place(number)
        except (ValueError, KeyError):
            return None


def _place_among(legal: list[int], number: int) -> Optional[int]:
    """The place of ``number`` among ``legal`` (rising strictly), found by halving; None if it is not there."""
    row = bisect_left(legal, number)
    return row if row < len(legal) and legal[row] == number else None


def seat_numbers(table, pending, st) -> ListingNumbers:
    """The numbers of a seat's decision (every row the seat's own) at state ``st``: its texts' numbers, or
    where the game numbers its actions (`numbered EXPR`), each row's (declared_numbers.py)."""
    numbered = pending.numbered
    if numbered is not None and numbered.table is table:
        return numbered
    if table.declared is not None:
        if pending.rows is None:
            raise NumberingError("an engine that lists its decisions itself (Pending.given) has no declared numbers")
        declared, rows, key = table.declared, pending.rows, None
        if declared.keeping and len(rows) <= SHORT_LISTING and DECLARED_LISTINGS_KEPT:  # a short listing numbered before: its numbers again
            # (a row's number reads the step's arguments and the row alone: the same frame and rows, the same)
            key = (st._stack[-1], tuple(rows))
            numbered = declared.listings.get(key)
            if numbered is not None:
                declared.kept_found += 1
                pending.numbered = numbered
                return numbered
        # no two alike (checked on the sorted numbers): in order, a number's row is its place; out of order (a
        # piece's moves listed by where they go), its place among the numbers, no dict of first rows made
        numbers, legal = declared.seat_row_numbers(st, pending)
        pending.numbered = numbered = ListingNumbers(table, numbers, True) if legal == numbers else \
            ListingNumbers.of_distinct(table, numbers, legal)
        if key is not None:
            listings = declared.listings
            if len(listings) >= DECLARED_LISTINGS_KEPT:  # as many listings as kept: stop keeping them if few recurred
                declared.keeping = declared.kept_found >= len(listings)
                listings.clear()
                declared.kept_found = 0
            listings[key] = numbered
        return numbered
    rows = pending.rows
    if rows is not None and (id(rows) in _numbered_rows or id(rows) in _listed_edits):  # (rows the engine keeps)
        numbered = _kept_numbers(table, rows)
        if numbered is not None:
            pending.numbered = numbered
            return numbered
    texts = tuple(map(_row_text, rows) if rows is not None else map(_text_of, pending.all_actions()))
    by_texts = table.listings
    numbered = by_texts.get(texts)
    if numbered is not None:  # a listing of these texts numbered before: the same numbers
        in_order = numbered.legal is numbered.place.__self__  # (list.index of the numbers themselves)
    else:
        numbers = list(map(table.player_numbers.__getitem__, texts))
        in_order = _in_order(numbers)
        if not in_order and None in numbers:
            table.player_id(pending.all_actions()[numbers.index(None)])  # (raises: an action text no template gives)
        numbered = ListingNumbers(table, numbers, in_order)
        if len(texts) <= SHORT_LISTING:  # kept by its texts: a game's short listings recur (a board's empty spaces)
            if len(by_texts) >= LISTINGS_KEPT:
                by_texts.clear()
            by_texts[texts] = numbered
    pending.numbered = numbered
    if in_order and rows is not None and id(rows) in _listed_actions:  # rows the engine keeps: the next listing
        # is edited from them
        listed = _listed_actions.get(id(rows))
        if listed is not None and listed[0] is rows:
            _keep_numbers(rows, numbered)
    return numbered


class JointNumbers:
    """A simultaneous decision's listing (a choice `by each player`: every choosing seat's rows, grouped by seat)
    numbered once and kept with it (``Pending.numbered``), as a seat's decision is: ``seats[seat]`` is the
    ListingNumbers of that seat's own rows (None for a seat with none), its ``legal`` the seat's sorted actions
    and its ``row_of`` a number's place among the seat's rows. That place stays the seat's while the others
    choose (a secret choice keeps every other seat's rows as they were, in their order: SecretChoices), so a
    seat's choice is played at the first of its rows in the decision as it then stands plus that place, with no
    Action made or looked for by its text (Session.apply_joint)."""

    __slots__ = ("table", "seats")

    def __init__(self, table, seats: list):
        self.table, self.seats = table, seats


def joint_numbers(table, pending, st) -> Optional[JointNumbers]:
    """The numbers of a simultaneous decision listed by rows at state ``st``, each seat's (its texts', or where the
    game numbers its actions each row's, checked: declared_numbers.py); None for one listed otherwise (an
    engine's own ``_decide``), which the session numbers from its Actions."""
    numbered = pending.numbered
    if numbered is not None and numbered.table is table:
        return numbered
    rows = pending.rows
    if rows is None or pending.options is None:
        return None
    if table.declared is not None:
        numbers = table.declared.row_numbers(st, pending)
    else:
        numbers = list(map(table.player_numbers.__getitem__, map(_row_text, rows)))
        if None in numbers:
            table.player_id(pending.all_actions()[numbers.index(None)])  # (raises: an action text no template gives)
    seats = []
    for seat in range(st.players):
        first, past = pending.seat_rows(seat)
        own = numbers[first:past]
        seats.append(ListingNumbers(table, own, _in_order(own)) if own else None)
    pending.numbered = numbered = JointNumbers(table, seats)
    return numbered


def _kept_numbers(table, rows: list) -> Optional[ListingNumbers]:
    """The numbers of kept rows, from those of the rows they were edited from (their ListingNumbers kept in
    _numbered_rows, for this table, rising strictly): the same rows removed, each new row's number put in its place
    if it rises between its neighbours; None where they are not known or would not rise."""
    kept = _numbered_rows.get(id(rows))
    if kept is not None and kept[0] is rows and kept[1].table is table:  # (the same rows again)
        return kept[1]
    edited = _listed_edits.get(id(rows))
    if edited is None or edited[0] is not rows:
        return None
    kept = _numbered_rows.get(id(edited[1]))
    if kept is None or kept[0] is not edited[1] or kept[1].table is not table:
        return None
    numbers = kept[1].legal.copy()
    number_of = table.player_numbers.__getitem__
    for index, row in edited[2]:
        if row is None:
            del numbers[index]
            continue
        number = number_of(row[1])
        if number is None or (index and numbers[index - 1] >= number) or \
                (index < len(numbers) and numbers[index] <= number):
            return None
        numbers.insert(index, number)
    numbered = ListingNumbers(table, numbers, True)
    _keep_numbers(rows, numbered)
    return numbered


def _keep_numbers(rows: list, numbered: ListingNumbers) -> None:
    if len(_numbered_rows) >= NUMBERED_ROWS_KEPT:
        _numbered_rows.clear()
    _numbered_rows[id(rows)] = (rows, numbered)


def chance_numbers(table, pending, outcomes: list, shuffled: bool, st) -> ListingNumbers:
    """The numbers of a chance node's ``outcomes`` (State.chance_outcomes of the state ``st``, which ``pending``
    lists): where the game numbers its chance outcomes, each row's (declared_outcomes.py); else a shuffle's by
    their place among the zone's orders, any other's by its text; outcomes of one number (texts read back to one
    template) have their probabilities added."""
    numbered = pending.numbered
    if numbered is not None and numbered.table is table:
        return numbered
    if table.declared_chance is not None:
        numbers = table.declared_chance.row_numbers(st, pending)
    elif shuffled:
        numbers = list(range(len(outcomes)))
    else:
        numbers = [table.chance_id(action) for action, _ in outcomes]
    in_order = _in_order(numbers)
    if in_order:  # no two outcomes of one number
        merged = list(zip(numbers, [float(probability) for _, probability in outcomes]))
    else:
        sums: dict[int, float] = {}
        for number, (_, probability) in zip(numbers, outcomes):
            sums[number] = sums.get(number, 0.0) + float(probability)
        merged = sorted(sums.items())
    pending.numbered = numbered = ListingNumbers(table, numbers, in_order, merged)
    return numbered


def _in_order(numbers: list) -> bool:
    """Whether ``numbers`` rise strictly (the rows listed in the numbering's order, no two alike; every row
    numbered), so that a number's row is its place among them."""
    if len(numbers) < 2:
        return not numbers or numbers[0] is not None
    try:
        return all(map(_below, numbers, islice(numbers, 1, None)))
    except TypeError:  # (a None among them: a text with no number)
        return False


def _first_rows(numbers: list[int]) -> dict[int, int]:
    """Each number's first row (two texts may read back to one number: the first is the one applied): the rows
    given last to first, so that a number's first row is the one kept."""
    last = len(numbers) - 1
    return dict(zip(reversed(numbers), range(last, -1, -1)))
