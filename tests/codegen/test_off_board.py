"""A space past the board's edge (none) is a value every construct takes: it is neither empty nor occupied
and holds nothing, whether the test is written in place, in a definition it is passed to, or on what a
definition gives back (issue #39: those crashed with `list indices must be integers or slices, not
NoneType`). Where the rules need a space that is not none (`row of`), a rule error says so."""

from pathlib import Path

import pytest

import rulespec
from rulespec.pipeline.examples import run_examples

RULES = Path(__file__).with_name("off-board.rules")


def test_past_the_edge_is_neither_empty_nor_occupied_in_place_in_a_definition_and_given_back():
    results = run_examples(rulespec.load(RULES))
    assert [(r.name, r.passed, r.message) for r in results] == [("edge", True, "")]


def test_a_definition_given_none_plays_through_a_game(tmp_path):
    # An option's condition passes the neighbour at the edge to a definition: every move is still offered.
    text = RULES.read_text(encoding="utf-8").replace(
        "    only if s is empty\n",
        "    only if s is empty and (free(neighbour of s towards north) or not taken(neighbour of s towards south))\n")
    path = tmp_path / "off-board.rules"
    path.write_text(text, encoding="utf-8")
    state = rulespec.load(path).new_game(2)
    assert [a.text for a in state.legal_actions()] == ["put on 1 1", "put on 1 2"]


def test_a_row_of_none_is_a_rule_error_not_a_type_error(tmp_path):
    text = RULES.read_text(encoding="utf-8") + (
        "\nexample row_past_the_edge \"The row of a space past the edge\" [E-3]:\n"
        "  given 2 players\n"
        "  then count(s in strip where row of beside(s, north) = 1) = 0\n")
    path = tmp_path / "off-board.rules"
    path.write_text(text, encoding="utf-8")
    results = {r.name: r for r in run_examples(rulespec.load(path))}
    assert results["edge"].passed
    failed = results["row_past_the_edge"]
    assert not failed.passed
    assert "row of a space past the board's edge (none)" in failed.message
    assert "TypeError" not in failed.message


def test_a_text_naming_a_neighbour_refuses_what_is_not_offered():
    # `take back {s} towards {neighbour of s towards d}`: the candidates past the edge read `none`, so a
    # text never offered is an IllegalAction that says why, not a TypeError from the label of none.
    state = rulespec.load(RULES).new_game(2)
    state.apply("player 1: put on 1 1")
    assert [a.text for a in state.legal_actions()] == ["put on 1 2"]  # (player 2's: 1 1 holds player 1's)
    for text, why in [("take back 1 1 towards 1 9", "is not one of the choices"),
                      ("take back 1 1 towards none", "does not hold"),
                      ("take back 1 1 towards 1 2", "does not hold")]:
        with pytest.raises(rulespec.IllegalAction, match=why):
            state.clone().apply(f"player 2: {text}")
