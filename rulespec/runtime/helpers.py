"""Helpers generated code calls besides the state: ranges, picks, best sets and the item tables."""

from __future__ import annotations

import functools
import math
import operator
from typing import Any, Callable, Iterable, Optional, Sequence

from .common import SPAN_LIMIT, RuleRuntimeError

@functools.lru_cache(maxsize=4096)
def _best_sets(counts: tuple[int, ...], wild: int, table: tuple[tuple[int, int], ...]):
    from ..lib.setscore import best_score
    # A wildcard completes a set but never forms one alone; of the best-scoring splits, the one a player
    # would pick for the tie-break counts: the most real items left over.
    return best_score(counts, wild, dict(table), min_real_per_set=1, leftovers_first=True)


def best_sets(figure: str, attribute: dict[int, Any], kinds: tuple, items: Iterable[int], wild: int,
              table: dict[int, int]) -> int:
    """Points of the best split of ``items`` into sets of distinct kinds, or the real items left over.

    Each set holds at least one real item; among the splits with the most points, the one leaving the
    most real items over is taken (see rulespec.lib.setscore)."""
    counts = [0] * len(kinds)
    for item in items:
        value = attribute.get(item)
        if value in kinds:
            counts[kinds.index(value)] += 1
    result = _best_sets(tuple(counts), max(wild, 0), tuple(sorted(table.items())))
    return result.score if figure == "points" else result.unused_real


def span(low: int, high: int) -> range:
    """`low..high` in a rule: the whole numbers from low to high, none when high < low. A range is walked
    number by number, so it holds at most the language's `span` limit (10,000) of them."""
    if high - low + 1 > SPAN_LIMIT:
        raise RuleRuntimeError(f"the range {low}..{high} holds {high - low + 1:,} numbers; a range in the rules "
                               f"holds at most {SPAN_LIMIT:,}")
    return range(low, high + 1)


def pick_weights(candidates: Iterable[tuple[str, Any]]) -> list[tuple[str, int, tuple]]:
    """A uniform pick among elements; elements that read the same are one outcome with their weight."""
    merged: dict[str, list] = {}
    for text, value in candidates:
        entry = merged.get(text)
        if entry is None:
            merged[text] = [text, 1, (value,)]
        else:
            entry[1] += 1
    return [tuple(entry) for entry in merged.values()]


def weighted_picks(candidates: Iterable[tuple[str, Any, int]], several: bool = False) -> list[tuple[str, int, tuple]]:
    """A pick among elements, each as likely as its weight (`weighted by`): a whole number, 0 or more; an
    element weighted 0 is not offered; elements that read the same are one outcome, their weights added.
    ``several``: each element is already the tuple of a pick's parts (`for a, b picked from C`)."""
    merged: dict[str, list] = {}
    for text, value, weight in candidates:
        if weight.__class__ is not int or weight < 0:
            raise RuleRuntimeError(f"the outcome \"{text}\" is weighted {weight}: a weight is a whole number, 0 or more")
        if not weight:
            continue
        entry = merged.get(text)
        if entry is None:
            merged[text] = [text, weight, value if several else (value,)]
        else:
            entry[1] += weight
    if not merged:
        raise RuleRuntimeError("every outcome is weighted 0: a weighted pick needs a weight above 0")
    return [tuple(entry) for entry in merged.values()]


def shuffle_orders(st, zone: int, prefix: str, limit: int) -> list[tuple[str, int, tuple]]:
    """Every distinct order of a stacked zone's components, bottom first, each equally likely (`shuffle`):
    orders that differ only by identical components (the same label) are one. Read as ``prefix`` and the
    labels; at most ``limit`` orders (the language's shuffle_orders)."""
    engine = st._engine
    label = engine._label_now if st._attrs else engine.ITEM_LABEL.__getitem__  # (an attribute changed: as it is now)
    groups: dict[str, list[int]] = {}
    for item in sorted(st._zones[zone]):
        groups.setdefault(label(st, item) if st._attrs else label(item), []).append(item)
    count = math.factorial(sum(map(len, groups.values())))
    for items in groups.values():
        count //= math.factorial(len(items))
    if count > limit:
        raise RuleRuntimeError(f"a shuffle of these {sum(map(len, groups.values()))} components has {count:,} "
                               f"orders; a shuffle lists at most {limit:,}")
    names = list(groups)
    sequence = [k for k, name in enumerate(names) for _ in groups[name]]  # lowest first: the first order
    out: list[tuple[str, int, tuple]] = []
    while True:
        used = [0] * len(names)
        order = []
        for k in sequence:
            order.append(groups[names[k]][used[k]])
            used[k] += 1
        out.append((prefix + (", ".join(names[k] for k in sequence) or "nothing"), 1, (tuple(order),)))
        if not _next_order(sequence):
            return out


def shuffle_key(st, zone: int) -> Optional[tuple]:
    """What a shuffle's orders depend on beside its step: the components in the zone (shuffle_orders sorts
    them), or None when an attribute has changed in this state (a label may then read otherwise)."""
    return None if st._attrs else tuple(sorted(st._zones[zone]))


def _next_order(sequence: list[int]) -> bool:
    """The next distinct order of ``sequence`` (lexicographically, in place), False after the last."""
    i = len(sequence) - 2
    while i >= 0 and sequence[i] >= sequence[i + 1]:
        i -= 1
    if i < 0:
        return False
    j = len(sequence) - 1
    while sequence[j] <= sequence[i]:
        j -= 1
    sequence[i], sequence[j] = sequence[j], sequence[i]
    sequence[i + 1:] = reversed(sequence[i + 1:])
    return True


def combinations(attributes: Sequence[tuple]) -> list[dict]:
    """Every combination of a declaration's attribute values ``((attr, values), ...)``, the last varying fastest."""
    combos: list[dict] = [{}]
    for attr, values in attributes:
        combos = [dict(c, **{attr: v}) for c in combos for v in values]
    return combos


def build_item_tables(components: Sequence[tuple]) -> tuple[tuple[str, ...], tuple[str, ...], dict[str, dict[int, Any]]]:
    """Expand component declarations ``(name, ((attr, values), ...), copies, shown_as)`` into items."""
    kinds, labels, attrs = [], [], {}
    for name, attributes, copies, shown_as in components:
        for combo in combinations(attributes):
            for _ in range(copies_of(copies, combo)):
                item = len(kinds)
                kinds.append(name)
                labels.append(item_label(name, combo, shown_as))
                for attr, value in combo.items():
                    attrs.setdefault(attr, {})[item] = value
    return tuple(kinds), tuple(labels), attrs


def unmade_looks(components: Sequence[tuple]) -> tuple[tuple[str, dict, str], ...]:
    """What a piece may come to show though none is made so: each combination of values of a component
    declaration ``(name, attributes, copies, shown_as)`` counted 0 (`rank (man 12, king 0), rank can change`),
    as (component, values, label); what lists the labels or values pieces show lists these too."""
    looks = []
    for name, attributes, copies, shown_as in components:
        if copies.__class__ is int or all(n for _, n in copies[1]):
            continue
        looks += [(name, combo, item_label(name, combo, shown_as)) for combo in combinations(attributes)
                  if not copies_of(copies, combo)]
    return tuple(looks)


def labels_in_order(components: Sequence[tuple]) -> list[str]:
    """Every label a piece can show, once each, in the order of the declarations' combinations of values: the
    items' labels, with a look none is made with (`king 0`) in its place."""
    labels: dict[str, None] = {}
    for name, attributes, _, shown_as in components:
        labels.update(dict.fromkeys(item_label(name, combo, shown_as) for combo in combinations(attributes)))
    return list(labels)


def copies_of(copies: Any, combo: dict) -> int:
    """How many copies a combination of values has: ``copies`` (a number for all), or ``(attribute, ((value,
    count), ...))`` where the count goes by the combination's value of that attribute (`kind (pawn 8, king)`)."""
    if copies.__class__ is int:
        return copies
    attribute, counts = copies
    return dict(counts)[combo[attribute]]


def items_made(attributes: Sequence[tuple], copies: Any) -> int:
    """How many items a component declaration ``(name, attributes, copies, shown_as)`` makes."""
    if copies.__class__ is int:
        return copies * math.prod(len(values) for _, values in attributes)
    counted, counts = copies
    return sum(n for _, n in counts) * math.prod(len(values) for a, values in attributes if a != counted)


def item_label(name: str, combo: dict, shown_as: Optional[str]) -> str:
    """How a component with these attribute values reads: its `shown as` text, else its values and its name."""
    if shown_as:
        return shown_as.format(**combo)
    if combo:
        return " ".join(str(v) for v in combo.values()) + " " + name
    return name


class ItemTests(dict):
    """A test of one item that reads only what never changes (its component and attributes, the values it is
    compared with), worked out for every item at once: ``tests[value]`` (the values of the names it reads
    besides the item; a tuple when several, ``()`` when none) is a tuple of one bool per item, so a walk over
    a zone asks ``tests[value].__getitem__`` in C loops (any, filter, sum) instead of running the test item by
    item. Made on first use for each value; at most 4,096 values are kept."""

    __slots__ = ("test", "items", "spread")

    def __init__(self, test: Any, items: int, spread: bool = False):
        super().__init__()
        self.test, self.items, self.spread = test, items, spread  # spread: the value is a tuple of several

    def __missing__(self, value: Any) -> tuple[bool, ...]:
        if len(self) > 4096:
            self.clear()
        test = self.test
        values = value if self.spread else (value,)
        found = self[value] = tuple(bool(test(item, *values)) for item in range(self.items))
        return found


class ContentTests(dict):
    """A test of what one space holds that reads, besides, only values a listing does not change (counters, seats,
    options: rulespec/codegen/content_tables.py), worked out for every content at once: ``tests[values]`` (the
    values it reads, a tuple) is a tuple of one bool per item, then one for an empty space (last, so that the
    board's -1 reads it). Made on first use for each value; at most 4,096 values are kept."""

    __slots__ = ("test", "items")

    def __init__(self, test: Any, items: int):
        super().__init__()
        self.test, self.items = test, items

    def __missing__(self, values: tuple) -> tuple[bool, ...]:
        if len(self) > 4096:
            self.clear()
        test = self.test
        found = self[values] = tuple(bool(test(c, *values)) for c in (*range(self.items), -1))
        return found


class _Calls:
    """item_table's stand-in for a table it could not make: ``calls[a][b]`` calls the definition."""

    __slots__ = ("function", "args", "arity")

    def __init__(self, function: Any, args: tuple, arity: int):
        self.function, self.args, self.arity = function, args, arity

    def __getitem__(self, item: int) -> Any:
        args = self.args + (item,)
        return self.function(None, *args) if len(args) == self.arity else _Calls(self.function, args, self.arity)


def content_directions(table: dict, function: Any, st: Any, space: int, key: Any) -> tuple:
    """A definition of a space and a direction that reads the space only through what it holds (its emptiness,
    its occupant's attributes: rulespec/codegen/content_directions.py), for every direction index at once, for a
    content ``key`` not met yet: worked out on ``space`` of the state at hand, kept in ``table`` by the key."""
    try:
        values = tuple(function(st, space, d) for d in range(DIRECTION_INDICES))
    except Exception:  # (the rules' own error, raised where a use asks it, as before: nothing kept)
        return _EachDirection(function, st, space)
    table[key] = values
    return values


class _EachDirection:
    """A stand-in for a content's row of directions that calls the definition at each use, as before."""

    __slots__ = ("function", "st", "space")

    def __init__(self, function: Any, st: Any, space: int):
        self.function, self.st, self.space = function, st, space

    def __getitem__(self, d: int) -> Any:
        return self.function(self.st, self.space, d)


DIRECTION_INDICES = 8  # (a board's directions are indices of COMPASS: 8 on squares, 6 of them on hexagons)


def item_table(function: Any, items: int, arity: int) -> Any:
    """The value of a definition of ``arity`` items (1 or 2) that reads only what never changes about them
    (rulespec/codegen/item_definitions.py), for every item or pair, by calling its function once for each:
    ``table[a]`` or ``table[a][b]``. Where it fails for some item (an attribute the item does not have,
    compared with a number), a stand-in that calls the function at each use, as before."""
    try:
        if arity == 1:
            return tuple(function(None, a) for a in range(items))
        return tuple(tuple(function(None, a, b) for b in range(items)) for a in range(items))
    except Exception:  # (the rules' own error, raised where a use asks it, as before)
        return _Calls(function, (), arity)


class ItemValues(ItemTests):
    """A value of one item that reads only what never changes (see ItemTests), worked out for every item at
    once: ``values[value]`` is a tuple of one value per item, so a total over a zone is ``sum(map(...))`` in C
    (codegen/item_values.py)."""

    __slots__ = ()

    def __missing__(self, value: Any) -> tuple:
        if len(self) > 4096:
            self.clear()
        worked_out = self.test
        values = value if self.spread else (value,)
        found = self[value] = tuple(worked_out(item, *values) for item in range(self.items))
        return found


class ItemsPassing(ItemTests):
    """The items a test of what never changes lets through (see ItemTests), as a tuple of their numbers in
    item order: ``items[value]``, for a count that then asks only where each is and one changing attribute
    (count_located)."""

    __slots__ = ()

    def __missing__(self, value: Any) -> tuple[int, ...]:
        if len(self) > 4096:
            self.clear()
        test = self.test
        values = value if self.spread else (value,)
        found = self[value] = tuple(item for item in range(self.items) if test(item, *values))
        return found


class SeatWalk(dict):
    """The values of a walk (a range of constants, a whole board's spaces) that a test reading only the walked
    value and some seats lets through, in the walk's order, by those seats' values: ``table.of(st, *seats)``,
    worked out the first time each is met (`for k in 1..13 where own_pit(p, k)`: each seat's own pits;
    rulespec/codegen/seat_walks.py). The test reads no state; ``st`` is given only so that its code runs as
    written."""

    __slots__ = ("test", "values")

    def __init__(self, test: Any, values: Iterable[Any]):
        super().__init__()
        self.test, self.values = test, tuple(values)

    def of(self, st: Any, *seats: int) -> tuple:
        found = self.get(seats)
        if found is None:
            test = self.test
            found = self[seats] = tuple(value for value in self.values if test(st, value, *seats))
        return found


def steps_again_spent(limit: int, step: str) -> RuleRuntimeError:
    """The error of an automatic step that went round its own loop (a `then` to itself, run as the loop's next
    turn: rulespec/codegen/steps_again.py) more than MAX_AUTO_STEPS times: Engine._auto_steps_spent's words,
    the step named as the next."""
    return RuleRuntimeError(
        f"{limit} automatic steps ran without reaching a decision (the next: `{step}`): a `then` chain, `repeat` "
        f"or triggers that never stop? Engine.MAX_AUTO_STEPS is the limit")


def first_in_zone(where: Sequence[int], passing: Sequence[int], place: int) -> tuple:
    """The first of ``passing`` (the few items a fixed test lets through, in item order: a zone's order unless
    it is stacked) that lies in the zone numbered ``place``, as a 1-tuple, or () when none does (for
    State._first, which says so): each asked where it is, the zone not walked (codegen/passing_items.py)."""
    for item in passing:
        if where[item] == place:
            return (item,)
    return ()


def count_is(values: Sequence[Any], need: int, test: Callable[[Any], Any]) -> bool:
    """Whether exactly ``need`` of ``values`` pass ``test``: `count(x in D where C) = K`, stopping as soon as the
    answer is known (one more than K passed, or more than len(D) - K failed) instead of counting them all
    (codegen/counts.py count_is_test: a meld's cards all held, `count(r in low..high where ...) = length`)."""
    spare = len(values) - need
    if spare < 0 or need < 0:
        return False
    found = 0
    for value in values:
        if test(value):
            found += 1
            if found > need:
                return False
        else:
            spare -= 1
            if spare < 0:
                return False
    return True


class HeldGroups(dict):
    """For each value of the names a count's fixed tests read (``groups[value]``; a tuple when several), one
    tuple per walked value that passes them, of the items its test asks where they lie (codegen/held_counts.py);
    made on first use for each value, at most 4,096 kept."""

    __slots__ = ("make", "spread")

    def __init__(self, make: Callable[..., tuple], spread: bool):
        super().__init__()
        self.make, self.spread = make, spread

    def __missing__(self, value: Any) -> tuple:
        if len(self) > 4096:
            self.clear()
        found = self[value] = self.make(*value) if self.spread else self.make(value)
        return found


def count_held_is(where: Sequence[int], groups: Sequence[Sequence[int]], need: int, places: tuple) -> bool:
    """Whether exactly ``need`` of ``groups`` (see HeldGroups) have an item lying in one of the zones numbered
    ``places``: count_is over the walked values whose fixed tests pass (the others fail whatever the state),
    each asked only where its items lie, stopping once the answer is known."""
    spare = len(groups) - need
    if spare < 0 or need < 0:
        return False
    found = 0
    for items in groups:
        for item in items:
            if where[item] in places:
                found += 1
                if found > need:
                    return False
                break
        else:
            spare -= 1
            if spare < 0:
                return False
    return True


def any_in_zone(where: Sequence[int], passing: Sequence[int], place: int) -> bool:
    """Whether one of ``passing`` lies in the zone numbered ``place`` (see first_in_zone)."""
    for item in passing:
        if where[item] == place:
            return True
    return False


class EveryBetween:
    """Whether every number from low to high passes a test that is the same for every candidate of a listing:
    `count(r in low..high where T) = high - low + 1` asked for many pairs (codegen/every_between.py). The test's
    answers are kept for the numbers asked so far, with how many pass up to each, so a pair is two look-ups.
    None where the answer is to be worked out as written: a run longer than a range may be, or a test that
    failed while the answers were gathered (then for every pair after it, as a number no candidate would have
    reached may have failed it)."""

    __slots__ = ("test", "first", "last", "passed", "broken")

    def __init__(self, test: Callable[[int], Any]):
        self.test, self.first, self.last, self.passed, self.broken = test, 0, -1, [0], False

    def holds(self, low: int, high: int) -> Optional[bool]:
        if high < low:
            return high == low - 1  # (none counted: `= high - low + 1` holds only for the empty run)
        if (low < self.first or high > self.last) and not self._gather(low, high):
            return None
        passed, first = self.passed, self.first
        return passed[high - first + 1] - passed[low - first] == high - low + 1

    def _gather(self, low: int, high: int) -> bool:
        """The test's answers from low to high kept too, those kept already not asked again: numbers above
        the last are added on, numbers below the first start the tally again from them. False where they
        cannot be (the run too long, or the test failed: then given up for good)."""
        if self.broken:
            return False
        test, first, last = self.test, self.first, self.last
        if last < first or low < first:  # (nothing kept yet, or numbers below the first: start again there)
            new_first, new_last = low, max(high, last) if last >= first else high
            if new_last - new_first + 1 > SPAN_LIMIT:
                return False
            passed, n = [0], 0
            try:
                for r in range(new_first, new_last + 1):
                    if first <= r <= last:
                        n += self.passed[r - first + 1] - self.passed[r - first]
                    elif test(r):
                        n += 1
                    passed.append(n)
            except Exception:
                self.broken = True
                return False
            self.first, self.last, self.passed = new_first, new_last, passed
            return True
        if high - first + 1 > SPAN_LIMIT:
            return False
        passed = self.passed
        n = passed[-1]
        try:
            for r in range(last + 1, high + 1):
                if test(r):
                    n += 1
                passed.append(n)
        except Exception:
            self.broken = True
            return False
        self.last = high
        return True


def count_in_zone(where: Sequence[int], passing: Sequence[int], place: int) -> int:
    """How many of ``passing`` lie in the zone numbered ``place`` (see first_in_zone)."""
    found = 0
    for item in passing:
        if where[item] == place:
            found += 1
    return found


def count_located(where: Sequence[int], values: Sequence[Any], items: Sequence[int], place: int, value: Any) -> int:
    """How many of ``items`` are at ``place`` (a zone's number in the state's item locations) with the changing
    attribute ``values`` equal to ``value``: only the items a fixed test let through are looked at, not every
    item of the zone (rulespec/codegen/counts.py located_count). A plain loop: on CPython 3.11 it beats
    countOf over zip and map here (1.0 against 3.6 us for 15 items)."""
    found = 0
    for item in items:
        if values[item] == value and where[item] == place:
            found += 1
    return found


def first_located(where: Sequence[int], values: Sequence[Any], items: Sequence[int], place: int, value: Any) -> tuple:
    """The first of ``items`` (in item order: a zone's order unless it is stacked) that count_located would
    count, as a 1-tuple, or () when none is (for State._first, which says so)."""
    for item in items:
        if values[item] == value and where[item] == place:
            return (item,)
    return ()


def spaces_held(where: Sequence[int], items: Sequence[int], base: int, size: int) -> list[int]:
    """The spaces of a board (its first location number ``base``, ``size`` spaces: one item a space) that
    ``items`` stand on, in board order: the spaces whose occupant a fixed test lets through, asked of the few
    items it lets through, not of every space (rulespec/codegen/held_spaces.py)."""
    found = []
    for item in items:
        at = where[item] - base
        if 0 <= at < size:
            found.append(at)
    found.sort()
    return found


def count_on_board(where: Sequence[int], values: Sequence[Any], items: Sequence[int], base: int,
                   cells: Sequence[int], value: Any) -> int:
    """How many of ``items`` stand on a board (its first location number ``base``, its ``cells``: one item a
    space) with the changing attribute ``values`` equal to ``value``: the spaces whose occupant passes, asked
    of the items a fixed test let through, not of every space (rulespec/codegen/counts.py located_on_board)."""
    found, size = 0, len(cells)
    for item in items:
        if values[item] == value and 0 <= where[item] - base < size:
            found += 1
    return found


def count_on_board_also(where: Sequence[int], values: Sequence[Any], items: Sequence[int], base: int,
                        cells: Sequence[int], value: Any, also: tuple) -> int:
    """count_on_board, each item whose ``values`` equals ``value`` also asked each (values, value) of ``also``:
    further changing attributes (Shogi's king: its kind and its colour both change)."""
    found, size = 0, len(cells)
    for item in items:
        if values[item] == value and 0 <= where[item] - base < size:
            for other, wanted in also:
                if other[item] != wanted:
                    break
            else:
                found += 1
    return found


def any_on_board(where: Sequence[int], values: Sequence[Any], items: Sequence[int], base: int,
                 cells: Sequence[int], value: Any) -> bool:
    """Whether count_on_board would count one: stops at the first item found (rulespec/codegen/counts.py
    located_found)."""
    size = len(cells)
    for item in items:
        if values[item] == value and 0 <= where[item] - base < size:
            return True
    return False


def any_on_board_also(where: Sequence[int], values: Sequence[Any], items: Sequence[int], base: int,
                      cells: Sequence[int], value: Any, also: tuple) -> bool:
    """any_on_board, each item whose ``values`` equals ``value`` also asked each (values, value) of ``also``."""
    size = len(cells)
    for item in items:
        if values[item] == value and 0 <= where[item] - base < size:
            for other, wanted in also:
                if other[item] != wanted:
                    break
            else:
                return True
    return False


def first_on_board_also(where: Sequence[int], values: Sequence[Any], items: Sequence[int], base: int,
                        cells: Sequence[int], value: Any, also: tuple) -> tuple:
    """first_on_board, each item whose ``values`` equals ``value`` also asked each (values, value) of ``also``."""
    first, size = -1, len(cells)
    for item in items:
        if values[item] == value:
            for other, wanted in also:
                if other[item] != wanted:
                    break
            else:
                at = where[item] - base
                if 0 <= at < size and (first < 0 or at < first):
                    first = at
    return () if first < 0 else (first,)


def first_on_board(where: Sequence[int], values: Sequence[Any], items: Sequence[int], base: int,
                   cells: Sequence[int], value: Any) -> tuple:
    """The first space in board order (the lowest number) of those count_on_board would count, as a 1-tuple,
    or () when there is none (for State._first, which says so)."""
    first, size = -1, len(cells)
    for item in items:
        if values[item] == value:
            at = where[item] - base
            if 0 <= at < size and (first < 0 or at < first):
                first = at
    return () if first < 0 else (first,)


KEPT_BY_VALUES = 4096  # the most rows an option keeps by the values of counters (_RowsKept.keep)


class KeptRows(dict):
    """The rows a choice step's listing keeps, for its options whose texts read only labels (the same row
    for the same seat, arguments and binding in every state, so each is made once): (seat, arguments) ->
    their _RowsKept. At most 4,096 seats-and-arguments are kept (a game has few)."""

    __slots__ = ("options",)

    def __init__(self, options: int):
        super().__init__()
        self.options = options  # the step's options, kept or not (the rows of option k: by_option[k])

    def __missing__(self, key: tuple) -> "_RowsKept":
        if len(self) > 4096:
            self.clear()
        made = self[key] = _RowsKept(self.options)
        return made


class _RowsKept:
    """One seat and arguments' kept rows: per option, binding -> its row; and whether two of them ever read
    the same. Every text is seen as its row is made, so while none repeats, no listing of these rows can
    offer two choices that read the same, and the engine need not look (StepInfo.distinct); once one does,
    the listing keeps the first of each text, as the engine would."""

    __slots__ = ("by_option", "blocks", "texts", "repeated")

    def __init__(self, options: int):
        self.by_option = tuple({} for _ in range(options))
        self.blocks = tuple({} for _ in range(options))  # per option, the names walked first -> a block of rows
        self.texts: dict[str, tuple] = {}  # text -> the first row made that reads it
        self.repeated = False

    def make(self, kept: dict, binding: Any, row: tuple) -> tuple:
        """Keep ``row`` (seat, text, option, binding tuple) for ``binding`` in ``kept`` (one of by_option)."""
        kept[binding] = row
        if self.texts.setdefault(row[1], row) is not row:
            self.repeated = True
        return row

    @staticmethod
    def keep(kept: dict, key: Any, row: tuple) -> tuple:
        """Keep ``row`` for ``key`` (the values of the counters its text reads, then its binding) in ``kept``, at
        most KEPT_BY_VALUES of them (a counter may take many values): its text is not counted as seen
        (codegen/rows_kept_by_counters.py)."""
        if len(kept) >= KEPT_BY_VALUES:
            kept.clear()
        kept[key] = row
        return row

    @staticmethod
    def block(kept: dict, key: Any, rows: list) -> tuple:
        """Keep ``rows`` (made from the kept rows) as the block of rows of ``key`` in ``kept`` (one of blocks):
        the rows an option's last walks make for the names walked before them (codegen/row_blocks.py)."""
        block = kept[key] = tuple(rows)
        return block

    @staticmethod
    def first_of_each(rows: list) -> list:
        """``rows`` without any that reads the same as one before it (most often ``rows`` itself: texts that
        repeat across bindings, `drop red in column 3` from each space of a column, are rarely listed together)."""
        if len(set(map(_text, rows))) == len(rows):
            return rows
        seen: set = set()
        return [row for row in rows if row[1] not in seen and not seen.add(row[1])]


_text = operator.itemgetter(1)



def cells_by_value(values: Sequence[Any]) -> dict[Any, tuple[int, ...]]:
    """A board's spaces by the value of their row (or column), each group in board order: where a walk of the
    board is narrowed to a row (rulespec/codegen/narrowing.py)."""
    found: dict[Any, list[int]] = {}
    for cell, value in enumerate(values):
        found.setdefault(value, []).append(cell)
    return {value: tuple(cells) for value, cells in found.items()}


def spaces_by_value(pairs: Iterable[tuple[int, Any]]) -> dict[Any, tuple[int, ...]]:
    """Spaces grouped by their value, each group in the order given: from (space, value) pairs, the spaces in use
    of a board with a value its geometry decides (rulespec/codegen/spaces_by_value.py)."""
    found: dict[Any, list[int]] = {}
    for cell, value in pairs:
        found.setdefault(value, []).append(cell)
    return {value: tuple(cells) for value, cells in found.items()}


def places_shifted(rows: Sequence[int], columns: Sequence[int],
                   steps: Sequence[tuple[int, int]]) -> dict[tuple[int, int], tuple[tuple[int, ...], ...]]:
    """For each (row, column) step, the spaces at that step from each space (by space; none past the edge), as
    the board's spaces by row and column answer them: a walk narrowed to such a place reads it here
    (rulespec/codegen/shifted_places.py)."""
    by_place = cells_by_value(tuple(zip(rows, columns)))
    return {(dr, dc): tuple(by_place.get((row + dr, column + dc), ()) for row, column in zip(rows, columns))
            for dr, dc in steps}


def ray_stop(st, board: int, cell: int, direction: int) -> tuple[int, ...]:
    """The space a ray from ``cell`` in ``direction`` stops at, the first occupied one, as a walk of one
    (none: the board's edge comes first): a walk of a ray whose condition needs its space occupied
    (rulespec/codegen/narrowing.py); State._ray gives the whole ray."""
    contents = st._boards[board]
    for at in st._t.rays[board, direction][cell]:
        if contents[at] >= 0:
            return (at,)
    return ()


def count_occupied(contents: Sequence[int], cells: Sequence[int]) -> int:
    """How many of ``cells`` hold something: a board's contents at them (an empty space holds -1) counted in C,
    for `count(s in B where s is occupied)` over the spaces a walk visits (rulespec/codegen/counts.py)."""
    return len(cells) - count_empty(contents, cells)


def count_empty(contents: Sequence[int], cells: Sequence[int]) -> int:
    """How many of ``cells`` are empty (hold -1). ``cells`` are distinct and in board order (a walk's spaces):
    when they are a run of consecutive spaces (a row of a board every space of which is in use), the count is
    of one slice of the contents."""
    if cells and cells[-1] - cells[0] == len(cells) - 1:
        return contents[cells[0]:cells[-1] + 1].count(-1)
    return list(map(contents.__getitem__, cells)).count(-1)


def first_empty(contents: Sequence[int], cells: Sequence[int]) -> tuple:
    """The first of ``cells`` that is empty (holds -1), as a 1-tuple, or () when none is (for State._first, which
    says so): `any(s in B where s is empty)` over the spaces a walk visits (rulespec/codegen/counts.py).
    ``cells`` are distinct and in board order; a run of consecutive spaces is searched in C."""
    if cells and cells[-1] - cells[0] == len(cells) - 1:
        try:
            return (contents.index(-1, cells[0], cells[-1] + 1),)
        except ValueError:
            return ()
    for cell in cells:
        if contents[cell] == -1:
            return (cell,)
    return ()


def spaces_among(in_use: Sequence[bool], spaces: Sequence[Any], *groups: Sequence[int]) -> list[int]:
    """The spaces named (none past a board's edge) and those of the groups that are in use, each once, in
    board order: a walk of a board narrowed to what its condition fixes (rulespec/codegen/narrowing.py)."""
    if not groups:  # (the spaces a step away: one, or a few, each looked at once, with no comprehension)
        if len(spaces) < 2:
            cell = spaces[0] if spaces else None
            return [cell] if cell is not None and in_use[cell] else []
        named = set(spaces)
        named.discard(None)
        ordered = sorted(named)
        for cell in ordered:
            if not in_use[cell]:
                return [cell for cell in ordered if in_use[cell]]
        return ordered
    found = {cell for cell in spaces if cell is not None and in_use[cell]}
    for group in groups:
        found.update(cell for cell in group if in_use[cell])
    return sorted(found)


def space_numbered(cells_in_use: tuple[int, ...], index: int) -> tuple[int, ...]:
    """The space at ``index`` among a board's spaces in use, in board order (the space `index of s = k` names),
    as a group of one; none for a number out of range: a walk narrowed to it (rulespec/codegen/narrowing.py)."""
    return cells_in_use[index:index + 1] if index >= 0 else ()


class ItemsByValue:
    """A value of one item that reads only attributes that never change (`73 * square of c + way of c`), worked
    out once for every item and kept the other way round: ``index[value]``, the items with that value in item
    order, and ``fails``, the items it cannot be worked out for (a component without the attribute). So
    `any(c in Z where V(c) = K)` asks only where index[K]'s items lie (first_valued), not V of every item of Z
    (codegen/indexed_firsts.py). Made on first use."""

    __slots__ = ("worked_out", "items", "index", "fails")

    def __init__(self, worked_out: Callable[[int], Any], items: int):
        self.worked_out, self.items, self.index, self.fails = worked_out, items, None, ()

    def made(self) -> dict:
        index: dict = {}
        fails = []
        worked_out = self.worked_out
        for item in range(self.items):
            try:
                value = worked_out(item)
            except Exception:  # (its component lacks an attribute V reads: the walk would fail there)
                fails.append(item)
                continue
            index.setdefault(value, []).append(item)
        self.index, self.fails = {value: tuple(items) for value, items in index.items()}, tuple(fails)
        return self.index


def first_valued(where: Sequence[int], table: ItemsByValue, value: Any, place: int, walked: Callable[[], Any]):
    """`any(c in Z where V(c) = K)` over a zone that is not stacked (its items in item order), numbered
    ``place``: the first of table.index[K] that lies in it, as a 1-tuple, or () when none does (for
    State._first, which says so). Where an item V cannot be worked out for lies in the zone before it, the zone
    is walked as written (``walked()``), which meets that item first and fails as it always did."""
    index = table.index if table.index is not None else table.made()
    found = ()
    try:
        candidates = index.get(value, ())
    except TypeError:  # (a value that cannot be a key: walked as written)
        return walked()
    for item in candidates:
        if where[item] == place:
            found = (item,)
            break
    for item in table.fails:
        if where[item] == place and (not found or item < found[0]):
            return walked()
    return found
