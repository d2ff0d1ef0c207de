"""Several `only if` lines in one option (issue #39: backgammon and oware folded one rule per sentence into one
long condition): all must hold, as one `and` of them in the order written, each part tested once its names
are bound; an `only if ... after it` stays last. The reference game is rulespec/docs/ref_games/hop.rules."""

from __future__ import annotations

from pathlib import Path

import pytest

import rulespec
from rulespec.language.errors import RuleError
from rulespec.pipeline import generate_source

HOP = Path(__file__).resolve().parents[2] / "rulespec" / "docs" / "ref_games" / "hop.rules"
LINES = '''    only if s holds colour of player
    only if ahead(s, player) is occupied and ahead(ahead(s, player), player) is empty
'''
JOINED = ('    only if s holds colour of player and ahead(s, player) is occupied and ahead(ahead(s, player), player) '
          'is empty\n')


def _written(tmp_path, old: str, new: str) -> Path:
    text = HOP.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "hop.rules"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path


def _hop(model):
    turn = next(s for s in model.steps if s.name == "turn")
    return next(o for o in turn.options if o.name == "hop")


def test_several_lines_are_the_conjunction_of_their_parts_in_order(tmp_path):
    lines = _hop(rulespec.compile_rules(HOP))
    joined = _hop(rulespec.compile_rules(_written(tmp_path, LINES, JOINED)))
    assert [c.text for c in lines.conditions] == [c.text for c in joined.conditions] == [
        "s holds colour of player", "ahead(s, player) is occupied", "ahead(ahead(s, player), player) is empty"]


def test_the_engine_tests_every_line(tmp_path):
    code = generate_source(rulespec.compile_rules(HOP), HOP)
    assert "s holds colour of player" in code and "ahead(ahead(s, player), player) is empty" in code
    # without the first line, the empty ranks behind each pawn would be offered a hop
    second_only = _written(tmp_path, LINES, LINES.splitlines(keepends=True)[1])
    for path, hops in ((HOP, []), (second_only, ["player 1: hop from 1", "player 1: hop from 4"])):
        state = rulespec.load(path).new_game()
        state.apply("player 1: step from 1")
        state.apply("player 2: step from 6")
        assert [str(a) for a in state.legal_actions() if "hop" in str(a)] == hops


def test_a_plain_line_after_the_line_read_after_it_is_refused(tmp_path):
    path = _written(tmp_path, LINES, LINES + "    only if s is occupied after it\n    only if s is occupied\n")
    with pytest.raises(RuleError) as caught:
        rulespec.compile_rules(path)
    assert "hop.rules:47:5: error: unexpected `only`" in str(caught.value)
