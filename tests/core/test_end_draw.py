"""An end that declares `the game is a draw` (issue #39: Go zeroed its scores to make its superko a draw under
a ranking by points): every seat ties for first whatever the ranking, the returns are each seat's draw, the
scores are still worked out. The reference game is rulespec/docs/ref_games/pebbles.rules."""

from __future__ import annotations

from pathlib import Path

import pytest

import rulespec
from rulespec.docs.english import DECLARATIONS, English
from rulespec.language.errors import RuleError

PEBBLES = Path(__file__).resolve().parents[2] / "rulespec" / "docs" / "ref_games" / "pebbles.rules"
DRAW_LINE = "  the game is a draw\n"
# a row seen before at the start of turn 6, player 1 having put two stones and player 2 one
MOVES = ["player 1: put on 1", "player 2: put on 4", "player 1: put on 2", "player 2: take back from 4",
         "player 1: take back from 2"]


def _written(tmp_path, *changes: tuple[str, str]) -> Path:
    text = PEBBLES.read_text(encoding="utf-8")
    for old, new in changes:
        assert old in text
        text = text.replace(old, new)
    path = tmp_path / "pebbles.rules"
    path.write_text(text, encoding="utf-8")
    return path


def _played(path) -> rulespec.State:
    state = rulespec.load(path).new_game()
    for move in MOVES:
        state.apply(move)
    assert state.is_terminal()
    return state


def test_every_seat_ties_for_first_whatever_the_ranking(tmp_path):
    state = _played(PEBBLES)
    outcome = state.outcome()
    assert outcome["end"] == "row_seen_before" and outcome["draw"] and outcome["winners"] == []
    assert outcome["ranking"] == [1, 1] and outcome["scores"]["put"] == [2, 1]  # the scores are still shown
    assert state.returns() == [0.0, 0.0]
    # without the line the ranking decides: more stones put win
    ranked = _played(_written(tmp_path, (DRAW_LINE, "")))
    assert ranked.outcome()["winners"] == [0] and ranked.returns() == [1.0, -1.0]


def test_a_drawn_state_reads_back_the_same():
    state = _played(PEBBLES)
    back = rulespec.load(PEBBLES).from_json(state.to_json())
    assert back.outcome() == state.outcome() and back.returns() == state.returns()


def test_payoffs_as_numbers_stand_as_written_and_nobody_won(tmp_path):
    path = _written(tmp_path, ("returns [PB-3, PB-4]:\n  win 1, draw 0, loss -1\n",
                               "returns of p [PB-3, PB-4]:\n  put of p + (if p won then 10 else 0)\n"))
    assert _played(path).returns() == [2.0, 1.0]


def test_a_tie_drawn_by_lot_is_not_drawn(tmp_path):
    state = _played(_written(tmp_path, ("  highest put\n  ties share\n", "  highest put\n  ties for first drawn by lot\n")))
    assert state.outcome()["draw"] and state.outcome()["lot"] is None and not state.is_chance_node()


def test_english_says_the_game_is_a_draw():
    model = rulespec.compile_rules(PEBBLES)
    end = next(e for e in model.ends if e.name == "row_seen_before")
    assert end.draw and end.winner is None
    text = "\n".join(DECLARATIONS[type(end)](English(model), end))
    assert "The game is then a draw" in text and "ranking then decides" not in text


def test_a_winner_and_a_draw_together_are_refused_at_the_line(tmp_path):
    path = _written(tmp_path, (DRAW_LINE, "  winner player 1\n" + DRAW_LINE))
    number = PEBBLES.read_text(encoding="utf-8").splitlines().index(DRAW_LINE.rstrip("\n")) + 2
    with pytest.raises(RuleError) as caught:
        rulespec.compile_rules(path)
    assert f"pebbles.rules:{number}:3: error: unexpected `the`" in str(caught.value)
