"""N in a row anywhere on a board asked of the board's whole lines, each once (#40, codegen/whole_lines.py,
runtime/whole_lines.py), in lock step with the engine generated without it (every space and direction walked):
the same choices at every step, the same games, and every end's own test the same answer at every step."""

import random
from pathlib import Path

import pytest

from rulespec.codegen.whole_lines import WholeLines

from .lockstep import engines_with_and_without, play_in_lock_step, sampled_action

ROOT = Path(__file__).parents[2]


def engines(path: Path):
    return engines_with_and_without(path, ((WholeLines, "whole_lines_test", lambda self, count: None),), "whole_lines")


def ends_agree_at_every_step(fast_engine, slow_engine, rng: random.Random) -> None:
    """Plays a random game of each engine at once, asserting at every step that every end's test answers alike."""
    fast, slow = fast_engine.new_game(2), slow_engine.new_game(2)
    while True:
        assert [end.check(fast) for end in fast_engine.ENDS] == [end.check(slow) for end in slow_engine.ENDS]
        if fast.is_terminal():
            break
        action = sampled_action(fast, rng)
        fast.apply(action)
        slow.apply(str(action))
    assert slow.is_terminal() and fast.outcome() == slow.outcome()


# file -> seeded games played (2 players)
FILES = {
    "tests/newcomer/games/pentago.rules": 10,
    "rulebooks/tic-tac-toe.rules": 30,
    "rulebooks/connect-four.rules": 10,
    "house-rules/tic-tac-toe-misere.rules": 20,
    "rulespec/docs/ref_games/rows.rules": 20,
    "rulespec/docs/ref_games/hexes.rules": 10,
}


@pytest.mark.parametrize("name", sorted(FILES))
def test_the_whole_lines_answer_as_every_space_and_direction(name):
    with_lines, without, fast, slow = engines(ROOT / name)
    assert "st._t.whole_lines[" in with_lines and "whole_lines" not in without
    for seed in range(FILES[name]):
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed))
        ends_agree_at_every_step(fast, slow, random.Random(1000 + seed))


# Tic-tac-toe's `three` said other ways (a house rule of it): whether each is asked of the whole lines.
FORMS = {
    "there is s in grid where there is d in directions of grid where count(t in line of 3 from s towards d where mine(t, p)) = 3": True,
    "count(s in grid where count(d in directions of grid where count(t in line of 3 from s towards d where mine(t, p)) = 3) >= 1) != 0": True,
    "there is s in grid where count(t in line of 3 from s towards east where mine(t, p)) = 3": True,
    "there is s in grid where count(d in orthogonal directions of grid where count(t in line of 3 from s towards d where mine(t, p)) = 3) > 0": True,
    # the line's test reads the space it starts from, or the count is not of the whole line: walked as written
    "there is s in grid where count(d in directions of grid where count(t in line of 3 from s towards d where mine(t, p) and row of s < 3) = 3) > 0": False,
    "there is s in grid where count(d in directions of grid where count(t in line of 3 from s towards d where mine(t, p)) = 2) > 0": False,
    "there is s in grid where count(d in directions of grid where count(t in line of 3 from s towards d where mine(t, p) and d != east) = 3) > 0": False,
}


def three_said_as(tmp_path, form: str, declarations: str = "") -> Path:
    """A house rule of tic-tac-toe whose end `three` says ``form`` (with ``declarations`` before it)."""
    rules = tmp_path / "three.rules"
    rules.write_text(f'extends "tic-tac-toe"\n\nremove three_from\n\n{declarations}end three [TTT-4]:\n'
                     f"  checked after every step\n  for each p in players\n  when {form}\n  winner p\n", encoding="utf-8")
    return rules


@pytest.mark.parametrize("form", sorted(FORMS))
def test_each_way_of_saying_it(form, tmp_path):
    with_lines, without, fast, slow = engines(three_said_as(tmp_path, form))
    assert ("st._t.whole_lines[" in with_lines) == FORMS[form]
    if not FORMS[form]:
        assert with_lines == without
    for seed in range(20):
        ends_agree_at_every_step(fast, slow, random.Random(seed))


@pytest.mark.parametrize("name, length, count", [("rulebooks/tic-tac-toe.rules", 3, 8),
                                                  ("rulebooks/connect-four.rules", 4, 69),
                                                  ("tests/newcomer/games/pentago.rules", 5, 32)])
def test_each_line_once_as_the_walk_meets_it_first(name, length, count):
    """The table: every whole line of the board from a space towards one of the directions, each set of spaces
    once, taken where the walk of spaces, then directions, first meets it."""
    engine = engines(ROOT / name)[2]
    tables = engine.new_game(2)._t
    directions = (0, 1, 2, 3, 4, 5, 6, 7)
    met = [line for s in tables.cells_in_use[0] for d in directions for line in [tables.full_lines[0, d, length][s]]
           if line is not None]
    first = {}
    for line in met:
        first.setdefault(frozenset(line), line)
    assert tables.whole_lines[0, directions, length] == tuple(first.values())
    assert len(first) == count and len(met) == 2 * count
