"""A definition of one or two items that reads only what never changes about them, read from a table made once
(#40, rulespec/codegen/item_definitions.py): Banqi's `beats(a, b)` and `piece_number(c)` and Kuhn poker's
`beats(a, b)` read from their tables, in lock step with the engines generated without it; a definition that
reads the state keeps its calls; a definition that fails for some item keeps calling it (item_table)."""

import random
from pathlib import Path

import pytest

from rulespec.codegen.item_definitions import ItemDefinitions
from rulespec.runtime.helpers import item_table

from .lockstep import engines_with_and_without, play_in_lock_step

ROOT = Path(__file__).parents[2]
BANQI = ROOT / "tests/newcomer/games/banqi.rules"
KUHN = ROOT / "rulebooks/kuhn-poker.rules"


def engines(path: Path):
    return engines_with_and_without(path, ((ItemDefinitions, "item_definition_table", lambda self, e: None),),
                                    "item_definitions")


def test_a_table_of_every_item_or_pair():
    def define_sum(st, a, b=0):
        assert st is None
        return a + b
    assert item_table(define_sum, 3, 1) == (0, 1, 2)
    assert item_table(define_sum, 2, 2) == ((0, 1), (1, 2))


def test_a_definition_that_fails_for_some_item_is_called_at_each_use():
    def define_odd(st, a, b):
        if a == 2:
            raise TypeError("no number")
        return a < b
    table = item_table(define_odd, 3, 2)
    assert table[0][1] is True and table[1][0] is False
    with pytest.raises(TypeError):
        table[2][0]


def test_banqi_and_kuhn_read_their_tables():
    source, without, _, _ = engines(BANQI)
    assert "DEFINED_BEATS = item_table(define_beats, len(ITEM_KIND), 2)" in source
    assert "DEFINED_PIECE_NUMBER = item_table(define_piece_number, len(ITEM_KIND), 1)" in source
    assert "DEFINED_BEATS[st._occupant(0, v_s)][st._occupant(0, v_t)]" in source
    assert "define_beats(st, st._occupant(0, v_s), st._occupant(0, v_t))" in without and "= item_table(" not in without
    source, without, _, _ = engines(KUHN)
    assert "DEFINED_BEATS = item_table(define_beats, len(ITEM_KIND), 2)" in source and "= item_table(" not in without


def test_a_definition_that_reads_the_state_keeps_its_calls():
    source, without, _, _ = engines(ROOT / "tests/newcomer/games/crazy-eights.rules")
    assert source == without


@pytest.mark.parametrize("path,games", [(BANQI, 8), (KUHN, 200)])
def test_games_agree_with_the_engine_without_tables(path, games):
    _, _, fast, slow = engines(path)
    for seed in range(games):
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed))
