"""A listing's loops written in place (#40, codegen/listing_loops.py): a name bound to a walk goes along the
board's ray and stops where the walk's test says, and a `there is` condition is a loop stopping at the first
found; in lock step with the engine generated without them (State._walk, any() over a generator): the same
choices in the same order at every step, the same games."""

import random
from pathlib import Path

import pytest

import rulespec
from rulespec.codegen.listing_loops import ListingLoops

from .lockstep import engines_with_and_without, play_in_lock_step

ROOT = Path(__file__).parents[2]
FIXTURE = Path(__file__).with_name("listing-loops.rules")
AMAZONS = ROOT / "tests" / "newcomer" / "games" / "amazons.rules"

WITHOUT = ((ListingLoops, "walk_in_place", lambda self, domain, code: None),
           (ListingLoops, "exists_loop", lambda self, c: None))


def listing(source: str) -> str:
    return source.split("def choices_turn(", 1)[1].split("\ndef ", 1)[0]


# file -> (lines its listing has only with the loops written in place; seeded games played)
FILES = {
    FIXTURE: (("for v_t in st._t.rays[0, v_d][v_s]:  # walk(u from s towards d while u is empty), walked in place",
               "if (cell_attr_0[board_0[v_t]] == ('black', 'white')[v_player]):  # the walk ends here",
               "for each_e in (0, 1, 2, 3, 4, 5, 6, 7):",
               "if not ((st._turn_number > 3)):  # the turn number > 3"), 40),
    AMAZONS: (("for each_d in (0, 1, 2, 3, 4, 5, 6, 7):",), 6),
}


@pytest.mark.parametrize("path", sorted(FILES), ids=lambda p: p.stem)
def test_loops_written_in_place_offer_the_same_choices(path):
    lines, games = FILES[path]
    source, source_without, engine, engine_without = engines_with_and_without(path, WITHOUT, "listing_loops")
    for line in lines:
        assert line in listing(source) and line not in listing(source_without)
    assert "st._walk(" not in listing(source) and "any(" not in listing(source)
    assert "st._walk(" in source_without and "any(" in listing(source_without)
    for seed in range(games):  # legal_actions compared at every step, as listed (the order offered)
        play_in_lock_step(engine.new_game(2), engine_without.new_game(2), 2, random.Random(seed))


def test_the_moves_after_a_slide_are_the_ones_the_walks_reach():
    """From the fixture's start, black's slides: along the rows and columns, stopping before a rook or the edge,
    each to a space with an empty neighbour (every one has); no flight before the fourth turn."""
    state = rulespec.load(FIXTURE).new_game(2)
    assert sorted(a.text for a in state.legal_actions()) == sorted(
        [f"slide 1 1 to 1 {c}" for c in (2, 3, 4)] + [f"slide 1 1 to {r} 1" for r in (2, 3, 4)]
        + [f"slide 1 5 to 1 {c}" for c in (4, 3, 2)] + [f"slide 1 5 to {r} 5" for r in (2, 3, 4)])


@pytest.mark.parametrize("game", ["mill.rules", "points.rules", "stranded.rules"])
def test_a_boards_rays_are_the_spaces_a_walk_steps_through(game):
    """What the lever rests on: a walk that every space passes goes along the board's ray, on a graph (a ring
    of links walked once round) as on a grid (up to the edge or a hole)."""
    state = rulespec.load(ROOT / "rulespec" / "docs" / "ref_games" / game).new_game(2)
    for board, steps in enumerate(state._t.toward):
        for direction in range(len(steps)):
            for cell in state._t.cells_in_use[board]:
                assert state._walk(board, cell, direction, lambda _: True) == state._t.rays[board, direction][cell]
