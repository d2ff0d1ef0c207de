"""Tests for rulespec.lib.setscore: exact set-collection scoring."""

from __future__ import annotations

import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulespec.lib.setscore import ScoredSet, best_score, brute_force_best

TABLE = {2: 1, 3: 3, 4: 5}


def test_hand_computed_example():
    # counts (3, 2, 2, 1) over kinds A, B, C, D plus 1 wildcard: 9 items.
    # A size-4 set pays 5/4 per item, size 3 pays 1, size 2 pays 1/2, so with
    # 9 items the best conceivable split is 4 + 4 (+1 left) = 10 points
    # (4+3+2 = 9, 3+3+3 = 9 are worse).  Two sets of 4 distinct kinds need two
    # Ds but there is one D, so the wildcard must stand in: {A,B,C,D} and
    # {A,B,C,wild}.  That leaves one A unused.  Without the wildcard the best
    # would be {A,B,C,D} + {A,B,C} = 8, so the wildcard is needed for 10.
    # The two sets are forced, so the report is unique up to order:
    # ascending (kinds, wildcards) puts (0,1,2)+1 wild before (0,1,2,3).
    result = best_score((3, 2, 2, 1), 1, TABLE)
    assert result.score == 10
    assert result.sets == (ScoredSet((0, 1, 2), 1, 5), ScoredSet((0, 1, 2, 3), 0, 5))
    assert result.unused == (1, 0, 0, 0)
    assert result.unused_real == 1
    assert result.wildcards_used == 1 and result.wildcards_unused == 0
    assert brute_force_best((3, 2, 2, 1), 1, TABLE) == result


def test_prefers_fewer_wildcards_on_equal_score():
    # {0,1} and {0,wild} both score 1; the one without the wildcard wins.
    result = best_score((1, 1), 1, {2: 1})
    assert result.sets == (ScoredSet((0, 1), 0, 1),)
    assert result.wildcards_unused == 1


def test_prefers_more_unused_real_items_on_equal_score_and_wildcards():
    # Pairs and triples both pay 1.  (1, 1, 1): a pair or the triple both
    # score 1 with no wildcard; the pair keeps one real item unused, so it wins.
    result = best_score((1, 1, 1), 0, {2: 1, 3: 1})
    assert result.score == 1 and result.unused_real == 1
    assert result.sets == (ScoredSet((0, 1), 0, 1),)
    # With {1: 1, 2: 2}: pair = 2 using 2 items, singles = 2 using 2 items:
    # tie on every figure; lexicographically smallest listing wins:
    # [(0,), (1,)] < [(0, 1)] because (0,) < (0, 1).
    result = best_score((1, 1), 0, {1: 1, 2: 2})
    assert result.sets == (ScoredSet((0,), 0, 1), ScoredSet((1,), 0, 1))
    # A zero-point set is never formed: it only uses items.
    assert best_score((2, 2), 1, {2: 0}).sets == ()


def test_deterministic_choice_among_equal_partitions():
    # Three kinds, one item each, pairs score 1: one pair, one item left.
    # Smallest listing: {0, 1}, leaving kind 2.
    result = best_score((1, 1, 1), 0, {2: 1})
    assert result.sets == (ScoredSet((0, 1), 0, 1),)
    assert result.unused == (0, 0, 1)


def test_wildcards_alone_and_limit_per_set():
    assert best_score((), 3, {2: 1}).score == 0  # no kinds: no set can be formed
    assert best_score((0, 0), 2, {2: 1}).sets == (ScoredSet((), 2, 1),)
    # At most one wildcard per set.
    result = best_score((1, 0, 0), 2, {3: 4}, max_wild_per_set=1)
    assert result.score == 0
    assert best_score((1, 0, 0), 2, {3: 4}).score == 4


def test_set_size_cannot_exceed_kinds():
    # Two kinds: a set of 3 distinct kinds is impossible even with wildcards.
    assert best_score((3, 3), 3, {3: 10}).score == 0


def test_validation():
    with pytest.raises(ValueError):
        best_score((-1,), 0, TABLE)
    with pytest.raises(ValueError):
        best_score((1,), -1, TABLE)
    with pytest.raises(TypeError):
        best_score((1, 1), 0, {2: 1.5})


def test_larger_holding_is_quick_and_consistent():
    counts = (12, 11, 10, 9, 8, 7, 6, 5)
    table = {2: 1, 3: 3, 4: 5, 5: 8, 6: 12}
    start = time.perf_counter()
    result = best_score(counts, 4, table)
    elapsed = time.perf_counter() - start
    assert elapsed < 5  # generous: typically well under a second
    check_consistent(result, counts, 4, table)


def check_consistent(result, counts, wildcards, table):
    used = [0] * len(counts)
    for s in result.sets:
        assert len(set(s.kinds)) == len(s.kinds) and s.size <= len(counts)
        assert s.points == table[s.size]
        for k in s.kinds:
            used[k] += 1
    assert all(u <= c for u, c in zip(used, counts))
    assert result.unused == tuple(c - u for c, u in zip(counts, used))
    assert result.score == sum(s.points for s in result.sets)
    assert result.wildcards_used == sum(s.wildcards for s in result.sets) <= wildcards
    assert list(result.sets) == sorted(result.sets)


tables = st.dictionaries(st.integers(1, 5), st.integers(-1, 8), max_size=5)


@settings(database=None, deadline=None, max_examples=300)
@given(
    st.lists(st.integers(0, 3), min_size=0, max_size=4).map(tuple),
    st.integers(0, 2),
    tables,
    st.one_of(st.none(), st.integers(0, 2)),
    st.integers(0, 2),
    st.booleans(),
)
def test_matches_brute_force(counts, wildcards, table, max_wild, min_real, leftovers_first):
    options = dict(max_wild_per_set=max_wild, min_real_per_set=min_real, leftovers_first=leftovers_first)
    fast = best_score(counts, wildcards, table, **options)
    slow = brute_force_best(counts, wildcards, table, **options)
    assert fast == slow
    assert all(len(s.kinds) >= min_real for s in fast.sets)
    check_consistent(fast, counts, wildcards, table)


def test_leftovers_first_keeps_a_real_tile_out():
    # One of each of four kinds and one wildcard: five points either way. By default the wildcard stays
    # unused; when left-over real items break ties, the wildcard plays a kind and one real item stays out.
    assert best_score((1, 1, 1, 1), 1, {2: 1, 3: 3, 4: 5}).unused_real == 0
    chosen = best_score((1, 1, 1, 1), 1, {2: 1, 3: 3, 4: 5}, leftovers_first=True)
    assert (chosen.score, chosen.unused_real, chosen.wildcards_used) == (5, 1, 1)


def test_a_set_needs_a_real_item_when_asked():
    assert best_score((0, 0), 2, {2: 1}).score == 1
    assert best_score((0, 0), 2, {2: 1}, min_real_per_set=1).score == 0
    assert best_score((1, 0, 0), 3, {3: 3}, min_real_per_set=1).sets == (ScoredSet((0,), 2, 3),)
