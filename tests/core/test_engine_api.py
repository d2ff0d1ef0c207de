"""The uniform engine API, exercised on Shell We?."""

import json
from fractions import Fraction

import pytest

import rulespec
from rulespec import CHANCE, IllegalAction


@pytest.fixture(scope="module")
def game():
    return rulespec.load("shell-we")


def play_until(state, predicate, seed=0, limit=2000):
    import random
    rng = random.Random(seed)
    for _ in range(limit):
        if predicate(state) or state.is_terminal():
            return state
        if state.is_chance_node():
            actions = [a for a, _ in state.chance_outcomes()]
        else:
            actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
    return state


def test_game_facts(game):
    assert game.name == "Shell We?"
    assert (game.min_players, game.max_players) == (2, 4)
    assert game.options["side"]["values"] == ["A", "B"]
    assert game.options["side"]["default"] == "A"


def test_a_new_game_starts_with_a_chance_node_whose_outcomes_sum_to_one(game):
    state = game.new_game(players=3)
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert sum(p for _, p in outcomes) == Fraction(1)
    assert all(a.player == CHANCE for a, _ in outcomes)
    # 72 shells in play with 3 players plus 5 interchangeable starfish: 73 distinct outcomes.
    assert len(outcomes) == 73
    starfish = [p for a, p in outcomes if a.text == "draw starfish"]
    assert starfish == [Fraction(5, 77)]


def test_players_outside_the_range_are_refused(game):
    with pytest.raises(ValueError, match="2 to 4"):
        game.new_game(players=5)


def test_unknown_option_is_refused():
    with pytest.raises(ValueError, match="no option"):
        rulespec.load("shell-we", options={"colour": "red"})
    with pytest.raises(ValueError, match="takes A, B"):
        rulespec.load("shell-we", options={"side": "C"})


def test_illegal_action_is_refused_with_a_reason_and_leaves_the_state_alone(game):
    state = play_until(game.new_game(players=2), lambda s: s._phase == "play" and not s.is_chance_node(), seed=3)
    before = state.to_json()
    seat = state.legal_actions()[0].player
    other = (seat + 1) % 2
    with pytest.raises(IllegalAction) as wrong_player:
        state.apply(rulespec.Action(other, state.legal_actions()[0].text))
    assert f"player {seat + 1}'s decision" in wrong_player.value.reason
    # A shell the player holds, put somewhere with no neighbour: the failing condition is named.
    rack = state.observation(seat)["zones"]["rack"][seat]["items"]
    shell = next(label for label in rack if label != "starfish")
    text = f"play {shell}"
    if text not in [a.text for a in state.legal_actions()]:
        with pytest.raises(IllegalAction) as refused:
            state.apply(rulespec.Action(seat, text))
        assert "does not hold" in refused.value.reason
        assert "[SHELL-" in refused.value.reason
    with pytest.raises(IllegalAction):
        state.apply("player 1: juggle the bag")
    assert state.to_json() == before


def test_parse_action_reads_back_every_printed_action(game):
    state = play_until(game.new_game(players=4), lambda s: s._turn_number >= 3, seed=5)
    for action in state.legal_actions():
        assert game.parse_action(state, str(action)) == action


def test_clone_json_and_history_replay(game):
    state = play_until(game.new_game(players=3), lambda s: s._turn_number >= 6, seed=11)
    clone = state.clone()
    assert clone == state
    clone.apply(clone.legal_actions()[0])
    assert clone != state
    restored = game.from_json(state.to_json())
    assert restored == state
    assert [str(a) for a in restored.legal_actions()] == [str(a) for a in state.legal_actions()]
    replayed = game.new_game(players=3)
    for text in state.history:
        replayed.apply(text)
    assert replayed == state


def test_observation_shows_only_what_the_seat_may_see(game):
    state = play_until(game.new_game(players=3), lambda s: s._turn_number >= 2, seed=2)
    view = state.observation(0)
    json.dumps(view)
    racks = view["zones"]["rack"]
    assert "items" in racks[0] and "items" not in racks[1] and "items" not in racks[2]
    assert all("size" in r for r in racks)
    assert "items" not in view["zones"]["bag"]
    assert view["zones"]["box"]["items"], "the left-out purple shells are public"


def test_random_game_is_reproducible_from_its_seed(game):
    a = rulespec.random_game(game, players=3, seed=42)
    b = rulespec.random_game(game, players=3, seed=42)
    assert a.history == b.history and a == b
    c = rulespec.random_game(game, players=3, seed=43)
    assert c.history != a.history


def test_outcome_names_its_end_and_clause(game):
    state = rulespec.random_game(game, players=2, seed=7)
    outcome = state.outcome()
    assert outcome["end"] in ("out_of_tiles", "everybody_passed")
    assert outcome["cites"] and all(c.startswith("SHELL-END") or c == "SHELL-OBJ-1" for c in outcome["cites"])
    penalties = outcome["scores"]["penalty"]
    ranking = outcome["ranking"]
    best = min(ranking)
    assert best == 1
    for seat in range(2):
        for other in range(2):
            if penalties[seat] < penalties[other] and seat in outcome["winners"]:
                assert ranking[seat] <= ranking[other]
    if outcome["end"] == "out_of_tiles":
        assert len(outcome["winners"]) == 1 and penalties[outcome["winners"][0]] == 0


def test_side_b_is_a_different_board():
    a = rulespec.load("shell-we", options={"side": "A"}).new_game(players=4)
    b = rulespec.load("shell-we", options={"side": "B"}).new_game(players=4)
    assert a._t.face == ["A"] and b._t.face == ["B"]
    assert a._t.region_cells != b._t.region_cells
    # Side B pearls hold two tiles; with 2 players a pearl beside a left-out lane needs one.
    two = rulespec.load("shell-we", options={"side": "B"}).new_game(players=2)
    sizes = sorted(len(cells) for cells in two._t.region_cells[0])
    assert 1 in sizes and 2 in sizes
