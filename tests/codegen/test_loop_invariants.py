"""A count or call in a listing's condition that reads several chosen names, all bound outside the loop tested, is
worked out once per value of the innermost of their loops, when first needed, and kept in a local (#40,
codegen/loop_invariants.py): Lines of Action's `distance(s, t) = pieces_on_line(s, d)`, tested at every t of `for s
in grid, d in directions of grid, t in line of 8 from s towards d`, counts the line's pieces once per s and d. In
lock step with the engine generated as before (the count made at every t): the same choices, observations,
histories and returns. A listing with no such value is written as before, byte for byte."""

import random
import re
from pathlib import Path

from rulespec.codegen.loop_invariants import SLOT, LoopInvariants
from rulespec.codegen.spaces_by_value import SpacesByValue

from .lockstep import engines_with_and_without, play_in_lock_step

NEWCOMER = Path(__file__).parents[2] / "tests" / "newcomer" / "games"
AT_EACH_USE = (LoopInvariants, "loop_invariant", lambda self, names, code: None)


def engines(path: Path, monkeypatch=None):
    if monkeypatch is not None:  # (a line's spaces not grouped by distance: that lever looks the count up first)
        monkeypatch.setattr(SpacesByValue, "_fixed_line", lambda self, domain, outer: False)
    return engines_with_and_without(path, (AT_EACH_USE,), "loop_invariants")


def function(source: str, name: str) -> str:
    return source.split(f"def {name}(", 1)[1].split("\ndef ", 1)[0]


def test_the_count_of_a_line_is_made_once_per_piece_and_direction(monkeypatch):
    kept, each_use, _, _ = engines(NEWCOMER / "lines-of-action.rules", monkeypatch)
    listing = function(kept, "choices_turn")
    # Reset at the top of d's loop, the loop of the innermost name the count reads; read in t's loop.
    assert re.search(r"\n( +)for v_d in \(0, 1, 2, 3, 4, 5, 6, 7\):\n\1    _h0 = None  #", listing)
    assert listing.count("(_h0 if _h0 is not None else (_h0 := define_pieces_on_line(st, v_s, v_d)))") == 2
    before = function(each_use, "choices_turn")
    assert "_h0" not in before and before.count("== define_pieces_on_line(st, v_s, v_d))") == 2
    # Every listing that tests it keeps it (options_, has_legal_move_), and nothing reading t is kept.
    for name in ("options_turn__move", "options_turn__capture", "has_legal_move_turn"):
        assert ":= define_pieces_on_line(st, v_s, v_d)" in function(kept, name)
    assert not re.search(r":= [^\n]*v_t", kept)
    assert SLOT not in kept and SLOT not in each_use


def test_a_listing_with_no_such_value_is_written_as_before():
    kept, each_use, _, _ = engines(NEWCOMER / "breakthrough.rules")
    assert kept == each_use and SLOT not in kept


def test_random_games_in_lock_step(monkeypatch):
    _, _, fast, slow = engines(NEWCOMER / "lines-of-action.rules", monkeypatch)
    for seed in range(3):
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed))
