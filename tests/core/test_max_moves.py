"""The most moves of a game, worked out from its rule file (rulespec/model/moves.py): never fewer than a
game can take (the whole tree of the small games walked), as many as the longest game where the form
says it exactly, following the file (a longer turn limit, a longer bound), and None, with the reason,
for each form that does not bound them. It is the step budget, the adapters' max_game_length and the
number of rows of the information state tensor."""

from __future__ import annotations

from pathlib import Path

import pytest

import rulespec
from rulespec.model.moves import Unbounded, _Bound, max_moves, max_moves_by_players
from rulespec.pipeline import compile_rules
from rulespec.runtime.policies import default_max_steps, random_game

ROOT = Path(__file__).resolve().parents[2]


def longest_game(state) -> int:
    """The most moves from ``state`` to an end, over the whole tree."""
    if state.is_terminal():
        return 0
    moves = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
    longest = 0
    for move in moves:
        child = state.clone()
        child.apply(move)
        longest = max(longest, 1 + longest_game(child))
    return longest


@pytest.mark.parametrize("game_id, exact", [("kuhn-poker", True), ("leduc-poker", False)])
def test_the_bound_is_never_below_the_longest_game_of_the_whole_tree(game_id, exact):
    engine = rulespec.load(game_id)
    longest = longest_game(engine.new_game(2))
    assert engine.MAX_MOVES[2] >= longest
    if exact:  # two deals and three turns of one decision each
        assert engine.MAX_MOVES[2] == longest == 5


@pytest.mark.parametrize("game_id", ["tic-tac-toe", "connect-four", "hex", "goofspiel", "leduc-poker"])
def test_random_games_stay_within_the_bound(game_id):
    engine = rulespec.load(game_id)
    assert engine.MAX_MOVES, "a game of this form is bounded"
    for players, bound in engine.MAX_MOVES.items():
        assert default_max_steps(engine, players) == bound
        for seed in range(40):  # random_game raises StepBudgetExceeded past the budget
            state = random_game(engine, players, seed=seed)
            assert state.is_terminal() and len(state.history) <= bound


def test_tic_tac_toe_takes_as_many_moves_as_openspiel_says():
    assert rulespec.load("tic-tac-toe").MAX_MOVES == {2: 9}  # pyspiel.load_game("tic_tac_toe").max_game_length()


def test_the_bound_follows_the_rule_file(tmp_path):
    text = (ROOT / "rulebooks" / "kuhn-poker.rules").read_text(encoding="utf-8")
    assert "at most 3 turns" in text
    longer = tmp_path / "kuhn-poker.rules"
    longer.write_text(text.replace("at most 3 turns", "at most 7 turns"), encoding="utf-8")
    model = compile_rules(longer)
    assert max_moves_by_players(model) == {2: 2 + 7}  # two deals, then a decision a turn
    assert rulespec.load(longer).MAX_MOVES == {2: 9}


@pytest.mark.parametrize("path, reason", [
    ("rulebooks/pig.rules", "step turn can start itself again"),
    ("rulebooks/shell-we.rules", "trigger pearl_reached starts steps"),
    ("rulebooks/shrimp.rules", "claim window"),
    ("rulebooks/liars-dice.rules", "dice"),
    ("rulebooks/let-them-eat-shrimp.rules", "`repeat count("),
    ("house-rules/pig-two-dice.rules", "no turn limit"),
])
def test_a_form_that_does_not_bound_the_moves_gives_none_and_says_why(path, reason):
    model = compile_rules(ROOT / path)
    with pytest.raises(Unbounded, match=reason.replace("(", r"\(")):
        _Bound(model, model.min_players).game()
    assert max_moves(model, model.min_players) is None and max_moves_by_players(model) == {}
    engine = rulespec.load(ROOT / path)
    assert engine.MAX_MOVES == {}
    assert default_max_steps(engine, model.min_players) >= 10_000  # the generic budget, kept


def test_the_information_state_tensor_has_a_row_per_move_the_rules_allow():
    rso = pytest.importorskip("rulespec.openspiel")
    pytest.importorskip("pyspiel")
    assert rso.load_game("kuhn-poker").information_state_tensor_shape()[0] == 1 + 5  # the start, then a move each
    leduc = rso.load_game("leduc-poker")
    assert rulespec.load("leduc-poker").MAX_MOVES[2] == 18  # the moves, chance included: the step budget
    assert leduc.max_game_length() == 8  # the decisions, as OpenSpiel counts them (issue #41)
    assert max_moves(compile_rules(ROOT / "rulebooks" / "kuhn-poker.rules"), 2, decision_nodes=True) == 3


def test_a_loop_over_a_zone_counts_every_component_it_may_hold():
    """Kuhn's one `card` declaration is three cards (a face each): a loop over its deck that started a
    step would start it three times, not once (the work estimate's size of a zone)."""
    from rulespec.model import ir
    model = compile_rules("kuhn-poker")
    deck = ir.ZoneRef(type="zone", loc=None, text="deck", zone="deck", seat=None)
    assert _Bound(model, 2).size(deck) == 3
    assert _Bound(model, 2).size(ir.PlayersSet(type="players", loc=None, text="players")) == 2


def test_a_step_that_starts_itself_but_reaches_no_choice_decides_nothing():
    # Oware's sowing and capture chains start themselves again, yet no decision follows from them: as OpenSpiel
    # counts decision nodes the game is its turns, one decision each; the moves (steps) stay unbounded.
    model = rulespec.load("oware").model
    assert max_moves(model, 2) is None
    assert max_moves(model, 2, decision_nodes=True) == model.max_turns == 1000
    # Pig's roll starts the turn's choice again: a loop through a decision, still unbounded.
    assert max_moves(rulespec.load("pig").model, 2, decision_nodes=True) is None
