"""A short listing of a game that numbers its actions (`numbered EXPR`) is numbered once and kept by its frame and
rows (rulespec/adapters/listing_numbers.py seat_numbers, DeclaredNumbers.listings; issue #40): a poker seat's fold,
call, pot bet and all in recur at node after node and are not numbered and sorted again. When as many listings as are
kept were met and fewer were found again (a hand of cards, a board's moves), the game keeps none from then on."""

import random
from pathlib import Path
from unittest import mock

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed (pip install 'rulespec[openspiel]')")

import rulespec.openspiel as rso  # noqa: E402
from rulespec.adapters import listing_numbers  # noqa: E402
from rulespec.pipeline.rule_paths import allow_in_environment  # noqa: E402

NEWCOMER = Path(__file__).resolve().parents[1] / "newcomer" / "games"


def _game(name: str):
    path = NEWCOMER / f"{name}.rules"
    if path.exists():
        allow_in_environment([NEWCOMER])
        return rso.load_game(str(path), players=2)
    return rso.load_game(name, players=2)


def _played(name: str, games: int, kept: bool, most: int = 60):
    """Seeded games of one loaded game (so that listings recur across them): at every node the legal numbers, the
    row of each legal number and of numbers no row has, the chance outcomes; the returns. And the game's
    DeclaredNumbers."""
    game = _game(name)
    with mock.patch.object(listing_numbers, "DECLARED_LISTINGS_KEPT", listing_numbers.DECLARED_LISTINGS_KEPT if kept else 0):
        top, seen, declared = game.num_distinct_actions(), [], None
        for seed in range(games):
            rng, state = random.Random(seed), game.new_initial_state()
            while not state.is_terminal() and len(seen) < most * (seed + 1):
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    seen.append(outcomes)
                    state.apply_action(rng.choice(outcomes)[0])
                    continue
                legal = state.legal_actions()
                numbered = state._node.numbered
                declared = state._node.session.table.declared
                asked = legal + [-1, top] + [rng.randrange(top) for _ in range(4)]
                seen.append((legal, [numbered.row_of(n) for n in asked]))
                state.apply_action(rng.choice(legal))
            seen.append(state.returns() if state.is_terminal() else None)
        return seen, declared


@pytest.mark.parametrize("name", ["universal-poker", "tiny-bridge-2p", "sheriff", "checkers"])
def test_kept_declared_listings_play_as_numbered_every_time(name):
    """Lock step: seeded games through the adapter keeping short declared listings, and numbering each afresh (as
    before the lever): the same legal numbers, the same row of every legal number and of numbers no row has, the
    same chance outcomes, the same returns."""
    games = 40 if name != "checkers" else 3
    assert _played(name, games, kept=True)[0] == _played(name, games, kept=False)[0]


def test_a_bidding_seats_listings_are_found_again():
    """Fires: Tiny bridge's auction listings (pass, the bids above the last, double) recur, and are found kept.
    (Universal poker's fold, call, pot bet and all in are now kept by the engine itself, its listing's conditions
    read through definitions (codegen/listing_plans.py): the adapter is handed the rows it numbered before.)"""
    _, declared = _played("tiny-bridge-2p", 40, kept=True)
    assert declared.keeping and declared.kept_found > 100 and 0 < len(declared.listings) < 50


def test_listings_that_seldom_recur_are_not_kept():
    """Where as many listings as are kept were met and fewer found again (Checkers's moves), none are kept
    from then on, and play goes on as numbered afresh."""
    with mock.patch.object(listing_numbers, "DECLARED_LISTINGS_KEPT", 8):
        seen, declared = _played("checkers", 6, kept=True, most=120)
    assert not declared.keeping
    assert seen == _played("checkers", 6, kept=False, most=120)[0]
