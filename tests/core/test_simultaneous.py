"""Simultaneous decisions (`choice NAME() by each player [where C]`, #11): every seat chooses in secret,
in any order; the last choice carries them all out together. Played on the gallery's Goofspiel and the
reference's Bids (rulespec/docs/ref_games/bids.rules: `where coins of player > 0`)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import rulespec
from rulespec.language.errors import RuleError
from rulespec.runtime.engine import CHANCE, SIMULTANEOUS, IllegalAction
from rulespec.runtime.state_check import InvalidState
from rulespec.check.verify import check_state

ROOT = Path(__file__).resolve().parents[2]
BIDS = ROOT / "rulespec" / "docs" / "ref_games" / "bids.rules"


@pytest.fixture(scope="module")
def goofspiel():
    return rulespec.load("goofspiel", options={"num_cards": "4"})


def at_the_bids(game, prize: str = "chance: turn up 3"):
    state = game.new_game(2)
    assert state.current_player() == CHANCE
    state.apply(prize)
    return state


def test_every_seat_chooses_in_secret_and_the_last_choice_carries_them_out(goofspiel):
    state = at_the_bids(goofspiel)
    assert state.current_player() == SIMULTANEOUS and not state.is_chance_node()
    assert state.simultaneous_seats() == [0, 1]
    assert [str(a) for a in state.legal_actions(1)] == [f"player 2: bid {v}" for v in (1, 2, 3, 4)]
    assert len(state.legal_actions()) == 8  # both seats' choices
    state.apply("player 2: bid 4")
    assert state.simultaneous_seats() == [0] and state.legal_actions(1) == []
    assert state.current_player() == SIMULTANEOUS
    hands = [state.observation(0)["zones"]["hand"][s]["size"] for s in (0, 1)]
    assert hands == [4, 4]  # nothing is carried out before everyone has chosen
    state.apply("player 1: bid 2")
    assert state.simultaneous_seats() == [] and state.current_player() == CHANCE
    view = state.observation(0)
    assert view["zones"]["won"][1]["items"] == ["3 of diamonds"] and view["zones"]["won"][0]["items"] == []
    assert sorted(view["zones"]["discard"]["items"]) == ["2 of spades", "4 of hearts"]
    assert state.history[-2:] == ["player 2: bid 4", "player 1: bid 2"]
    assert state.fired["bids"] == 1 and state.fired["option bids.play"] == 2  # one step, two choices


def test_a_seat_sees_its_own_choice_and_only_that_the_others_have_chosen(goofspiel):
    state = at_the_bids(goofspiel)
    state.apply("player 1: bid 4")
    mine, theirs = state.observation(0)["decision"], state.observation(1)["decision"]
    assert mine == {"player": "each", "step": "bids", "waiting": [1], "chosen": "bid 4"}
    assert theirs == {"player": "each", "step": "bids", "waiting": [1],
                      "choices": ["bid 1", "bid 2", "bid 3", "bid 4"]}
    assert "bid 4" not in json.dumps(state.observation(1)).replace('"bid 4"]', "")  # only among its own choices
    other = at_the_bids(goofspiel)
    other.apply("player 1: bid 1")
    assert other.observation(1) == state.observation(1)  # what player 1 chose makes no difference to player 2


def test_choosing_twice_or_out_of_turn_is_refused_and_leaves_the_state_alone(goofspiel):
    state = at_the_bids(goofspiel)
    state.apply("player 1: bid 1")
    before = state.to_json()
    with pytest.raises(IllegalAction, match="player 1 has already chosen, in secret, for bids; player 2 still to"):
        state.apply("player 1: bid 2")
    with pytest.raises(IllegalAction, match="not one of the choices"):
        state.apply("player 2: bid 7")
    assert state.to_json() == before


def test_a_state_between_the_choices_round_trips_replays_and_passes_every_check(goofspiel):
    state = at_the_bids(goofspiel)
    state.apply("player 2: bid 3")
    back = goofspiel.from_json(state.to_json())
    assert back == state and json.loads(state.to_json())["chosen"] == [[1, "bid 3"]]
    assert back.simultaneous_seats() == [0] and back.observation(1)["decision"]["chosen"] == "bid 3"
    replayed = goofspiel.new_game(2)
    for action in state.history:
        replayed.apply(action)
    assert replayed == state
    back.apply("player 1: bid 3")
    state.apply("player 1: bid 3")
    assert back == state and back.observation(0)["zones"]["discard"]["size"] == 3  # a tie: nobody takes it
    assert check_state(goofspiel, at_the_bids(goofspiel)) == []
    middle = at_the_bids(goofspiel)
    middle.apply("player 1: bid 2")
    assert check_state(goofspiel, middle) == []


@pytest.mark.parametrize("chosen, reason", [
    ([[1, "bid 9"]], r"state.chosen\[0\]: 'player 2: bid 9' is not one of the choices of bids"),
    ([[1, "bid 3"], [1, "bid 2"]], r"state.chosen\[1\]: player 2 has chosen twice"),
    ([[0, "bid 3"], [1, "bid 2"]], "state.chosen: every seat has chosen"),
    ([[1, "bid 3", "x"]], r"state.chosen\[0\]: has 3 entries, not 2"),
    ([[5, "bid 3"]], r"state.chosen\[0\]\[0\]: seat 5 is out of range"),
])
def test_from_json_refuses_secret_choices_that_cannot_be(goofspiel, chosen, reason):
    data = json.loads(at_the_bids(goofspiel).to_json())
    data["chosen"] = chosen
    with pytest.raises(InvalidState, match=reason):
        goofspiel.from_json(json.dumps(data))


def test_from_json_refuses_secret_choices_away_from_a_simultaneous_decision(goofspiel):
    data = json.loads(goofspiel.new_game(2).to_json())  # at the chance step that turns up a prize
    data["chosen"] = [[0, "bid 1"]]
    with pytest.raises(InvalidState, match="no simultaneous decision"):
        goofspiel.from_json(json.dumps(data))


def test_a_leaking_observation_fails_the_secret_choices_property(goofspiel, monkeypatch):
    state = at_the_bids(goofspiel)
    state.apply("player 1: bid 4")
    original = type(goofspiel)._observation

    def leaking(self, st, seat):
        view = original(self, st, seat)
        view["peek"] = [text for _, text in st._chosen]  # what the others chose, shown to everyone
        return view

    monkeypatch.setattr(type(goofspiel), "_observation", leaking)
    failures = check_state(goofspiel, state)
    assert [f.property for f in failures] == ["secret_choices"]
    assert "observation of player 2 changes with what another seat chose in secret" in failures[0].message


def test_a_seat_the_where_condition_leaves_out_takes_no_part():
    game = rulespec.load(BIDS)
    state = game.new_game(3)
    assert state.current_player() == SIMULTANEOUS and state.simultaneous_seats() == [0, 1, 2]
    state.apply("player 3: offer 5")
    state.apply("player 1: offer 5")
    state.apply("player 2: offer 1")  # player 3's and player 1's 5 tie; every offer is paid
    assert state._counters["coins"] == [0, 4, 0] and state._counters["prizes"] == [0, 0, 0]
    assert state.simultaneous_seats() == [1]  # only player 2 has coins left
    assert state.legal_actions(0) == [] and len(state.legal_actions(1)) == 4
    state.apply("player 2: offer 4")  # the only seat to choose: carried out at once
    assert state.is_terminal() and state._counters["prizes"] == [0, 1, 0]
    assert state.outcome()["winners"] == [1]


def test_a_random_game_of_each_plays_to_its_end():
    for game, players in ((rulespec.load("goofspiel"), 2), (rulespec.load(BIDS), 4)):
        state = rulespec.random_game(game, players, seed=3)
        assert state.is_terminal() and not state._violations


def test_a_simultaneous_choice_names_its_chooser_player(tmp_path):
    text = BIDS.read_text(encoding="utf-8").replace("step round(player: seat)", "step round(who: seat)") \
        .replace("then offers()", "then offers(who)").replace("choice offers()", "choice offers(player: seat)")
    path = tmp_path / "bids.rules"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RuleError, match="a choice `by each player` names the acting seat `player`"):
        rulespec.load(path)


def test_the_english_says_the_choices_are_secret_and_carried_out_together():
    from rulespec.docs.english import English
    from rulespec.pipeline import compile_rules
    model = compile_rules(BIDS)
    step = next(s for s in model.steps if s.name == "offers")
    text = "\n".join(English(model).declaration(step))
    assert "Each player for whom" in text and "in secret" in text and "carried out together" in text
    assert text.count("is more than 0") == 1  # the `where` is said once, not again in the option


def test_a_position_writes_the_secret_choices_and_reads_them_back(goofspiel):
    from rulespec.runtime.position import InvalidPosition
    state = at_the_bids(goofspiel)
    state.apply("player 2: bid 1")
    text = state.to_position()
    assert "chosen in secret: player 2: bid 1\n" in text
    back = goofspiel.position(text)
    assert back._chosen == ((1, "bid 1"),) and back.simultaneous_seats() == [0]
    back.apply("player 1: bid 2")
    assert back.observation(0)["zones"]["won"][0]["items"] == ["3 of diamonds"]
    bad = text.replace("chosen in secret: player 2: bid 1", "chosen in secret: player 2: bid 9")
    with pytest.raises(InvalidPosition, match="'player 2: bid 9' is not one of the choices of bids") as caught:
        goofspiel.position(bad)
    assert caught.value.line == bad.splitlines().index("chosen in secret: player 2: bid 9") + 1
