"""Two levers of #40's thirteenth round (helper darkchess), each played in lock step with the engine generated
without it: (a) a content's row of directions read once per space of a listing's walk (codegen/content_directions.py
content_row_once: `slides(s, d)` fetched once for each s, not in each of the 8 directions), on Dark chess
and antichess; (b) `there is s in B where ...` over a board in located_on_board's form asked
of the pieces, stopping at the first found (codegen/counts.py located_found, runtime any_on_board: Dark chess's
`has_king(p)`)."""

import random
from functools import lru_cache
from pathlib import Path

import pytest

from rulespec.codegen.python import CodeGenerator
from rulespec.runtime.helpers import any_on_board, any_on_board_also

from .lockstep import engines_with_and_without, play_in_lock_step

ROOT = Path(__file__).parents[2]
DARK = ROOT / "tests/newcomer/games/dark-chess.rules"
ROW_ONCE = ((CodeGenerator, "content_row_once", lambda self, space, row: row),)
FOUND = ((CodeGenerator, "located_found", lambda self, count: None),)
CASES = {"(a) dark-chess": (DARK, ROW_ONCE, 4), "(a) antichess": (ROOT / "tests/newcomer/games/antichess.rules", ROW_ONCE, 4),
         "(b) dark-chess": (DARK, FOUND, 4)}


@lru_cache(maxsize=None)
def engines(path: Path, swaps: tuple) -> tuple:
    return engines_with_and_without(path, swaps, "darkchess_levers")


def test_a_content_row_is_read_once_per_space():
    source, without, _, _ = engines(DARK, ROW_ONCE)
    listing = source[source.index("def choices_turn("):source.index("def has_legal_move_turn(")]
    assert "(_h0 if _h0 is not None else (_h0 := (DIRECTIONS_SLIDES.get(" in listing
    assert listing.count("_h0 = None") == 1  # (reset once for each s of the shared walk)
    assert "_h0" not in without[without.index("def choices_turn("):without.index("def has_legal_move_turn(")]


def test_there_is_on_a_board_asks_the_pieces():
    source, without, _, _ = engines(DARK, FOUND)
    has_king = source[source.index("def define_has_king("):source.index("def define_home_rank(")]
    assert "any_on_board(st._loc, st._attrs['kind'], ITEMS_PASSING_" in has_king and "'king')" in has_king
    assert "any_on_board" not in without and "cells_in_use" in without[without.index("def define_has_king("):]


def test_any_on_board_stops_at_the_first_found():
    where, kinds, colours = [3, 9, 4, 2], ["king", "king", "pawn", "king"], ["w", "b", "w", "b"]
    assert any_on_board(where, kinds, (0, 2), 2, [0] * 4, "king")  # (item 0 on space 1 of a board at 2..5)
    assert not any_on_board(where, kinds, (1, 2), 2, [0] * 4, "king")  # (item 1 off the board)
    assert any_on_board_also(where, kinds, (0, 1, 3), 2, [0] * 4, "king", ((colours, "b"),))  # (item 3)
    assert not any_on_board_also(where, kinds, (0, 1), 2, [0] * 4, "king", ((colours, "b"),))


@pytest.mark.parametrize("case", sorted(CASES))
def test_games_agree_without_the_lever(case):
    path, swaps, games = CASES[case]
    _, _, fast, slow = engines(path, swaps)
    for seed in range(games):
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed))
