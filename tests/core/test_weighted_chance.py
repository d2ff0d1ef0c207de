"""Chance outcomes with weights (issue #39, item 9): `rolled from (...) weighted (...)` and `picked from ...
weighted by VALUE`. Probabilities are exact Fractions, a candidate weighted 0 is not offered, and weights
that cannot be are refused: constants with the file, at their line; any other when the rules run, naming
the rule file's line."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

import rulespec
from rulespec.docs.english import English
from rulespec.language.errors import RuleError
from rulespec.runtime.engine import RuleRuntimeError

SPAWN = Path(rulespec.__file__).parent / "docs" / "ref_games" / "spawn.rules"

GAME = '''game "Weights" [W-1]
  id "weights"
  players 1 to 2 [W-1]
  at most 3 turns [W-1]

option low "Lowest weight": 0, 1 default 1 [W-1]
counter total per player starts at 0 [W-1]

turns go clockwise from player 1, each turn runs turn [W-1]

choice turn(player: seat) by player [W-1]:
  option spin "spin" [W-1]:
    then spin(player)
  option coin "toss" [W-1]:
    then coin(player)

chance spin(player: seat) [W-1]:
  OUTCOME
  add n to total of player

chance coin(player: seat) [W-1]:
  outcome "toss {side}" for side rolled from (heads, tails, edge) weighted (WEIGHTS)

end done [W-1]:
  checked after every step
  when the turn number > 2
'''


def _game(tmp_path, outcome='outcome "spin {n}" for n picked from 1..4 weighted by n', weights="1, 1, 0", **options):
    path = tmp_path / "weights.rules"
    path.write_text(GAME.replace("OUTCOME", outcome).replace("WEIGHTS", weights), encoding="utf-8")
    return rulespec.load(path, options=options or None)


def _odds(state) -> dict[str, Fraction]:
    return {action.text: probability for action, probability in state.chance_outcomes()}


def test_faces_come_as_often_as_their_weights_exactly():
    state = rulespec.load(SPAWN).new_game(1)
    state.apply("chance: shuffle bag: red, green, blue")  # (the set-up's shuffle)
    state.apply("player 1: spawn a tile")
    odds = state.chance_outcomes()
    assert [(a.text, p) for a, p in odds] == [("spawn a 2", Fraction(9, 10)), ("spawn a 4", Fraction(1, 10))]
    assert all(isinstance(p, Fraction) for _, p in odds)
    state.apply("chance: spawn a 2")
    assert state._counters["total"][0] == 2  # a face that is a number is computed with


def test_a_weight_worked_out_per_candidate_and_a_zero_weight_not_offered(tmp_path):
    state = _game(tmp_path).new_game(1)
    state.apply("player 1: spin")
    assert _odds(state) == {f"spin {n}": Fraction(n, 10) for n in range(1, 5)}
    state = _game(tmp_path, 'outcome "spin {n}" for n picked from 1..4 where n != 2 weighted by n - low',
                  low=1).new_game(1)
    state.apply("player 1: spin")
    assert _odds(state) == {"spin 3": Fraction(2, 5), "spin 4": Fraction(3, 5)}  # 1 weighs 0, 2 is left out
    state = _game(tmp_path).new_game(1)
    state.apply("player 1: toss")
    assert _odds(state) == {"toss heads": Fraction(1, 2), "toss tails": Fraction(1, 2)}  # edge weighs 0


def test_candidates_that_read_the_same_add_their_weights(tmp_path):
    state = _game(tmp_path, 'outcome "spin {n mod 2}" for n picked from 1..4 weighted by n').new_game(1)
    state.apply("player 1: spin")
    assert _odds(state) == {"spin 1": Fraction(4, 10), "spin 0": Fraction(6, 10)}


@pytest.mark.parametrize("outcome, message", [
    ('outcome "spin {n}" for n picked from 1..4 weighted by n - 2',
     'the outcome "spin 1" is weighted -1: a weight is a whole number, 0 or more'),
    ('outcome "spin {n}" for n picked from 1..4 weighted by n * low',
     "every outcome is weighted 0: a weighted pick needs a weight above 0"),
])
def test_a_weight_that_cannot_be_is_an_error_naming_the_line(tmp_path, outcome, message):
    state = _game(tmp_path, outcome, low=0).new_game(1)
    with pytest.raises(RuleRuntimeError) as error:
        state.apply("player 1: spin")
        state.chance_outcomes()
    assert message in str(error.value)
    assert f"(at weights.rules:17: Chance `spin`: every outcome with its weight, at `{outcome.split(' picked from 1..4 ')[1]}`)" \
        in str(error.value)


@pytest.mark.parametrize("outcome, weights, message, line", [
    (None, "1, 1", "3 faces (heads, tails, edge) but 2 weights", 22),
    (None, "0, 0, 0", "every face is weighted 0: the roll would have no outcome", 22),
    ('outcome "spin {n}" for n picked from 1..4 weighted by 0', "1, 1, 1",
     "every candidate is weighted 0: the pick would have no outcome", 18),
    ('outcome "spin {n}" for n picked from 1..4 weighted by -1', "1, 1, 1",
     "every candidate is weighted -1: the pick would have no outcome", 18),
    ('outcome "spin {n}" for n rolled from (1, two)', "1, 1, 1",
     "a roll's faces are all words or all numbers, not both", 18),
    ('outcome "spin {n}" for n picked from 1..4 weighted by n = 2', "1, 1, 1", "", 18),
])
def test_weights_refused_with_the_file_at_their_line(tmp_path, outcome, weights, message, line):
    with pytest.raises(RuleError) as error:
        _game(tmp_path, outcome or 'outcome "spin {n}" for n picked from 1..4', weights)
    assert f"weights.rules:{line}:" in str(error.value)
    assert message in str(error.value)


def test_the_english_gives_each_face_its_chance():
    model = rulespec.load(SPAWN).model
    english = English(model)
    text = "\n".join(line for step in model.steps for line in english.declaration(step))
    assert "Chance picks *v*: 2 with chance 9/10 and 4 with chance 1/10" in text
    assert "each as likely as its weight" in text


def test_openspiel_numbers_weighted_outcomes_from_0_with_exact_probabilities():
    pyspiel = pytest.importorskip("pyspiel")
    from rulespec.openspiel import load_game
    game = load_game(str(SPAWN), players=1)
    state = game.new_initial_state()
    state.apply_action(0)  # the set-up's shuffle
    state.apply_action(next(a for a in state.legal_actions() if state.action_to_string(a) == "take a bonus"))
    assert state.current_player() == pyspiel.PlayerId.CHANCE
    outcomes = state.chance_outcomes()
    assert [a for a, _ in outcomes] == [0, 1, 2, 3, 4]  # bonus 1 to 5; 6 (weight 0) is not offered
    assert [p for _, p in outcomes] == pytest.approx([n / 15 for n in range(1, 6)])
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 4) == "bonus 5"


# ---- `for a, b picked from C`: several values picked at once, every combination a candidate

def test_two_values_picked_at_once_are_one_chance_node_of_every_combination(tmp_path):
    state = _game(tmp_path, 'outcome "spin {n} {m}" for n, m picked from 1..3 where n != m').new_game(1)
    state.apply("player 1: spin")
    odds = _odds(state)
    assert list(odds) == ["spin 1 2", "spin 1 3", "spin 2 1", "spin 2 3", "spin 3 1", "spin 3 2"]
    assert set(odds.values()) == {Fraction(1, 6)}
    state.apply("chance: spin 3 1")
    assert state.observation(0)["counters"]["total"] == [3]  # the step after it sees each name's value


def test_a_pair_that_reads_the_same_either_way_round_is_one_outcome_weighted_by_both_names(tmp_path):
    state = _game(tmp_path, 'outcome "spin {min(n, m)} {max(n, m)}" for n, m picked from 1..2 weighted by n').new_game(1)
    state.apply("player 1: spin")
    # (1, 1) weighs 1, (1, 2) 1 and (2, 1) 2 together, (2, 2) 2
    assert _odds(state) == {"spin 1 1": Fraction(1, 6), "spin 1 2": Fraction(1, 2), "spin 2 2": Fraction(1, 3)}


def test_a_name_picked_twice_is_refused_at_its_line(tmp_path):
    with pytest.raises(RuleError) as error:
        _game(tmp_path, 'outcome "spin {n}" for n, n picked from 1..3')
    assert "weights.rules:18:" in str(error.value) and "`n` is already a name here" in str(error.value)


def test_the_english_names_every_value_picked():
    model = rulespec.load(SPAWN).model
    text = "\n".join(English(model).declaration(next(s for s in model.steps if s.name == "two_dice")))
    assert "Chance picks *a* and *b*, each from" in text and "every combination of their values" in text


def test_openspiel_numbers_a_pick_of_two_from_0_with_exact_probabilities():
    pyspiel = pytest.importorskip("pyspiel")
    from rulespec.openspiel import load_game
    game = load_game(str(SPAWN), players=1)
    state = game.new_initial_state()
    state.apply_action(0)  # the set-up's shuffle
    state.apply_action(next(a for a in state.legal_actions() if state.action_to_string(a) == "roll two dice"))
    outcomes = state.chance_outcomes()
    assert [state.action_to_string(pyspiel.PlayerId.CHANCE, a) for a, _ in outcomes] == [
        "roll 1 and 1", "roll 1 and 2", "roll 1 and 3", "roll 2 and 2", "roll 2 and 3", "roll 3 and 3"]
    assert [p for _, p in outcomes] == pytest.approx([1 / 9, 2 / 9, 2 / 9, 1 / 9, 2 / 9, 1 / 9])
