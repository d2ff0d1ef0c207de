"""A number name whose range's ends read the state (`for n in 0..purse of player`, `0..own_value(player) - 1`) is
numbered by the adapters up to what the model bounds its ends by (rulespec/adapters/state_bounds.py): a counter by
its start and every value written to it (never raised), a definition by its value, a total over a die's cup by the
rolls that fill it. `bid 7` is action 7, as OpenSpiel numbers a bid. Lock step against the API on seeded games;
a counter that can be raised has no bound, and the adapter says what to write."""

import random
from fractions import Fraction
from pathlib import Path

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed (pip install 'rulespec[openspiel]')")

import rulespec.openspiel as rso  # noqa: E402  (registers the games)
from rulespec.adapters.errors import AdapterError  # noqa: E402
from rulespec.pipeline.rule_paths import allow_in_environment  # noqa: E402

NEWCOMER = Path(__file__).resolve().parents[2] / "tests" / "newcomer" / "games"


def _load(name: str, **options):
    allow_in_environment([NEWCOMER])
    return rso.load_game(str(NEWCOMER / f"{name}.rules"), players=2, options=options or None)


def _lock_step(game, seed: int, games: int) -> int:
    """Seeded random games through the adapter, the API's state played beside it by the texts: at every node the
    adapter's legal actions (each seat's, at a simultaneous node) say exactly the texts the engine offers, its
    chance outcomes the engine's with their probabilities, and the state after each step is the API's; the
    returns agree at the end."""
    rng, steps = random.Random(seed), 0
    for _ in range(games):
        state = game.new_initial_state()
        ours = state.rulespec_state.clone()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                engine = {a.text: p for a, p in ours.chance_outcomes()}
                assert {state.action_to_string(pyspiel.PlayerId.CHANCE, a): Fraction(p).limit_denominator()
                        for a, p in outcomes} == engine
                action = rng.choice([a for a, _ in outcomes])
                ours.apply(f"chance: {state.action_to_string(pyspiel.PlayerId.CHANCE, action)}")
                state.apply_action(action)
            else:
                seats = range(game.num_players()) if state.is_simultaneous_node() else [state.current_player()]
                joint = []
                for seat in seats:
                    legal = state.legal_actions(seat)
                    texts = sorted(state.action_to_string(seat, a) for a in legal)
                    assert texts == sorted(a.text for a in ours.legal_actions(seat))
                    assert all(state.action_to_string(seat, a) == f"bid {a}" for a in legal)  # numbered by value
                    joint.append(rng.choice(legal))
                    ours.apply(f"player {seat + 1}: {state.action_to_string(seat, joint[-1])}")
                state.apply_actions(joint) if state.is_simultaneous_node() else state.apply_action(joint[0])
            assert state.rulespec_state == ours
            steps += 1
        assert state.returns() == ours.returns()
    return steps


def test_oshi_zumo_bids_are_numbered_up_to_the_purse_s_start_and_play_in_lock_step():
    game = _load("oshi-zumo")
    assert game.num_distinct_actions() == pyspiel.load_game("oshi_zumo").num_distinct_actions() == 51
    assert game.action_to_string(0, 7) == "bid 7"
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)
    small = _load("oshi-zumo", coins=4, size=1, horizon=5)
    assert small.num_distinct_actions() == 5  # (the option in play: 4 coins)
    assert _lock_step(small, seed=13, games=20) > 40
    assert _lock_step(game, seed=13, games=2) > 10


def test_a_first_price_bid_is_numbered_up_to_the_largest_die_in_the_cup_and_plays_in_lock_step():
    game = _load("first-sealed-auction")
    assert game.num_distinct_actions() == pyspiel.load_game("first_sealed_auction").num_distinct_actions() == 10
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)
    assert _lock_step(game, seed=13, games=30) >= 90


PILE = """game "Pile" [P-1]
  id "pile"
  players 2 to 2 [P-1]
  at most 20 turns [P-1]

counter pile starts at 3 [P-1]
counter taken per player starts at 0 [P-1]

turns go clockwise from player 1, each turn runs take [P-1]

choice take(player: seat) by player [P-1]:
  option take "take {n}" [P-1]:
    for n in 1..pile
    add -n to pile
    add n to taken of player
{grow}
end empty [P-1]:
  checked after every step
  when pile = 0

returns of p [P-1]:
  taken of p
"""


def test_a_counter_only_lowered_bounds_its_range_and_one_raised_is_refused_with_what_to_write(tmp_path):
    allow_in_environment([tmp_path])
    lowered = tmp_path / "pile.rules"
    lowered.write_text(PILE.replace("{grow}", ""))
    game = rso.load_game(str(lowered), players=2)
    assert [game.action_to_string(0, a) for a in range(game.num_distinct_actions())] == ["take 1", "take 2", "take 3"]
    raised = tmp_path / "pile-grows.rules"
    raised.write_text(PILE.replace("{grow}", "  option grow \"grow\" [P-1]:\n    add 1 to pile\n"))
    with pytest.raises(AdapterError, match="option take.take: the adapters cannot number.*actions numbered"):
        rso.load_game(str(raised), players=2)
