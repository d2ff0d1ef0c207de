"""Where an Action stands in a long listing found in again and again (issue #40).

`apply(action)` finds the action's place in the pending listing by identity. A short listing is looked
along (Pending.find); a long one was looked along too, every time. A listing kept and shared by many states
(a chance step's outcomes kept by what they read, runtime/kept_outcomes.py: Yacht's first roll of five dice,
7,776 outcomes, at every turn of every game) was so looked along at every chance node it was played at. A long
listing found in a second time is given an index, its Actions' places by identity, and is then found in at
once. A listing made for one state only is looked along once, as before (an index would cost more than that).
"""

from __future__ import annotations

from typing import Any, Optional

# The long listings remembered at once (those found in once, and those indexed): each holds its list, so a
# list's id is not reused while it is here; past the bound, what is remembered is let go and found anew.
LISTINGS_KEPT = 64

_found_in_once: dict[int, list] = {}
_indexed: dict[int, tuple[list, dict[int, int]]] = {}


def index_in_listing(actions: list, action: Any) -> Optional[int]:
    """The index of ``action`` itself (not an equal one) in the long listing ``actions``, or None."""
    key = id(actions)
    indexed = _indexed.get(key)
    if indexed is None or indexed[0] is not actions:
        if _found_in_once.get(key) is not actions:
            _remember(_found_in_once, key, actions)
            return _looked_along(actions, action)
        places: dict[int, int] = {}
        for index, offered in enumerate(actions):
            places.setdefault(id(offered), index)  # (the first place, as a look along finds it)
        indexed = _remember(_indexed, key, (actions, places))
        del _found_in_once[key]
    index = indexed[1].get(id(action))
    if index is not None and actions[index] is action:
        return index
    return _looked_along(actions, action)  # (an Action handed out since, set in its entry's place: Pending.pick)


def _remember(kept: dict, key: int, value):
    if len(kept) >= LISTINGS_KEPT:
        kept.clear()
    kept[key] = value
    return value


def _looked_along(actions: list, action: Any) -> Optional[int]:
    for index, offered in enumerate(actions):
        if offered is action:
            return index
    return None
