"""A `there is` over pairs of spaces narrowed to the pairs a geometric condition lets through, read from a table
made once per set-up (#40, codegen/related_pairs.py), in lock step with the engine generated without it (every
pair walked): the same choices in the same order at every step, the same games and returns."""

import random
from pathlib import Path

import pytest

from rulespec.codegen.related_pairs import RelatedPairs
from rulespec.pipeline import load_module_from_source

from .lockstep import engines_with_and_without, play_in_lock_step

ROOT = Path(__file__).parents[2]
TWIXT = ROOT / "tests" / "newcomer" / "games" / "twixt.rules"


def engines(path: Path):
    return engines_with_and_without(path, ((RelatedPairs, "related_pairs_test", lambda self, count: None),),
                                    "related_pairs")


def test_the_pairs_a_crossing_lets_through_are_read_from_a_table():
    """TwixT's `blocked(s, t)`: the pairs (u, v) whose link would cross s-t, listed once per (s, t)."""
    source, source_without, _, _ = engines(TWIXT)
    assert "for v_u, v_v in st._t.related[related_pairs_1, v_s, v_t])" in source
    assert "related_pairs_" not in source_without


@pytest.mark.parametrize("seed", range(6))
def test_twixt_plays_the_same_games(seed):
    _, _, fast, slow = engines(TWIXT)
    play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed))


def test_the_table_lists_the_crossing_pairs_only():
    """From a link's two ends, the table holds exactly the knight pairs whose segment crosses it: for a link in
    the middle of the board, 9 links, each seen from both of its ends."""
    source = engines(TWIXT)[0]
    module = load_module_from_source(source, "related_pairs_twixt_table")
    state = module.GAME(None).new_game(2)
    cells = {(int(r), int(c)): i for i, (r, c) in enumerate(
        (row, column) for row in range(1, 9) for column in range(1, 9)
        if (row, column) not in ((1, 1), (1, 8), (8, 1), (8, 8)))}
    s, t = cells[4, 4], cells[2, 5]  # a link two rows up, one column east
    pairs = state._t.related[module.related_pairs_1, s, t]
    assert len(pairs) == 18 and all((v, u) in pairs for u, v in pairs)
