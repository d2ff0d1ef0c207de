"""A pick from a long zone kept with its contents outside look-aheads too (runtime/state.py State._first_with,
FIRST_KEPT): `any(c in bowl where colour of c = colour of player)` in a zone of more than FIRST_KEPT items is read
back from Imagining._first_kept while the zone holds the same items. It must pick as the search does: Cursor Go
and the gallery's Go played in lock step against the runtime's search at every call, and the pick is kept."""

import operator
import random
from pathlib import Path

import pytest

import rulespec
from rulespec.runtime import imagining
from rulespec.runtime.state import FIRST_KEPT, State

from .lockstep import play_in_lock_step

ROOT = Path(__file__).resolve().parents[2]


def _searching(self, text, items, values, value):
    """State._first_with as it was: kept only in a look-ahead."""
    if items.__class__ is not list:
        items = list(items)
    if self._journal is not None and values.__class__ is dict:
        return self._first_kept(text, items, values, value)
    try:
        return items[operator.indexOf(map(values.__getitem__, items), value)]
    except ValueError:
        return self._first(text, ())


class _Searching(State):
    __slots__ = ()
    _first_with = _searching


@pytest.mark.parametrize("path", [ROOT / "tests" / "newcomer" / "games" / "cursor-go.rules",
                                  ROOT / "rulebooks" / "go.rules"], ids=["cursor-go", "go"])
def test_picks_alike_as_searched(path):
    game = rulespec.load(path)
    for seed in range(6):
        fast, slow = game.new_game(players=2), game.new_game(players=2)
        slow.__class__ = _Searching  # (the same state, its pick searched at every call)
        play_in_lock_step(fast, slow, 2, random.Random(seed))


def test_a_long_zones_pick_is_kept():
    game = rulespec.load(ROOT / "tests" / "newcomer" / "games" / "cursor-go.rules")
    state = game.new_game(players=2)
    state.apply("player 1: place stone")
    imagining._firsts_kept.clear()
    bowl = state._zones[state._t.zone_base["bowl"]]
    assert len(bowl) > FIRST_KEPT
    colour = game.ENDS[0].check.__globals__["ITEM_ATTRS"]["colour"]
    white = state._first_with("any", bowl, colour, "white")
    assert colour[white] == "white" and (id(colour), "white") in imagining._firsts_kept
