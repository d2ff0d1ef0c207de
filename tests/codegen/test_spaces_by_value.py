"""A walk of a board narrowed to the spaces whose value, which the geometry decides, is one the walk does not
change, read from the spaces grouped by that value (#40, codegen/spaces_by_value.py), in lock step with the
engine generated testing every space: the same choices at every step, the same games, the same ends."""

import random
from pathlib import Path

import pytest

from rulespec.codegen.spaces_by_value import SpacesByValue

from .lockstep import engines_with_and_without, play_in_lock_step

ROOT = Path(__file__).parents[2]

# file -> (seeded games played, what its engine reads from the groups)
FILES = {
    "tests/newcomer/games/ultimate-tic-tac-toe.rules": (8, (
        "for v_s in st._t.related[(related_3,)].get(st._counters['forced'], ()):",  # a counter, in a listing
        "st._t.related[(related_4,)].get(st._counters['forced'], ())",  # `any(q in big where square(q) = forced)`
    )),
    "tests/codegen/bands-by-value.rules": (40, (
        "for v_s in st._t.related[(related_1,)].get(st._counters['band'], ()):",
        "st._t.related[(related_2,)].get((st._counters['marked'][v_player] - 2), ())",  # a seat's counter, less 2
        "count_occupied(st._boards[0], st._t.related[(related_1,)].get(st._counters['band'], ())) == 4",  # an end
    )),
    "tests/newcomer/games/lines-of-action.rules": (3, (  # a line's spaces by their distance, the key a count
        "for v_t in st._t.related[related_2, v_d, v_s].get(define_pieces_on_line(st, v_s, v_d), ()):",
    )),
}


def engines(path: Path):
    return engines_with_and_without(path, ((SpacesByValue, "walk_by_value", lambda self, *args: None),),
                                    "spaces_by_value")


@pytest.mark.parametrize("name", sorted(FILES))
def test_the_spaces_of_one_value_as_every_space_tested(name):
    games, reads = FILES[name]
    source, without, fast, slow = engines(ROOT / name)
    assert all(read in source for read in reads), [read for read in reads if read not in source]
    assert "spaces_by_value" not in without
    for seed in range(games):
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed))


def test_the_groups_are_the_spaces_of_each_value_in_board_order():
    engine = engines(ROOT / "tests/codegen/bands-by-value.rules")[2]
    module = engine.ENDS[0].check.__globals__  # (the generated module's names)
    tables = engine.new_game(2)._t
    groups = tables.related[(module["related_1"],)]
    assert sorted(groups) == list(range(2, 9))
    assert groups[5] == (3, 6, 9, 12)  # 1 4, 2 3, 3 2, 4 1
    assert [s for value in sorted(groups) for s in groups[value]] != list(range(16))  # (grouped, not the board)
    assert sorted(s for group in groups.values() for s in group) == list(range(16))


# The key a walk may be narrowed by: worked out from names, counters, options and seats' values (+ - *); what
# may fail or is not a plain value leaves the walk as it was.
KEYS = {
    "band": True,
    "band + 1": True,
    "marked of player * 2 - band": True,
    "band mod 3 + 2": False,  # (a remainder: 0 would fail)
    "count(t in grid where t is occupied) mod 7 + 2": False,
    "count(t in grid where t is occupied and row of t = 1)": True,  # (occupied spaces among the geometry's)
    "count(t in grid where t holds symbol of player)": False,  # (it reads more of the position than that)
}


@pytest.mark.parametrize("key", sorted(KEYS))
def test_which_keys_narrow_the_walk(key, tmp_path):
    rules = tmp_path / "bands.rules"
    text = (ROOT / "tests/codegen/bands-by-value.rules").read_text(encoding="utf-8")
    rules.write_text(text.replace("    only if band_of(s) = band\n", f"    only if band_of(s) = {key}\n"), encoding="utf-8")
    source, without, fast, slow = engines(rules)
    listing = source.split("def options_turn__mark(")[1].split("\ndef ")[0]
    assert ("st._t.related[(related_" in listing) == KEYS[key], listing
    for seed in range(10):
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed))


# Lines of Action's move said other ways: the line's spaces of one distance from the piece, the key what it may be.
LOA = ROOT / "tests/newcomer/games/lines-of-action.rules"
LINE_KEYS = {
    ("distance(s, t) = pieces_on_line(s, d)", "distance(s, t) = 2 and pieces_on_line(s, d) > 1"): ".get(2, ())",
    ("t is occupied and on_line", "t is occupied and rank of t > 0 and on_line"): ".get(define_pieces_on_line(",
    ("t is occupied and on_line", "(t is occupied or t is empty) and on_line"): None,  # (not a test of occupancy)
    ("t in line of 8 from s", "t in line of (8 + size of captured) from s"): None,  # (a line the position decides)
}


@pytest.mark.parametrize("said", sorted(LINE_KEYS))
def test_a_lines_spaces_of_one_value(said, tmp_path):
    rules = tmp_path / "lines-of-action.rules"
    text = LOA.read_text(encoding="utf-8")
    assert said[0] in text
    rules.write_text(text.replace(said[0], said[1], 1), encoding="utf-8")
    source, without, fast, slow = engines(rules)
    listing = source.split("def options_turn__move(")[1].split("\ndef ")[0]
    grouped = LINE_KEYS[said]
    assert (grouped is not None and grouped in listing) or (grouped is None and ".get(" not in listing), listing
    assert ".get(" not in without.split("def options_turn__move(")[1].split("\ndef ")[0]
    for seed in range(2):
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed))
