"""`actions numbered 0 to EXPR` and each option's `numbered EXPR` (issue #41): a game's own action numbers.

Where a rule file numbers its actions, OpenSpiel and PettingZoo offer EXPR + 1 actions and a legal action's
number is its option's expression (rulespec/adapters/declared_numbers.py); the checker refuses an option
without one, one without the header, and an expression that reads what a state decides
(rulespec/model/action_numbers.py). Oware (rulebooks/oware.rules) numbers its houses as OpenSpiel does
(tests/gallery/test_oware.py); the reference game is rulespec/docs/ref_games/sowing.rules.
"""

from __future__ import annotations

import random
import re
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

# A row of `size` cells; a turn marks one. Marks are numbered by cell, a pass by `size`.
GAME = '''game "Marks" [M-1]
  id "marks"
  players 2 to 2 [M-1]
  at most 20 turns [M-1]
  actions numbered 0 to {last} [M-1]
option size "Cells": 3, 4 default 3 [M-1]
board row: rows r 1..1, columns c 1..size, adjacency orthogonal [M-1]:
  face plain [M-1]:
    1 . . . .
component mark: owner (first, second) x 4 [M-1]
each player has a colour: first, second [M-1]
zone pool: shared, public, holds every component in play [M-1]
counter passes starts at 0 [M-1]
turns go clockwise from player 1, each turn runs turn [M-1]
choice turn(player: seat) by player [M-1]:
  option put "mark {{s}}" [M-1]:
    for s in row
{put_number}    only if s is empty
    place any(m in pool where owner of m = colour of player) on s
  option pass "pass" [M-1]:
{pass_number}    add 1 to passes
end full [M-1]:
  checked after every step
  when count(s in row where s is empty) = 0 or passes > 2
'''


def source(last="size", put="    numbered c of s - 1\n", passed="    numbered size\n") -> str:
    return GAME.format(last=last, put_number=put, pass_number=passed)


@pytest.fixture(autouse=True)
def _allowed(tmp_path, monkeypatch):
    monkeypatch.setenv("RULESPEC_RULES_PATH", str(tmp_path))  # (a game by path: below an allowed folder)


def write(tmp_path, text: str) -> Path:
    path = tmp_path / "marks.rules"
    path.write_text(text, encoding="utf-8")
    return path


def error_of(tmp_path, text: str) -> str:
    with pytest.raises(RuleError) as info:
        rulespec.load(write(tmp_path, text))
    return str(info.value)


def test_the_engine_numbers_each_option_and_the_last_number_per_configuration(tmp_path):
    path = write(tmp_path, source())
    engine = rulespec.load(path)
    assert engine.ACTION_NUMBERS(engine.new_game(2)) == 3
    bigger = rulespec.load(path, options={"size": "4"})
    assert bigger.ACTION_NUMBERS(bigger.new_game(2)) == 4 and engine.model.action_numbers.largest == 4
    code = generate_source(engine.model, path)
    assert "def number_turn__put(st, v_player, v_s):" in code and "number=number_turn__put" in code
    assert "ACTION_NUMBERS = staticmethod(last_action_number)" in code
    overview = " ".join(game_overview(English(engine.model)))
    assert "Its actions are numbered 0 to the chosen size." in overview


def test_the_adapters_offer_the_declared_numbers(tmp_path):
    path = write(tmp_path, source())
    table = table_for(game_key(str(path), options={"size": "4"}), 2)
    assert table.num_actions == 5  # 0..size
    assert [table.text_without_state(0, n) for n in range(5)] == ["mark 1 1", "mark 1 2", "mark 1 3", "mark 1 4", "pass"]
    assert table.string_to_action("pass") == 4 and table.string_to_action("player 2: mark 1 2") == 1


def test_a_file_without_it_generates_nothing_for_it():
    engine = rulespec.load("tic-tac-toe")
    assert engine.ACTION_NUMBERS is None
    assert "number_" not in (ROOT / "engines" / "tic_tac_toe.py").read_text(encoding="utf-8")


def test_an_option_without_a_number_is_refused_at_its_line(tmp_path):
    message = error_of(tmp_path, source(passed=""))
    assert ":21:" in message and "option `pass` of `turn` has no action number" in message


def test_a_number_without_the_header_is_refused(tmp_path):
    text = source().replace("  actions numbered 0 to size [M-1]\n", "")
    message = error_of(tmp_path, text)
    assert "option `put` says `numbered`, but the game does not say `actions numbered 0 to N`" in message


@pytest.mark.parametrize("number, reads", [
    ("passes", "a counter"),
    ("the turn number", "the turn number"),
    ("count(t in row where t is empty)", "what a space, zone or queue holds"),
    ("if s is occupied then 1 else 0", "what a space, zone or queue holds"),
])
def test_a_number_reading_what_a_state_decides_is_refused_naming_it(tmp_path, number, reads):
    message = error_of(tmp_path, source(put=f"    numbered {number}\n"))
    assert f"reads {reads}" in message and "an action number must be the same in every state" in message


def test_a_number_through_a_definition_names_the_definition(tmp_path):
    text = source(put="    numbered spent(s)\n") + "define spent(s: row) [M-1]:\n  passes + c of s\n"
    message = error_of(tmp_path, text)
    assert "reads a counter (through `spent(s)`)" in message


def test_a_number_that_is_not_an_integer_is_refused(tmp_path):
    message = error_of(tmp_path, source(put="    numbered s\n"))
    assert ":18:" in message and "numbered" not in message.split("error:")[0]


def test_the_header_starts_at_zero_and_is_fixed_before_play(tmp_path):
    assert "action numbers start at 0, not 1" in error_of(tmp_path, source().replace("0 to size", "1 to size"))
    assert "is not fixed before play" in error_of(tmp_path, source(last="passes"))


def test_two_legal_actions_with_one_number_name_both_options_and_their_lines(tmp_path):
    path = write(tmp_path, source(passed="    numbered 0\n"))
    table = table_for(game_key(str(path)), 2)
    rso = pytest.importorskip("rulespec.openspiel")
    state = rso.load_game(str(path)).new_initial_state()
    with pytest.raises(AdapterError) as info:
        state.legal_actions()
    message = str(info.value)
    assert "two legal actions are numbered 0" in message
    assert "`mark 1 1` (option turn.put" in message and "`pass` (option turn.pass" in message
    assert "marks.rules:16)" in message and "marks.rules:21)" in message
    assert table.num_actions == 4


def test_a_number_past_the_last_is_an_adapter_error(tmp_path):
    path = write(tmp_path, source(passed="    numbered size + 1\n"))
    with pytest.raises(AdapterError, match=r"`pass` \(player 1; option turn.pass, .*marks.rules:21\) is numbered 4, outside 0 to 3"):
        table_for(game_key(str(path)), 2)


def test_verify_reports_two_actions_with_one_number_and_holds_for_honest_numbers(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # (verify writes nothing here: no counterexamples saved)
    clash = verify(write(tmp_path, source(passed="    numbered 0\n")), players=2, max_examples=3,
                   stateful_step_count=10, seed=1, derandomize=True, save_counterexamples=None)
    found = [f for f in clash.failures if f.property == "action_numbers"]
    assert found and "are both numbered 0" in found[0].message, clash.render()
    assert "option turn.put" in found[0].message and "option turn.pass" in found[0].message
    honest = verify(write(tmp_path, source()), players=2, max_examples=3, stateful_step_count=10, seed=1,
                    derandomize=True, save_counterexamples=None)
    assert honest.ok and honest.checks_by_property.get("action_numbers", 0) > 0, honest.render()
    oware = verify("oware", players=2, max_examples=2, stateful_step_count=10, seed=1, derandomize=True,
                   save_counterexamples=None)
    assert oware.ok and oware.checks_by_property.get("action_numbers", 0) > 0, oware.render()


def test_an_option_replaced_by_a_variant_says_its_own_number(tmp_path):
    variant = ('variant passing_last "Passing is numbered after the cells" [M-1]:\n'
               '  replace option turn.pass "pass" [M-1]:\n    numbered size\n    add 2 to passes\n')
    engine = rulespec.load(write(tmp_path, source() + variant), variants=["passing_last"])
    assert engine.ACTION_NUMBERS(engine.new_game(2)) == 3
    unnumbered = variant.replace("    numbered size\n", "")
    message = error_of(tmp_path, source() + unnumbered)
    assert "option `pass` of `turn` has no action number" in message


def test_pettingzoo_masks_the_declared_numbers():
    pz = pytest.importorskip("rulespec.pettingzoo")
    env = pz.env("oware")
    env.reset(seed=3)
    assert env.action_space(env.agents[0]).n == 6
    for _ in range(6):
        agent = env.agent_selection
        observation, _, done, cut, _ = env.last()
        if done or cut:
            break
        mask = observation["action_mask"]
        seat = env.agents.index(agent)
        state = env.unwrapped.session.state
        legal = sorted(openspiel_house(a.text) for a in state.legal_actions(seat))
        assert [n for n in range(6) if mask[n]] == legal
        env.step(legal[0])


def openspiel_house(text: str) -> int:
    return "ABCDEFabcdef".index(text.removeprefix("sow ")) % 6


def test_a_decision_made_together_is_numbered_by_its_options_even_with_texts_the_state_decides(tmp_path):
    """Bids (ref_games/bids.rules: `by each player where coins of player > 0`) numbered `n - 1`, its text showing
    the coins left: the text numbering could not number it (a value the state decides in a text), the declared
    numbers do; seats that are left out wait (the number after the last)."""
    pyspiel = pytest.importorskip("pyspiel")
    rso = pytest.importorskip("rulespec.openspiel")
    text = (ROOT / "rulespec" / "docs" / "ref_games" / "bids.rules").read_text(encoding="utf-8")
    text = text[:text.index("\nexample")] + "\n"  # (its examples name the texts without the coins)
    text = text.replace("  at most 5 turns [BID-2]", "  at most 5 turns [BID-2]\n  actions numbered 0 to 4 [BID-3]")
    text = text.replace('"offer {n}" [BID-3]:\n    for n in 1..5\n',
                        '"offer {n} of {coins of player}" [BID-3]:\n    for n in 1..5\n    numbered n - 1\n')
    path = tmp_path / "bids.rules"
    path.write_text(text, encoding="utf-8")
    game = rso.load_game(str(path), players=3)
    assert game.num_distinct_actions() == 6 and game.action_to_string(1, 5) == "wait"
    assert game.action_to_string(2, 0) == "offer 1 of <coins of player>"  # (a value the state decides: its source)
    state = game.new_initial_state()
    assert state.legal_actions(0) == [0, 1, 2, 3, 4]
    state.apply_actions([4, 2, 0])  # offers 5, 3 and 1: player 1 has no coins left and waits from now on
    assert state.legal_actions(0) == [5] and state.legal_actions(1) == [0, 1]
    assert state.action_to_string(1, 1) == "offer 2 of 2"
    pyspiel.random_sim_test(game, num_sims=5, serialize=False, verbose=False)


def test_a_number_no_action_has_reads_so(tmp_path):
    table = table_for(game_key(str(write(tmp_path, source(last="size + 1")))), 2)
    assert table.num_actions == 5 and table.text_without_state(1, 4) == "(no action 4)"
    assert table.text_without_state(1, 3) == "pass"
    with pytest.raises(ValueError, match="no action 5; they are 0 to 4"):
        table.text_without_state(0, 5)


def matches(text_without_state: str, text: str) -> bool:
    """Whether a state's text is one of a number's texts without a state, a `<source>` in it standing for any value."""
    return any(re.fullmatch(".+".join(map(re.escape, re.split(r"<[^<>]*>", part))), text)
               for part in text_without_state.split(" / "))


@pytest.mark.parametrize("game_id, games", [("chess", 2), ("othello", 2), ("nine-mens-morris", 2), ("checkers", 3),
                                            ("breakthrough", 3), ("backgammon", 2)])
def test_every_number_played_has_its_text_without_a_state(game_id, games):
    """A binding's domain without a state is its widest (a ray to the board's edge), a field a state decides reads
    `<its source>`: every legal action's number names it without a state (chess's slides: not only the start's)."""
    rso = pytest.importorskip("rulespec.openspiel")
    game, rng, seen = rso.load_game(game_id), random.Random(1), 0
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, chances = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(outcomes, chances)[0])
                continue
            player, legal = state.current_player(), state.legal_actions()
            for number in legal:
                said, text = game.action_to_string(player, number), state.action_to_string(player, number)
                assert not said.startswith("(no action") and matches(said, text), (number, said, text)
            seen += len(legal)
            state.apply_action(rng.choice(legal))
    assert seen > 500


def test_a_field_a_state_decides_reads_its_source_and_a_ray_reaches_the_edge():
    table = table_for(game_key("chess"), 2)
    texts = [table.text_without_state(0, n) for n in range(table.num_actions)]
    # (at the start a rook's ray from 1 1 stops at the piece next to it; without a state it reaches the edge)
    assert "<kind of occupant of s> 1 1 to 1 8" in texts and "<kind of occupant of s> 1 1 to 8 1" in texts
    assert sum(not text.startswith("(no action") for text in texts) == 1902
    queen = table.string_to_action("queen 4 1 to 4 5", seat=0)  # (read back with its value filled in)
    assert texts[queen] == "<kind of occupant of s> 4 1 to 4 5"


def test_the_work_of_a_number_is_estimated_as_a_condition_is():
    from rulespec.model.cost import estimates
    found = [e for e in estimates(rulespec.load("oware").model) if e.what == "the action number of option `turn.sow`"]
    assert len(found) == 1 and found[0].kind == "condition" and found[0].work > 1


def test_an_example_checks_an_actions_number(tmp_path):
    said = source() + ('example numbers "A mark is numbered by its column" [M-1]:\n  given 2 players\n'
                       '  then "player 1: mark 1 2" is numbered N\n  when "player 1: mark 1 2"\n'
                       '  then "player 2: pass" is numbered 3\n')
    [held] = run_examples(rulespec.load(write(tmp_path, said.replace(" N\n", " 1\n"))))
    assert held.passed, held.message
    [failed] = run_examples(rulespec.load(write(tmp_path, said.replace(" N\n", " 2\n"))))
    assert not failed.passed and "'player 1: mark 1 2' is numbered 1 (option `put`), not 2" in failed.message
    unnumbered = said.replace(" N\n", " 1\n").replace("  actions numbered 0 to size [M-1]\n", "")
    unnumbered = unnumbered.replace("    numbered c of s - 1\n", "").replace("    numbered size\n", "")
    assert "the game does not number its actions, so no action has a number" in error_of(tmp_path, unnumbered)
