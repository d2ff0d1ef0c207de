"""A definition's ray walked in place (codegen/declarations.py ray_stop_loop) reads its board's rays of every
direction through one local looked up at the definition's top (Tables.rays_by_board), not a (board, direction)
pair looked up at each direction. The table holds what Tables.rays holds, for every board of the gallery; chess's
attack along a line answers, plays and counts the same as the engine generated with the pairs."""


import pytest

import rulespec
from rulespec.codegen import declarations

from .chess_alike import CHESS, assert_chess_alike, function_of
from .lockstep import engines_with_and_without

BY_PAIRS = (declarations.Declarations, "rays_by_board", lambda self: False)



@pytest.mark.parametrize("game", ["chess", "checkers", "go", "hex", "othello", "nine-mens-morris"])
def test_the_table_of_a_board_holds_its_rays_of_every_direction(game):
    tables = rulespec.load(game).new_game(2)._t
    for board in range(len(tables.toward)):
        directions = range(len(tables.toward[board]))
        assert tables.rays_by_board[board] == tuple(tables.rays[board, d] for d in directions), (game, board)


def test_chess_reads_a_board_s_rays_once_and_nothing_else_changes():
    source, source_without, _, _ = engines_with_and_without(CHESS, (BY_PAIRS,), "rays_source")
    along, along_without = function_of(source, "define_along_a_line"), function_of(source_without, "define_along_a_line")
    assert "    rays_0 = st._t.rays_by_board[0]" in along and "for v_t in rays_0[v_d][v_s]:" in along
    assert "st._t.rays[0, v_d][v_s]" in along_without and "rays_by_board" not in source_without
    assert source.replace(along, "") == source_without.replace(along_without, "")


def test_chess_attacks_along_a_line_alike_and_plays_and_counts_alike():
    assert_chess_alike((BY_PAIRS,), "rays_games", "along_a_line")