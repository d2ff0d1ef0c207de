"""Ends that walk from a space, tested only where the board changed (#40, rulespec/model/reads.py): a walk's size
compared with a number reads only the line of K + 2 from its space (walk_compared), and `A and some direction d
where psi` is tested per (space, direction) as `some d where A and psi` (some_direction). Gomoku's five in a
row said as a walk from a stone, in lock step with the engine generated testing the end in full after every
step, and every indexed check agreeing with a test of every unit (verify_indexed_ends)."""

import random
from pathlib import Path

import pytest

import rulespec
from rulespec.model import ir, reads
from rulespec.runtime.ends import verify_indexed_ends

from .lockstep import engines_with_and_without, play_in_lock_step
from .test_indexed_ends import play_checked

ROOT = Path(__file__).parents[2]
GOMOKU = (ROOT / "tests/newcomer/games/gomoku.rules").read_text()
LINE = "count(d in directions of grid where count(t in line of 5 from s towards d where mine(t, p)) = 5) > 0"
# The newcomer's rule said as a walk: a stone of p with four more of p's stones after it one way (a longer row
# has a stone with exactly four after it, so `= 4` says it too).
WALKS = {
    "walk": "mine(s, p) and count(d in directions of grid where size of walk(t from s towards d while mine(t, p)) >= 4) > 0",
    "walk_after": "count(d in directions of grid where size of walk(t from s towards d while mine(t, p)) >= 4) > 0 "
                  "and mine(s, p)",
    "walk_equal": "mine(s, p) and count(d in directions of grid where size of walk(t from s towards d while mine(t, p)) = 4) > 0",
}


def walk_file(tmp_path: Path, name: str) -> Path:
    assert LINE in GOMOKU
    path = tmp_path / f"gomoku-{name}.rules"
    path.write_text(GOMOKU.replace(LINE, WALKS[name]))
    return path


SOME_DIRECTION = reads.some_direction


def alone(test: ir.E, board: str):
    """reads.some_direction as it was before: "some direction d where psi" only as the whole test."""
    return (None, None, ()) if isinstance(test, ir.BoolOp) and test.op == "and" else SOME_DIRECTION(test, board)


def engines(path: Path):
    return engines_with_and_without(path, ((reads._Reader, "walk_compared", lambda self, e, env: None),
                                           (reads, "some_direction", alone)), "walk_ends")


@pytest.mark.parametrize("name", sorted(WALKS))
def test_the_walk_is_indexed_by_the_line_it_reads(name, tmp_path):
    model = rulespec.compile_rules(walk_file(tmp_path, name))
    plan = reads.board_index(next(end for end in model.ends if end.name == "five"), model)
    length = 6  # the walk's first 5 spaces decide `>= 4` and `= 4`: s and 5 after it
    assert (plan.space_var, plan.direction_var, plan.directions) == ("s", "d", tuple(range(8)))
    assert plan.footprint == (("here",), ("line", reads.UNIT, length))
    walk_first = name == "walk_after"  # the operands stay in their order: `A and psi`, or `psi and A`
    assert isinstance(plan.test, ir.BoolOp) and plan.test.operands[0 if walk_first else -1].text.startswith("size of walk")


@pytest.mark.parametrize("name", sorted(WALKS))
def test_games_agree_with_the_end_tested_in_full(name, tmp_path):
    source, without, fast, slow = engines(walk_file(tmp_path, name))
    assert "units = index_five.units(st)" in source and "index_five" not in without
    for seed in range(4):
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed))


@pytest.mark.parametrize("name", sorted(WALKS))
def test_each_indexed_check_agrees_with_every_unit_tested(name, tmp_path):
    game = type(rulespec.load(str(walk_file(tmp_path, name))))()  # (an engine of its own for the switch)
    verify_indexed_ends(game)  # raises AssertionError at the first check that disagrees
    rng = random.Random(name)
    assert sum(play_checked(game, 2, rng) for _ in range(3)) == 3


def test_the_newcomer_s_line_is_indexed_as_before():
    model = rulespec.compile_rules(ROOT / "tests/newcomer/games/gomoku.rules")
    plan = reads.board_index(next(end for end in model.ends if end.name == "five"), model)
    assert (plan.direction_var, plan.footprint, plan.requires) == ("d", (("line", reads.UNIT, 5),), (("line", reads.UNIT, 5),))


def test_a_walk_of_a_space_away_or_of_an_unbounded_size_is_tested_in_full(tmp_path):
    for said in ("mine(s, p) and count(d in directions of grid where size of walk(t from s towards d while mine(t, p)) "
                 ">= count(u in grid where mine(u, p))) > 0",  # the bound reads the board
                 "count(d in directions of grid where size of walk(t from (neighbour of s towards d) towards d while mine(t, p)) "
                 ">= 3) > 0"):  # not from the unit's space
        path = tmp_path / "gomoku-far.rules"
        path.write_text(GOMOKU.replace(LINE, said))
        model = rulespec.compile_rules(path)
        assert reads.board_index(next(end for end in model.ends if end.name == "five"), model) is None
