"""The generic MCTS player (rulespec/play/mcts.py) and `rulespec simulate --policy mcts`."""

import random

import rulespec
from rulespec.play.mcts import mcts_step, play_against_random
from rulespec.runtime.engine import CHANCE, SIMULTANEOUS


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
    wins = sum(seed % 2 in play_against_random(engine, 2, seed, seed % 2, rollouts=24)["winners"] for seed in range(6))
    assert wins >= 5  # (benchmarks/bench_mcts.py measures 100 games of each bundled game)


def test_simulate_plays_with_the_mcts_policy():
    from rulespec.play.simulate import POLICIES, play_one
    assert "mcts" in POLICIES
    engine = rulespec.load("let-them-eat-shrimp")
    record = play_one(engine, 2, seed=4, policy="mcts")  # every seat searching (same seed, same game: see above)
    assert record.end != "error" and record.winners and record.actions > 0


# ----------------------------------------------------------------------------- verify --policy mcts


def test_verify_plays_its_seeded_games_with_the_mcts_policy():
    """Checks' whole game (termination) under the mcts policy is the game rulespec.play.mcts plays from that
    seed, checked step by step; under the default policy it is rulespec.random_game's."""
    from rulespec.play.mcts import mcts_policy
    from rulespec.check.verify import Checks, _policy
    engine = rulespec.load("tic-tac-toe")
    played = []
    checks = Checks(engine, 2, "tic-tac-toe")
    checks.policy = _policy("mcts", 6)
    checks.playout = lambda state, rng, steps, check=True: played.append(
        Checks.playout(checks, state, rng, steps, check)) or played[-1]
    checks.termination(seed=3)
    (final,), = [played]
    expected = engine.new_game(2)
    rng, choose = random.Random(3), mcts_policy(6)
    while not expected.is_terminal():
        expected.apply(choose(expected, rng))
    assert final.is_terminal() and final.history == expected.history
    assert final.history != rulespec.random_game(engine, 2, seed=3).history  # not the random game


def test_rulespec_verify_policy_mcts_on_the_command_line():
    from typer.testing import CliRunner
    from rulespec.cli.main import app
    runner = CliRunner()
    result = runner.invoke(app, ["verify", "kuhn-poker", "--examples", "2", "--policy", "mcts",
                                 "--mcts-simulations", "4"])
    assert result.exit_code == 0, result.output
    assert "played by mcts (4 simulations per decision)" in result.output and "every property holds" in result.output
    wrong = runner.invoke(app, ["verify", "kuhn-poker", "--policy", "greedy"])
    assert wrong.exit_code == 2 and "--policy is random or mcts" in wrong.output
    alone = runner.invoke(app, ["verify", "kuhn-poker", "--mcts-simulations", "4"])
    assert alone.exit_code == 2 and "needs --policy mcts" in alone.output


def test_state_standing_is_the_ranking_as_it_stands():
    """State.standing(): what the search scores a position by before the end (no private runtime name)."""
    engine = rulespec.load("shell-we")
    state = engine.new_game(3)
    rng = random.Random(4)
    seen = set()
    while not state.is_terminal():
        ranks = state.standing()
        assert len(ranks) == 3 and min(ranks) == 1 and all(1 <= r <= 3 for r in ranks)
        for seat in range(3):  # a seat's rank is 1 + the seats strictly ahead: ties share the better rank
            assert ranks[seat] == 1 + sum(other < ranks[seat] for other in ranks)
        seen.add(tuple(ranks))
        state.apply(mcts_step(state, rng, rollouts=1) if state.current_player() != CHANCE
                    else state.chance_outcomes()[0][0])
    assert state.standing() == state.outcome()["ranking"]
    assert len(seen) > 1  # the standing moves during play


def test_at_a_simultaneous_decision_the_searcher_chooses_before_any_secret_choice_is_made(monkeypatch):
    """Goofspiel's bids: the searching seat decides on the state where nobody has bid yet (its search could
    otherwise read the other seat's secret bid from the true state), and its game is a whole game."""
    import rulespec.play.mcts as mcts
    seen = []
    real = mcts.mcts_step

    def spy(state, rng, *args, **kwargs):
        seen.append((state.current_player(), tuple(state.simultaneous_seats())))
        return real(state, rng, *args, **kwargs)

    monkeypatch.setattr(mcts, "mcts_step", spy)
    game = rulespec.load("goofspiel")
    outcome = play_against_random(game, players=2, seed=3, mcts_seat=1, rollouts=4)
    assert outcome is not None and seen
    assert all(seats == (0, 1) for player, seats in seen if player == SIMULTANEOUS)
    assert len([1 for player, _ in seen if player == SIMULTANEOUS]) >= 10  # a bid in every round of 13 but the last


# ----------------------------------------------------------------------------- what a simulation is worth


def _tic_tac_toe_after(moves):
    engine = rulespec.load("tic-tac-toe")
    state = engine.new_game(2)
    for text in moves:
        state.apply(next(a for a in state.legal_actions() if a.text.endswith(text)))
    return state


def test_mcts_takes_an_immediately_winning_move():
    """X on row 1 columns 1 and 2, O elsewhere: the search finds the win at row 1 column 3 (issue #41:
    it used to score every unfinished simulation 0, and pick the first action among equals)."""
    state = _tic_tac_toe_after(["row 1 column 1", "row 3 column 1", "row 1 column 2", "row 3 column 2"])
    for seed in range(3):
        assert mcts_step(state, random.Random(seed), rollouts=24).text.endswith("row 1 column 3")


def test_simulations_run_to_the_end_and_their_values_differ():
    """On 11x11 Hex a random game takes about 110 moves: each simulation plays to the end (a depth cut it at
    40 before), so the values backed up are wins and losses, not a constant 0."""
    from rulespec.play import mcts
    engine = rulespec.load("hex")
    state = engine.new_game(2)
    root = mcts._Node(state.legal_actions())
    values = [tuple(mcts._simulate(root, state.clone(), random.Random(seed), mcts.DEPTH)) for seed in range(8)]
    assert set(values) == {(1.0, -1.0), (-1.0, 1.0)}  # each simulation ended, in a win for one seat
    assert sum(root.amaf_counts) > 8 * 40  # every move of a seat counts for that seat's action (RAVE)


def test_a_depth_cuts_a_simulation_and_scores_the_standing():
    """With a depth the random play stops there, and the position is scored by the rules' ranking as it
    stands (State.standing), not by a constant: at Shell We? (about 120 steps a game) the seat ahead on
    points after 30 random steps is ahead."""
    from rulespec.play import mcts
    engine = rulespec.load("shell-we")
    values = set()
    for seed in range(12):
        state = engine.new_game(2)
        values.add(tuple(mcts._simulate(mcts._Node(state.legal_actions()), state, random.Random(seed), 30)))
    assert {(1.0, -1.0), (-1.0, 1.0)} <= values
