"""A long static draw's chance numbers read by item from the ActionTable's table (rulespec/adapters/drawn_numbers.py,
#40), in lock step with the same games numbered as any chance node is (each outcome's Action listed, paired
with a float, its text read back: listing_numbers.chance_numbers): through the OpenSpiel adapter, at every node
the same player, legal actions, chance outcomes with the same numbers and probabilities and the same texts of
them; at the end the same returns and the same game. Played on the newcomers' blackjack and crazy eights
(deals from a deck of 52)."""

import random
from pathlib import Path

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed (pip install 'rulespec[openspiel]')")

import rulespec.openspiel as rso  # noqa: E402
from rulespec.adapters import session  # noqa: E402

GAMES = Path(__file__).resolve().parents[1] / "newcomer" / "games"


def _read_back(monkeypatch, ask):
    """``ask()`` with every chance node numbered by its texts read back (the path without the lever)."""
    with monkeypatch.context() as patch:
        patch.setattr(session, "is_long_static_draw", lambda table, pending: False)
        return ask()


@pytest.mark.parametrize("name, players, games", [("blackjack", 1, 40), ("crazy-eights", 2, 4)])
def test_numbers_by_item_agree_with_texts_read_back(monkeypatch, name, players, games):
    monkeypatch.setenv("RULESPEC_RULES_PATH", str(GAMES))
    game = rso.load_game(str(GAMES / f"{name}.rules"), players=players)
    by_item = 0
    for seed in range(games):
        rng = random.Random(seed)
        kept, read = game.new_initial_state(), game.new_initial_state()
        while not kept.is_terminal():
            assert kept.current_player() == _read_back(monkeypatch, read.current_player)
            if kept.is_chance_node():
                outcomes = kept.chance_outcomes()
                assert outcomes == _read_back(monkeypatch, read.chance_outcomes)
                assert kept.legal_actions() == [number for number, _ in outcomes]
                texts = [kept.action_to_string(pyspiel.PlayerId.CHANCE, number) for number, _ in outcomes]
                assert texts == _read_back(monkeypatch, lambda: [
                    read.action_to_string(pyspiel.PlayerId.CHANCE, number) for number, _ in outcomes])
                by_item += len(outcomes) > 16
                number = rng.choices([n for n, _ in outcomes], [p for _, p in outcomes])[0]
            else:
                assert kept.legal_actions() == _read_back(monkeypatch, read.legal_actions)
                number = rng.choice(kept.legal_actions())
            kept.apply_action(number)
            _read_back(monkeypatch, lambda: read.apply_action(number))
        assert read.is_terminal() and kept.returns() == read.returns()
        assert kept.rulespec_state.history == read.rulespec_state.history
        assert kept.rulespec_state.to_json() == read.rulespec_state.to_json()
    assert by_item > games  # most deals were numbered by item
