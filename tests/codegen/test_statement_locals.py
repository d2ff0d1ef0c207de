"""Three generator levers a grid simulation written as a newcomer writes it asks for (#40, helper gems): Stones
and gems' scan of the cave (tests/newcomer/games/stones-and-gems.rules) reads and sets a counter per space
several times a cell, through small definitions given named numbers (`is_cell(below, blank)`, `define blank:
1`) that test a neighbour is on the board first.

(a) a function of statements (a step's, an outcome's, an option's) reads and sets the counters kept per seat or
per space through locals looked up once at its top (codegen/hoisted.py statement_counter_locals);
(b) a definition without parameters whose value is a constant is a plain argument, so a small definition given
it is written out in place (codegen/expressions.py named_constant);
(c) a space an `and`'s earlier part, or an `if`'s condition, found on the board (`t is not none`, or a
definition saying so) is read without the past-the-edge check (codegen/known_on_board.py).

Each fires on its form, and each file plays the same seeded games as its engine generated without it."""

import random
import re
from pathlib import Path

import pytest

from rulespec.codegen.expressions import Expressions
from rulespec.codegen.hoisted import HoistedReads
from rulespec.codegen.known_on_board import KnownOnBoard

from .lockstep import engines_with_and_without, play_in_lock_step

ROOT = Path(__file__).parents[2]
NEWCOMER = ROOT / "tests" / "newcomer" / "games"
STONES = NEWCOMER / "stones-and-gems.rules"

LEVERS = {
    "counter locals": ((HoistedReads, "statement_counter_locals", lambda self: False),),
    "named constants": ((Expressions, "named_constant", lambda self, a: False),),
    "known on board": ((KnownOnBoard, "found_on_board", lambda self, e: frozenset()),),
}


def function(source: str, name: str) -> str:
    """The generated function's text, up to the next line that is not indented."""
    return re.split(r"\n(?=\S)", source.split(f"def {name}(", 1)[1], maxsplit=1)[0]


def test_each_lever_fires_on_the_scan_of_the_cave():
    source, without, _, _ = engines_with_and_without(STONES, LEVERS["counter locals"], "locals")
    scan, scan_without = function(source, "resolve_cave_moves"), function(without, "resolve_cave_moves")
    assert "counter_cell = st._counters['cell']" in scan and "counter_moved[v_s] == 0" in scan
    assert "st._counters['cell']" not in scan.split("counter_cell = st._counters['cell']", 1)[1]
    assert "counter_cell = " not in scan_without and "st._counters['moved'][v_s] == 0" in scan_without
    # (a counter that is one number is still read and set on the state)
    assert "st._counters['steps_left'] = " in function(source, "step_act")
    # a list used once outside a loop is read where it is used, one used twice or in a loop through a local
    kuhn, _, _, _ = engines_with_and_without(ROOT / "rulebooks" / "kuhn-poker.rules", LEVERS["counter locals"], "kuhn")
    passing = function(kuhn, "effect_turn__pass")
    assert "counter_staked = st._counters['staked']" in passing and "st._counters['folded'][v_player] = 1" in passing
    assert "counter_staked[v_p] = 1" in function(kuhn, "step_setup")

    source, without, _, _ = engines_with_and_without(STONES, LEVERS["named constants"], "constants")
    scan, scan_without = function(source, "resolve_cave_moves"), function(without, "resolve_cave_moves")
    assert "define_is_cell(" not in scan and "((not (v_below is None)) and (counter_cell[v_below] == 1))" in scan
    assert "define_is_cell(st, v_below, 1)" in scan_without

    source, without, _, _ = engines_with_and_without(STONES, LEVERS["known on board"], "on_board")
    assert "st._on_board(" not in source
    # under `if is_cell(below, blank):` the cell below is set without the check; in `t is not none and cell
    # of t = k` the cell is read without it
    assert "counter_cell[v_below] = value" in function(source, "resolve_cave_moves")
    assert "counter_cell[st._on_board(v_below, 'the cell of')] = value" in function(without, "resolve_cave_moves")
    assert "(st._counters['cell'][v_t] == v_k)" in function(source, "define_is_cell")
    assert "st._on_board(v_t, 'the cell of')" in function(without, "define_is_cell")
    # an `if t is not none:`'s statements read t's neighbour from the board's table
    assert "v_beyond = st._t.toward[0][v_d][v_t]" in function(source, "step_act")
    assert "v_beyond = st._neighbour(0, v_t, v_d)" in function(without, "step_act")


GAMES = {  # file -> (players, seeded games)
    "stones-and-gems": (1, range(3)),
    "twenty-forty-eight": (1, range(2)),
    "kalah-counters": (2, range(6)),
    "morpion-solitaire": (1, range(4)),
    "laser-tag": (2, range(1)),
}


@pytest.mark.parametrize("lever", sorted(LEVERS))
@pytest.mark.parametrize("name", sorted(GAMES))
def test_same_games_as_without_the_lever(lever, name):
    players, seeds = GAMES[name]
    _, _, fast, slow = engines_with_and_without(NEWCOMER / f"{name}.rules", LEVERS[lever],
                                                f"statement_{lever.replace(' ', '_')}")
    for seed in seeds:
        play_in_lock_step(fast.new_game(players), slow.new_game(players), players, random.Random(seed))
