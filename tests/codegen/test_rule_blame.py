"""A failure of the rules at run time names the declaration it comes from and its `file.rules:LINE`
(runtime/blame.py, from the docstrings of the generated functions that were running), and the condition
being tested where the generated line says which; in an example, the failure is the step's that ran it,
not the set-up's (issue #39)."""

from pathlib import Path

import pytest

import rulespec
from rulespec.pipeline.examples import run_examples

RULES = Path(__file__).with_name("off-board.rules")


def _game(tmp_path, old: str, new: str) -> Path:
    """off-board.rules with `far_row` (the row of the space north of one: past the edge, never a row)."""
    text = RULES.read_text(encoding="utf-8").replace(
        "turns go clockwise", "define far_row(s: strip) [E-3]:\n  row of beside(s, north)\n\nturns go clockwise")
    assert old in text
    path = tmp_path / "blamed.rules"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def _line(path: Path, start: str) -> int:
    return next(n for n, line in enumerate(path.read_text().splitlines(), 1) if line.startswith(start))


def test_a_failing_effect_names_the_definition_and_its_line(tmp_path):
    placed = "    place any(c in pool where colour of c = colour of player) on s\n"
    path = _game(tmp_path, placed, placed + "    if far_row(s) = 1:\n      move occupant of s to pool\n")
    state = rulespec.load(path).new_game(2)
    with pytest.raises(rulespec.RuleRuntimeError) as failure:
        state.apply("player 1: put on 1 1")
    assert failure.value.where == f"blamed.rules:{_line(path, 'define far_row')}: Definition `far_row`: `row of beside(s, north)`"
    assert str(failure.value).endswith(f"(at {failure.value.where})")
    assert state.history == []  # (undone, as before)
    results = {r.name: r for r in run_examples(rulespec.load(path))}
    message = results["edge"].message
    step = _line(path, '  when "player 1: put on 1 1"')
    assert message.startswith(f"blamed.rules:{step}: example `edge`: "
                              "'player 1: put on 1 1' was refused")
    assert f"blamed.rules:{_line(path, 'define far_row')}: Definition `far_row`" in message


def test_a_failing_condition_of_the_first_decision_is_the_choices_not_the_set_ups(tmp_path):
    failing = "row of neighbour of s towards north = 1 or far_row(s) = 1"
    path = _game(tmp_path, "    only if s is empty\n", f"    only if s is empty and ({failing})\n")
    with pytest.raises(rulespec.RuleRuntimeError) as failure:
        rulespec.load(path).new_game(2)
    where = failure.value.where  # the listing of `turn`'s choices, at the condition it tests
    assert where.startswith(f"blamed.rules:{_line(path, 'choice turn')}: ")
    assert where.endswith(f"at `{failing}`")  # (the part of the condition that failed)
    message = {r.name: r for r in run_examples(rulespec.load(path))}["edge"].message
    assert "after the set-up, the first decision could not be listed" in message
    assert "the set-up could not run" not in message


IDLE = """game "Idle" [I-1]
  id "idle"
  players 2 to 2 [I-1]
  at most 20 turns [I-1]

counter taps per player starts at 0 [I-2]

turns go clockwise from player 1, each turn runs turn [I-2]

choice turn(player: seat) by player [I-2]:
  option tap "tap" [I-2]:
    only if taps of player < 1
    set taps of player to taps of player + 1

end never [I-3]:
  checked after every step
  when taps of player 1 > 5
  winner player 1

ranking [I-3]:
  winner first
"""


def test_turns_that_offer_nothing_name_the_step_each_turn_runs(tmp_path):
    """The runtime's own failures outside any generated code (hostile campaign, round 11: a comparison
    swapped left a game whose turns offer nothing): blamed on the turn's step, at its line."""
    path = tmp_path / "idle.rules"
    path.write_text(IDLE, encoding="utf-8")
    state = rulespec.load(path).new_game(2)
    with pytest.raises(rulespec.RuleRuntimeError) as failure:
        state.apply("player 1: tap")
        state.apply("player 2: tap")
    assert "turn after turn passes with nothing to decide" in str(failure.value)
    assert failure.value.where.startswith(f"idle.rules:{_line(path, 'choice turn')}: Every choice of `turn`")


def test_every_turn_skipped_names_the_skipping_condition(tmp_path):
    path = tmp_path / "skipped.rules"
    path.write_text(IDLE.replace("each turn runs turn [I-2]", "each turn runs turn, skipping p when taps of p > 0 [I-2]"),
                    encoding="utf-8")
    state = rulespec.load(path).new_game(2)
    with pytest.raises(rulespec.RuleRuntimeError) as failure:
        state.apply("player 1: tap")
        state.apply("player 2: tap")
    assert "every player's turn is skipped" in str(failure.value)
    assert failure.value.where.startswith(f"skipped.rules:{_line(path, 'turns go')}: ")


def test_a_chance_step_with_nothing_to_draw_names_the_chance_and_its_line(tmp_path):
    """A draw from an emptied zone (hostile campaign, round 11): blamed on the chance step, at its line."""
    path = tmp_path / "empty-draw.rules"
    path.write_text(IDLE.replace("counter taps per player starts at 0 [I-2]\n", """counter taps per player starts at 0 [I-2]
component chip: colour (red) x 1 [I-2]
zone pile: shared, hidden, holds every component in play [I-2]
zone kept: shared, public [I-2]

chance draw() [I-2]:
  outcome "draw {c}" for c drawn from pile
  move c to kept
""").replace("    set taps of player to taps of player + 1\n",
             "    set taps of player to taps of player + 1\n    then draw()\n"), encoding="utf-8")
    state = rulespec.load(path).new_game(2)
    state.apply("player 1: tap")
    state.apply(state.chance_outcomes()[0][0])
    with pytest.raises(rulespec.RuleRuntimeError) as failure:
        state.apply("player 2: tap")
    assert "chance step `draw` has no outcome" in str(failure.value)
    assert failure.value.where.startswith(f"empty-draw.rules:{_line(path, 'chance draw')}: ")


LEAD = """game "Lead" [L-1]
  id "lead"
  players 2 to 2 [L-1]
counter dealer: seat starts at none [L-1]
counter moves starts at 0 [L-1]
turns go clockwise from player 1, each turn runs turn [L-1]
choice turn(player: seat) by player [L-1]:
  option pass "pass" [L-1]:
    add 1 to moves
    next turn goes to left of dealer
end done [L-1]:
  checked after every step
  when moves = 3
"""


def test_a_value_that_is_none_is_told_in_the_rule_files_words(tmp_path):
    """Python's `unsupported operand type(s) for +: 'NoneType' and 'int'` (a newcomer's `left of dealer` with no
    dealer chosen yet) is said in the rule file's words too (runtime/blame.py reason), at the option's line."""
    path = tmp_path / "lead.rules"
    path.write_text(LEAD, encoding="utf-8")
    state = rulespec.load(path).new_game(2)
    with pytest.raises(rulespec.RuleRuntimeError) as failure:
        state.apply("player 1: pass")
    told = str(failure.value)
    assert "'NoneType'" in told and "a value that is none was used as a number, a seat or a space" in told
    assert failure.value.where.startswith(f"lead.rules:{_line(path, '  option pass')}: ")
    assert state.history == []
