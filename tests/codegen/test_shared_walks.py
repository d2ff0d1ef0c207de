"""Options of a choice that begin with the same walk, listed by one walk (#40, codegen/shared_walks.py), in lock
step with the engine generated without it (each option walked on its own): the same choices offered in the
same order at every step, the same games, for every bundled file whose listing it changes."""

import random
from pathlib import Path

import pytest

from rulespec.codegen.shared_walks import SharedWalks

from .lockstep import engines_with_and_without, play_in_lock_step

ROOT = Path(__file__).parents[2]


def alone(self, step, listing):
    """Each option walked on its own, as before the lever."""
    return [[k] for k in range(len(self.plans))]


def engines(path: Path):
    return engines_with_and_without(path, ((SharedWalks, "walk_groups", alone),), "shared_walks")


# file -> (the options one walk lists, in the generated comment; seeded games played; players)
FILES = {
    "rulebooks/breakthrough.rules": ("move, capture: one walk over s, c", 12, 2),
    "house-rules/breakthrough-six-by-six.rules": ("move, capture: one walk over s, c", 6, 2),
    "rulebooks/checkers.rules": ("step, jump: one walk over s, d", 8, 2),
    "house-rules/checkers-backward-captures.rules": ("step, jump: one walk over s, d", 4, 2),
    "rulebooks/chess.rules": ("slide, leap, step: one walk over s", 2, 2),
    "rulebooks/shell-we.rules": ("swap, play_shell, play_starfish: one walk over tile", 6, 2),
    "house-rules/three-tiles.rules": ("one walk over tile", 4, 2),
    "rulespec/docs/ref_games/hop.rules": ("one walk over", 6, 2),
    "rulespec/docs/ref_games/raid.rules": ("one walk over", 6, 2),
}


@pytest.mark.parametrize("name", sorted(FILES))
def test_the_shared_walk_offers_the_same_choices_in_the_same_order(name):
    shared_comment, games, players = FILES[name]
    shared_source, alone_source, shared, apart = engines(ROOT / name)
    assert shared_comment in shared_source and "one walk over" not in alone_source
    for seed in range(games):  # legal_actions compared at every step, as listed (the order offered)
        play_in_lock_step(shared.new_game(players), apart.new_game(players), players, random.Random(seed))


def test_the_rows_of_later_options_follow_the_first_ones():
    """Breakthrough's captures come after its moves, as when each option was walked on its own."""
    shared_source, _, _, _ = engines(ROOT / "rulebooks" / "breakthrough.rules")
    listing = shared_source.split("def choices_turn(", 1)[1].split("\ndef ", 1)[0]
    assert listing.count("for v_s in st._t.cells_in_use[0]:") == 1
    assert "rows_1.append(" in listing and listing.index("rows += rows_1") < listing.index("return seat, rows")


def test_an_option_testing_something_before_its_names_shares_the_walk_alone():
    """At most one option of a shared walk tests something before its names are bound (asked once, before
    the walk): checkers' step (`not must_jump(player)`) walks with jump; nine men's morris's three options,
    each with its own such test, keep their walks."""
    checkers, _, _, _ = engines(ROOT / "rulebooks" / "checkers.rules")
    assert "_ok0 = ((not (_n0 if _n0 is not None else (_n0 := define_must_jump(st, v_player)))))" in checkers
    morris, morris_alone, _, _ = engines(ROOT / "rulebooks" / "nine-mens-morris.rules")
    assert morris == morris_alone
