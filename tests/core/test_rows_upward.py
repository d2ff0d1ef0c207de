"""Rows numbered from the bottom of the map up, `rows rank 5..1` (issue #39: chess put rank 1 at the top and
sent white south). The reference game is rulespec/docs/ref_games/raid.rules; the same game with its ranks
numbered down the map (rank r there is rank 6 - r here, every space where it was) plays the same moves."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import rulespec
from rulespec.docs.svg import engine_picture
from rulespec.language.errors import RuleError
from rulespec.runtime.policies import random_game

RAID = Path(__file__).resolve().parents[2] / "rulespec" / "docs" / "ref_games" / "raid.rules"
BOARD = "board grid: rows rank 5..1, columns file 1..5, adjacency all [RAI-2]:\n"
FACE = "    5 . . . . .\n    4 . . . . .\n    3 . . . . .\n    2 . . . . .\n    1 . . . . .\n"
PAIR = re.compile(r"\b([1-5]) ([1-5])\b")


def _downward(tmp_path) -> Path:
    """Raid with its ranks numbered down the map: rank 1 at the top, the pieces where they were."""
    text = RAID.read_text(encoding="utf-8")
    start = next(line for line in text.splitlines() if line.startswith("  if colour of c = white then"))
    head, example, examples = text.partition("\nexample ")
    examples = re.sub(r'"[^"\n]*"', lambda m: _flipped(m.group(0)), examples)  # "player 1: rook 1 1 to 4 1"
    examples = re.sub(r"space_at\((\d), ", lambda m: f"space_at({6 - int(m.group(1))}, ", examples)
    text = head + example + examples
    for old, new in ((BOARD, BOARD.replace("5..1", "1..5")), (FACE, "".join(reversed(FACE.splitlines(True)))),
                     (start, re.sub(r"r = (\d)", lambda m: f"r = {6 - int(m.group(1))}", start))):
        assert old in text
        text = text.replace(old, new)
    path = tmp_path / "raid.rules"
    path.write_text(text, encoding="utf-8")
    return path


def _flipped(action: str) -> str:
    return PAIR.sub(lambda m: f"{6 - int(m.group(1))} {m.group(2)}", action)


def test_the_rows_run_from_the_first_number_written():
    board = rulespec.compile_rules(RAID).boards[0]
    assert board.row_values == (5, 4, 3, 2, 1)
    state = rulespec.load(RAID).new_game()
    assert "rook 1 1 to 2 1" not in [str(a) for a in state.legal_actions()]  # (its own pawn is not there)
    assert "player 1: knight 1 2 to 3 3" in [str(a) for a in state.legal_actions()]


def test_random_games_play_as_with_the_rows_numbered_down_the_map(tmp_path):
    upward, downward = rulespec.load(RAID), rulespec.load(_downward(tmp_path))
    for seed in range(25):
        a, b = random_game(upward, seed=seed), random_game(downward, seed=seed)
        assert [str(x) for x in a.history] == [_flipped(str(x)) for x in b.history]
        assert a.outcome() == b.outcome()


def test_positions_and_pictures_read_the_numbers(tmp_path):
    game = rulespec.load(RAID)
    state = game.new_game()
    state.apply("player 1: pawn 2 3 to 3 2")
    text = state.to_position()
    # the board's rows from the top of the map: rank 5 (black's rook on file 5), ..., rank 1 (white's rook on 1)
    assert "grid: ...no/..a../.p.../...../rk... (" in text
    assert game.position(text).to_position() == text
    picture = engine_picture(game, 0, 2, state)
    assert picture.rows == ("5", "4", "3", "2", "1")  # drawn from the top of the map: rank 5 first
    assert [c.occupant for c in picture.cells[:5]] == ["", "", "", "black knight", "black rook"]


def test_the_map_is_labelled_in_the_rows_order(tmp_path):
    path = tmp_path / "raid.rules"
    path.write_text(RAID.read_text(encoding="utf-8").replace(FACE, "".join(reversed(FACE.splitlines(True)))),
                    encoding="utf-8")
    with pytest.raises(RuleError) as caught:
        rulespec.compile_rules(path)
    assert "write `5` first" in str(caught.value)


def test_too_many_rows_either_way_are_refused_at_the_range(tmp_path):
    path = tmp_path / "raid.rules"
    path.write_text(RAID.read_text(encoding="utf-8").replace("rows rank 5..1", "rows rank 500..1"), encoding="utf-8")
    number = RAID.read_text(encoding="utf-8").splitlines().index(BOARD.rstrip("\n")) + 1
    with pytest.raises(RuleError) as caught:
        rulespec.compile_rules(path)
    assert f"raid.rules:{number}:23: error: at most 200 rows of a board" in str(caught.value)
