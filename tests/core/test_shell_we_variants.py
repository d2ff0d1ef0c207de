"""Shell We?'s variants: Message in a Bottle, the two-legged match, and both together."""

import pytest

import rulespec


@pytest.mark.parametrize("variants", [["two_legged"], ["bottles", "two_legged"]])
@pytest.mark.parametrize("seed", range(4))
def test_a_two_legged_match_adds_the_penalties_of_a_game_on_each_side(variants, seed):
    game = rulespec.load("shell-we", variants=variants)
    state = game.new_game(players=3)
    assert state._options["side"] == "A" and state._leg == 0
    state = rulespec.random_game(game, players=3, seed=seed)
    outcome = state.outcome()
    assert len(outcome["legs"]) == 1 and outcome["legs"][0]["options"]["side"] == "A"
    assert state._options["side"] == "B" and state._leg == 1
    last_leg = [game.SCORES["penalty"](state, seat) for seat in range(3)]
    totals = [outcome["legs"][0]["scores"]["penalty"][seat] + last_leg[seat] for seat in range(3)]
    assert outcome["scores"]["penalty"] == totals
    best = min(totals)
    assert outcome["winners"] == [seat for seat in range(3) if totals[seat] == best]
    assert all(outcome["ranking"][a] < outcome["ranking"][b] for a in range(3) for b in range(3)
               if totals[a] < totals[b])
    assert not state._violations


def test_the_second_leg_is_started_by_the_next_player():
    game = rulespec.load("shell-we", variants=["two_legged"])
    state = game.new_game(players=2)
    import random
    rng = random.Random(3)
    while state._leg == 0:
        actions = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
    while state.is_chance_node():
        state.apply(state.chance_outcomes()[0][0])
    # setup's starting tiles come first, in seat order; then the first turn belongs to player 2
    while state._phase == "setup":
        state.apply(state.legal_actions()[0])
        while state.is_chance_node():
            state.apply(state.chance_outcomes()[0][0])
    assert state._turn_seat == 1 and state._t.face == ["B"]


def test_json_round_trip_in_the_middle_of_the_second_leg():
    game = rulespec.load("shell-we", variants=["two_legged", "bottles"])
    state = rulespec.random_game(game, players=2, seed=9)
    replayed = game.new_game(players=2)
    for text in state.history[: len(state.history) * 3 // 4]:
        replayed.apply(text)
    copy = game.from_json(replayed.to_json())
    assert copy == replayed and copy._leg == replayed._leg
    assert [str(a) for a in copy.legal_actions()] == [str(a) for a in replayed.legal_actions()]


def test_bottle_clauses_and_the_match_are_cited():
    model = rulespec.compile_rules("shell-we", variants=["bottles", "two_legged"])
    cited = model.cited_clauses()
    for number in range(1, 11):
        assert f"SHELL-EFF-{number}" in cited
    assert {"SHELL-REPL-1", "SHELL-REPL-2", "SHELL-REPL-3", "SHELL-REPL-4", "SHELL-VAR-1", "SHELL-VAR-2"} <= cited
