"""A house rule that seats fewer players than its base leaves out the base's examples for the counts it
no longer seats (they describe the base game), and says so; its own examples for those counts are
still errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulespec import RuleError
from rulespec.cli.authoring import summary
from rulespec.pipeline import compile_rules
from rulespec.pipeline.examples import run_examples

NARROW = '''extends "shell-we"

game "Shell We? for two or three" [SHELL-OBJ-1]
  id "shell-we-narrow"
  rulebook "shell-we.txt"
  players 2 to 3 [SHELL-COMP-5]
'''


def test_the_bases_examples_for_unseated_counts_are_left_out_and_listed(tmp_path: Path):
    path = tmp_path / "narrow.rules"
    path.write_text(NARROW, encoding="utf-8")
    base = compile_rules("shell-we")
    model = compile_rules(path)
    four = {e.name for e in base.examples
            if any(line.what == "players" and line.number == 4 for line in e.lines)}
    assert four, "Shell We? no longer has 4-player examples: pick another base for this test"
    assert {e.name for e in model.examples} == {e.name for e in base.examples} - four
    assert set(model.left_out_of_base) == {f"example {name}" for name in four}
    assert "Left out of the base, for player counts this file does not seat" in summary(model, path)
    import rulespec
    assert all(result.passed for result in run_examples(rulespec.load(path)))


def test_a_house_rules_own_example_for_an_unseated_count_is_still_an_error(tmp_path: Path):
    path = tmp_path / "narrow.rules"
    path.write_text(NARROW + '''
example mine "Four at the table" [SHELL-END-6]:
  given 4 players
  given rack of player 2: "starfish"
  then penalty of player 2 = 20
''', encoding="utf-8")
    with pytest.raises(RuleError) as raised:
        compile_rules(path)
    messages = [d.message for d in raised.value.diagnostics]
    assert messages == ["the game is not played with 4 players"], messages
    assert raised.value.diagnostics[0].path == str(path)


def test_the_base_itself_and_house_rules_that_keep_the_count_lose_nothing():
    base = compile_rules("shell-we")
    assert base.left_out_of_base == ()
    house = compile_rules("shell-we/three-tiles")
    assert house.left_out_of_base == () and len(house.examples) >= len(base.examples)
