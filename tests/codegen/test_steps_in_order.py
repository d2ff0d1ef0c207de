"""An option's walk narrowed to a few spaces a step away from one space, written out in the board order known
when generated, and a walk narrowed under tests of which at most one holds to one group of spaces each (a
seat's far row), that group chosen by its test (#40, codegen/steps_in_order.py), in lock step with the engine
generated with spaces_among: the same choices in the same order at every step, the same games."""

import random
from pathlib import Path

import pytest

from rulespec.codegen import python as codegen
from rulespec.codegen.by_direction import ByDirection
from rulespec.codegen.steps_in_order import StepsInOrder, _one_holds_at_most
from rulespec.model import ir
from rulespec.pipeline import compile_rules, load_module_from_source

from .lockstep import engines_with_and_without, play_in_lock_step

ROOT = Path(__file__).parents[2]
NEWCOMER = ROOT / "tests" / "newcomer" / "games" / "breakthrough.rules"


@pytest.fixture(autouse=True)
def whole_conditions(monkeypatch):
    """The walks as steps_in_order writes them, each target testing the whole condition (the conditions
    specialised per direction are by_direction.py's, tests/codegen/test_by_direction.py)."""
    monkeypatch.setattr(ByDirection, "specialise_by_direction", False)


def engines(path: Path, tag: str):
    return engines_with_and_without(
        path, ((StepsInOrder, "steps_in_order", lambda self, var, domain, where: None),), f"steps_in_order_{tag}")


def listing(source: str) -> str:
    return source.split("def choices_turn(", 1)[1].split("\ndef ", 1)[0]


def test_a_seats_own_neighbours_in_board_order():
    ordered, sorted_, fast, slow = engines(NEWCOMER, "newcomer")
    # black (player 1) moves south: southwest, south, southeast in board order; white north: northwest, north,
    # northeast; each past the edge skipped
    assert ("for v_t in ((st._t.toward[0][5][v_s], st._t.toward[0][4][v_s], st._t.toward[0][3][v_s], ) "
            "if (v_player == 0) else (st._t.toward[0][7][v_s], st._t.toward[0][0][v_s], st._t.toward[0][1][v_s], ) "
            "if (v_player == 1) else ()):") in listing(ordered)
    assert "if v_t is None:  # past the board's edge" in listing(ordered)
    assert "spaces_among(" not in listing(ordered) and "spaces_among(" in listing(sorted_)
    for seed in range(12):
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed))


def test_neighbours_named_without_a_test_in_board_order(tmp_path):
    """Every pawn may step north, south, or diagonally north-east or south-west (no seat's test): the four
    spaces written out as the board orders them, whichever order the rule names them in."""
    text = NEWCOMER.read_text()
    text = text.replace(
        "p = player 1 and t = neighbour of s towards south or p = player 2 and t = neighbour of s towards north",
        "t = neighbour of s towards south or t = neighbour of s towards north")
    text = text.replace(
        "p = player 1 and (t = neighbour of s towards southwest or t = neighbour of s towards southeast) or "
        "p = player 2 and (t = neighbour of s towards northwest or t = neighbour of s towards northeast)",
        "t = neighbour of s towards southwest or t = neighbour of s towards northeast")
    path = tmp_path / "both_ways.rules"
    path.write_text(text)
    ordered, _, fast, slow = engines(path, "both_ways")
    assert ("for v_t in (st._t.toward[0][0][v_s], st._t.toward[0][1][v_s], st._t.toward[0][5][v_s], "
            "st._t.toward[0][4][v_s], ):") in listing(ordered)
    for seed in range(6):
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed))


def test_tests_of_which_one_holds_at_most():
    p, q = ir.Var(ir.SEAT, None, "p", "p"), ir.Var(ir.SEAT, None, "q", "q")  # (type, place, text, name)

    def equal(left, right):
        return ir.Compare(ir.BOOL, None, "", "=", left, right)

    first, second = ir.SeatConst(ir.SEAT, None, "player 1", 0), ir.SeatConst(ir.SEAT, None, "player 2", 1)
    assert _one_holds_at_most([equal(p, first), equal(p, second)])
    assert _one_holds_at_most([equal(second, p), equal(p, first)])
    assert not _one_holds_at_most([equal(p, first), equal(q, second)])  # (two names: both may hold)
    assert not _one_holds_at_most([equal(p, first), equal(p, q)])


@pytest.mark.parametrize("path", [NEWCOMER, ROOT / "tests" / "codegen" / "formulations-jumps.rules"])
def test_a_seats_far_row_chosen_by_its_test(path):
    """`count(s in grid where s holds colour of p and (p = player 1 and rank of s = 8 or p = player 2 and rank
    of s = 1)) > 0`: the seat's far row, chosen by the test that holds, not both rows put together and sorted."""
    model = compile_rules(path)
    chosen = codegen.generate(model, path.name)
    patch = pytest.MonkeyPatch()
    try:
        patch.setattr(StepsInOrder, "one_group_chosen", lambda self, fixed, const, b: None)
        among = codegen.generate(model, path.name)
    finally:
        patch.undo()
    row = "(B_GRID_CELLS_BY_ROW.get(8, ()) if (v_p == 0) else B_GRID_CELLS_BY_ROW.get(1, ()) if (v_p == 1) else ())"
    assert row in chosen and row not in among
    assert "(B_GRID_CELLS_BY_ROW.get(8, ()) if (v_p == 0) else ()), (B_GRID_CELLS_BY_ROW.get(1, ())" in among
    tag = path.stem.replace("-", "_")
    fast = load_module_from_source(chosen, f"row_chosen_{tag}").GAME(None)
    slow = load_module_from_source(among, f"rows_among_{tag}").GAME(None)
    fast.model = slow.model = model
    for seed in range(8):
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed))


FORMULATIONS = ROOT / "benchmarks" / "formulations"


@pytest.mark.parametrize("path", [FORMULATIONS / "pairs-inline.rules", FORMULATIONS / "pairs-there-is.rules",
                                  ROOT / "rulespec" / "docs" / "ref_games" / "raid.rules",
                                  ROOT / "tests" / "codegen" / "formulations-jumps.rules"])
def test_the_neighbours_over_a_seats_directions_in_board_order_play_the_same_games(path):
    """`count(d in forward of player where t = neighbour of s towards d) > 0` (the seat's own set of directions,
    or the board's): the neighbours written out in board order, each seat's own tuple chosen by its number,
    not gathered and sorted by spaces_among at every walk (`_over_directions`)."""
    ordered, sorted_, fast, slow = engines_with_and_without(
        path, ((StepsInOrder, "_over_directions", lambda self, over, board, steps: None),), "over_directions")
    assert ordered != sorted_ and "spaces_among(st._t.in_use[0], (*(" in sorted_
    if path.stem == "pairs-inline":
        assert ("for v_t in ((st._t.toward[0][5][v_s], st._t.toward[0][4][v_s], st._t.toward[0][3][v_s], ) if "
                "(v_player == 0) else (st._t.toward[0][7][v_s], st._t.toward[0][0][v_s], st._t.toward[0][1][v_s], ) "
                "if (v_player == 1) else ()):") in listing(ordered)
    for seed in range(8):
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed))
