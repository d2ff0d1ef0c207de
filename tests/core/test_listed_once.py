"""A choice whose listing depends on its arguments alone, or a chance step whose outcomes depend on its
arguments and the set-up alone (dice), is listed once per engine, arguments (and set-up) (StepInfo.listed_once,
rulespec/codegen/python.py listed_once, outcomes_listed_once): every state shares that Pending.

The same seeded games played with the shared listings and with every choice listed afresh give the same
actions, histories, observations and returns; a caller changing the list legal_actions() returned
changes nothing; a refused action leaves the shared listing as it was."""

import dataclasses
import random

import pytest

import rulespec
from rulespec.codegen.python import CodeGenerator


def afresh(engine):
    """An engine of the same game whose choices are all listed afresh (listed_once switched off)."""
    steps = {name: dataclasses.replace(info, listed_once=False) for name, info in type(engine).STEPS.items()}
    return type("Afresh", (type(engine),), {"STEPS": steps})()


def test_kuhn_poker_s_turn_is_listed_once_and_tic_tac_toe_s_is_not():
    kuhn = rulespec.load("kuhn-poker")
    assert kuhn.STEPS["turn"].listed_once  # pass or bet, whatever the state
    assert not any(info.listed_once for info in rulespec.load("tic-tac-toe").STEPS.values())  # empty spaces only
    assert not any(info.listed_once for info in rulespec.load("leduc-poker").STEPS.values())  # conditions, a draw
    assert rulespec.load("pig").STEPS["roll_the_die"].listed_once  # 1 to the option's faces
    for faces in ("4", "6", "4"):  # each set-up its own listing
        state = rulespec.load("pig", options={"diceoutcomes": faces}).new_game()
        state.apply("player 1: roll")
        assert [str(a) for a, _ in state.chance_outcomes()] == [f"chance: roll {n}" for n in range(1, int(faces) + 1)]
    model = rulespec.compile_rules("kuhn-poker")
    turn = next(step for step in model.steps if step.name == "turn")
    generator = CodeGenerator(model, "kuhn-poker.rules")
    assert generator.listed_once(turn)
    conditioned = dataclasses.replace(turn, options=(dataclasses.replace(
        turn.options[0], conditions=turn.options[1].conditions + (model.ends[0].condition,)),) + turn.options[1:])
    assert not generator.listed_once(conditioned)
    shown = dataclasses.replace(turn, options=(dataclasses.replace(turn.options[0], template="pass {chips}"),))
    assert not generator.listed_once(shown)  # a field that is no argument of the step


def test_states_share_the_listing():
    game = type(rulespec.load("kuhn-poker"))()
    rng = random.Random(2)
    a, b = game.new_game(), game.new_game()
    for state in (a, b):
        while state.is_chance_node():
            state.apply(rng.choice(state.chance_outcomes())[0])
    assert a._pending is b._pending and a._pending.seat == 0
    mine = a.legal_actions()
    mine.clear()  # the caller's own list
    assert [str(x) for x in b.legal_actions()] == ["player 1: pass", "player 1: bet"]
    before = list(a.legal_actions())
    with pytest.raises(rulespec.IllegalAction):
        a.apply("player 2: bet")
    assert a.legal_actions() == before and a._pending is b._pending


@pytest.mark.parametrize("game_id", ["kuhn-poker", "kuhn-poker/kuhn-poker-ante-two", "pig", "pig/pig-two-dice",
                                     "liars-dice"])
def test_shared_listings_play_as_listings_made_afresh(game_id):
    shared = rulespec.load(game_id)
    fresh = afresh(shared)
    assert not any(info.listed_once for info in fresh.STEPS.values())
    assert any(info.listed_once for info in shared.STEPS.values())
    for seed in range(300 if game_id.startswith("kuhn") else 12):
        rng = random.Random(seed)
        players = shared.MIN_PLAYERS + seed % (shared.MAX_PLAYERS - shared.MIN_PLAYERS + 1)
        a, b = shared.new_game(players), fresh.new_game(players)
        while not a.is_terminal():
            assert all(a.observation(seat) == b.observation(seat) for seat in range(players))
            if a.is_chance_node():
                outcomes = a.chance_outcomes()
                assert outcomes == b.chance_outcomes()
                pick = rng.randrange(len(outcomes))
                a.apply(outcomes[pick][0])
                b.apply(b.chance_outcomes()[pick][0])
            else:
                actions = a.legal_actions()
                assert actions == b.legal_actions() and a.current_player() == b.current_player()
                pick = rng.randrange(len(actions))
                if seed % 5 == 0:  # played by its text too
                    a.apply(str(actions[pick]))
                    b.apply(str(b.legal_actions()[pick]))
                else:
                    a.apply(actions[pick])
                    b.apply(b.legal_actions()[pick])
            if seed % 7 == 0:
                a, b = a.clone(), b.clone()
            elif seed % 7 == 1:  # read back: nothing listed yet
                a, b = shared.from_json(a.to_json()), fresh.from_json(b.to_json())
        assert b.is_terminal() and a.history == b.history and a.returns() == b.returns()
        assert a.outcome() == b.outcome() and a.to_json() == b.to_json()


def test_what_outcome_hands_out_is_the_caller_s_own():
    """The decided end is read once per text and shared by the games that end so: outcome() copies it."""
    game = rulespec.load("kuhn-poker")
    finished = []
    for _ in range(2):
        state = game.new_game()
        for text in ("chance: deal king", "chance: deal jack", "player 1: pass", "player 2: pass"):
            state.apply(text)
        finished.append(state)
    first = finished[0].outcome()
    assert first["end"] == "showdown" and first["cites"] == ["KUHN-6", "KUHN-7"] and first["winners"] == [0]
    first["cites"].append("changed")
    first["winners"].append(1)
    assert finished[1].outcome() == finished[0].outcome() and finished[1].outcome()["cites"] == ["KUHN-6", "KUHN-7"]
    assert finished[1].outcome()["winners"] == [0]
