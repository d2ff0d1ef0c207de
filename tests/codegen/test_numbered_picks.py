"""Levers found in a newcomer's 2048 (#40), in lock step with the engines generated without them: (a) a walk
of a board narrowed to the space of a number (`any(s in grid where index of s = n - 1)` looks up the space in use
at that index: model/narrowing.py fixed_by_index, runtime/helpers.py space_numbered); (b) a pick of several
names testing each part of its `where` as soon as the names it reads are picked, never before a part written
ahead of it (model/narrowing.py pick_conditions, codegen/chance.py); (c) a definition's value a pick's condition
works out whenever it holds kept for its text, weight and later conditions (codegen/chance.py pick_condition). The same choices and chance outcomes, with
the same probabilities, in the same order at every step; the same games."""

import random
from pathlib import Path

import pytest

from rulespec.codegen.chance import Chance
from rulespec.model import narrowing
from rulespec.pipeline import compile_rules
from rulespec.runtime.helpers import space_numbered

from .lockstep import engines_with_and_without, play_in_lock_step

ROOT = Path(__file__).parents[2]
TWENTY_FORTY_EIGHT = ROOT / "tests" / "newcomer" / "games" / "twenty-forty-eight.rules"
NUMBERED_PICKS = Path(__file__).with_name("numbered-picks.rules")
BY_INDEX = (narrowing, "fixed_by_index", lambda var, board, this, other: None)
TESTED_EARLY = (Chance, "pick_tested_early", lambda self, outcome: None)


@pytest.mark.parametrize("path, games", [(TWENTY_FORTY_EIGHT, 6), (NUMBERED_PICKS, 40)], ids=lambda p: getattr(p, "stem", p))
def test_both_levers_play_as_the_engine_without_them(path, games):
    source, source_without, engine, engine_without = engines_with_and_without(path, (BY_INDEX, TESTED_EARLY), "numbered")
    assert "space_numbered(st._t.cells_in_use[0], (v_n - 1))" in source and "space_numbered" not in source_without
    for seed in range(games):
        play_in_lock_step(engine.new_game(1), engine_without.new_game(1), 1, random.Random(seed))


@pytest.mark.parametrize("swap", [BY_INDEX, TESTED_EARLY], ids=["by index", "tested early"])
def test_each_lever_alone_plays_as_the_engine_without_it(swap):
    _, _, engine, engine_without = engines_with_and_without(NUMBERED_PICKS, (swap,), "numbered_one")
    for seed in range(30):
        play_in_lock_step(engine.new_game(1), engine_without.new_game(1), 1, random.Random(seed))


def test_the_space_of_a_number_is_looked_up_among_the_spaces_in_use():
    """On a board with a space left out, and for numbers past either end: none."""
    source, _, _, _ = engines_with_and_without(NUMBERED_PICKS, (BY_INDEX,), "numbered_source")
    assert "for v_s in space_numbered(st._t.cells_in_use[0], (v_n - 1)):" in source  # (in use already: no spaces_among)
    assert "space_numbered(st._t.cells_in_use[0], (st._counters['rounds'] - 3))" in source
    cells = (0, 2, 3, 4, 5)
    assert [space_numbered(cells, k) for k in (-2, -1, 0, 1, 4, 5, 9)] == [(), (), (0,), (2,), (5,), (), ()]


def test_a_picks_parts_are_tested_as_their_names_are_picked_in_the_order_written():
    """2048's spawn asks about cell n once per n; numbered-picks' late() reads v first, so stays whole."""
    source, source_without, _, _ = engines_with_and_without(TWENTY_FORTY_EIGHT, (TESTED_EARLY,), "numbered_early")
    assert "for v_n in each if (st._counters['tile'][(_k0 := define_cell(st, v_n))] == 0) for v_v in each if " \
           "((v_v == 2) or (v_v == 4))]" in source
    assert "for v_n in each for v_v in each if ((st._counters['tile'][(_k0 := define_cell(st, v_n))] == 0) and " \
           in source_without
    model = compile_rules(NUMBERED_PICKS)
    steps = {step.name: step for step in model.steps}
    early, late = steps["drop"].outcome, steps["late"].outcome
    placed = narrowing.pick_conditions(list(early.names), early.pick_where, {}, 1)
    assert [[part.text for part in placed[i]] for i in (0, 1)] == \
           [["n >= 1", "n <= 5", "tile of cell(n) < 4"], ["v >= 1", "v <= 2"]]
    assert narrowing.pick_conditions(list(late.names), late.pick_where, {}, 1) is None


KEPT = (Chance, "pick_keeping", lambda self, condition: {})


@pytest.mark.parametrize("path, games", [(TWENTY_FORTY_EIGHT, 6), (NUMBERED_PICKS, 40)], ids=lambda p: getattr(p, "stem", p))
def test_a_definitions_value_kept_by_a_picks_condition_plays_as_each_use_worked_out(path, games):
    """(c) `tile of cell(n) = 0` works cell(n) out whenever it holds: kept in a local for the text (`row of cell(n)`),
    the weight and the conditions after it, in lock step with the engine working each use out again."""
    source, source_without, engine, engine_without = engines_with_and_without(path, (KEPT,), "numbered_kept")
    assert "(_k0 := define_cell(st, v_n))" in source and "_k0" not in source_without
    for seed in range(games):
        play_in_lock_step(engine.new_game(1), engine_without.new_game(1), 1, random.Random(seed))


def test_only_what_a_condition_works_out_whenever_it_holds_is_kept():
    """2048's text reads the kept cell twice; numbered-picks' late() text reads no definition (nothing kept), and
    drop()'s cell(n), behind `n >= 1 and n <= 5`, is kept for its text: the text is read only where all three held."""
    source, _, _, _ = engines_with_and_without(TWENTY_FORTY_EIGHT, (KEPT,), "numbered_kept_source")
    assert "' added to row ' + str(B_GRID_ROW[_k0]) + ', column ' + str(B_GRID_COLUMN[_k0])" in source
    source, _, _, _ = engines_with_and_without(NUMBERED_PICKS, (KEPT,), "numbered_kept_picks")
    assert "(str(v_v) + ' on ' + B_GRID_LABEL[_k0], (v_n, v_v), v_v) for v_n in each if ((v_n >= 1) and (v_n <= 5) " \
           "and (st._counters['tile'][(_k0 := define_cell(st, v_n))] < 4))" in source
    assert "for v_v in each if ((v_v <= 2) and (st._counters['tile'][define_cell(st, v_n)] < 6))" in source
