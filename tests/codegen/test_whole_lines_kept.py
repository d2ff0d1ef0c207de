"""N in a row inside a part of the board the geometry alone decides, asked of the whole lines kept to that part
(#40, codegen/whole_lines.py `lines_` functions, runtime/whole_lines.py), in lock step with the engine generated
without it: the same choices at every step, the same games, every end's own test the same answer at every step."""

import random
from pathlib import Path

import pytest

from rulespec.codegen.whole_lines import WholeLines

from .lockstep import engines_with_and_without, play_in_lock_step
from .test_whole_lines import ends_agree_at_every_step, three_said_as

ROOT = Path(__file__).parents[2]
ULTIMATE = ROOT / "tests/newcomer/games/ultimate-tic-tac-toe.rules"

WITHOUT = ((WholeLines, "_start_and_lines", lambda self, e, board, space: ([], e)),
           (WholeLines, "_geometric_line_parts", lambda self, var, where, count: []))


def engines(path: Path):
    return engines_with_and_without(path, WITHOUT, "whole_lines_kept")


def test_three_in_a_small_board_is_asked_of_its_lines():
    with_lines, without, fast, slow = engines(ULTIMATE)
    assert "st._t.whole_lines[0, (0, 1, 2, 3, 4, 5, 6, 7), 3, lines_1, v_b]" in with_lines
    assert "lines_1" not in without and "whole_lines[0," not in without
    for seed in range(6):
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed))


def test_the_lines_kept_are_those_inside_the_small_board():
    """Each small board's table: its eight lines (three rows, three columns, two diagonals), each once."""
    engine = engines(ULTIMATE)[2]
    module = engine.ENDS[0].check.__globals__  # (the generated module's names)
    tables = engine.new_game(2)._t
    for b in range(9):
        kept = tables.whole_lines[0, (0, 1, 2, 3, 4, 5, 6, 7), 3, module['lines_1'], b]
        assert len(kept) == 8 and len({frozenset(line) for line in kept}) == 8
        assert all(module['define_block'](None, s) == b for line in kept for s in line)


# Tic-tac-toe's `three` said with a part of the board the geometry decides: whether each keeps its lines.
FORMS = {
    # from the spaces of row 1 only: the first row, the three columns and both diagonals, not rows 2 and 3
    "there is s in grid where row of s = 1 and (there is d in directions of grid where count(t in line of 3 from s towards d where mine(t, p)) = 3)": True,
    # lines whose every space lies in columns 2 and 3: the two columns' own lines only
    "there is s in grid where count(d in directions of grid where count(t in line of 3 from s towards d where col of t >= 2 and mine(t, p)) = 3) > 0": True,
    # both, and a seat's number read by the geometry (the table kept by the seat)
    "count(s in grid where col of s = home of p and count(d in directions of grid where count(t in line of 3 from s towards d where mine(t, p) and row of t + col of t != 4) = 3) >= 1) > 0": True,
    # a part of the start space that reads the position: walked as written
    "there is s in grid where s is occupied and (there is d in directions of grid where count(t in line of 3 from s towards d where mine(t, p)) = 3)": False,
}


@pytest.mark.parametrize("form", sorted(FORMS))
def test_each_way_of_saying_it(form, tmp_path):
    with_lines, without, fast, slow = engines(three_said_as(tmp_path, form, "each player has a home: 1, 3 [TTT-1]\n\n"))
    assert ("lines_1" in with_lines) == FORMS[form]
    if not FORMS[form]:
        assert with_lines == without
    for seed in range(30):
        ends_agree_at_every_step(fast, slow, random.Random(seed))
