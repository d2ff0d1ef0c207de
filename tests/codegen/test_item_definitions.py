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


CRIBBAGE = ROOT / "tests/newcomer/games/cribbage.rules"


def widened_engines(path: Path, through: bool = True, before: bool = True):
    from rulespec.codegen import item_definitions
    swaps = (((item_definitions, "definitions_of_items", lambda: False),) if through else ()) + \
        (((item_definitions, "tables_before_written_out", lambda: False),) if before else ())
    return engines_with_and_without(path, swaps, "item_definitions_widened")


def test_cribbage_reads_definitions_through_definitions_and_a_small_one_from_its_table():
    """#40 helper cribbage: `pips(c)` (`min(rank_number(c), 10)`) and `next_rank(a, b)` (two uses of `rank_number`)
    are read from tables made after `rank_number`'s; `before(a, b)` (ranks, then suits), small enough to be written
    out, reads its table instead; without the switches, neither."""
    source, without, _, _ = widened_engines(CRIBBAGE)
    for name, arity in (("PIPS", 1), ("BEFORE", 2), ("NEXT_RANK", 2)):
        assert f"DEFINED_{name} = item_table(define_{name.lower()}, len(ITEM_KIND), {arity})" in source
        assert f"DEFINED_{name} = item_table(" not in without
    assert source.index("DEFINED_RANK_NUMBER = item_table(") < source.index("DEFINED_PIPS = item_table(")
    assert "DEFINED_BEFORE[v_a][v_b]" in source and "DEFINED_BEFORE[" not in without
    assert "define_pips(st, v_c)" in without
    from rulespec.pipeline import load_module_from_source
    module = vars(load_module_from_source(source, "item_definitions_widened_tables"))
    tables = {name: value for name, value in module.items() if name.startswith("DEFINED_")}
    assert len(tables) == 5 and all(isinstance(t, tuple) for t in tables.values())  # (made: none calls its function)
    _, through_off, _, _ = widened_engines(CRIBBAGE, before=False)  # (each switch alone changes the engine)
    assert "DEFINED_PIPS = item_table(" not in through_off and "DEFINED_BEFORE = item_table(" in through_off
    _, before_off, _, _ = widened_engines(CRIBBAGE, through=False)
    assert "DEFINED_PIPS = item_table(" in before_off and "DEFINED_BEFORE = item_table(" not in before_off


def test_a_table_that_could_not_be_made_is_not_preferred():
    """Crazy eights' `points_of(c)` reads a number its markers lack (through a definition): no table, as before."""
    source, without, _, _ = widened_engines(ROOT / "tests/newcomer/games/crazy-eights.rules")
    assert source == without


@pytest.mark.parametrize("path,games", [(CRIBBAGE, 4), (ROOT / "tests/newcomer/games/euchre.rules", 30)])
def test_games_agree_with_the_engine_without_the_widened_tables(path, games):
    _, _, fast, slow = widened_engines(path)
    players = 4 if path.stem == "euchre" else 2
    for seed in range(games):
        play_in_lock_step(fast.new_game(players), slow.new_game(players), players, random.Random(seed))
