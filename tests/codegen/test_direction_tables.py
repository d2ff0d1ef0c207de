"""A neighbour towards a direction a walk gives (`for d in directions of grid`, `neighbour of s towards d`) read
from the board's table of every direction put into a local once per function (`towards_0 =
st._t.toward[0]`, codegen/hoisted.py hoisted_towards), and whether it is empty or occupied read inline from the
board (none past the edge: neither), in lock step with the engine generated without it (`st._t.toward[0][v_d]
[v_s]` at every use, the test a call of st._space_empty or st._space_occupied): the same choices in the same
order at every step, the same games (#40)."""

import random
from pathlib import Path

import pytest

from rulespec.codegen.hoisted import HoistedReads

from .lockstep import engines_with_and_without, play_in_lock_step

ROOT = Path(__file__).parents[2]

WITHOUT = ((HoistedReads, "hoisted_towards", lambda self, e: False),)

# file -> (code the lever writes, seeded games played)
FILES = {
    "tests/newcomer/games/chinese-checkers.rules": (
        "if ((towards_0[v_d][v_s] is not None and board_0[towards_0[v_d][v_s]] < 0)):  # can_step(s, d)", 1),
    "tests/newcomer/games/amazons.rules": ("towards_0 = st._t.toward[0]", 3),
    "tests/newcomer/games/einstein.rules": ("towards_0 = st._t.toward[0]", 20),
    "tests/newcomer/games/quoridor.rules": ("towards_0 = st._t.toward[0]", 2),
    "rulebooks/checkers.rules": ("towards_0 = st._t.toward[0]", 4),
}


@pytest.mark.parametrize("name", sorted(FILES))
def test_a_walked_direction_read_from_a_local_table_offers_the_same_choices(name):
    code, games = FILES[name]
    source, source_without, fast, plain = engines_with_and_without(ROOT / name, WITHOUT, "direction_tables")
    assert code in source and "towards_0" not in source_without
    players = fast.model.min_players
    for seed in range(games):
        play_in_lock_step(fast.new_game(players), plain.new_game(players), players, random.Random(seed))
