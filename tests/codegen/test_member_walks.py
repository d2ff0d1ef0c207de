"""A listing's walk of a board narrowed to the spaces of the walks or rays its condition says it is on (#40,
codegen/member_walks.py): `for t in grid only if there is d in directions of grid where t in walk(...)` visits the
walks' spaces alone, in board order; in lock step with the engine generated without it (every space tested)."""

import random
from pathlib import Path

import pytest

from rulespec.codegen.member_walks import MemberWalks

from .lockstep import engines_with_and_without, play_in_lock_step

HERE = Path(__file__).parent
WITHOUT = ((MemberWalks, "member_walk", lambda self, var, domain, parts: None),)

# A rook slides along a ray to an empty space: t is listed from every space, `t in ray from s towards d`.
RAYS = (HERE / "listing-loops.rules").read_text(encoding="utf-8").replace(
    '''  option slide "slide {s} to {t}" [LL-2]:
    for s in grid, d in orthogonal directions of grid, t in walk(u from s towards d while u is empty)
    only if s holds colour of player''', '''  option slide "slide {s} to {t}" [LL-2]:
    for s in grid, t in grid
    only if s holds colour of player and (there is d in orthogonal directions of grid where t in ray from s towards d) and t is empty''')


def listing(source: str, step: str) -> str:
    return source.split(f"def choices_{step}(", 1)[1].split("\ndef ", 1)[0]


def test_a_space_a_walk_reaches_is_listed_from_the_walks():
    source, source_without, engine, engine_without = engines_with_and_without(
        HERE / "amazons-reach.rules", WITHOUT, "member_walks")
    for step in ("move_amazon", "shoot"):
        assert ("for v_t in spaces_among(st._t.in_use[0], (), (at for v_d in (0, 1, 2, 3, 4, 5, 6, 7) for at in "
                "st._walk(0, v_s, v_d, ") in listing(source, step)
        assert "there is d" not in listing(source, step)  # (it holds of every space listed: not tested again)
        assert "for v_t in st._t.cells_in_use[0]:" in listing(source_without, step)
    for seed in range(4):
        play_in_lock_step(engine.new_game(2), engine_without.new_game(2), 2, random.Random(seed))


def test_a_space_a_ray_reaches_is_listed_from_the_rays(tmp_path):
    path = tmp_path / "rays.rules"
    path.write_text(RAYS, encoding="utf-8")
    source, source_without, engine, engine_without = engines_with_and_without(path, WITHOUT, "member_rays")
    assert ("for v_t in spaces_among(st._t.in_use[0], (), (at for v_d in (0, 2, 4, 6) for at in st._ray(0, v_s, v_d))):"
            in listing(source, "turn"))
    assert "# t is empty" in listing(source, "turn")  # (the other parts are still tested)
    assert "for v_t in st._t.cells_in_use[0]:" in listing(source_without, "turn")
    for seed in range(20):
        play_in_lock_step(engine.new_game(2), engine_without.new_game(2), 2, random.Random(seed))


@pytest.mark.parametrize("condition", [
    "only if there is d in directions of grid where t in walk(u from t towards d while u is empty)",  # reads t
    "only if there is d in directions of grid where t = neighbour of s towards d",  # no walk (narrowing.py's)
])
def test_a_walk_that_reads_the_space_listed_or_no_walk_is_left_alone(tmp_path, condition):
    text = (HERE / "amazons-reach.rules").read_text(encoding="utf-8").replace(
        "only if there is d in directions of grid where t in walk(u from s towards d while u is empty)", condition)
    path = tmp_path / "other.rules"
    path.write_text(text, encoding="utf-8")
    source, source_without, _, _ = engines_with_and_without(path, WITHOUT, "member_none")
    assert source == source_without
