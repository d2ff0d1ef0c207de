"""`any(c in Z where V(c) = K)` found by an index of V (rulespec/codegen/indexed_firsts.py, #40): Kriegspiel's
umpire takes a refused move's slip from 4,745 by `73 * square of c + way of c = n`, which a piece (no square)
keeps from any table of every item. The lever fires there; the engine with it plays seeded games in lock step
with the one generated without it; and the runtime's first_valued answers as the walk would, walking the zone
(and failing there) where an item V fails for lies in it first."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from rulespec.codegen.indexed_firsts import IndexedFirsts
from rulespec.runtime.helpers import ItemsByValue, first_valued

from .lockstep import engines_with_and_without

KRIEGSPIEL = Path(__file__).parents[2] / "tests" / "newcomer" / "games" / "kriegspiel.rules"


def test_kriegspiel_slip_found_by_its_number_in_lock_step():
    source, source_without, fast, slow = engines_with_and_without(
        KRIEGSPIEL, ((IndexedFirsts, "indexed_firsts", False),), "indexed_firsts")
    assert "first_valued(st._loc, ITEMS_BY_VALUE_0, v_n, st._t.zone_base['slips']" in source
    assert "ItemsByValue" not in source_without and "first_valued" not in source_without
    # (the same choices, refused tries and returns step by step; the observations of 4,745 slips are left out)
    rng = random.Random(5)
    ours, theirs = fast.new_game(2), slow.new_game(2)
    for _ in range(300):
        assert ours.is_terminal() == theirs.is_terminal()
        if ours.is_terminal():
            assert ours.returns() == theirs.returns()
            break
        seat = ours.current_player()
        assert seat == theirs.current_player()
        actions = ours.legal_actions(seat)
        assert [a.text for a in actions] == [a.text for a in theirs.legal_actions(seat)]
        pick = rng.randrange(len(actions))
        ours.apply(actions[pick])
        theirs.apply(theirs.legal_actions(seat)[pick])
        assert ours._zones == theirs._zones


def _table():
    # items 0-1 have no value (a component without the attribute), 2-7 the values 20, 30, 20, 50, 60, 70
    return ItemsByValue(lambda item: [None, None, 20, 30, 20, 50, 60, 70][item] + 0, 8)


def test_first_valued_is_the_walks_first_and_walks_where_the_walk_would_fail():
    table = _table()
    walked = []

    def walk():
        walked.append(True)
        return "walked"

    zone, elsewhere = 1, 0
    where = [elsewhere, elsewhere, zone, zone, zone, elsewhere, zone, elsewhere]
    assert first_valued(where, table, 20, zone, walk) == (2,)  # the first in item order, as the zone keeps them
    assert table.fails == (0, 1) and table.index[20] == (2, 4)
    assert first_valued(where, table, 50, zone, walk) == ()  # 5 is elsewhere: none (State._first says so)
    assert first_valued(where, table, 99, zone, walk) == () and not walked
    where[1] = zone  # an item with no value before the one found: the walk meets it first and fails there
    assert first_valued(where, table, 30, zone, walk) == "walked" and walked
    with pytest.raises(TypeError):  # (as the walk itself would: None + 0)
        _table().worked_out(1)
