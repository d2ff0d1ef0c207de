"""spaces_among (runtime/helpers.py), the walk of a board narrowed to what a condition fixes: with no groups
(one space a step away, or a few) it answers without a comprehension, exactly as the whole form does: the
spaces named that are on the board and in use, each once, in board order (#40)."""

import random

from hypothesis import given, strategies as st

from rulespec.runtime.helpers import spaces_among


def whole_form(in_use, spaces, *groups):
    """What spaces_among answered before it had a way for a few spaces alone (the reference)."""
    found = {cell for cell in spaces if cell is not None and in_use[cell]}
    for group in groups:
        found.update(cell for cell in group if in_use[cell])
    return sorted(found)


@given(st.lists(st.booleans(), min_size=1, max_size=12).flatmap(lambda in_use: st.tuples(
    st.just(in_use),
    st.lists(st.one_of(st.none(), st.integers(0, len(in_use) - 1)), max_size=6),
    st.lists(st.lists(st.integers(0, len(in_use) - 1), max_size=4), max_size=2))))
def test_the_spaces_named_in_use_each_once_in_board_order(case):
    in_use, spaces, groups = case
    assert list(spaces_among(in_use, tuple(spaces), *map(tuple, groups))) == whole_form(in_use, spaces, *groups)


def test_one_space_a_step_away():
    in_use = [True, False, True]
    assert spaces_among(in_use, (2,)) == [2]
    assert spaces_among(in_use, (None,)) == []  # (past the board's edge)
    assert spaces_among(in_use, (1,)) == []  # (not in use)
    assert spaces_among(in_use, ()) == []
    assert spaces_among(in_use, (2, None, 0, 2)) == [0, 2]
    rng = random.Random(0)
    for _ in range(200):
        named = tuple(rng.choice((None, 0, 1, 2)) for _ in range(rng.randrange(5)))
        assert spaces_among(in_use, named) == whole_form(in_use, named)
