"""A draw from a zone holding copies, grouped by looking at the copies alone (#40).

A draw lists one outcome per label: the label's first item in the zone's order, weighted by how many items read
so (State._draw_items). Where no label can change, which items share their label with another item is fixed for
the engine (Engine._label_shared, None elsewhere): every other item of the zone is an outcome of its own with
weight 1. So only the copies are grouped (Shell We?'s bag: fifty-odd shells, each its own, and five starfish):
they are picked out, and the later copies of a label dropped, in C loops over the zone, instead of every item's
label counted and every label's first item found (two dicts the size of the zone, at every draw).

(Its outcomes are then listed one by one, State.chance_outcomes: listed from the engine's kept pairs with the
copies' weights set in, as a draw whose items all read differently is, measured no faster.)
"""

from __future__ import annotations

from collections import Counter, _count_elements  # (the C counting loop Counter uses)
from itertools import compress, filterfalse
from typing import Optional, Sequence


def labels_shared(labels: Sequence[str], changing) -> Optional[tuple[bool, ...]]:
    """Per item, whether another item has its label (Engine._label_shared); None where an attribute can change
    (``changing``: a label may then come to read as another's)."""
    if changing:
        return None
    shown = Counter(labels)
    return tuple(shown[label] > 1 for label in labels)


def grouped_by_copies(items: list[int], shared: Sequence[bool], labels: Sequence[str]) -> tuple[list, list]:
    """(the first item of each label in ``items``, in order; how many items read so): ``shared[item]`` says
    whether another item has the item's label, ``labels`` the labels."""
    copies = list(compress(items, map(shared.__getitem__, items)))
    first: dict[str, int] = {}
    counts: dict[str, int] = {}
    later = set()
    for item in copies:  # (the copies alone: few)
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


def grouped_by_labels(items: list[int], labels: Sequence[str]) -> tuple[list, list]:
    """grouped_by_copies where labels may change: every item's label counted, each label's first item found,
    by C loops (map, the counting helper Counter itself uses, dict), not item by item in Python."""
    labels = list(map(labels.__getitem__, items))
    counts: dict = {}
    _count_elements(counts, labels)  # in the order each label first appears
    first = dict(zip(reversed(labels), reversed(items)))  # each label's first item (later ones overwritten)
    return list(map(first.__getitem__, counts)), list(counts.values())
