"""A fixed test of a zone's items that lets only a few through, asked of those few (#40, helper battleship:
rulespec/codegen/passing_items.py, runtime/helpers.py first_in_zone, any_in_zone, count_in_zone). Battleship's
peg for a shot (`any(x in box where x is peg and row of x = r and col of x = c)`: 2 of 400 items) and its shot
looked up in a player's hits, the newcomer's Dots and Boxes' `there is` a line drawn, phantom tic-tac-toe's and
Yacht's tests of a player's zone, Nim's count of a pile's sticks and the gallery's Shrimp, Shell We? and Dots
and Boxes are played in lock step with their engines generated without it (the zone walked, each answer read
from the test's table); a test that lets many items through (`w is wall`) keeps the zone's walk."""

import dataclasses
import random
from pathlib import Path

import pytest

from rulespec.codegen.passing_items import FEW_PASSING, PassingItems
from rulespec.codegen.python import CodeGenerator
from rulespec.model import ir
from rulespec.pipeline import compile_rules

from .lockstep import engines_with_and_without, play_in_lock_step

ROOT = Path(__file__).parents[2]
NEWCOMER = ROOT / "tests/newcomer/games"
FILES = {"battleship": (NEWCOMER / "battleship.rules", 2, 3), "dots-and-boxes": (NEWCOMER / "dots-and-boxes.rules", 2, 20),
         "nim": (NEWCOMER / "nim.rules", 2, 40), "shrimp": (ROOT / "rulebooks/shrimp.rules", 3, 6),
         "shell-we": (ROOT / "rulebooks/shell-we.rules", 3, 3), "phantom-ttt": (NEWCOMER / "phantom-ttt.rules", 2, 30),
         "yacht": (NEWCOMER / "yacht.rules", 2, 1), "dots-and-boxes (gallery)": (ROOT / "rulebooks/dots-and-boxes.rules", 2, 10)}


def engines(path: Path):
    return engines_with_and_without(path, ((PassingItems, "passing_in_zone", lambda self, e, helper: None),),
                                    "passing_items")


def most_passing(path: Path, var: str, where_text: str) -> int:
    """The generator's bound on the items a condition written in ``path`` (a walk's, by its text) lets through."""
    model = compile_rules(path)
    generator = CodeGenerator.__new__(CodeGenerator)
    generator.m = model
    for node in _nodes(model.steps):
        if isinstance(node, ir.E) and getattr(node, "where", None) is not None and node.where.text == where_text:
            return generator.most_passing(var, node.where)
    raise AssertionError(f"no condition {where_text!r}")


def _nodes(value):
    """Every model object reachable from ``value`` (dataclasses, tuples, lists)."""
    if isinstance(value, (tuple, list)):
        for v in value:
            yield from _nodes(v)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        yield value
        for f in dataclasses.fields(value):
            yield from _nodes(getattr(value, f.name))


def test_how_many_a_test_lets_through():
    battleship = NEWCOMER / "battleship.rules"
    assert most_passing(battleship, "x", "x is peg and row of x = r and col of x = c") == 2  # (peg x 2)
    assert most_passing(battleship, "x", "x is part and row of x = r and col of x = k") == 2  # (ship none 2)
    quoridor = NEWCOMER / "quoridor.rules"
    assert most_passing(quoridor, "w", "w is wall") > FEW_PASSING


def test_the_lever_fires_on_a_few_and_not_on_many():
    source, without, _, _ = engines(NEWCOMER / "battleship.rules")
    assert source.count("first_in_zone(st._loc, ITEMS_PASSING_") == 3 and "first_in_zone" not in without
    # a player's zone too: the shooter's hits and misses, the opponent's fleet, by the zone's number
    assert "any_in_zone(st._loc, ITEMS_PASSING_" in source and "zone_hits + v_player)" in source
    assert "filter(ITEM_TEST_" in without
    source, without, _, _ = engines(NEWCOMER / "quoridor.rules")
    wall = next(line for line in source.splitlines() if "'any(w in box where w is wall)'" in line)
    assert "filter(ITEM_TEST_" in wall and "_in_zone" not in wall  # (the walls: many, mostly placed)
    source, _, _, _ = engines(NEWCOMER / "dots-and-boxes.rules")
    # (2 in drawn_across and drawn_down, 2 more where a box's test uses them with plain arguments, written out:
    # test_few_items_written_out.py)
    assert source.count("any_in_zone(st._loc, ITEMS_PASSING_") == 4


@pytest.mark.parametrize("name", sorted(FILES))
def test_games_agree_with_the_zone_walked(name):
    path, players, games = FILES[name]
    _, _, fast, slow = engines(path)
    for seed in range(games):
        play_in_lock_step(fast.new_game(players), slow.new_game(players), players, random.Random(seed))
