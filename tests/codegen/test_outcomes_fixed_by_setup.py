"""A chance step picking from what the set-up fixes of a board is listed once per arguments and set-up (#40):
Let Them Eat Shrimp!'s starting triangle, `for where picked from sea where face of where = piece`, reads the
board's spaces in use and their faces only (codegen/chance.py fixed_by_setup), so the runtime lists it once per
piece and set-up (StepInfo.listed_once, the dice's path) instead of testing and labelling every space at each
game's start. The engine generated without it plays the same seeded games; a set-up with a third board piece
lists its own outcomes; a pick reading what the play changes is listed as before."""

import random
from pathlib import Path

from rulespec.codegen.chance import Chance
from rulespec.model import ir

from .lockstep import engines_with_and_without, play_in_lock_step

ROOT = Path(__file__).parents[2]
LTES = ROOT / "rulebooks" / "let-them-eat-shrimp.rules"
WITHOUT = ((Chance, "fixed_by_setup", staticmethod(lambda e: False)),)


def test_the_starting_triangle_is_listed_once_and_plays_the_same_games():
    source, source_without, fast, slow = engines_with_and_without(LTES, WITHOUT, "fixed_by_setup")
    assert fast.STEPS["drop_start"].listed_once and not slow.STEPS["drop_start"].listed_once
    changed = [line for line in source.splitlines() if line not in source_without.splitlines()]
    assert len(changed) == 1 and "'drop_start'" in changed[0]  # (nothing else of the engine changes)
    for players in (2, 4):  # (4 players: a third board piece, another set-up)
        for seed in range(6):
            play_in_lock_step(fast.new_game(players), slow.new_game(players), players, random.Random(seed))
    kept = {key[1]: len(pending.rows) for key, pending in fast._listed_once.items() if key[0] == "drop_start"}
    assert set(kept) == {("one_a",), ("two_a",), ("three_a",)}  # (the first piece's: listed again by each set-up)
    assert all(count > 100 for count in kept.values())  # one outcome a space of the piece


def test_a_pick_reading_the_play_is_not_fixed():
    space = ir.Var(ir.SPACE, None, "where", "where")
    board = ir.BoardRef(ir.SPACES, None, "sea", "sea")
    assert Chance.fixed_by_setup(board) and Chance.fixed_by_setup(ir.FaceOf(ir.SYMBOL, None, "face of where", "sea", space))
    assert Chance.fixed_by_setup(ir.Placements(ir.SPACES, None, "placements of hexagon on sea", "sea", None, "hexagon"))
    tile = ir.Var(ir.ITEM, None, "tile", "tile")  # (a tile's placements: its shape's attribute may change)
    assert not Chance.fixed_by_setup(ir.Placements(ir.SPACES, None, "placements of tile on sea", "sea", tile, None))
    assert not Chance.fixed_by_setup(ir.CellsOf(ir.SPACES, None, "cells of tile", "sea", tile))
