"""Kuhn poker (rulebooks/kuhn-poker.rules) against OpenSpiel's own kuhn_poker, in lock step.

Actions are matched by meaning: OpenSpiel's 0 is a pass and 1 a bet; its chance outcomes are the
dealt card's index (0 jack, 1 queen, 2 king). At every node the player to act, the legal actions,
the chance outcomes with their probabilities and, at the end, the returns must be equal. The rulespec
side is played through rulespec.openspiel, so the engine and its adapter are both under test."""

import random
from pathlib import Path

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed (pip install 'rulespec[openspiel]')")

import rulespec.openspiel as rso  # noqa: E402  (registers the games)
from open_spiel.python.algorithms import cfr  # noqa: E402
from rulespec.adapters.session import Session  # noqa: E402
from .lockstep import exploitability_side_by_side, random_games_through_adapter, walk_through_adapter  # noqa: E402

MOVES = {"pass": 0, "bet": 1}  # OpenSpiel's kuhn_poker actions
CARDS = {"deal jack": 0, "deal queen": 1, "deal king": 2}  # OpenSpiel's chance outcomes: card indices


@pytest.fixture(scope="module")
def games():
    return rso.load_game("kuhn-poker", zero_sum=True), pyspiel.load_game("kuhn_poker")


def _meaning(state, action) -> int:
    text = state.action_to_string(state.current_player(), action)
    return (CARDS if state.is_chance_node() else MOVES)[text]


GAMES = 300


def test_seeded_random_games_agree_in_lock_step(games):
    ours_game, theirs_game = games
    steps = random_games_through_adapter(ours_game, theirs_game, GAMES, random.Random(20261201), _meaning)
    assert steps >= GAMES * 4  # two deals and at least two bets or passes per game
    print(f"{GAMES} random games, {steps} steps in lock step")


def test_the_whole_game_tree_agrees(games):
    positions = walk_through_adapter(games[0].new_initial_state(), games[1].new_initial_state(), _meaning)
    # The root, 3 second deals, then for each of the 6 deals 4 decisions (-, pass, bet, pass-bet) and
    # 5 ends (pass-pass, pass-bet-pass, pass-bet-bet, bet-pass, bet-bet): 1 + 3 + 6 x 9 = 58.
    assert positions == 58
    print(f"{positions} tree positions agree")


def test_openspiel_conformance(games):
    pyspiel.random_sim_test(games[0], num_sims=20, serialize=True, verbose=False)
    pyspiel.random_sim_test(rso.load_game("kuhn-poker"), num_sims=5, serialize=True, verbose=False)


def test_returns_that_do_not_sum_to_zero_are_refused_when_declared_zero_sum(games, monkeypatch):
    assert games[0].get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    # The rule file declares `zero-sum` under its returns: no zero_sum=True is needed.
    declared = rso.load_game("kuhn-poker")
    assert declared.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM and declared.utility_sum() == 0.0
    state = declared.new_initial_state()
    for text in ("deal king", "deal jack", "bet", "bet"):
        state.apply_action(state.string_to_action(text))
    assert state.is_terminal() and state.returns() == [2.0, -2.0]
    monkeypatch.setattr(Session, "returns", lambda self: [2.0, 2.0])  # chips that do not balance
    with pytest.raises(ValueError, match="do not sum to 0"):
        state.returns()


ITERATIONS = (1, 10, 50, 100)


def test_cfr_exploitability_curve_is_openspiels(games):
    """#12's acceptance: CFR through the adapter follows OpenSpiel's own Kuhn curve, so the
    information states (each seat's own history) partition the game as OpenSpiel's do."""
    ours_game, theirs_game = games
    pairs = exploitability_side_by_side(ours_game, theirs_game, cfr.CFRSolver(ours_game), cfr.CFRSolver(theirs_game),
                                        ITERATIONS)
    for iterations, (mine, expected) in zip(ITERATIONS, pairs):
        assert mine == pytest.approx(expected, abs=1e-9), iterations
    curve = [mine for mine, _ in pairs]
    assert curve[-1] < curve[0] / 10  # CFR converges: the comparison is not of two constants
    print("exploitability after", dict(zip(ITERATIONS, curve)))


# ----------------------------------------------------------------------------- the house rule

ANTE_TWO = Path(__file__).resolve().parents[2] / "house-rules" / "kuhn-poker-ante-two.rules"


def test_the_ante_two_house_rule_checks_verifies_and_doubles_the_antes():
    import rulespec
    from rulespec.pipeline.examples import run_examples
    from rulespec.check.verify import verify

    game = rulespec.load(ANTE_TWO)
    assert game.GAME_ID == "kuhn-poker-ante-two"
    results = run_examples(game)
    assert len(results) == 4 and all(r.passed for r in results), [r.message for r in results if not r.passed]
    report = verify(ANTE_TWO, players=2, max_examples=3, stateful_step_count=10, seed=1, derandomize=True,
                    save_counterexamples=None)
    assert report.ok, report.render()
    # Through OpenSpiel: the same tree as Kuhn poker, each end paying one chip more (the ante).
    house, base = rso.load_game(ANTE_TWO, zero_sum=True), rso.load_game("kuhn-poker", zero_sum=True)
    for line in (("deal king", "deal jack", "pass", "pass"), ("deal jack", "deal queen", "bet", "bet"),
                 ("deal queen", "deal king", "pass", "bet", "pass")):
        ends = []
        for game_ in (house, base):
            state = game_.new_initial_state()
            for text in line:
                state.apply_action(state.string_to_action(text))
            assert state.is_terminal()
            ends.append(state.returns())
        assert [abs(v) for v in ends[0]] == [abs(v) + 1 for v in ends[1]], line
