"""The generic MCTS player (rulespec/mcts.py) and `rulespec simulate --policy mcts`."""

import random

import rulespec
from rulespec.mcts import mcts_step, play_against_random
from rulespec.runtime.engine import CHANCE


def _first_decision(game_id, players=2, seed=1):
    engine = rulespec.load(game_id)
    state = engine.new_game(players)
    rng = random.Random(seed)
    while state.current_player() == CHANCE or len(state.legal_actions()) < 2:
        state.apply(mcts_step(state, rng))
    return state


def test_mcts_step_takes_a_legal_action_and_leaves_the_state_alone():
    for game_id in ("shell-we", "shrimp", "let-them-eat-shrimp"):
        state = _first_decision(game_id)
        before = state.to_json()
        action = mcts_step(state, random.Random(2), rollouts=8)
        assert action in state.legal_actions()
        assert state.to_json() == before


def test_mcts_step_is_seeded():
    state = _first_decision("let-them-eat-shrimp")
    picks = {str(mcts_step(state, random.Random(5), rollouts=12)) for _ in range(3)}
    assert len(picks) == 1


def test_mcts_only_picks_its_own_seats_actions_in_a_claim_window():
    engine = rulespec.load("shrimp")
    state = engine.new_game(3)
    rng = random.Random(3)
    while state.current_player() != -2:
        state.apply(mcts_step(state, rng, rollouts=2))
    assert mcts_step(state, rng, rollouts=6, seat=1).player == 1


def test_mcts_beats_a_random_seat_at_shell_we():
    engine = rulespec.load("shell-we")
    wins = sum(seed % 2 in play_against_random(engine, 2, seed, seed % 2, rollouts=12)["winners"] for seed in range(6))
    assert wins >= 5  # (benchmarks/bench_mcts.py measures 100 games of each bundled game)


def test_simulate_plays_with_the_mcts_policy():
    from rulespec.simulate import POLICIES, play_one
    assert "mcts" in POLICIES
    engine = rulespec.load("let-them-eat-shrimp")
    record = play_one(engine, 2, seed=4, policy="mcts")  # every seat searching (same seed, same game: see above)
    assert record.end != "error" and record.winners and record.actions > 0
