"""A seat's value fixes a walk as a constant does (#40): `row of t = row of s + forward of player` (a seat's
attribute, or `left of p`) is worked out before the walk (model/narrowing.py _seat_value_stable), so with
`column of t = column of s + c` the walk of t is the one place at that row and column, not a column of eight
(and neither part is tested again on it: codegen/narrowing.py _part_of_place). The gallery's Breakthrough and
chess (a pawn's double step from `pawn_rank of player`) play the same games as the engines generated
without it. So do the newcomer's Breakthrough, each seat walking its own directions (a part fixed under a test
worked out before the walk), and checkers' jump to `beyond(s, d)` (a definition's value fixing a space)."""

import random
from pathlib import Path

import pytest

from rulespec.codegen import narrowing as code_narrowing, python as codegen
from rulespec.codegen.by_direction import ByDirection
from rulespec.model import narrowing
from rulespec.pipeline import compile_rules, load_module_from_source
from rulespec.codegen.found_loops import FoundLoops

from .lockstep import play_in_lock_step

ROOT = Path(__file__).parents[2]


def engines_with_and_without(monkeypatch, path: Path):
    """The engine of ``path`` generated as it is, and generated as if no seat's value were known before a
    walk (and no part of a place implied by it); their sources."""
    model = compile_rules(path)
    fast_source = codegen.generate(model, path.name)
    with monkeypatch.context() as patch:
        patch.setattr(narrowing, "_seat_value_stable", lambda e, var, changing: False)
        patch.setattr(code_narrowing, "_part_of_place", lambda part, walked: False)
        slow_source = codegen.generate(model, path.name)
    fast = load_module_from_source(fast_source, f"seat_fixed_{path.stem.replace('-', '_')}").GAME(None)
    slow = load_module_from_source(slow_source, f"seat_unknown_{path.stem.replace('-', '_')}").GAME(None)
    fast.model = slow.model = model
    return fast, slow, fast_source, slow_source


@pytest.mark.parametrize("name, games, narrowed", [
    # (the place then read from a table by its steps from s: codegen/shifted_places.py)
    ("breakthrough", 4, "for v_t in B_GRID_PLACE_SHIFTED[(1, -1)[v_player], v_c][v_s]:"),
    ("chess", 1, "for v_s in B_GRID_CELLS_BY_ROW.get((2, 7)[v_player], ()):"),
])
def test_a_walk_a_seats_value_fixes_plays_the_same_games(monkeypatch, name, games, narrowed):
    fast, slow, fast_source, slow_source = engines_with_and_without(monkeypatch, ROOT / "rulebooks" / f"{name}.rules")
    assert narrowed in fast_source and narrowed not in slow_source
    for seed in range(games):
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed))


def test_the_place_walked_is_not_tested_again(monkeypatch):
    """Breakthrough's t walks the one place at its row and column: neither `row of t = ...` nor `column of t
    = ...` is tested on it; without the seat's value known, t walks a column and tests its row."""
    _, _, fast_source, slow_source = engines_with_and_without(monkeypatch, ROOT / "rulebooks" / "breakthrough.rules")
    lister = fast_source.split("def choices_turn(", 1)[1].split("\ndef ", 1)[0]
    assert "# row of t = row of s + forward of player" not in lister
    assert "# column of t = column of s + c" not in lister
    assert "# row of t = row of s + forward of player" in slow_source.split("def choices_turn(", 1)[1]


# ---- what a condition fixes under a test worked out before the walk (model/narrowing.py Fixed.guarded) ----

NEWCOMER_BREAKTHROUGH = ROOT / "tests" / "newcomer" / "games" / "breakthrough.rules"


def engines_with_and_without_tests(monkeypatch, path: Path):
    """The engine of ``path`` as generated, and as if no test were worked out before a walk (what each
    disjunct fixes then counts whatever its test says)."""
    model = compile_rules(path)
    fast_source = codegen.generate(model, path.name)
    with monkeypatch.context() as patch:
        patch.setattr(narrowing, "_stable_test", lambda e, var, changing: False)
        slow_source = codegen.generate(model, path.name)
    fast = load_module_from_source(fast_source, f"guarded_{path.stem.replace('-', '_')}").GAME(None)
    slow = load_module_from_source(slow_source, f"unguarded_{path.stem.replace('-', '_')}").GAME(None)
    fast.model = slow.model = model
    return fast, slow, fast_source, slow_source


def test_each_seat_walks_its_own_directions(monkeypatch):
    """Breakthrough as a newcomer writes it: `for s in grid, t in grid only if can_move(s, t, player)`, where
    `p = player 1 and t = neighbour of s towards south or p = player 2 and ...`: t is one of the three
    spaces ahead of the seat to move, not one of six; its end looks at the far row of the seat it asks
    about. The same games as the engine generated without it."""
    # (each target testing the whole condition: its parts per direction are by_direction.py's, tested apart)
    monkeypatch.setattr(ByDirection, "specialise_by_direction", False)
    fast, slow, fast_source, slow_source = engines_with_and_without_tests(monkeypatch, NEWCOMER_BREAKTHROUGH)
    # (the listing writes the three spaces out in board order, codegen/steps_in_order.py)
    ahead = "(st._t.toward[0][5][v_s], st._t.toward[0][4][v_s], st._t.toward[0][3][v_s], ) if (v_player == 0) else "
    assert ahead in fast_source and "if (v_player == 0)" not in slow_source
    # (the seat's far row chosen by its test, codegen/steps_in_order.py one_group_chosen)
    assert "(B_GRID_CELLS_BY_ROW.get(8, ()) if (v_p == 0) else B_GRID_CELLS_BY_ROW.get(1, ()) if (v_p == 1) else ())" \
        in fast_source
    for seed in range(4):
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed))


def test_a_test_reading_a_space_is_worked_out_before_the_walk(monkeypatch):
    """cornered.rules' `between(x, a, b)`: `row of x = row of a and row of a = row of b and ...`: the walk of
    x takes a's row only where a and b share it (a test of a and b, worked out before the walk). Both
    engines play the same games."""
    path = ROOT / "rulespec" / "docs" / "ref_games" / "cornered.rules"
    fast, slow, fast_source, _ = engines_with_and_without_tests(monkeypatch, path)
    assert "(B_GRID_CELLS_BY_ROW.get(B_GRID_ROW[v_a], ()) if (B_GRID_ROW[v_a] == B_GRID_ROW[v_b]) else ())" \
        in fast_source
    for seed in range(4):
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed))


# ---- a definition's value fixes a space as the value written in place does (model/narrowing.py _value_of) ----

@pytest.mark.parametrize("path", [ROOT / "rulebooks" / "checkers.rules",
                                  ROOT / "house-rules" / "checkers-backward-captures.rules"])
def test_a_space_a_definitions_value_fixes_is_looked_up(monkeypatch, path):
    """Checkers' jump: `t = beyond(s, d)`, beyond a neighbour's neighbour: t is that one space, not each of the
    board's tested against it. The same games as the engine generated without it."""
    model = compile_rules(path)
    fast_source = codegen.generate(model, path.name)
    with monkeypatch.context() as patch:
        patch.setattr(narrowing, "_value_of", lambda e, var, definitions, changing: e)
        slow_source = codegen.generate(model, path.name)
    looked_up = "for v_t in spaces_among(st._t.in_use[0], (st._neighbour(0, st._t.toward[0][v_d][v_s], v_d), )):"
    assert looked_up in fast_source and looked_up not in slow_source
    fast = load_module_from_source(fast_source, f"value_of_{path.stem.replace('-', '_')}").GAME(None)
    slow = load_module_from_source(slow_source, f"called_{path.stem.replace('-', '_')}").GAME(None)
    fast.model = slow.model = model
    for seed in range(3):
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed))


def _breakthrough_rewritten(tmp_path, said: str, written: str) -> Path:
    text = NEWCOMER_BREAKTHROUGH.read_text(encoding="utf-8")
    assert said in text
    path = tmp_path / "breakthrough.rules"
    path.write_text(text.replace(said, written, 1), encoding="utf-8")
    return path


def test_a_test_inside_a_search_of_directions_fixes_nothing(tmp_path):
    """`count(d in directions of grid where (p = player 1 and d = south or ...) and t = neighbour of s towards
    d) > 0`: the test reads d, bound inside the search, so the search fixes no space (t walks the board);
    the game is the newcomer's, move for move."""
    said = "p = player 1 and t = neighbour of s towards south or p = player 2 and t = neighbour of s towards north"
    written = ("count(d in directions of grid where (p = player 1 and d = south or p = player 2 and d = north) "
               "and t = neighbour of s towards d) > 0")
    path = _breakthrough_rewritten(tmp_path, said, written)
    rewritten = load_module_from_source(codegen.generate(compile_rules(path), path.name), "searched_bt").GAME(None)
    newcomer = load_module_from_source(codegen.generate(compile_rules(NEWCOMER_BREAKTHROUGH), "breakthrough.rules"),
                                       "newcomer_bt").GAME(None)
    rewritten.model, newcomer.model = compile_rules(path), compile_rules(NEWCOMER_BREAKTHROUGH)
    for seed in range(2):
        play_in_lock_step(rewritten.new_game(2), newcomer.new_game(2), 2, random.Random(seed))


def test_a_whole_condition_under_one_test_walks_what_it_fixes(tmp_path, monkeypatch):
    """`count(s in grid where p = player 1 and rank of s = 8)`: the walk is row 8, as `rank of s = 8` alone
    (the test is asked on each space), not a row under a test."""
    monkeypatch.setattr(FoundLoops, "FOUND_BY_LOOPS", False)  # (its `there is` as any(): found_loops.py aside)
    said = "count(s in grid where s holds colour of p and (p = player 1 and rank of s = 8 or p = player 2 and rank of s = 1)) > 0"
    path = _breakthrough_rewritten(tmp_path, said, "count(s in grid where p = player 1 and rank of s = 8 and s holds colour of p) > 0")
    arrived = codegen.generate(compile_rules(path), path.name).split("def define_arrived(", 1)[1].split("\ndef ", 1)[0]
    assert "for v_s in B_GRID_CELLS_BY_ROW.get(8, ())" in arrived and "if (v_p == 0) else ()" not in arrived
