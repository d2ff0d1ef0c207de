"""Board pictures tell the seats' pieces apart (#11 item 4): a piece too long to write in a cell is its own
letter with a legend (X and O differ), a piece a seat's own value names is tinted with that seat's colour,
and an example's pictures say what the counters and the public zones hold."""

from __future__ import annotations

import re
from pathlib import Path

import rulespec
from rulespec.docs.svg import SEATS, board_svg, engine_picture, short_text, table_lines

ROOT = Path(__file__).resolve().parents[2]


def _cells(svg: str) -> list[tuple[str, str]]:
    """(fill colour, text) of each piece drawn on the board."""
    return re.findall(r'<rect [^>]*rx="4" fill="([^"]+)"[^>]*/><text [^>]*font-weight="bold"[^>]*>([^<]*)</text>', svg)


def test_crosses_and_noughts_look_different_and_are_tinted_by_their_seat():
    game = rulespec.load("tic-tac-toe")
    state = game.new_game(2)
    for action in ("player 1: cross on row 1 column 1", "player 2: nought on row 2 column 2",
                   "player 1: cross on row 3 column 3"):
        state.apply(action)
    svg = board_svg(engine_picture(game, 0, 2, state=state, table=True))
    cells = _cells(svg)
    assert sorted(cells) == sorted([(SEATS[0], "C"), (SEATS[1], "N"), (SEATS[0], "C")])
    assert ">cross</text>" in svg and ">nought</text>" in svg  # the legend says what each letter is
    assert "player 1&#x27;s (cross)" in svg or "player 1's (cross)" in svg
    assert "supply: cross, cross, cross, nought, nought, nought, nought" in svg  # the public zone beside it


def test_a_short_label_or_a_number_is_written_as_it_is():
    assert short_text("red 3", 3) == "3"
    assert short_text("king", None, {"king": "K"}) == "king"
    assert short_text("starfish", None, {"starfish": "S"}) == "S"
    assert short_text("starfish", None) == "star"


def test_counters_and_public_zones_are_listed_hidden_ones_are_not():
    game = rulespec.load("kuhn-poker")
    state = game.new_game(2)
    state.apply("chance: deal king")
    state.apply("chance: deal jack")
    lines = table_lines(game, state)
    assert "staked: player 1: 1, player 2: 1" in lines
    assert not any(line.startswith(("deck", "hand")) for line in lines)  # hidden, or seen by the owner only


def test_connect_four_discs_by_seat():
    game = rulespec.load("connect-four")
    state = game.new_game(2)
    for _ in range(3):
        state.apply(state.legal_actions()[0])
    fills = {fill for fill, _ in _cells(board_svg(engine_picture(game, 0, 2, state=state)))}
    assert fills == {SEATS[0], SEATS[1]}
