"""A simultaneous decision numbered once by the adapters (#40, listing_numbers.JointNumbers): every seat's rows of a
choice `by each player` numbered together, kept with the listing (Pending.numbered, shared by clones and, where the
choice is listed once, by every state), each seat's legal numbers read from it and each seat's pick played at its
row's place among the seat's rows (Session.apply_joint), with no Action made and looked for by its text. Lock step
against the adapter without it (Session._by_seat: the listing's Actions numbered by their texts at every node, each
pick found among them): the same legal numbers, texts, observations, information states, histories, states and
returns at every node; a pick that is not legal is refused as before; and it fires where its form is."""

import random
from pathlib import Path

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed (pip install 'rulespec[openspiel]')")

import rulespec.openspiel as rso  # noqa: E402
from rulespec.adapters import session as session_module  # noqa: E402
from rulespec.adapters.listing_numbers import JointNumbers  # noqa: E402
from rulespec.pipeline.rule_paths import allow_in_environment  # noqa: E402

from test_first_moves import _games  # noqa: E402 (tests/adapters is on the path: pytest puts it there)

NEWCOMER = Path(__file__).parents[2] / "tests" / "newcomer" / "games"
GAMES = {"markov-soccer": 2, "matrix-rps": 2, "matrix-mp": 2, "blotto": 2, "goofspiel": 2}


def _load(name: str):
    if (NEWCOMER / f"{name}.rules").exists():
        allow_in_environment([NEWCOMER])
        return rso.load_game(str(NEWCOMER / f"{name}.rules"), players=GAMES[name])
    return rso.load_game(name, players=GAMES[name])


@pytest.mark.parametrize("name", sorted(GAMES))
def test_joint_numbers_play_in_lock_step_with_every_action_found_by_its_text(name, monkeypatch):
    seeds = range(10)
    reading = [lambda seed, at: True, lambda seed, at: seed % 3 == 0 or at > 2]  # (views followed, or caught up)
    numbered = [_games(_load(name), seeds, read) for read in reading]
    monkeypatch.setattr(session_module, "joint_numbers", lambda table, pending, st: None)
    by_text = [_games(_load(name), seeds, read) for read in reading]
    assert numbered == by_text


def test_the_numbers_are_kept_with_the_listing_and_a_pick_not_legal_is_refused():
    game = _load("markov-soccer")
    first, second = game.new_initial_state(), game.new_initial_state()
    first.apply_action(2)
    second.apply_action(3)
    assert first.is_simultaneous_node() and first.legal_actions(0) == [0, 1, 2, 3, 4]
    listing = first.rulespec_state._offer()
    assert isinstance(listing.numbered, JointNumbers) and second.rulespec_state._offer() is listing
    assert second.legal_actions(1) == [0, 1, 2, 3, 4]
    with pytest.raises(ValueError, match="player 2 may not pick 7 now"):
        second.apply_actions([0, 7])
    assert second.is_simultaneous_node() and second.history() == [3]
    second.apply_actions([4, 0])
    assert second.is_chance_node() and second.action_to_string(0) == "player 1 moves first"
    assert second.rulespec_state.history[-2:] == ["player 1: stand", "player 2: up"]
