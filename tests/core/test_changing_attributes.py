"""Attributes that can change (issue #39, "a piece cannot change"): `component disc: colour (black, white)
x 8, colour can change` and `set colour of d to white`. Every reader sees the value now (the rules'
`colour of d` and `s holds colour of p`, the action texts, observations, positions, the JSON of a state);
a state clones, compares and round-trips with it; misuse is an error at its line; a file without the
clause generates what it generated before."""

from __future__ import annotations

import json

import pytest

import rulespec
from rulespec.language.errors import RuleError
from rulespec.runtime.common import RuleRuntimeError
from rulespec.runtime.state_check import InvalidState

FLIPS = "rulespec/docs/ref_games/flips.rules"

GAME = '''\
game "Turn" [TU-1]
  id "turn"
  players 2 to 2 [TU-1]
  at most 10 turns [TU-1]

each player has a colour: black, white [TU-1]
component disc: colour (black, white) x 2{changing} [TU-1]
component stone: colour (black, white) [TU-1]
component marker: shade (grey) [TU-1]
zone box: shared, public, holds every component in play [TU-1]

turns go clockwise from player 1, each turn runs turn [TU-1]

choice turn(player: seat) by player [TU-1]:
  option flip "flip {{d}}" [TU-1]:
    for d in box
    {statement}

end done [TU-1]:
  checked after every step
  when count(d in box where colour of d = white) = 6
'''


def _write(tmp_path, changing=", colour can change", statement="set colour of d to white"):
    path = tmp_path / "turn.rules"
    path.write_text(GAME.format(changing=changing, statement=statement), encoding="utf-8")
    return path


def _played(*actions):
    game = rulespec.load(FLIPS)
    st = game.new_game(2)
    for action in actions:
        st.apply(action)
    return game, st


def _error(tmp_path, **parts):
    with pytest.raises(RuleError) as caught:
        rulespec.compile_rules(_write(tmp_path, **parts))
    return caught.value.diagnostics[0]


def test_a_set_attribute_is_read_as_it_is_now_by_the_rules_texts_and_views():
    game, st = _played("player 1: put black on 1 1", "player 2: put white on 1 2")
    disc = st._boards[0][0]
    assert st._attrs["colour"][disc] == "white"  # turned by player 2's disc next to it
    assert st.observation(0)["boards"]["grid"] == {"1 1": "white disc", "1 2": "white disc"}
    assert st.returns() == [0.0, 0.0] and st.standing() == [2, 1]  # discs: 0 and 2
    assert "white disc" in st.to_position() or "i = white disc" in st.to_position()
    texts = [a.text for a in st.legal_actions()]
    assert "put black on 2 2" in texts


def test_a_state_clones_compares_and_round_trips_with_its_attributes():
    game, st = _played("player 1: put black on 1 1", "player 2: put white on 1 2")
    copy = st.clone()
    assert copy == st and copy._attrs is not st._attrs and copy._labels is not st._labels
    copy._set_attr("colour", copy._boards[0][0], "black")
    assert copy != st and st._attrs["colour"][st._boards[0][0]] == "white"  # the copy's own values
    back = game.from_json(st.to_json())
    assert back == st and back._labels == st._labels
    read = game.position(st.to_position())
    assert read.to_position() == st.to_position() and read.observation(1) == st.observation(1)


def test_a_position_may_hold_more_of_a_colour_than_were_made():
    game = rulespec.load(FLIPS)
    st = game.position("grid: dddd/dddd/dddd/.... (d = black disc)\nbox: the rest\nturn 13 of player 1\n")
    board = st._boards[0]
    assert sum(st._attrs["colour"][item] == "black" for item in board if item >= 0) == 12  # 8 were made black
    assert st.to_position().splitlines()[4].startswith("grid: dddd/dddd/dddd/....")


def test_a_state_whose_attribute_is_outside_its_list_is_refused():
    game, st = _played("player 1: put black on 1 1")
    data = json.loads(st.to_json())
    data["attributes"]["colour"][0] = "green"
    with pytest.raises(InvalidState) as caught:
        game.from_json(json.dumps(data))
    assert "state.attributes.colour[0]" in str(caught.value) and "one of black, white" in str(caught.value)


def test_an_attribute_that_cannot_change_keeps_its_value_in_a_state(tmp_path):
    game = rulespec.load(str(_write(tmp_path)))
    st = game.new_game(2)
    data = json.loads(st.to_json())
    stone = 4  # the stones come after the 4 discs; theirs cannot change
    data["attributes"]["colour"][stone] = "white"  # stone 0 is black
    with pytest.raises(InvalidState, match="cannot change"):
        game.from_json(json.dumps(data))


def test_setting_a_component_whose_attribute_cannot_change_stops_the_game_naming_it(tmp_path):
    game = rulespec.load(str(_write(tmp_path)))
    st = game.new_game(2)
    with pytest.raises(RuleRuntimeError, match="the colour of a stone cannot change"):
        st.apply("player 1: flip black stone")


def test_setting_an_attribute_not_declared_to_change_is_an_error_at_its_line(tmp_path):
    error = _error(tmp_path, changing="")
    assert (error.line, "cannot change") == (17, error.message[error.message.find("cannot change"):][:13])
    assert "colour can change" in error.hint


def test_a_value_outside_the_attributes_list_is_an_error_at_the_value(tmp_path):
    error = _error(tmp_path, statement="set colour of d to grey")
    assert error.line == 17 and "`grey` is not a value of `colour`" in error.message


def test_can_change_names_an_attribute_of_its_component(tmp_path):
    error = _error(tmp_path, changing=", color can change")
    assert error.line == 7 and "`disc` has no attribute `color`" in error.message and error.hint == "did you mean `colour`?"


def test_a_word_attribute_cannot_be_added_to(tmp_path):
    error = _error(tmp_path, statement="add 1 to colour of d")
    assert error.line == 17 and "nothing to add to" in error.message


def test_a_fit_may_not_read_an_attribute_that_can_change(tmp_path):
    text = _write(tmp_path).read_text(encoding="utf-8").replace(
        "turns go", "board grid: rows row 1..2, columns col 1..2, adjacency all [TU-1]:\n"
                    "  face plain [TU-1]:\n    1 . .\n    2 . .\n\nfit disc on grid where colour of item = black"
                    " [TU-1]\n\nturns go")
    with pytest.raises(RuleError) as caught:
        rulespec.compile_rules(_write_text(tmp_path, text))
    assert any("before there is a game" in d.message for d in caught.value.diagnostics)


def _write_text(tmp_path, text):
    path = tmp_path / "fit.rules"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_english_says_what_can_change_and_what_is_set():
    from rulespec.docs.english import English
    model = rulespec.compile_rules(FLIPS)
    en = English(model)
    disc = " ".join(en.declaration(model.components[0]))
    assert "During play the rules may change its colour; it is read as it is now." in disc
    turn = " ".join(en.declaration(next(s for s in model.steps if s.name == "turn")))
    assert "Change the colour of" in turn and "to the colour of the player" in turn
