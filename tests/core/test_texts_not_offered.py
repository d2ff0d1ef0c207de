"""A text no candidate of the decision reads is refused with IllegalAction, whatever the option's text
works out (issue #39): `{neighbour of s towards d}` past the board's edge reads `none`, and a candidate whose
text cannot be worked out before its conditions (`{occupant of t}` for an empty t) is not the action refused.
The fixture Leapfrog (tests/core/fixtures/leapfrog.rules) has both."""

from pathlib import Path

import pytest

import rulespec
import rulespec.pipeline
from rulespec.model.checker import check
from rulespec.language.parser import parse_file
from rulespec.codegen.options import candidate_text_may_fail
from rulespec.runtime.engine import IllegalAction

LEAPFROG = Path(__file__).parent / "fixtures" / "leapfrog.rules"


@pytest.fixture(scope="module")
def engine():
    return rulespec.load(LEAPFROG)


@pytest.mark.parametrize("text, why", [
    ("4 1 to 3 3", "is not one of the choices"),  # no candidate reads it (the jump's texts on empty spaces neither)
    ("4 1 to none", "`neighbour of s towards d is empty` does not hold"),  # past the edge
    ("4 1 over blue man to 2 3", "`t = neighbour of s towards d` does not hold"),
    ("1 3 to 2 2", "is not one of the choices"),  # another seat's piece
    ("4 1 to 3 2 and on", "is not one of the choices"),
])
def test_a_text_not_offered_is_illegal(engine, text, why):
    state = engine.new_game(2)
    with pytest.raises(IllegalAction, match=why):
        state.apply(f"player 1: {text}")
    state.apply("player 1: 4 1 to 3 2")  # (what is offered still is)


def test_only_a_text_that_can_fail_is_worked_out_with_care():
    model = check(parse_file(LEAPFROG))
    options = {option.name: option for step in model.steps if step.kind == "choice" for option in step.options}
    assert not candidate_text_may_fail(options["step"])  # a neighbour reads `none` past the edge
    assert candidate_text_may_fail(options["jump"])  # what is on t, for an empty t
    source = rulespec.pipeline.generate_source(model, LEAPFROG)
    jump_candidates = source.split("def candidates_turn__jump", 1)[1].split("\ndef ", 1)[0]
    step_candidates = source.split("def candidates_turn__step", 1)[1].split("\ndef ", 1)[0]
    assert "except RuleRuntimeError:" in jump_candidates and "try:" not in step_candidates


def test_chess_refuses_a_move_from_an_empty_square_as_illegal():
    """Chess's texts name the piece moved (`{kind of occupant of s}`): a square with nothing on it has no
    text, so a move from it is not one of the choices (it was a rule error)."""
    state = rulespec.load(Path(__file__).resolve().parents[2] / "rulebooks" / "chess.rules").new_game(2)
    with pytest.raises(IllegalAction, match="is not one of the choices"):
        state.apply("player 1: pawn e3 to e5")
