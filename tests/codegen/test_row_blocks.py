"""The rows of an option's last walks (over constants, untested once bound) kept as one block by the names walked
before them (#40, codegen/row_blocks.py), in lock step with the engine generated without it (each row looked up
by its whole binding and appended): the same choices in the same order at every step, the same games."""

import random
from pathlib import Path

import pytest

from rulespec.codegen.row_blocks import RowBlocks

from .lockstep import engines_with_and_without, play_in_lock_step

ROOT = Path(__file__).parents[2]
WITHOUT = ((RowBlocks, "block_level", lambda self, *args: None),)


def test_pentago_keeps_the_four_quadrants_of_each_empty_space_as_a_block():
    blocks, appended, fast, slow = engines_with_and_without(ROOT / "tests/newcomer/games/pentago.rules", WITHOUT, "blocks")
    assert "rows += block_0.get(v_s) or kept.block(block_0, v_s, [" in blocks
    assert "rows_1 += block_1.get(v_s)" in blocks and "block_" not in appended
    for seed in range(12):  # legal_actions compared at every step (the order offered), the JSON at the end
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed))


# tic-tac-toe's `mark` walked over a second name as well (a house rule): whether its rows are kept in blocks
MARKS = {
    # texts that differ: a block of two rows per empty space
    'for s in grid, n in 1..2\n    only if s is empty': ('"{symbol of player} on row {row of s} column {col of s} ({n})"', True),
    # texts that repeat (n unread): the kept rows see it, and the listing keeps the first of each
    'for s in grid, n in 1..2\n    only if s is empty\n': ('"{symbol of player} on row {row of s} column {col of s}"', True),
    # a walk of the grid's directions after the space, untested
    'for s in grid, d in directions of grid\n    only if s is empty': ('"{symbol of player} on {s} facing {d}"', True),
    # a test once n is bound: no block
    'for s in grid, n in 1..2\n    only if s is empty and n <= 1': ('"{symbol of player} on row {row of s} column {col of s} ({n})"', False),
}


@pytest.mark.parametrize("walk", sorted(MARKS))
def test_a_house_rule_walking_a_second_name(walk, tmp_path):
    text, blocked = MARKS[walk]
    rules = tmp_path / "marks.rules"
    rules.write_text(
        'extends "tic-tac-toe"\n\nchoice turn(player: seat) by player [TTT-3]:\n'
        f'  option mark {text} [TTT-3]:\n    {walk.strip()}\n'
        '    place any(m in supply where symbol of m = symbol of player) on s\n\nremove across\n'
        'remove diagonal\nremove draw\n', encoding="utf-8")
    blocks, appended, fast, slow = engines_with_and_without(rules, WITHOUT, "blocks_marks")
    assert ("kept.block(" in blocks) == blocked
    if not blocked:
        assert blocks == appended
    for seed in range(15):
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed))
