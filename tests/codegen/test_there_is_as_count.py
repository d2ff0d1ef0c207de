"""`there is x in D where C` is read as the `count(x in D where C) > 0` it means wherever the model looks for that
form (#40, model/reads.py exists_form): a move listed from pairs of spaces is narrowed the same way, an end over
a board's lines tested only where it changed; in lock step with the engines generated with `there is` left out."""

import random
from pathlib import Path

import pytest

from rulespec.model import ir, reads

from .lockstep import engines_with_and_without, play_in_lock_step

ROOT = Path(__file__).parents[2]
FORMULATIONS = ROOT / "benchmarks" / "formulations"
UTTT = ROOT / "tests" / "newcomer" / "games" / "ultimate-tic-tac-toe.rules"

_MEANS_A_COUNT = reads.exists_form
WITHOUT = ((reads, "exists_form", lambda e: None if isinstance(e, ir.ThereIs) else _MEANS_A_COUNT(e)),)


def listing(source: str) -> str:
    return source.split("def choices_turn(", 1)[1].split("\ndef ", 1)[0]


def test_there_is_narrows_a_walk_as_the_count_does():
    """pairs-there-is says `(there is d in forward of player where t = neighbour of s towards d)` where
    pairs-inline says `count(...) > 0`: both walk t over the neighbours of s towards the player's forward
    directions, not the 64 spaces."""
    source, source_without, _, _ = engines_with_and_without(FORMULATIONS / "pairs-there-is.rules", WITHOUT, "there_is")
    inline, _, _, _ = engines_with_and_without(FORMULATIONS / "pairs-inline.rules", WITHOUT, "there_is")
    def walk_of_t(text):
        return next(line.strip() for line in listing(text).splitlines() if "for v_t in" in line)

    assert walk_of_t(source) == walk_of_t(inline)  # the same walk, however the condition is written
    assert walk_of_t(source).startswith("for v_t in ((st._t.toward[0][")  # the forward neighbours of s (steps_in_order)
    assert walk_of_t(source_without) == "for v_t in st._t.cells_in_use[0]:"


@pytest.mark.parametrize("path, games", [(FORMULATIONS / "pairs-there-is.rules", 6), (UTTT, 20)], ids=lambda x: getattr(x, "stem", x))
def test_there_is_read_as_a_count_plays_the_same_games(path, games):
    source, source_without, engine, engine_without = engines_with_and_without(path, WITHOUT, "there_is")
    assert source != source_without
    for seed in range(games):
        play_in_lock_step(engine.new_game(2), engine_without.new_game(2), 2, random.Random(seed))


def test_an_end_over_lines_said_with_there_is_is_indexed():
    """Ultimate tic-tac-toe's `three_boards` (`there is l in ... where` three of a seat's marks on the big board)
    is tested only where the big board changed, as its `count(...) > 0` would be."""
    source, source_without, _, _ = engines_with_and_without(UTTT, WITHOUT, "there_is")
    assert "index_three_boards = EndIndex(" in source and "EndIndex" not in source_without


def test_only_there_is_not_there_is_no():
    """`there is no` is `count(...) = 0`: no "some x" to narrow a walk to or to index an end by."""
    count = ir.Count(ir.INT, None, "count(d in D where C)", "d", "direction", ir.Const(ir.INT, None, "0", 0),
                     ir.Const(ir.BOOL, None, "true", True))
    assert reads.exists_form(ir.ThereIs(ir.BOOL, None, "there is d in D where C", count)) is count
    assert reads.exists_form(ir.ThereIs(ir.BOOL, None, "there is no d in D where C", count, negated=True)) is None
