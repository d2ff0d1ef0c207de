"""Two levers the newcomer's Xiangqi brought (#40, helper xiangqi), each in lock step with the engine generated
without it: a count, `any(...)` or `there is` over a board walked over the spaces its few passing pieces stand
on (codegen/held_spaces.py held_expression_walk), and a definition's `there is` read as the `count(...) > 0`
it means, so written as a loop returning at the first found (codegen/guards.py as_count_tests)."""

import random
from pathlib import Path

import pytest

from rulespec.codegen.guards import Guards
from rulespec.codegen.held_spaces import HeldSpaces

from .lockstep import engines_with_and_without, play_in_lock_step

ROOT = Path(__file__).parents[2]

EVERY_SPACE = ((HeldSpaces, "held_expression_walk", lambda self, var, domain, where: None),)
AS_WRITTEN = ((Guards, "as_count_tests", lambda self, value: value),)

# file -> (players, seeded games, the levers swapped off, a line only the engine with them has)
FILES = {
    "tests/newcomer/games/xiangqi.rules": (2, 1, EVERY_SPACE,
                                           "    for v_s in spaces_held(st._loc, ITEMS_PASSING_0[v_p], st._t.board_base[0], len(st._boards[0])):"),
    "tests/newcomer/games/xiangqi.rules ": (2, 1, AS_WRITTEN, "    for v_h in st._t.jump_targets[0]['horse'][v_s]:"),
    "rulespec/docs/ref_games/cornered.rules": (2, 10, EVERY_SPACE, "spaces_held(st._loc, ITEMS_PASSING_"),
    # (`A and there is ...`: A a guard, then the loop; Y's `there is a in group of s ...` is now a kept group's:
    # joined_groups.py, tests/codegen/test_joined_groups.py)
    "tests/newcomer/games/euchre.rules": (4, 3, AS_WRITTEN, "    if not ((st._counters['led'] > 0)):  # led > 0"),
}


@pytest.mark.parametrize("name", sorted(FILES))
def test_the_engine_with_the_lever_plays_the_same_games(name):
    players, games, without, line = FILES[name]
    source, source_without, fast, slow = engines_with_and_without(ROOT / name.strip(), without, "held_expressions")
    assert source != source_without and line in source
    for seed in range(games):
        play_in_lock_step(fast.new_game(players), slow.new_game(players), players, random.Random(seed))


def test_a_there_is_is_the_count_it_means():
    from rulespec.model import ir
    count = ir.Count(ir.INT, None, "count(x in players)", "x", ir.SEAT, ir.Const(ir.INT, None, "0", 0), None)
    for negated, op in ((False, ">"), (True, "=")):
        read = Guards.as_count_tests(None, ir.ThereIs(ir.BOOL, None, "there is", count, negated))
        assert isinstance(read, ir.Compare) and read.op == op and read.left is count and read.right.value == 0
