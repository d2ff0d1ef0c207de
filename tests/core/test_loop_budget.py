"""Loops inside one action are bounded at run time (issue #10): `repeat` inside `repeat`, or a `repeat`
whose count comes from the game's state, cannot make one action run for ever."""

from __future__ import annotations

import pytest

import rulespec
from rulespec.runtime.engine import RuleRuntimeError

GAME = '''\
game "Loops" [LOOP-1]
  id "loops"
  players 2 to 2 [LOOP-1]
  at most 10 turns [LOOP-1]

component chip x 2 [LOOP-2]
zone pile: shared, public, holds every component in play [LOOP-2]
counter ticks starts at 0 [LOOP-2]

turns go clockwise from player 1, each turn runs turn [LOOP-3]

choice turn(player: seat) by player [LOOP-3]:
  option spin "spin" [LOOP-3]:
    LOOP
  option rest "rest" [LOOP-3]:
    add 1 to ticks

end long [LOOP-4]:
  checked after every step
  when ticks > 5

score ticked of p [LOOP-4]:
  ticks

ranking [LOOP-4]:
  highest ticked
  ties share
'''

NESTED = "repeat 1000 times:\n      repeat 1000 times:\n        repeat 1000 times:\n          add 1 to ticks"
SMALL = "repeat 10 times:\n      for each c in pile:\n        add 1 to ticks"


def load(tmp_path, body):
    path = tmp_path / "loops.rules"
    path.write_text(GAME.replace("    LOOP\n", f"    {body}\n"), encoding="utf-8")
    return rulespec.load(path)


def test_nested_repeats_stop_at_the_loop_budget_and_leave_the_state_as_it_was(tmp_path):
    game = load(tmp_path, NESTED)
    state = game.new_game(2)
    before = state.to_json()
    with pytest.raises(RuleRuntimeError, match="MAX_LOOP_TURNS"):
        state.apply("player 1: spin")
    assert state.to_json() == before
    state.apply("player 1: rest")  # the game goes on
    assert state._counters["ticks"] == 1


def test_loops_within_the_budget_run_to_the_end(tmp_path):
    game = load(tmp_path, SMALL)
    state = game.new_game(2)
    state.apply("player 1: spin")
    assert state._counters["ticks"] == 20  # 10 times over the two chips
