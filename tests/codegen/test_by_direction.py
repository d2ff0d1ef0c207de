"""An option's condition specialised per direction of a walk of a space's neighbours (#40,
codegen/by_direction.py): each target tests only its own direction's part of the condition, in lock step with
the engine generated testing the whole condition at every target: the same choices in the same order at every
step, the same games."""

import random
from pathlib import Path

from rulespec.codegen.by_direction import ByDirection

from .lockstep import engines_with_and_without, play_in_lock_step

ROOT = Path(__file__).parents[2]
NEWCOMER = ROOT / "tests" / "newcomer" / "games" / "breakthrough.rules"
SIDESTEPS = Path(__file__).parent / "by-direction.rules"


def engines(path: Path, tag: str):
    return engines_with_and_without(path, ((ByDirection, "specialise_by_direction", False),), f"by_direction_{tag}")


def listing(source: str) -> str:
    return source.split("def choices_turn(", 1)[1].split("\ndef ", 1)[0]


def test_a_seats_own_directions_each_test_their_own_part():
    """Newcomer Breakthrough: straight ahead `t is empty`, diagonally `not t holds colour of p`, chosen by the
    number walked beside each target; no `t = neighbour of s towards d` nor `p = player 1` tested per target."""
    with_it, without, fast, slow = engines(NEWCOMER, "newcomer")
    assert ("for v_t, v_t__k in (((st._t.toward[0][5][v_s], 0), (st._t.toward[0][4][v_s], 1), "
            "(st._t.toward[0][3][v_s], 0), ) if (v_player == 0) else ((st._t.toward[0][7][v_s], 0), "
            "(st._t.toward[0][0][v_s], 1), (st._t.toward[0][1][v_s], 0), ) if (v_player == 1) else ()):") \
        in listing(with_it)
    assert "if (v_t__k == 0) else board_0[v_t] < 0" in listing(with_it)
    assert "v_t == toward_0_4[v_s]" not in listing(with_it) and "v_t == toward_0_4[v_s]" in listing(without)
    for seed in range(10):
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed))


def test_directions_written_without_a_seats_test():
    """Directions named through definitions, no seat's test: sideways `t is empty`, across `t holds colour of
    left of player`, the walk in board order."""
    with_it, without, fast, slow = engines(SIDESTEPS, "sidesteps")
    assert "for v_t, v_t__k in ((st._t.toward[0][0][v_s], 0), (st._t.toward[0][1][v_s], 0), " \
           "(st._t.toward[0][6][v_s], 1), (st._t.toward[0][2][v_s], 1), (st._t.toward[0][4][v_s], 0), ):" \
        in listing(with_it)
    assert "v_t__k" not in without
    for seed in range(10):
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed))


def test_not_where_the_one_direction_has_nothing_to_take_away(tmp_path):
    """`t = neighbour of s towards west and t is empty`: the walk is of the one space, the equality not tested
    (the walk implies it) and nothing else depends on the direction: the walk and its test as they were."""
    text = SIDESTEPS.read_text().replace(
        "(sideways(s, t) and t is empty or across(s, t) and t holds colour of left of player)",
        "t = neighbour of s towards west and t is empty")
    start, end = text.index("define sideways"), text.index("turns go")
    path = tmp_path / "one_way.rules"
    path.write_text(text[:start] + text[end:])
    with_it, without, _, _ = engines(path, "one_way")
    assert with_it == without and "v_t__k" not in with_it
