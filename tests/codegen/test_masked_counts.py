"""A count of a board's occupied spaces among those a geometric condition lets through is a popcount of two bit
masks (#40, codegen/counts.py masked_count): the state keeps the board's occupied spaces as a mask (MASKED_BOARDS),
the tables the condition's spaces' (runtime/related.py RelatedMasks). Lines of Action's `pieces_on_line(s, d)` and
Mensch aergere Dich nicht's goal count so; in lock step with the engines generated counting space by space, the
mask always the board's occupied spaces (through moves, captures, clones, look-aheads and a JSON round trip), and
an engine with no such count keeps no mask."""

import random
from pathlib import Path

import pytest

from rulespec.codegen.counts import Counts
from rulespec.pipeline import load

from .lockstep import engines_with_and_without, play_in_lock_step, sampled_action

ROOT = Path(__file__).parents[2]
NEWCOMER = ROOT / "tests" / "newcomer" / "games"
# file -> (players, seeded games, the count as its engine reads it)
FILES = {
    "lines-of-action.rules": (2, 2, "(st._masks[0] & st._t.related_masks[0, related_1, v_d, v_s]).bit_count()"),
    "maedn.rules": (4, 3, "(st._masks[0] & st._t.related_masks[0, related_1, v_p]).bit_count() == 4"),
}


def engines(path: Path):
    return engines_with_and_without(path, ((Counts, "masked_count", lambda self, board, empty, domain: None),),
                                    "masked_counts")


def occupied_mask(state, board: int = 0) -> int:
    bits = state._t.cell_bit[board]
    return sum(bits[cell] for cell, item in enumerate(state._boards[board]) if item >= 0)


@pytest.mark.parametrize("name", sorted(FILES))
def test_in_lock_step_with_the_count_space_by_space(name):
    players, games, read = FILES[name]
    source, without, fast, slow = engines(NEWCOMER / name)
    assert read in source and "MASKED_BOARDS = " in source
    assert "related_masks" not in without and "MASKED_BOARDS" not in without
    for seed in range(games):
        play_in_lock_step(fast.new_game(players), slow.new_game(players), players, random.Random(seed),
                          also=(lambda state: not state._t.cell_bit[0] or state._masks[0] == occupied_mask(state),))


@pytest.mark.parametrize("name", sorted(FILES))
def test_the_mask_is_the_boards_occupied_spaces(name):
    players = FILES[name][0]
    engine = engines(NEWCOMER / name)[2]
    rng = random.Random(7)
    state = engine.new_game(players)
    assert state._t.cell_bit[0] and state._masks[0] == occupied_mask(state)
    moved = False
    while not state.is_terminal():
        copy = state.clone()
        assert copy._masks[0] == state._masks[0] == occupied_mask(state)
        state.legal_actions()  # (a listing may look ahead: what it writes is undone)
        assert state._masks[0] == occupied_mask(state)
        state.apply(sampled_action(state, rng))
        assert state._masks[0] == occupied_mask(state)
        moved = moved or state._masks[0] != 0
        again = engine.from_json(state.to_json())
        assert again._masks[0] == state._masks[0]
    assert moved


def test_an_engine_with_no_such_count_keeps_no_mask():
    engine = load("breakthrough")
    assert engine.MASKED_BOARDS == ()
    state = engine.new_game(2)
    assert state._t.cell_bit[0] == () and state._masks[0] == 0
