"""A walk narrowed to a place whose row or column is a value chosen by a condition, or a definition's use whose
value is one (#40, model/narrowing.py: `_stable_choice`, `_written_out_inside`), in lock step with the engine
generated without it (the board walked and every space tested): the newcomer's Pentago lifts a quadrant onto
its turntable at `trow of t = col of s - left_col(q) + 1 and tcol of t = top_row(q) + 3 - row of s` and puts it
back at `row of s = top_row(q) + trow of t - 1 and ...`, `top_row(q)` defined as `if q <= 2 then 1 else 4`."""

import random
from pathlib import Path

from rulespec.model import narrowing

from .lockstep import engines_with_and_without, play_in_lock_step

ROOT = Path(__file__).parents[2]
PENTAGO = ROOT / "tests" / "newcomer" / "games" / "pentago.rules"
WITHOUT = ((narrowing, "_written_out_inside", lambda e, *args: e),
           (narrowing, "_stable_choice", lambda e, var, changing: False))


def test_the_place_chosen_by_a_condition_is_looked_up():
    looked_up_source, walked_source, looked_up, walked = engines_with_and_without(PENTAGO, WITHOUT, "places_chosen")
    assert looked_up_source.count("B_TURNTABLE_CELLS_BY_PLACE.get(((") == 2
    assert "B_GRID_CELLS_BY_PLACE.get((((1 if (v_q <= 2) else 4) + B_TURNTABLE_ROW[v_t] - 1)" in looked_up_source
    assert "CELLS_BY_PLACE" not in walked_source
    for seed in range(12):  # legal_actions compared at every step, observations every 7, the JSON at the end
        play_in_lock_step(looked_up.new_game(2), walked.new_game(2), 2, random.Random(seed))


def test_a_choice_that_may_fail_is_not_worked_out_before_the_walk():
    """A value chosen by a test that reads the walked space, or a definition given the walked space, stays
    unfixed: the walk is not narrowed by it."""
    from rulespec.model import ir
    loc = None
    q, s = ir.Var(ir.INT, loc, "q", "q"), ir.Var(ir.SPACE + ":grid", loc, "s", "s")
    one, four = ir.Const(ir.INT, loc, "1", 1), ir.Const(ir.INT, loc, "4", 4)
    by_q = ir.Conditional(ir.INT, loc, "", ir.Compare(ir.BOOL, loc, "", "<=", q, one), one, four)
    row_of_s = ir.SpaceAttr(ir.INT, loc, "row of s", "grid", "row", s)
    by_s = ir.Conditional(ir.INT, loc, "", ir.Compare(ir.BOOL, loc, "", "<=", row_of_s, one), one, four)
    assert narrowing._stable(by_q, "s", frozenset())
    assert not narrowing._stable(by_s, "s", frozenset())
