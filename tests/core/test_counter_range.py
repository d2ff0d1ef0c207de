"""A counter's value is bounded at run time (issue #10): a rule that doubles or squares a counter in a
loop stops with a clear error, the action undone, instead of growing a number of millions of digits."""

from __future__ import annotations

import json

import pytest

import rulespec
from rulespec.runtime.numbers import COUNTER_LIMIT

GAME = '''\
game "Growth" [GRO-1]
  id "growth"
  players 2 to 2 [GRO-1]
  at most 10 turns [GRO-1]

component chip x 2 [GRO-2]
zone pile: shared, public, holds every component in play [GRO-2]
counter size per player starts at 1 [GRO-2]

turns go clockwise from player 1, each turn runs turn [GRO-3]

choice turn(player: seat) by player [GRO-3]:
  option double "double" [GRO-3]:
    repeat 60 times:
      add size of player to size of player
  option square "square" [GRO-3]:
    repeat 40 times:
      set size of player to size of player * size of player + 1
  option grow "grow a little" [GRO-3]:
    add 3 to size of player

end big [GRO-4]:
  checked after every step
  when size of player 1 > 1000 and size of player 2 > 1000

score grown of p [GRO-4]:
  size of p

ranking [GRO-4]:
  highest grown
  ties share
'''


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    path = tmp_path_factory.mktemp("growth") / "growth.rules"
    path.write_text(GAME, encoding="utf-8")
    return rulespec.load(path)


@pytest.mark.parametrize("option", ["double", "square"])
def test_a_counter_that_outgrows_its_range_is_an_error_and_the_action_is_undone(game, option):
    state = game.new_game(2)
    before = state.to_json()
    with pytest.raises(rulespec.RuleRuntimeError, match=r"counter `size` would hold .*a counter holds a whole number"):
        state.apply(f"player 1: {option}")
    assert state.to_json() == before
    state.apply("player 1: grow a little")
    assert state._counters["size"] == [4, 1]


def test_a_state_with_a_counter_out_of_range_is_refused(game):
    data = json.loads(game.new_game(2).to_json())
    data["counters"]["size"][1] = COUNTER_LIMIT + 1
    with pytest.raises(rulespec.InvalidState, match=r"state\.counters\.size\[1\]: is 1,000,000,000,000,001, out of a counter's range"):
        game.from_json(json.dumps(data))
