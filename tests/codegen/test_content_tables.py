"""A listing's test of what one space holds, with values the listing does not change, read from a table by the
space's content (#40, rulespec/codegen/content_tables.py): Banqi's `mine(s, p)` (the player's colour kept in
counters) and a form of it with `is occupied` and `not ... holds` are one look-up a space, in lock step with the
engines generated without it; a test of two spaces, or of one read with nothing else, is written as before."""

import random
from pathlib import Path

import pytest

from rulespec.codegen.content_tables import ContentTables
from rulespec.runtime.helpers import ContentTests

from .lockstep import engines_with_and_without, play_in_lock_step

ROOT = Path(__file__).parents[2]
BANQI = (ROOT / "tests/newcomer/games/banqi.rules").read_text()
MINE = "s holds red and plays_red of p = 1 or s holds black and plays_black of p = 1"
FORMS = {
    "as_written": MINE,
    "with_occupancy": f"s is occupied and not s holds cover and ({MINE})",
}


def form_file(tmp_path: Path, name: str) -> Path:
    assert MINE in BANQI
    path = tmp_path / f"banqi-{name}.rules"
    path.write_text(BANQI.replace(MINE, FORMS[name]))
    return path


def engines(path: Path):
    return engines_with_and_without(path, ((ContentTables, "content_table", lambda self, e: None),), "content_tables")


def test_the_table_of_every_content_reads_an_empty_space_last():
    tests = ContentTests(lambda c, red: c >= 0 and (c % 2 == 0) == red, 4)
    assert tests[(True,)] == (True, False, True, False, False)
    assert tests[(False,)][-1] is False and len(tests) == 2


@pytest.mark.parametrize("name", sorted(FORMS))
def test_mine_is_one_look_up_a_space(name, tmp_path):
    source, without, _, _ = engines(form_file(tmp_path, name))
    assert source.count("= ContentTests(lambda c, ") == 1 and "ContentTests" not in without
    listing = source.split("def choices_turn(", 1)[1].split("\ndef ", 1)[0]
    assert "CONTENT_TEST_0[((counter_plays_red[v_player] == 1), (counter_plays_black[v_player] == 1), )]" in listing
    assert "[board_0[v_s]]" in listing and "[board_0[v_t]]" in listing  # mine(s, player) and mine(t, left of player)
    assert "cell_attr_0[board_0[v_s]] == 'red'" not in listing
    assert "cell_attr_0[board_0[v_s]] == 'red'" in without.split("def choices_turn(", 1)[1]


def test_a_test_of_two_spaces_or_of_one_read_is_written_as_before():
    for name in ("breakthrough", "lines-of-action", "clobber"):
        path = ROOT / "tests/newcomer/games" / f"{name}.rules"
        source, without, _, _ = engines(path)
        assert source == without, name


@pytest.mark.parametrize("name", sorted(FORMS))
def test_games_agree_with_the_engine_without_tables(name, tmp_path):
    _, _, fast, slow = engines(form_file(tmp_path, name))
    for seed in range(8):
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed))
