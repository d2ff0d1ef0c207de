"""An automatic step that sets itself going again as the last thing it does runs as a loop (#40,
codegen/steps_again.py): Oware's `sow` goes round its loop once a seed instead of once through the runtime's
stack, and the option's `then sow(...)` runs it at once. Oware and its grand-slam house rule play the same games
as the engines generated without it; a chain that never stops is refused by the runtime's budget, with its
words, and leaves the state as it was; where an end is checked after every step the step keeps its frames."""

import random
from pathlib import Path

import pytest

import rulespec
from rulespec.codegen import python as codegen, steps_again
from rulespec.pipeline import compile_rules, load_module_from_source

from .lockstep import play_in_lock_step

ROOT = Path(__file__).parents[2]


def engines(path: Path):
    model = compile_rules(path)
    fast_source = codegen.generate(model, path.name)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(steps_again.StepsAgain, "runs_again", lambda self, step: set())
        slow_source = codegen.generate(model, path.name)
    fast = load_module_from_source(fast_source, f"again_{path.stem}").GAME(None)
    slow = load_module_from_source(slow_source, f"stacked_{path.stem}").GAME(None)
    fast.model = slow.model = model
    return fast_source, slow_source, fast, slow


@pytest.mark.parametrize("path", [ROOT / "rulebooks" / "oware.rules",
                                  ROOT / "house-rules" / "oware-grand-slam-captures.rules"])
def test_oware_plays_the_same_games(path):
    fast_source, slow_source, fast, slow = engines(path)
    sow = fast_source.split("def step_sow(", 1)[1].split("\ndef ", 1)[0]
    assert "while True:" in sow and sow.count("continue") == 2 and "st._thens" not in sow
    assert "step_sow(st, cause, v_player, v_s, v_s, v_hand)" in fast_source  # (the option runs it at once)
    assert "while True:" not in slow_source and "st._thens.append(('sow', (v_player, v_s, v_s, v_hand)))" in slow_source
    for seed in range(12):
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed))


# Steps that set themselves going again: forever, or a number of times; an end checked after every turn only.
AGAIN = '''
game "Again" [A-1]
  id "again"
  players 2 to 2 [A-1]
  at most 6 turns [A-1]

counter ticks starts at 0 [A-2]

turns go clockwise from player 1, each turn runs turn [A-2]

choice turn(player: seat) by player [A-2]:
  option count "count {n}" [A-2]:
    for n in 1..3
    then tick(n)
  option forever "forever" [A-2]:
    then forever()

step tick(n: number) [A-2]:
  add 1 to ticks
  if n > 1:
    then tick(n - 1)

step forever() [A-2]:
  add 1 to ticks
  then forever()

end many [A-3]:
  checked after every turn
  when ticks > 12
'''


def test_a_chain_that_never_stops_is_refused_by_the_budget(tmp_path):
    path = tmp_path / "again.rules"
    path.write_text(AGAIN, encoding="utf-8")
    fast_source, _, fast, slow = engines(path)
    assert fast_source.count("while True:") == 2
    played = []
    for engine in (fast, slow):
        engine.MAX_AUTO_STEPS = 500
        state = engine.new_game(2)
        state.apply("player 1: count 3")
        assert state._counters["ticks"] == 3 and state.fired["tick"] == 3
        before = state.to_json()
        with pytest.raises(rulespec.RuleRuntimeError, match=r"^500 automatic steps ran without reaching a decision "
                                                            r"\(the next: `forever`\)"):
            state.apply("player 2: forever")
        assert state.to_json() == before
        for n in (2, 1, 3, 3):
            state.apply(f"player {state.current_player() + 1}: count {n}")
        played.append((state.to_json(), state.fired, state.history, state.returns()))
    assert played[0] == played[1] and played[0][1]["tick"] == 3 + 2 + 1 + 3 + 3


def test_an_end_checked_after_every_step_keeps_the_frames(tmp_path):
    path = tmp_path / "again.rules"
    path.write_text(AGAIN.replace("checked after every turn", "checked after every step"), encoding="utf-8")
    fast_source, slow_source, _, _ = engines(path)
    assert "while True:" not in fast_source and fast_source == slow_source
