"""A seat the rules name by number (`player 3`) must be in play (issue #10): in a game of 2 of a game
for 2 to 3, `kept of player 3` would otherwise read the next zone along."""

from __future__ import annotations

import pytest

import rulespec
from rulespec.pipeline.examples import run_examples

GAME = '''\
game "Thirds" [THI-1]
  id "thirds"
  players 2 to 3 [THI-1]
  at most 10 turns [THI-1]

component chip x 3 [THI-2]
zone heap: shared, public, holds every component in play [THI-2]
zone kept: one per player, public [THI-2]

turns go clockwise from player 1, each turn runs turn [THI-3]

choice turn(player: seat) by player [THI-3]:
  option gift "give to player 3" [THI-3]:
    only if heap is not empty
    move any(c in heap) to kept of player 3
  option take "take" [THI-3]:
    only if heap is not empty
    move any(c in heap) to kept of player

end empty [THI-4]:
  checked after every step
  when heap is empty

score chips of p [THI-4]:
  count(c in kept of p)

ranking [THI-4]:
  highest chips
  ties share

example third "Player 3 is not there with 2 players" [THI-3]:
  given 2 players
  given kept of player 3: "chip"
'''


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    path = tmp_path_factory.mktemp("thirds") / "thirds.rules"
    path.write_text(GAME, encoding="utf-8")
    return rulespec.load(path)


def test_a_seat_named_by_number_that_is_not_in_play_is_an_error_and_the_action_undone(game):
    state = game.new_game(2)
    before = state.to_json()
    with pytest.raises(rulespec.RuleRuntimeError, match="the rules name player 3, but 2 players play"):
        state.apply("player 1: give to player 3")
    assert state.to_json() == before
    three = game.new_game(3)
    three.apply("player 1: give to player 3")
    assert len(three._zones[three._t.zone_base["kept"] + 2]) == 1


def test_an_example_naming_a_seat_not_in_play_fails_with_a_message(game):
    (result,) = run_examples(game)
    assert not result.passed and "player 3" in result.message
