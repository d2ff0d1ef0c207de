"""The terminal player reads like a table game: who did what, names in words, boards drawn by their
geometry, pieces told apart, counters and public zones shown, the end told once, no mid-word wrapping."""

from __future__ import annotations

import random
import re

import pytest
from typer.testing import CliRunner

import rulespec
from rulespec.cli.main import app
from rulespec.cli.table import Table
from rulespec.cli.views import render_observation, spectator_view
from rulespec.lib.pieces import piece_codes

runner = CliRunner()


@pytest.fixture(scope="module")
def shell_we():
    return rulespec.load("shell-we")


@pytest.fixture(scope="module")
def eat_shrimp():
    return rulespec.load("let-them-eat-shrimp")


def play_until(state, table, done, seed=1, limit=2000):
    rng = random.Random(seed)
    for _ in range(limit):
        if state.is_terminal() or done():
            return
        table.apply(rulespec.runtime.engine.random_step(state, rng))
    raise AssertionError("never happened")


def test_the_news_says_who_did_what(shell_we):
    state = shell_we.new_game(2)
    table = Table(state, {0})
    play_until(state, table, lambda: any(line.startswith("player 2: ") for line in table.news[0]))
    said = next(line for line in table.news[0] if line.startswith("player 2: "))
    assert said == f"player 2: {[a for a in state.history if a.startswith('player 2: ')][0][len('player 2: '):]}"
    news = table.tell(0)
    assert news[0].startswith("chance (draw tile, ") and " times)" in news[0]  # the deal, told once
    assert table.news[0] == [] and table.tell(0) == []


def test_names_are_words_not_ids(shell_we):
    result = runner.invoke(app, ["play", "shell-we", "--seat", "1", "--seed", "3"], input="1\n1\n")
    assert result.exit_code == 0, result.output
    assert "your decision (second tile)" in result.output
    assert "pass streak: 0" in result.output
    assert not re.search(r"\b(pass_streak|second_tile|starting_tile|draw_tile)\b", result.output)


def test_lanes_left_out_with_fewer_players_are_marked(shell_we):
    lines = render_observation(shell_we, spectator_view(shell_we.new_game(2)))
    assert any(re.fullmatch(r"\s*red\s+\(not in play with 2 players\)", line) for line in lines), lines
    rows = render_observation(rulespec.load("let-them-eat-shrimp"), spectator_view(rulespec.load(
        "let-them-eat-shrimp").new_game(2)))
    assert "  r12 to r17 (not in play with 2 players)" in rows  # a run of rows told once
    assert not any("not in play" in line for line in render_observation(shell_we, spectator_view(shell_we.new_game(4))))


def test_a_board_of_triangles_is_drawn_as_triangles(eat_shrimp):
    lines = render_observation(eat_shrimp, spectator_view(eat_shrimp.new_game(2)))
    rows = [line for line in lines if re.match(r"\s*r\d+ ", line) and "not in play" not in line]
    assert rows and all("△" in row or "▽" in row for row in rows)
    board = eat_shrimp.BOARDS[0]
    width = len(board.columns)
    tables = eat_shrimp._tables(2)
    first_used = min(c for c in range(width) if any(tables.in_use[0][r * width + c] for r in range(len(board.rows))))
    for row in rows:  # up and down in turn: up where row + column is even
        r = int(re.match(r"\s*r(\d+)", row).group(1))
        cells = row.split(maxsplit=1)[1]
        offset = len(row) - len(row.lstrip()) + max(len(name) for name in board.rows) + 1
        for x, glyph in enumerate(row[offset:]):
            c = first_used + x
            if glyph in "△▽":
                assert glyph == ("△" if (r + c) % 2 == 0 else "▽"), (row, x)
        assert cells
    assert not any(re.search(r"\b0  1  2  3\b", line) for line in lines)  # not a square grid's header


def test_pieces_without_a_number_are_told_apart(eat_shrimp, shell_we):
    state = rulespec.random_game(eat_shrimp, 2, seed=2)
    lines = render_observation(eat_shrimp, spectator_view(state))
    legend = next(line for line in lines if line.strip().startswith("(") and "an empty space" in line)
    pieces = re.search(r"pieces: ([^;]*);", legend).group(1)
    entries = dict(entry.split(" ", 1) for entry in pieces.split(", "))
    placed = set(state.observation(0)["boards"]["sea"].values())
    codes = {code for code, what in entries.items() if what in placed}
    assert len(codes) == len(placed) >= 2  # one code per kind of piece on the board, each its own
    board_text = "".join(line for line in lines if re.match(r"\s*r\d+ ", line))
    assert all(code in board_text for code in codes)
    starfish = render_observation(shell_we, spectator_view(rulespec.random_game(shell_we, 2, seed=1)))
    assert any("pieces: S starfish;" in line for line in starfish) and not any(" * " in line for line in starfish)
    assert piece_codes(["triangle", "trapezoid", "tile"], {"t"}) == {"tile": "T", "trapezoid": "R", "triangle": "I"}


def test_counters_and_public_zones_are_shown(eat_shrimp):
    lines = render_observation(eat_shrimp, eat_shrimp.new_game(3).observation(0))
    assert "knockouts: 0" in lines
    assert "out at: player 1: 0, player 2: 0, player 3: 0" in lines
    supply = next(line for line in lines if line.startswith("supply: "))
    assert re.search(r"\(diamond x\d+, egg x\d+", supply)  # many copies counted, not listed


def test_the_end_is_told_once():
    result = runner.invoke(app, ["play", "shell-we", "--watch", "--seed", "1"])
    assert result.exit_code == 0, result.output
    assert result.output.count("game over by out of tiles") == 1
    assert result.output.count("== game over ==") == 1
    assert "game over (" not in result.output


def test_long_lines_wrap_at_words_only():
    wide = runner.invoke(app, ["play", "shrimp", "--watch", "--seed", "2"], env={"COLUMNS": "200"})
    narrow = runner.invoke(app, ["play", "shrimp", "--watch", "--seed", "2"], env={"COLUMNS": "60"})
    assert wide.exit_code == narrow.exit_code == 0, narrow.output
    assert max(len(line) for line in narrow.output.splitlines()) <= 60
    assert max(len(line) for line in wide.output.splitlines()) > 60  # there was something to wrap
    assert narrow.output.split() == wide.output.split()  # every word whole, in order


def test_the_end_of_your_game_shows_still_only_what_your_seat_sees():
    result = runner.invoke(app, ["play", "shell-we", "--seed", "5", "--seat", "1"], input="1\n" * 2000)
    assert result.exit_code == 0, result.output[-2000:]
    end = result.output[result.output.index("== game over =="):]
    rack = re.search(r"^rack of player 2: (\d+)(.*)$", end, re.M)
    assert rack, end
    assert rack.group(2) == (" (hidden)" if rack.group(1) != "0" else "")
    assert "rack of player 1 (you)" in end


def test_a_secret_choice_is_told_only_once_it_is_carried_out():
    """Goofspiel's bids (`by each player`): player 2 (automatic) chooses first; player 1 is told only that
    it chose, and sees its card once both bids are carried out."""
    result = runner.invoke(app, ["play", "goofspiel", "--option", "num_cards=3", "--seed", "2"],
                           input="1\n1\n1\n")
    assert result.exit_code == 0, result.output
    before_my_first_bid = result.output.split("player 1> ")[0]
    assert "player 2: chose in secret" in before_my_first_bid
    assert not re.search(r"player 2: bid \d", result.output)  # what player 2 bid is never said as an action
    told = result.output.split("player 1> ")[1]
    assert "the secret choices are revealed and carried out" in told
    assert re.search(r"hand of player 2: 3 -> 2 \(-\d of hearts\)", told)  # the bid card, seen leaving its hand
    assert "game over by last round" in result.output


def test_a_small_board_draws_its_pieces_by_their_own_labels():
    """Tic-tac-toe's pieces are shown as `cross` and `nought` (its `shown as`), not as the codes C and N;
    a board too wide for its labels keeps one-character codes and a legend."""
    ttt = rulespec.load("tic-tac-toe")
    state = ttt.new_game(2)
    state.apply("player 1: cross on row 1 column 3")
    state.apply("player 2: nought on row 2 column 1")
    lines = render_observation(ttt, spectator_view(state), 80)
    ruler, *rows = [line for line in lines if re.match(r"\s+\d ", line)]
    assert rows[0].split() == ["1", ".", ".", "cross"] and rows[1].split() == ["2", "nought", ".", "."]
    assert not any("pieces:" in line for line in lines)
    assert len(ruler) == len(rows[0]) and ruler.endswith(" 3")  # the column numbers stand over the cells
    hex_game = rulespec.load("hex")
    state = hex_game.new_game(2)
    state.apply(str(state.legal_actions()[0]))
    lines = render_observation(hex_game, spectator_view(state), 80)
    assert any("pieces: B black" in line for line in lines) and not any("black" in line for line in lines
                                                                        if re.match(r"\s+\d+ ", line))


def test_help_at_the_prompt_shows_this_games_own_actions():
    result = runner.invoke(app, ["play", "tic-tac-toe", "--seed", "1"], input="help\nquit\n")
    assert result.exit_code == 0, result.output
    help_line = result.output[result.output.index("type the number of a choice"):]
    assert "`cross on row 1 column 1`" in help_line and "`player 1: cross on row 1 column 1`" in help_line
    assert "play red 3" not in result.output  # another game's action (Shell We?'s)


@pytest.mark.parametrize("game, said", [
    ("tic-tac-toe", "Tic-tac-toe has no options"),
    ("shell-we", "Shell We?'s options: --option side=A (A or B)"),
])
def test_a_malformed_option_is_answered_with_the_games_own_options(game, said):
    result = runner.invoke(app, ["play", game, "--option", "side", "--watch"])
    assert result.exit_code == 2
    assert "--option takes NAME=VALUE, not 'side'" in result.output and said in result.output
    assert game == "shell-we" or "side=B" not in result.output
