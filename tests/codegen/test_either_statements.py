"""A definition `A or ... or L` one of whose tests asks whether some x of a walk passes is written as statements
(codegen/guards.py either_value, declarations.py either_statements): each test in order returning True when it
holds, that one a loop returning at the first x, not any() over a generator made at each call. Chess's `attacks`
(the knight's leaps between the lines and the squares next door) and the newcomer's phantom tic-tac-toe's
`three_in_a_row` (rows and columns over ranges, then the diagonals' counts) answer, play and count the same as
the engines generated with the expression."""

import random
from pathlib import Path

from rulespec.codegen import guards
from rulespec.codegen.found_loops import FoundLoops

from .chess_alike import CHESS, assert_chess_alike, function_of
from .lockstep import engines_with_and_without, play_in_lock_step

ROOT = Path(__file__).parents[2]
PHANTOM = ROOT / "tests" / "newcomer" / "games" / "phantom-ttt.rules"
AS_AN_EXPRESSION = (guards.Guards, "either_value", lambda self, value: None)



def test_chess_attacks_is_written_as_statements(monkeypatch):
    monkeypatch.setattr(FoundLoops, "FOUND_BY_LOOPS", False)  # (its `there is` as any(): found_loops.py aside)
    source, source_without, _, _ = engines_with_and_without(CHESS, (AS_AN_EXPRESSION,), "either_source")
    attacks, attacks_without = function_of(source, "define_attacks"), function_of(source_without, "define_attacks")
    assert "any(" not in attacks and "any(" in attacks_without
    assert "    if define_along_a_line(st, v_p, v_s):  # along_a_line(p, s)\n        return True\n" in attacks
    assert "    for v_t in st._t.jump_targets[0]['knight'][v_s]:\n" in attacks
    assert attacks.rstrip().endswith("return define_next_door(st, v_p, v_s)  # next_door(p, s)")
    assert source.replace(attacks, "") == source_without.replace(attacks_without, "")


def test_chess_attacks_alike_from_every_square_and_plays_and_counts_alike():
    assert_chess_alike((AS_AN_EXPRESSION,), "either_games", "attacks")


def test_phantom_tic_tac_toe_plays_alike():
    source, source_without, fast, slow = engines_with_and_without(PHANTOM, (AS_AN_EXPRESSION,), "either_phantom")
    assert source != source_without
    for seed in range(40):
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed))
