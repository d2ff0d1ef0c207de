"""What the engine API does with inputs it cannot use (issue #10): a clear TypeError, ValueError,
IllegalAction or RuleError, never a raw exception from inside, and nothing changed."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

import rulespec


@pytest.fixture(scope="module")
def game():
    return rulespec.load("shell-we")


def test_an_action_with_a_seat_number_in_other_digits_is_illegal_not_a_crash(game):
    state = game.new_game(3)
    before = state.to_json()
    for text in ("player ²: draw two tiles", "player ١: draw two tiles", "player : draw two tiles"):
        with pytest.raises(rulespec.IllegalAction, match="cannot read"):
            state.apply(text)
    assert state.to_json() == before
    with pytest.raises(TypeError, match="parse_action"):
        game.parse_action(state, None)


@pytest.mark.parametrize("seat, error", [(-1, ValueError), (3, ValueError), (None, TypeError), ("0", TypeError),
                                         (1.5, TypeError), (True, TypeError)])
def test_observation_and_legal_actions_take_a_seat_of_the_game(game, seat, error):
    state = game.new_game(3)
    with pytest.raises(error, match="seat"):
        state.observation(seat)
    if seat is not None:  # legal_actions(None) is every seat's
        with pytest.raises(error, match="seat"):
            state.legal_actions(seat)
    assert state.observation(2)["seat"] == 2


@pytest.mark.parametrize("players", [2.0, "3", True])
def test_new_game_takes_a_player_count(game, players):
    with pytest.raises(TypeError, match="player count"):
        game.new_game(players)


@pytest.mark.parametrize("kwargs", [{"variants": "bottles"}, {"variants": [None]}, {"options": ["side"]},
                                    {"options": {"side": 1.5}}, {"options": {"side": True}},
                                    {"options": {"side": None}}, {"options": {1: "B"}}])
def test_load_takes_a_list_of_variants_and_a_dict_of_options(kwargs):
    with pytest.raises(TypeError, match="variant names|options maps option names"):
        rulespec.load("shell-we", **kwargs)


def test_a_numeric_option_may_be_given_as_a_whole_number():
    assert rulespec.load("pig", options={"winscore": 20}).options["winscore"]["value"] == "20"
    assert rulespec.load("pig", options={"winscore": "20"}).options["winscore"]["value"] == "20"
    with pytest.raises(ValueError, match=r"option 'winscore' takes 10, 20, 30, 50, 100, not '25'"):
        rulespec.load("pig", options={"winscore": 25})
    with pytest.raises(ValueError, match=r"option 'side' takes A, B, not '1'"):
        rulespec.load("shell-we", options={"side": 1})


def test_load_refuses_what_is_not_a_regular_file_without_reading_it(tmp_path):
    fifo = tmp_path / "game.rules"
    os.mkfifo(fifo)  # reading it would block for ever
    for path in ("/dev/zero", str(fifo), str(tmp_path)):
        with pytest.raises(rulespec.RuleError, match="not a rule file"):
            rulespec.load(path)


def test_a_state_that_waits_for_no_decision_is_refused(game):
    data = json.loads(game.new_game(3).to_json())
    data["stack"].append(["__resolve__", ["bonuses"], 0, "regular", []])
    with pytest.raises(rulespec.InvalidState, match=r"state\.stack\[\d+\]\[0\]: .*no decision"):
        game.from_json(json.dumps(data))
    data["stack"] = []
    with pytest.raises(rulespec.InvalidState, match=r"state\.stack: is empty, but the game is not over"):
        game.from_json(json.dumps(data))


def test_the_command_line_shows_control_characters_from_files_escaped(tmp_path):
    cex = tmp_path / "cex.txt"
    cex.write_text("# game: shell-we\n# players: 3\n# property: p\x1b[2J\n# message: m\x1b[31mRED\n"
                   "chance: draw red 0\x1b[31mX\n", encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "rulespec", "replay", str(cex)], capture_output=True, text=True,
                            timeout=120, stdin=subprocess.DEVNULL)
    output = result.stdout + result.stderr
    assert "\x1b" not in output and "\\x1b" in output, output
    assert "Traceback" not in output
