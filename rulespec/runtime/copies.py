"""Copies grouped by looking at the copies alone (#40): a draw's outcomes, and the items a choice walks.

A draw lists one outcome per label: the label's first item in the zone's order, weighted by how many items read
so (State._draw_items). Where no label can change, which items share their label with another item is fixed for
the engine (Engine._label_shared, None elsewhere): every other item of the zone is an outcome of its own with
weight 1. So only the copies are grouped (Shell We?'s bag: fifty-odd shells, each its own, and five starfish):
they are picked out (a set's intersection with the zone), and the later copies of a label dropped in a C loop
over the zone, instead of every item's label counted and every label's first item found (two dicts the size of
the zone, at every draw). A zone mostly of copies (Go Fish's pool, thirteen ranks of four cards) is grouped by
every label counted after all (mostly_copies), in C loops: there the copies are the zone, and walking them one by
one in Python costs more. (Its outcomes are then listed one by one, State.chance_outcomes: listed from the
engine's kept pairs with the copies' weights set in, as a draw whose items all read differently is, measured no
faster.)

A choice walking a zone offers one item of each group of identical copies (State._one_of_each): likewise, where
no attribute can change, the items that have copies are fixed for the engine (Engine._with_copies), and a zone
holding few of them (a Shell We? rack: shells and a starfish or two) groups those alone; a zone mostly of copies
(a Let Them Eat Shrimp! shield) looks every item's group up, as before.
"""
from __future__ import annotations

from collections import Counter, _count_elements  # (the C counting loop Counter uses)
from itertools import filterfalse
from typing import Optional, Sequence


def labels_shared(labels: Sequence[str], changing) -> Optional[frozenset[int]]:
    """The items whose label another item has too (Engine._label_shared); None where an attribute can change
    (``changing``: a label may then come to read as another's)."""
    if changing:
        return None
    shown = Counter(labels)
    return frozenset(item for item, label in enumerate(labels) if shown[label] > 1)


def grouped_by_copies(items: list[int], shared: frozenset[int], labels: Sequence[str]) -> tuple[list, list]:
    """(the first item of each label in ``items``, in order; how many items read so): ``shared`` the items whose
    label another item has too, ``labels`` the labels."""
    present = shared.intersection(items)  # (a C loop over the zone)
    if not present:
        return items.copy(), [1] * len(items)
    if mostly_copies(len(present), len(items)):  # (a pool of copies: every label counted in C loops)
        return grouped_by_labels(items, labels)
    first: dict[str, int] = {}
    counts: dict[str, int] = {}
    later = set()
    for item in sorted(present, key=items.index):  # (the copies alone, in the zone's order: few)
        label = labels[item]
        if label in counts:
            counts[label] += 1
            later.add(item)
        else:
            first[label] = item
            counts[label] = 1
    firsts = list(filterfalse(later.__contains__, items)) if later else items.copy()
    weights = [1] * len(firsts)
    for label, count in counts.items():
        if count > 1:
            weights[firsts.index(first[label])] = count
    return firsts, weights


def mostly_copies(copies: int, items: int) -> bool:
    """Whether a draw from a zone of ``items`` items, ``copies`` of them sharing their label with another item, is
    grouped by every label counted (grouped_by_labels: C loops over the zone) rather than by its copies alone: a
    zone mostly of copies (Go Fish's pool: thirteen ranks of four cards), where sorting the copies by their place
    and walking them one by one in Python costs more than the C loops over the whole zone (#40, helper gofish)."""
    return 2 * copies > items


def grouped_by_labels(items: list[int], labels: Sequence[str]) -> tuple[list, list]:
    """grouped_by_copies where labels may change: every item's label counted, each label's first item found,
    by C loops (map, the counting helper Counter itself uses, dict), not item by item in Python."""
    labels = list(map(labels.__getitem__, items))
    counts: dict = {}
    _count_elements(counts, labels)  # in the order each label first appears
    first = dict(zip(reversed(labels), reversed(items)))  # each label's first item (later ones overwritten)
    return list(map(first.__getitem__, counts)), list(counts.values())


def items_with_copies(copy_group: Sequence[int]) -> frozenset[int]:
    """The items some other item is a copy of (Engine._with_copies; ``copy_group``: Engine._copy_group)."""
    made = Counter(copy_group)
    return frozenset(item for item, group in enumerate(copy_group) if made[group] > 1)


def one_of_each_copy(items: list[int], with_copies: frozenset[int], copy_group: Sequence[int]) -> list[int]:
    """The first of every group of identical copies among ``items``, in order (attributes that never change)."""
    present = with_copies.intersection(items)
    if 2 * len(present) > len(items):  # (mostly copies: every item's group looked up)
        return every_group_looked_up(items, copy_group)
    seen, later = set(), set()
    for item in sorted(present, key=items.index):  # (the copies alone, in the zone's order: few)
        group = copy_group[item]
        if group in seen:
            later.add(item)
        else:
            seen.add(group)
    return list(filterfalse(later.__contains__, items)) if later else items.copy()


def every_group_looked_up(items: list[int], copy_group: Sequence[int]) -> list[int]:
    """one_of_each_copy by every item's group, in C loops (map, dict), not item by item in Python."""
    groups = list(map(copy_group.__getitem__, items))
    first = dict(zip(reversed(groups), reversed(items)))  # each group's first item
    if len(first) == len(items):
        return items.copy()  # no two copies of one component
    return [first[group] for group in dict.fromkeys(groups)]
