"""The number of players is part of a board's geometry (#40, model/geometric.py players_count): fixed per set-up,
so a walk's condition that reads it with the spaces' places, the options and the seats' values is read from a
table made once a set-up (codegen/related_spaces.py). Mensch aergere Dich nicht as a newcomer wrote it seats two
players opposite (`if size of players = 2 and sides = opposite and p = player 2 then 2 else side of p`), and
lists a move only from a field on the mover's way: 43 fields a listing from the table, not 56 tested. In lock
step with the engines generated without it, for 2, 3 and 4 players and both seatings."""

import random
from pathlib import Path

import pytest

from rulespec.model import geometric

from .lockstep import engines_with_and_without, play_in_lock_step

ROOT = Path(__file__).parents[2]
MAEDN = ROOT / "tests" / "newcomer" / "games" / "maedn.rules"
NOT_GEOMETRIC = (geometric, "players_count", lambda e: False)


def test_the_fields_on_a_players_way_are_read_from_a_table():
    source, source_without, _, _ = engines_with_and_without(MAEDN, (NOT_GEOMETRIC,), "players_source")
    listing = source.split("def choices_move(", 1)[1].split("\ndef ", 1)[0]
    assert "for v_s in st._t.related[related_2, v_player]:" in listing
    assert "return tuple(v_s for v_s in st._t.cells_in_use[0] if (((st._t.space_index[0][v_s] < 40) or " in source
    assert "st._t.related[" not in source_without


@pytest.mark.parametrize("players, sides, games", [(2, "opposite", 4), (2, "side_by_side", 3), (3, "opposite", 2),
                                                   (4, "opposite", 2)])
def test_it_plays_as_the_engine_without_it(players, sides, games):
    _, _, engine, engine_without = engines_with_and_without(MAEDN, (NOT_GEOMETRIC,), "players")
    seated, seated_without = (type(e)({"sides": sides}) for e in (engine, engine_without))
    seated.model = seated_without.model = engine.model
    for seed in range(games):
        play_in_lock_step(seated.new_game(players), seated_without.new_game(players), players, random.Random(seed))


def test_one_engine_keeps_a_table_per_player_count():
    """Two, four, then two players again on the same engines: each set-up reads its own table."""
    _, _, engine, engine_without = engines_with_and_without(MAEDN, (NOT_GEOMETRIC,), "players_counts")
    for seed, players in enumerate((2, 4, 2, 3)):
        play_in_lock_step(engine.new_game(players), engine_without.new_game(players), players, random.Random(seed))
