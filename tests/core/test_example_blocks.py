"""`for every offered action "..."` / `for every chance outcome` blocks, and a match's earlier legs and totals in
examples (issue #42, "what the example language still cannot state"). The reference games' examples
(rulespec/docs/ref_games/pig.rules, lanes.rules) and the bundled ones (Shrimp's SHRIMP-AMB-18, Shell We?'s
two-legged match) pass; each made false fails at the failing line, naming the instance and saying the actual
value; a misuse is refused by the checker at its line."""

from __future__ import annotations

from pathlib import Path

import pytest

import rulespec
from rulespec.docs.reference import GAMES
from rulespec.language.errors import RuleError
from rulespec.pipeline.examples import run_examples
from rulespec.resources import rulebooks_dir

PIG, LANES = GAMES / "pig.rules", GAMES / "lanes.rules"
SHRIMP, SHELL_WE = rulebooks_dir() / "shrimp.rules", rulebooks_dir() / "shell-we.rules"


def _results(path: Path, variants: tuple = ()) -> dict:
    return {r.name: r for r in run_examples(rulespec.load(path, variants))}


@pytest.mark.parametrize("path, variants, example", [
    (PIG, (), "every_choice"), (LANES, ("both_layouts",), "match_totals"),
    (SHRIMP, (), "every_early_call"), (SHELL_WE, (), "draw_two"), (SHELL_WE, ("two_legged",), "match_totals_tie"),
])
def test_the_true_lines_pass(path, variants, example):
    result = _results(path, variants)[example]
    assert result.passed, result.message


def _mutated(tmp_path, path: Path, example: str, true: str, false: str) -> tuple[Path, int]:
    """The file with the line ``true`` of ``example`` (found from the example's start) written as ``false``;
    and the line number of the change."""
    text = path.read_text(encoding="utf-8")
    start = text.index(f"example {example} ")
    at = text.index(true + "\n", start)
    mutated = text[:at] + false + text[at + len(true):]
    written = tmp_path / path.name
    written.write_text(mutated, encoding="utf-8")
    return written, mutated[:at].count("\n") + 1


def _block_line(path: Path, example: str, head: str) -> int:
    text = path.read_text(encoding="utf-8")
    return text[:text.index(head, text.index(f"example {example} "))].count("\n") + 1


def test_an_instance_that_fails_is_named_with_its_line_and_value(tmp_path):
    written, line = _mutated(tmp_path, PIG, "every_choice", "    then at_stake != 4", "    then at_stake > 7")
    block = _block_line(PIG, "every_choice", "  for every chance outcome")
    message = _results(written)["every_choice"].message
    assert f"pig.rules:{line}: example `every_choice`, instance 'chance: roll 1' of `for every` at line {block}: " \
           f"`at_stake > 7` does not hold: at_stake is 0, not more than 7; 3 of the 6 instances fail, also " \
           f"'chance: roll 2', 'chance: roll 3'" in message, message


def test_an_action_instance_that_fails_is_named(tmp_path):
    written, line = _mutated(tmp_path, PIG, "every_choice", "    then player 2 decides", "    then player 1 decides")
    message = _results(written)["every_choice"].message
    assert f"pig.rules:{line}: example `every_choice`, instance 'player 1: hold 4 for 4' of `for every` at line " \
           f"{line - 2}: expected player 1 to decide, but player 2 decides" in message, message


def test_the_lines_after_the_block_go_on_from_the_shared_state(tmp_path):
    """Every instance changes at_stake; after the block it is still what it was (the true line passes), and a
    line that says otherwise fails at its own line with no instance named."""
    written, line = _mutated(tmp_path, PIG, "every_choice", "  then at_stake = 4", "  then at_stake = 0")
    message = _results(written)["every_choice"].message
    assert f"pig.rules:{line}: example `every_choice`: `at_stake = 0` does not hold: at_stake is 4, not 0" in message


def test_a_pattern_that_matches_nothing_offered_fails(tmp_path):
    written, _ = _mutated(tmp_path, PIG, "every_choice", "  given counter at_stake is 4", "  given counter at_stake is 0")
    line = _block_line(PIG, "every_choice", "  for every offered action")
    message = _results(written)["every_choice"].message
    assert f"pig.rules:{line}: example `every_choice`: `for every offered action`: no offered action reads " \
           f"'hold {{points}} for {{total}}'; offered: ['player 1: roll']" in message, message


def test_every_chance_outcome_where_a_player_decides_fails(tmp_path):
    written, _ = _mutated(tmp_path, PIG, "every_choice", '  when "player 1: roll"', "  # (no roll)")
    message = _results(written)["every_choice"].message
    assert "expected a chance node, but player 1 decides" in message, message


def test_every_word_of_an_early_call_is_an_instance():
    """Shrimp's SHRIMP-AMB-18 example: each of the words player 1 may call first is a call of its own."""
    from rulespec.pipeline.example_blocks import ExampleBlocks
    seen = []
    original = ExampleBlocks._every_action

    def recording(self, st, pattern, line):
        found = original(self, st, pattern, line)
        seen.append(found)
        return found
    ExampleBlocks._every_action = recording
    try:
        assert _results(SHRIMP)["every_early_call"].passed
    finally:
        ExampleBlocks._every_action = original
    assert len(seen) == 1 and len(seen[0]) >= 10 and "player 1: call 3 shrimp" in seen[0], seen


def test_a_wrong_match_total_says_each_legs_part(tmp_path):
    true = "  then the match total of points for player 2 is 4"
    written, line = _mutated(tmp_path, LANES, "match_totals", true, true[:-1] + "5")
    message = _results(written, ("both_layouts",))["match_totals"].message
    assert f"lanes.rules:{line}: example `match_totals`: the match total of points for player 2 is 4 (leg 1: 0, " \
           f"leg 2: 4), not 5" in message, message


def test_the_earlier_legs_scores_decide_the_match(tmp_path):
    """With leg 1's scores the other way round, the winner of leg 2 wins the match too."""
    written, _ = _mutated(tmp_path, LANES, "match_totals", "  given leg 1 scored points 20, 0",
                          "  given leg 1 scored points 0, 20")
    message = _results(written, ("both_layouts",))["match_totals"].message
    assert "the match total of points for player 1 is 0 (leg 1: 0, leg 2: 0), not 20" in message, message


BASE = '''game "Few" [F-1]
  id "few"
  players 2 to 3 [F-1]
  at most 10 turns [F-1]
component chip x 3 [F-1]
zone bag: shared, hidden, holds every component in play [F-1]
zone heap: shared, public, stacked [F-1]
counter taken per player starts at 0 [F-1]
turns go clockwise from player 1, each turn runs turn [F-1]
choice turn(player: seat) by player [F-1]:
  option take "take it" [F-1]:
    add 1 to taken of player
    then draw(player)
chance draw(player: seat) [F-1]:
  outcome "draw {c}" for c drawn from bag
  move c to heap
end done [F-1]:
  checked after every step
  when bag is empty
score chips of p [F-1]:
  taken of p
variant twice "Two legs" [F-1]:
  add match two "Two legs" [F-1]:
    leg with option rounds is 1
    leg with option rounds is 2
    totals add up chips
option rounds "Rounds": 1, 2 default 1 [F-1]
example e "An example" [F-1]{with}:
  given 2 players
'''


@pytest.mark.parametrize("lines, at, said", [
    (["for every offered action:"], 0, "`for every offered action` has no lines under it"),
    (["for every chance outcome:", "  given counter taken of player 1 is 1"], 1,
     "a `given` line cannot stand inside `for every chance outcome`"),
    (["for every offered action:", "  for every chance outcome:", "    then taken of player 1 = 1"], 1,
     "a `for every` block cannot hold another `for every`"),
    (['for every offered action "tkae it":', "  then taken of player 1 = 1"], 0,
     'no action the game could offer reads "tkae it"'),
    (['for every chance outcome "roll {n}":', "  then taken of player 1 = 1"], 0,
     'no template of the game reads "roll {n}"'),
    (["given leg 1 scored chips 1, 2"], 0, "the game is no match of several legs"),
    (["then the match total of chips for player 1 is 3"], 0, "the game is no match of several legs"),
])
def test_a_misuse_is_refused_at_its_line(tmp_path, lines, at, said):
    path = tmp_path / "few.rules"
    path.write_text(BASE.replace("{with}", "") + "".join("  " + line + "\n" for line in lines), encoding="utf-8")
    with pytest.raises(RuleError) as caught:
        rulespec.load(path)
    assert f"few.rules:{30 + at}:" in str(caught.value) and said in str(caught.value), str(caught.value)


@pytest.mark.parametrize("lines, said", [
    (["given leg 1 scored chipz 1, 2"], "there is no score `chipz`"),
    (["given leg 2 scored chips 1, 2"], "match `two` has 2 legs: the legs scored before the example's are 1 to 1, not 2"),
    (["given leg 1 scored chips 1, 2, 3"], "a leg's score is one number per player: 2 players, 3 given"),
    (["given set-up with the first outcomes", "given leg 1 scored chips 1, 2"],
     "the example is set up in leg 1, so leg 1 was not played"),
    (["given leg 1 scored chips 1, 2", "given leg 1 scored chips 3, 4"], "leg 1's `chips` is given twice"),
])
def test_a_misused_match_line_is_refused_at_its_line(tmp_path, lines, said):
    path = tmp_path / "few.rules"
    path.write_text(BASE.replace("{with}", " with variant twice") + "".join("  " + line + "\n" for line in lines),
                    encoding="utf-8")
    with pytest.raises(RuleError) as caught:
        rulespec.load(path, ("twice",))
    assert f"few.rules:{29 + len(lines)}:" in str(caught.value) and said in str(caught.value), str(caught.value)


def test_a_match_total_and_earlier_legs_run_in_a_small_match(tmp_path):
    path = tmp_path / "few.rules"
    path.write_text(BASE.replace("{with}", " with variant twice") + "\n".join([
        "  given leg 1 scored chips 2, 0", "  then it is leg 2", "  when \"player 1: take it\"",
        "  for every chance outcome:", "    then the match total of chips for player 1 is 3",
        "  then the match total of chips for player 1 is 3", "  then the match total of chips for player 2 is 0", ""]),
        encoding="utf-8")
    result = _results(path, ("twice",))["e"]
    assert result.passed, result.message
