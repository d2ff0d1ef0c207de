"""`shuffle ZONE` (issue #39, item 9): a stacked zone put in one of its orders as one chance node, every
distinct order equally likely (exact Fractions), identical components' orders merged, at most the
language's shuffle_orders limit (refused when the rules run, naming the line)."""

from __future__ import annotations

from fractions import Fraction
from math import factorial
from pathlib import Path

import pytest

import rulespec
from rulespec.language.errors import RuleError
from rulespec.lib.limits import LIMIT
from rulespec.runtime.engine import RuleRuntimeError

SPAWN = Path(rulespec.__file__).parent / "docs" / "ref_games" / "spawn.rules"

GAME = '''game "Bags" [B-1]
  id "bags"
  players 2 to 2 [B-1]
  at most 3 turns [B-1]

component cube: colour (COLOURS) [B-1]
  shown as "{colour}"
zone bag: shared, hidden, stacked, holds every component in play [B-1]
zone deck: one per player, public, stacked [B-1]
zone pile: shared, public [B-1]

turns go clockwise from player 1, each turn runs turn [B-1]

choice turn(player: seat) by player [B-1]:
  option mix "mix" [B-1]:
    SHUFFLE
  option take "take" [B-1]:
    only if bag is not empty
    move top of bag to deck of player
    shuffle deck of player

end done [B-1]:
  checked after every step
  when the turn number > 2
'''


def _game(tmp_path, colours="red, green, blue", shuffle="shuffle bag", copies=""):
    path = tmp_path / "bags.rules"
    text = GAME.replace("COLOURS", colours).replace("SHUFFLE", shuffle)
    if copies:
        text = text.replace("(" + colours + ") [B-1]", "(" + colours + ") x " + copies + " [B-1]")
    path.write_text(text, encoding="utf-8")
    return rulespec.load(path)


def test_three_cubes_are_one_chance_node_of_six_orders():
    state = rulespec.load(SPAWN).new_game(1)
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 6 and {p for _, p in outcomes} == {Fraction(1, 6)}
    assert len({a.text for a, _ in outcomes}) == 6
    state.apply("chance: shuffle bag: blue, green, red")
    assert not state.is_chance_node()
    state.apply("player 1: pull a cube")  # the last listed is on top
    assert [state._engine.ITEM_LABEL[i] for i in state._zones_named("drawn")] == ["red"]


def test_six_cubes_are_one_node_of_720(tmp_path):
    state = _game(tmp_path, "a, b, c, d, e, f").new_game(2)
    state.apply("player 1: mix")
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 720 and {p for _, p in outcomes} == {Fraction(1, 720)}


def test_orders_of_identical_components_are_one_outcome(tmp_path):
    state = _game(tmp_path, "red, blue", copies="2").new_game(2)  # red, red, blue, blue
    state.apply("player 1: mix")
    odds = {a.text: p for a, p in state.chance_outcomes()}
    assert len(odds) == factorial(4) // (2 * 2) and set(odds.values()) == {Fraction(1, 6)}
    state.apply("chance: shuffle bag: blue, red, red, blue")
    copy = state._engine.from_json(state.to_json())
    assert copy == state and [state._engine.ITEM_LABEL[i] for i in copy._zones_named("bag")] == \
        ["blue", "red", "red", "blue"]


def test_a_zone_per_player_is_shuffled_by_its_own_step(tmp_path):
    state = _game(tmp_path).new_game(2)
    state.apply("player 1: take")
    assert [(a.text, p) for a, p in state.chance_outcomes()] == [("shuffle deck: blue", 1)]


def test_a_shuffle_beyond_the_limit_is_refused_naming_its_line(tmp_path):
    colours = ", ".join(f"c{k}" for k in range(9))  # 9! = 362,880 orders
    assert factorial(9) > LIMIT.shuffle_orders >= factorial(8)
    state = _game(tmp_path, colours).new_game(2)
    with pytest.raises(RuleRuntimeError) as error:
        state.apply("player 1: mix")
        state.chance_outcomes()
    assert "a shuffle of these 9 components has 362,880 orders; a shuffle lists at most 40,320" in str(error.value)
    assert "bags.rules:16" in str(error.value)


@pytest.mark.parametrize("shuffle, message", [
    ("shuffle pile", "zone `pile` is not stacked: its components have no order to shuffle"),
    ("shuffle deck", "`deck` is kept per player"),
    ("shuffle player", "`player` is"),
])
def test_what_cannot_be_shuffled_is_refused_at_its_line(tmp_path, shuffle, message):
    with pytest.raises(RuleError) as error:
        _game(tmp_path, shuffle=shuffle)
    assert "bags.rules:16:" in str(error.value) and message in str(error.value)


def test_openspiel_numbers_the_orders_from_0_with_exact_probabilities():
    pyspiel = pytest.importorskip("pyspiel")
    from rulespec.openspiel import load_game
    game = load_game(str(SPAWN), players=1)
    state = game.new_initial_state()
    assert state.current_player() == pyspiel.PlayerId.CHANCE
    # (the game's most outcomes at one node: 9, its roll of two three-sided dice, `for a, b picked from 1..3`)
    assert [a for a, _ in state.chance_outcomes()] == list(range(6)) and game.max_chance_outcomes() == 9
    assert [p for _, p in state.chance_outcomes()] == pytest.approx([1 / 6] * 6)
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 0) == "shuffle bag: red, green, blue"
    state.apply_action(5)
    assert state.current_player() == 0
