"""A walk of a board's spaces narrowed to the spaces its few passing pieces stand on (#40,
codegen/held_spaces.py, runtime/helpers.py spaces_held), in lock step with the engine generated without it
(every space tested): the same choices in the same order at every step, the same games."""

import random
from pathlib import Path

import pytest

from rulespec.codegen.held_spaces import SPACES_A_PIECE, HeldSpaces
from rulespec.runtime.helpers import spaces_held

from .lockstep import engines_with_and_without, play_in_lock_step

ROOT = Path(__file__).parents[2]

WITHOUT = ((HeldSpaces, "held_walk", lambda self, var, domain, parts: None),)


def engines(path: Path):
    return engines_with_and_without(path, WITHOUT, "held_spaces")


# file -> (the walk narrowed; seeded games played)
FILES = {
    "tests/newcomer/games/amazons.rules": (
        "for v_s in spaces_held(st._loc, ITEMS_PASSING_2[v_player], st._t.board_base[0], len(st._boards[0])):", 6),
    "tests/codegen/listing-loops.rules": (  # (the walk two options share)
        "for v_s in spaces_held(st._loc, ITEMS_PASSING_0[v_player], st._t.board_base[0], len(st._boards[0])):", 30),
    "rulespec/docs/ref_games/cornered.rules": ("spaces_held(st._loc, ITEMS_PASSING_", 30),
    "tests/newcomer/games/chinese-checkers.rules": (  # (`mine(s, player)`, a definition: through_definitions below)
        "for v_s in spaces_held(st._loc, ITEMS_PASSING_0[v_player], st._t.board_base[0], len(st._boards[0])):", 1),
}


@pytest.mark.parametrize("name", sorted(FILES))
def test_the_spaces_the_pieces_stand_on_offer_the_same_choices(name):
    walk, games = FILES[name]
    source, source_without, held, every = engines(ROOT / name)
    assert walk in source and "spaces_held" not in source_without
    for seed in range(games):  # legal_actions compared at every step, as listed (the order offered)
        play_in_lock_step(held.new_game(2), every.new_game(2), 2, random.Random(seed))


CROWNED = """game "Crowned" [CR-1]
  id "crowned"
  players 2 to 2 [CR-1]
  at most 10 turns [CR-1]

each player has a colour: black, white [CR-1]
component piece: colour (black, white) x rank (man, king 0), rank can change [CR-1]
zone box: shared, public, holds every component in play [CR-1]

board grid: rows row 1..4, columns col 1..6, adjacency all [CR-1]:
  face plain [CR-1]:
    1 . . . . . .
    2 . . . . . .
    3 . . . . . .
    4 . . . . . .

fit piece on grid [CR-1]

setup [CR-1]:
  place any(c in box where colour of c = black) on space_at(1, 1)
  place any(c in box where colour of c = white) on space_at(4, 6)

define space_at(r: number, c: number) [CR-1]:
  any(s in grid where row of s = r and col of s = c)

turns go clockwise from player 1, each turn runs turn [CR-1]

choice turn(player: seat) by player [CR-1]:
  option crown "crown {s}" [CR-1]:
    for s in grid
    only if s holds man
    set rank of occupant of s to king
  option pass "pass" [CR-1]:
    nothing

end crowned [CR-1]:
  checked after every step
  when count(s in grid where s holds king) = 2
  the game is a draw
"""


def test_a_walk_of_many_pieces_or_of_a_changing_attribute_tests_every_space(tmp_path):
    """Breakthrough's 16 pawns a side on 64 spaces are more than one in SPACES_A_PIECE; `s holds man` reads a
    rank that can change (a piece's rank is no table's), though 2 pieces stand on 24 spaces: both walk every
    space, as they did."""
    crowned = tmp_path / "crowned.rules"
    crowned.write_text(CROWNED, encoding="utf-8")
    for path in (ROOT / "tests" / "newcomer" / "games" / "breakthrough.rules", crowned):
        source, source_without, _, _ = engines(path)
        assert source == source_without and "spaces_held" not in source
        assert "for v_s in st._t.cells_in_use[0]:" in source.split("def choices_turn(", 1)[1]
    assert 16 * SPACES_A_PIECE > 64


def test_the_spaces_held_are_in_board_order_and_on_the_board():
    """Pieces listed in any order come back by space; one in a zone (a location before the board's) or on
    another board (after it) is left out."""
    where = [12, 3, 7, 30, 10]  # the board's locations 5..24: spaces 7, 2, 25 (off), 5
    assert spaces_held(where, (0, 1, 2, 3, 4), 5, 20) == [2, 5, 7]
    assert spaces_held(where, (3, 1), 5, 20) == []


def test_a_piece_test_said_through_a_definition_walks_the_pieces_too():
    """Chinese checkers asks `mine(s, player)`, a definition whose value is `s holds colour of p`: the same test
    once written out (HeldSpaces.unfolded_piece_test), so its walks go through the spaces its ten marbles
    stand on; without the unfolding every one of the 121 holes is tested, as before. The same games."""
    path = ROOT / "tests" / "newcomer" / "games" / "chinese-checkers.rules"
    without = ((HeldSpaces, "unfolded_piece_test", lambda self, part, depth=0: part),)
    source, source_without, held, every = engines_with_and_without(path, without, "held_through_definitions")
    walk = "for v_s in spaces_held(st._loc, ITEMS_PASSING_0[v_player], st._t.board_base[0], len(st._boards[0])):"
    assert walk in source.split("def choices_turn(", 1)[1] and "spaces_held" not in source_without
    assert "for v_s in st._t.cells_in_use[0]:" in source_without.split("def choices_turn(", 1)[1]
    play_in_lock_step(held.new_game(2), every.new_game(2), 2, random.Random(3))
