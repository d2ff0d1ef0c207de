"""`chance outcomes numbered 0 to EXPR` and each chance step's `numbered EXPR` (issue #41): a game's own chance
outcome numbers.

Where a rule file numbers its chance outcomes, OpenSpiel's max_chance_outcomes is EXPR + 1 and a chance node's
outcomes are numbered by their step's expression (rulespec/adapters/declared_outcomes.py); the checker refuses a
chance step without one, one without the header, and an expression that reads what a state decides
(rulespec/model/action_numbers.py). Backgammon numbers its dice as OpenSpiel does (tests/gallery/
test_backgammon.py); the reference game is rulespec/docs/ref_games/doublets.rules.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import rulespec
from rulespec.adapters.core import AdapterError, game_key, table_for
from rulespec.check.verify import verify
from rulespec.docs.english import English, game_overview
from rulespec.language.errors import RuleError
from rulespec.pipeline import generate_source
from rulespec.pipeline.examples import run_examples

ROOT = Path(__file__).resolve().parents[2]
DOUBLETS = ROOT / "rulespec" / "docs" / "ref_games" / "doublets.rules"

# Two dice of `sides` faces thrown each turn, told apart (`roll 2 then 1`): numbered from the last outcome down.
GAME = '''game "Throws" [T-1]
  id "throws"
  players 2 to 2 [T-1]
  at most 10 turns [T-1]
{header}option sides "Sides": 2, 3 default 3 [T-1]
counter total per player starts at 0 [T-1]
turns go clockwise from player 1, each turn runs play [T-1]
choice play(player: seat) by player [T-1]:
  option roll "roll" [T-1]:
    then throw(player)
chance throw(player: seat) [T-1]:
  outcome "{text}" for a, b picked from 1..sides
{number}  add a + b to total of player
end done [T-1]:
  checked after every step
  for each p in players
  when total of p > 8
  winner p
'''
ORDERED = "roll {a} then {b}"
HEADER = "  chance outcomes numbered 0 to sides * sides - 1 [T-1]\n"


def source(header=HEADER, text=ORDERED, number="  numbered sides * sides - 1 - (sides * (a - 1) + b - 1)\n") -> str:
    return GAME.format(header=header, text=text, number=number)


@pytest.fixture(autouse=True)
def _allowed(tmp_path, monkeypatch):
    monkeypatch.setenv("RULESPEC_RULES_PATH", str(tmp_path))  # (a game by path: below an allowed folder)


def write(tmp_path, text: str, name: str = "throws") -> Path:
    path = tmp_path / f"{name}.rules"  # (the adapters keep a game by its path: one name per text in a test)
    path.write_text(text, encoding="utf-8")
    return path


def error_of(tmp_path, text: str) -> str:
    with pytest.raises(RuleError) as info:
        rulespec.load(write(tmp_path, text))
    return str(info.value)


def rolled(state, number: int):
    """``state`` (OpenSpiel's, at a chance node) after chance outcome ``number``."""
    state.apply_action(number)
    return state


def test_the_engine_numbers_each_outcome_and_the_last_number_per_configuration(tmp_path):
    path = write(tmp_path, source())
    engine = rulespec.load(path)
    assert engine.CHANCE_NUMBERS(engine.new_game(2)) == 8
    two = rulespec.load(path, options={"sides": "2"})
    assert two.CHANCE_NUMBERS(two.new_game(2)) == 3 and engine.model.chance_numbers.largest == 8
    code = generate_source(engine.model, path)
    assert "def number_throw(st, v_player, v_a, v_b):" in code and "number=number_throw, numbered=numbered_throw" in code
    assert "CHANCE_NUMBERS = staticmethod(last_chance_number)" in code
    overview = " ".join(game_overview(English(engine.model)))
    assert "Its chance outcomes are numbered 0 to " in overview


def test_openspiel_gives_the_declared_numbers_and_applies_them(tmp_path):
    rso = pytest.importorskip("rulespec.openspiel")
    pyspiel = pytest.importorskip("pyspiel")
    game = rso.load_game(str(write(tmp_path, source())))
    assert game.max_chance_outcomes() == 9
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])  # player 1 rolls
    assert state.is_chance_node()
    # 9 ordered pairs, each 1/9, numbered from the last: `roll 1 then 1` is 8, `roll 3 then 3` is 0
    assert state.chance_outcomes() == [(n, pytest.approx(1 / 9)) for n in range(9)]
    assert state.legal_actions() == list(range(9))
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 8) == "roll 1 then 1"
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 5) == "roll 2 then 1"
    assert game.action_to_string(pyspiel.PlayerId.CHANCE, 0) == "roll 3 then 3"
    after = rolled(state.clone(), 5)  # 2 then 1: player 1's total is 3
    assert after.rulespec_state.history[-1] == "chance: roll 2 then 1"
    assert game.string_to_action("chance: roll 2 then 1") == 5
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)


def test_outcomes_that_read_alike_are_one_number_with_their_chances_added(tmp_path):
    rso = pytest.importorskip("rulespec.openspiel")
    text = "roll {min(a, b)} and {max(a, b)}"
    number = "  numbered sides * (min(a, b) - 1) + max(a, b) - 1\n"
    game = rso.load_game(str(write(tmp_path, source(text=text, number=number))))
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    outcomes = dict(state.chance_outcomes())
    assert sorted(outcomes) == [0, 1, 2, 4, 5, 8]  # (the pairs low-high of a 3 x 3 grid)
    assert outcomes[1] == pytest.approx(2 / 9) and outcomes[4] == pytest.approx(1 / 9)
    assert sum(outcomes.values()) == pytest.approx(1)


def test_a_file_without_the_header_keeps_the_place_numbering(tmp_path):
    table = table_for(game_key(str(write(tmp_path, source(header="", number="")))), 2)
    assert table.declared_chance is None and table.num_chance_outcomes == 9
    assert table.text_without_state(None, 0) == "roll 1 then 1" and table.text_without_state(None, 1) == "roll 1 then 2"
    pig = rulespec.load("pig")
    assert pig.CHANCE_NUMBERS is None
    assert "number_roll" not in (ROOT / "engines" / "pig.py").read_text(encoding="utf-8")


def test_the_reference_game_numbers_its_pairs(monkeypatch):
    monkeypatch.setenv("RULESPEC_RULES_PATH", str(DOUBLETS.parent))
    [example] = run_examples(rulespec.load(DOUBLETS))
    assert example.passed, example.message
    table = table_for(game_key(str(DOUBLETS)), 2)
    assert table.num_chance_outcomes == 21
    assert [table.text_without_state(None, n) for n in (0, 1, 9, 20)] == \
        ["roll 1 and 1", "roll 1 and 2", "roll 2 and 5", "roll 6 and 6"]
    assert table.string_to_action("chance: roll 2 and 5") == 9


def test_pettingzoo_plays_the_numbered_dice(tmp_path):
    pz = pytest.importorskip("rulespec.pettingzoo")
    env = pz.env(str(write(tmp_path, source())))
    env.reset(seed=3)
    for _ in range(40):
        if not env.agents:
            break
        _, _, done, cut, _ = env.last()
        env.step(None if done or cut else 0)
    assert not env.agents  # (a game of rolls ends: someone passes 8)


def test_a_chance_step_without_a_number_is_refused_at_its_line(tmp_path):
    message = error_of(tmp_path, source(number=""))
    assert ":12:" in message and "chance `throw` has no outcome number" in message


def test_a_number_without_the_header_is_refused(tmp_path):
    message = error_of(tmp_path, source(header=""))
    assert ":12:" in message and "chance `throw` says `numbered`, but the game does not say `chance outcomes " \
                                 "numbered 0 to N`" in message


def test_a_number_reading_what_a_state_decides_is_refused_naming_it(tmp_path):
    message = error_of(tmp_path, source(number="  numbered a + total of player\n"))
    assert "reads a counter" in message and "an outcome number must be the same in every state" in message


def test_the_header_starts_at_zero_and_is_fixed_before_play(tmp_path):
    assert "chance outcome numbers start at 0, not 1" in error_of(tmp_path, source(header=HEADER.replace("0 to", "1 to")))
    assert "is not fixed before play" in error_of(tmp_path, source(header="  chance outcomes numbered 0 to "
                                                                        "total of player 1 [T-1]\n"))


def test_an_example_numbering_an_outcome_needs_the_header(tmp_path):
    example = ('example numbered "A roll\'s number" [T-1]:\n  given 2 players\n  when "player 1: roll"\n'
               '  then "chance: roll 1 then 1" is numbered 8\n')
    [held] = run_examples(rulespec.load(write(tmp_path, source() + example)))
    assert held.passed, held.message
    wrong = example.replace("is numbered 8", "is numbered 7")
    [failed] = run_examples(rulespec.load(write(tmp_path, source() + wrong)))
    assert not failed.passed and "'chance: roll 1 then 1' is numbered 8 (chance `throw`), not 7" in failed.message
    message = error_of(tmp_path, source(header="", number="") + example)
    assert "the game does not number its chance outcomes" in message


def test_two_outcomes_with_one_number_name_the_step_and_its_line(tmp_path):
    rso = pytest.importorskip("rulespec.openspiel")
    with pytest.raises(AdapterError, match=r"`roll 1 then 1` \(chance throw, .*throws.rules:12\) is numbered 9, "
                                           r"outside 0 to 8"):
        table_for(game_key(str(write(tmp_path, source(number="  numbered 10 - a - b + 1\n")))), 2)
    path = write(tmp_path, source(number="  numbered a + b - 2\n"), "clash")  # (1 then 2 and 2 then 1 are both 1)
    state = rso.load_game(str(path)).new_initial_state()
    state.apply_action(state.legal_actions()[0])
    with pytest.raises(AdapterError, match=r"two chance outcomes are numbered 1: `roll 1 then 2` and `roll 2 then 1` "
                                           r"\(chance throw, .*clash.rules:12\)"):
        state.chance_outcomes()


def test_candidates_read_alike_numbered_apart_are_refused(tmp_path):
    number = "  numbered 3 * (a - 1) + b - 1\n"  # (1 then 2 and 2 then 1 read `roll 1 and 2`: numbered 1 and 3)
    with pytest.raises(AdapterError, match=r"`roll 1 and 2` \(chance throw, .*\) is one outcome, its candidates "
                                           r"added up, but they are numbered 1 and 3"):
        table_for(game_key(str(write(tmp_path, source(text="roll {min(a, b)} and {max(a, b)}", number=number)))), 2)


def test_verify_reports_two_outcomes_with_one_number_and_holds_for_honest_numbers(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # (verify writes nothing here: no counterexamples saved)
    clash = verify(write(tmp_path, source(number="  numbered a + b - 2\n")), players=2, max_examples=3,
                   stateful_step_count=10, seed=1, derandomize=True, save_counterexamples=None)
    found = [f for f in clash.failures if f.property == "action_numbers"]
    assert found and "are both numbered" in found[0].message and "(chance throw)" in found[0].message, clash.render()
    honest = verify(write(tmp_path, source(), "honest"), players=2, max_examples=3, stateful_step_count=10, seed=1,
                    derandomize=True, save_counterexamples=None)
    assert honest.ok and honest.checks_by_property.get("action_numbers", 0) > 0, honest.render()


def test_a_house_rule_header_keeps_the_base_numbering(tmp_path):
    write(tmp_path, source())
    house = tmp_path / "house.rules"
    house.write_text('extends "throws.rules"\ngame "Throws, retitled" [T-1]\n  id "throws-retitled"\n'
                     '  players 2 to 2 [T-1]\n  at most 10 turns [T-1]\n', encoding="utf-8")
    engine = rulespec.load(house)
    assert engine.CHANCE_NUMBERS(engine.new_game(2)) == 8


def test_random_play_numbers_every_outcome_in_range(tmp_path):
    rso = pytest.importorskip("rulespec.openspiel")
    game = rso.load_game(str(write(tmp_path, source())))
    rng = random.Random(5)
    for _ in range(20):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                numbers, odds = zip(*state.chance_outcomes())
                assert sorted(numbers) == list(range(9)) and sum(odds) == pytest.approx(1)
                number = rng.choice(numbers)
                text = state.action_to_string(-1, number)
                a, b = int(text[5]), int(text[-1])
                assert number == 8 - (3 * (a - 1) + b - 1)
                state.apply_action(number)
            else:
                state.apply_action(rng.choice(state.legal_actions()))
