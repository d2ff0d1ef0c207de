"""A seat's value fixes a walk as a constant does (#40): `row of t = row of s + forward of player` (a seat's
attribute, or `left of p`) is worked out before the walk (model/narrowing.py _seat_value_stable), so with
`column of t = column of s + c` the walk of t is the one place at that row and column, not a column of eight
(and neither part is tested again on it: codegen/narrowing.py _part_of_place). The gallery's Breakthrough and
chess (a pawn's double step from `pawn_rank of player`) play the same games as the engines generated
without it."""

import random
from pathlib import Path

import pytest

from rulespec.codegen import narrowing as code_narrowing, python as codegen
from rulespec.model import narrowing
from rulespec.pipeline import compile_rules, load_module_from_source

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
    ("breakthrough", 4, "for v_t in B_GRID_CELLS_BY_PLACE.get(((B_GRID_ROW[v_s] + (1, -1)[v_player]), "
                        "(B_GRID_COLUMN[v_s] + v_c)), ()):"),
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
