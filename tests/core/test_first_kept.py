"""A look-ahead's pick of the first item of a zone with an attribute's value is kept with the zone's contents
it was found in (runtime/imagining.py, _first_kept) and read back when the contents are the same again: it must
give what the search gives for every contents, the same list again, a list of the same length with one item
changed, another value, and fail as the search fails when no item has the value."""

import random
from pathlib import Path

import pytest

import rulespec
from rulespec.runtime import imagining
from rulespec.runtime.common import RuleRuntimeError

GO = Path(__file__).resolve().parents[2] / "rulebooks" / "go.rules"
TEXT = "any(c in bowl where colour of c = colour of player)"


def picked_ahead(state, items, values, value):
    """_first_with as a look-ahead calls it (the state's journal kept), the state put back after."""
    kept, _ = state._imagine(0, "turn")
    try:
        return state._first_with(TEXT, items, values, value)
    finally:
        state._unimagine(kept)


def test_a_kept_pick_is_the_pick_of_the_same_contents():
    engine = rulespec.load(GO)
    state, values = engine.new_game(2), engine.ITEM_ATTRS["colour"]
    rng = random.Random(3)
    everything = list(range(len(engine.ITEM_KIND)))
    read_back = 0
    items = sorted(rng.sample(everything, 40))
    for _ in range(600):
        change = rng.random()
        if change < 0.3:  # another zone
            items = sorted(rng.sample(everything, rng.randrange(1, 60)))
        elif change < 0.5:  # one item changed, the length kept
            items = items.copy()
            items[rng.randrange(len(items))] = rng.choice(everything)
        value = rng.choice(("black", "white"))
        expected = [values[i] for i in items].index(value) if value in [values[i] for i in items] else None
        if expected is None:
            with pytest.raises(RuleRuntimeError):
                picked_ahead(state, items, values, value)
            with pytest.raises(RuleRuntimeError):
                state._first_with(TEXT, items, values, value)
            continue
        kept = imagining._firsts_kept.get((id(values), value))
        read_back += kept is not None and kept[1] == items
        assert picked_ahead(state, items, values, value) == items[expected] == state._first_with(TEXT, items, values, value)
    assert read_back > 100  # (the kept pick was read back often, not only searched for)


def test_a_table_that_can_change_is_searched_every_time():
    """A changing attribute's table (the state's list, written in place) is not kept: the pick follows it."""
    state = rulespec.load(GO).new_game(2)
    values = ["black"] * 10
    values[5] = "white"
    items = list(range(10))
    assert picked_ahead(state, items, values, "white") == 5
    values[2] = "white"  # (as _set_attr writes a changing attribute)
    assert picked_ahead(state, items, values, "white") == 2
