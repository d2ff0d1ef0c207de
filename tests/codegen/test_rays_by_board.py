"""A definition's ray walked in place (codegen/declarations.py ray_stop_loop) reads its board's rays of every
direction through one local looked up at the definition's top (Tables.rays_by_board), not a (board, direction)
pair looked up at each direction. The table holds what Tables.rays holds, for every board of the gallery; chess's
attack along a line answers, plays and counts the same as the engine generated with the pairs."""

import random
from pathlib import Path

import pytest

import rulespec
from rulespec.codegen import declarations
from tests.gallery.chess_notation import fen_to_position, perft

from .lockstep import engines_with_and_without, play_in_lock_step

ROOT = Path(__file__).parents[2]
CHESS = ROOT / "rulebooks" / "chess.rules"
BY_PAIRS = (declarations.Declarations, "rays_by_board", lambda self: False)
POSITIONS = {  # FEN, perft(2) (benchmarks/perft.py)
    "start": ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 400),
    "kiwipete": ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 2_039),
    "position 3": ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 191),
    "position 4": ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 264),
}


def _function(source: str, name: str) -> str:
    return source.split(f"def {name}(", 1)[1].split("\ndef ", 1)[0]


@pytest.mark.parametrize("game", ["chess", "checkers", "go", "hex", "othello", "nine-mens-morris"])
def test_the_table_of_a_board_holds_its_rays_of_every_direction(game):
    tables = rulespec.load(game).new_game(2)._t
    for board in range(len(tables.toward)):
        directions = range(len(tables.toward[board]))
        assert tables.rays_by_board[board] == tuple(tables.rays[board, d] for d in directions), (game, board)


def test_chess_reads_a_board_s_rays_once_and_nothing_else_changes():
    source, source_without, _, _ = engines_with_and_without(CHESS, (BY_PAIRS,), "rays_source")
    along, along_without = _function(source, "define_along_a_line"), _function(source_without, "define_along_a_line")
    assert "    rays_0 = st._t.rays_by_board[0]" in along and "for v_t in rays_0[v_d][v_s]:" in along
    assert "st._t.rays[0, v_d][v_s]" in along_without and "rays_by_board" not in source_without
    assert source.replace(along, "") == source_without.replace(along_without, "")


def test_chess_attacks_along_a_line_alike_and_plays_and_counts_alike():
    _, _, fast, slow = engines_with_and_without(CHESS, (BY_PAIRS,), "rays_games")
    along, slow_along = (e._steps["turn"].choices.__globals__["define_along_a_line"] for e in (fast, slow))
    for name, (fen, count) in POSITIONS.items():
        fast_state, slow_state = fast.position(fen_to_position(fen)), slow.position(fen_to_position(fen))
        attacked = [along(fast_state, p, s) for p in (0, 1) for s in range(64)]
        assert attacked == [slow_along(slow_state, p, s) for p in (0, 1) for s in range(64)], name
        assert 0 < sum(attacked) < 128, name
        assert perft(fast_state, 2) == perft(slow_state, 2) == count, name
    for seed in range(3):
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed),
                          also=(lambda st: st.to_json(),))
