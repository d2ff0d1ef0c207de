"""Ends checked at moments the author names (issue #39): `checked after every turn` (once a whole turn is over,
the steps it started included) and `checked after step NAME` (each time the step is done, with the steps it
started up to the next choice of a player), held against the same ends `checked after every step`, which
fire mid-turn. The game is rulespec/docs/ref_games/twenty.rules: a dice game like blackjack."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import rulespec
from rulespec.language.errors import RuleError
from rulespec.pipeline.examples import run_examples
from rulespec.runtime.common import AFTER
from rulespec.runtime.engine import random_step

ROOT = Path(__file__).resolve().parents[2]
TWENTY = ROOT / "rulespec" / "docs" / "ref_games" / "twenty.rules"


def _game(tmp_path, old: str = "", new: str = ""):
    text = TWENTY.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "twenty.rules"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return rulespec.load(path)


def _play(game, total: int, *actions: str):
    state = game.new_game(2)
    state._counters["total"][0] = total
    for action in actions:
        state.apply(action)
    return state


def test_the_examples_pass():
    results = run_examples(rulespec.load(TWENTY))
    assert len(results) == 3 and all(r.passed for r in results), [r.message for r in results if not r.passed]


def test_bust_waits_for_the_six_to_be_given_back(tmp_path):
    """17 + 6 is 23 until the six's roll is given back: checked after step roll, the end waits for give_back,
    a step roll started; checked after every step it fires between the two."""
    named = _play(rulespec.load(TWENTY), 17, "player 1: roll", "chance: roll 6")
    assert not named.is_terminal() and named.is_chance_node()
    assert [frame[0] for frame in named._stack] == [AFTER, "give_back"]
    named.apply("chance: give back 4")
    assert not named.is_terminal() and named.current_player() == 0  # 19, and player 1 chooses again
    every = _play(_game(tmp_path, "checked after step roll", "checked after every step"), 17,
                  "player 1: roll", "chance: roll 6")
    assert every.outcome()["end"] == "bust"


def test_bust_is_checked_before_the_next_choice_the_roll_started(tmp_path):
    """roll starts the turn's choice again (`then turn(player)`): the check does not wait for it."""
    state = _play(rulespec.load(TWENTY), 17, "player 1: roll", "chance: roll 5")
    assert state.outcome()["end"] == "bust" and state.outcome()["winners"] == [1]


def test_reached_waits_for_the_turn_to_be_over(tmp_path):
    named = _play(rulespec.load(TWENTY), 16, "player 1: roll", "chance: roll 3")
    assert not named.is_terminal() and named.current_player() == 0
    named.apply("player 1: stay")
    assert named.outcome()["end"] == "reached" and named.outcome()["winners"] == [0]
    every = _play(_game(tmp_path, "checked after every turn", "checked after every step"), 16,
                  "player 1: roll", "chance: roll 3")
    assert every.outcome()["end"] == "reached"  # mid-turn, before player 1 could roll again


def test_an_end_checked_after_a_step_nothing_runs_never_fires(tmp_path):
    game = _game(tmp_path, "checked after step roll", "checked after step give_back")
    assert not _play(game, 17, "player 1: roll", "chance: roll 5").is_terminal()  # 22, but no six given back
    state = _play(game, 17, "player 1: roll", "chance: roll 6", "chance: give back 1")  # 22 after give_back
    assert state.outcome()["end"] == "bust"


def test_a_state_waiting_on_a_check_reads_back_and_plays_on():
    game = rulespec.load(TWENTY)
    state = _play(game, 17, "player 1: roll", "chance: roll 6")
    again = game.from_json(state.to_json())
    assert again._stack == state._stack
    for copy in (again, state.clone()):
        copy.apply("chance: give back 1")  # 22: bust, once give_back is done
        assert copy.outcome()["end"] == "bust"


def test_random_games_end_only_at_the_moments_named():
    """A turn is over only when its player stays, and a roll is done when its six is given back."""
    game = rulespec.load(TWENTY)
    ends = set()
    for seed in range(200):
        rng, state = random.Random(seed), game.new_game(2)
        while not state.is_terminal():
            state.apply(random_step(state, rng))
            waiting_for_give_back = state._stack and state._stack[-1][0] == "give_back"
            assert state.is_terminal() or max(state._counters["total"]) <= 21 or waiting_for_give_back
        ends.add(state.outcome()["end"])
        if state.outcome()["end"] == "reached":
            assert state.history[-1].endswith(": stay")
    assert ends == {"bust", "reached"}


@pytest.mark.parametrize("timing, words", [
    ("checked after every turn", "Once each turn is over (every step it started done): the game ends if"),
    ("checked after step roll", "Each time [roll]"),
])
def test_the_english_says_when(tmp_path, timing, words):
    from rulespec.docs.english import English
    from rulespec.pipeline import compile_rules
    path = tmp_path / "game.rules"
    path.write_text(TWENTY.read_text().replace("checked after step roll", timing), encoding="utf-8")
    model = compile_rules(path)
    en = English(model, link=lambda kind, name: f"#{name}")
    text = "\n".join(en.declaration(next(e for e in model.ends if e.name == "bust")))
    assert words in text, text


def test_checked_after_the_setup_is_refused(tmp_path):
    path = tmp_path / "game.rules"
    path.write_text(TWENTY.read_text().replace("checked after step roll", "checked after step setup"),
                    encoding="utf-8")
    with pytest.raises(RuleError) as caught:
        rulespec.load(path)
    assert "game.rules:32:3: error: end `bust` is checked after step `setup`, but no end is checked while the " \
           "game is set up" in str(caught.value)


def test_a_state_read_back_waits_only_on_a_check_its_game_makes():
    from rulespec.runtime.state_check import InvalidState
    game = rulespec.load(TWENTY)
    text = _play(game, 17, "player 1: roll", "chance: roll 6").to_json()
    assert text.count('"after:roll"') == 1
    with pytest.raises(InvalidState) as caught:
        game.from_json(text.replace('"after:roll"', '"after:give_back"'))
    assert "'after:give_back' is not when an end of Twenty is checked (after:roll)" in str(caught.value)


TALLY = ("""  add n to total of player
  if n = 6:
    then give_back(player)
  else:
    then turn(player)
""", """  then tally(player, n)

step tally(player: seat, n: number) [TWE-2]:
  add n to total of player
  if n = 6:
    then give_back(player)
  else:
    then turn(player)
""")


@pytest.mark.parametrize("named", ["roll", "tally"])
def test_a_named_step_run_at_once_inside_the_step_before_is_checked_after(tmp_path, named):
    """`tally`, an automatic step a `then` ends with, runs inside `roll` (the generator's inline_thens): the
    check of either still waits on the stack beneath the steps they start, and runs before the turn's choice."""
    from rulespec.pipeline import compile_rules, generate_source
    text = TWENTY.read_text(encoding="utf-8").replace(*TALLY).replace("checked after step roll",
                                                                      f"checked after step {named}")
    path = tmp_path / "twenty.rules"
    path.write_text(text, encoding="utf-8")
    assert "step_tally(st, cause" in generate_source(compile_rules(path), path)  # run at once, inside roll
    game = rulespec.load(path)
    assert _play(game, 17, "player 1: roll", "chance: roll 5").outcome()["end"] == "bust"
    state = _play(game, 17, "player 1: roll", "chance: roll 6")
    assert not state.is_terminal() and state.is_chance_node()
    state.apply("chance: give back 4")
    assert not state.is_terminal() and state.current_player() == 0
