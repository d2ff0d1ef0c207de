"""A simultaneous node's numbers kept on the OpenSpiel state's node, and a new state's first node answered once a game
(#40, rulespec/adapters/openspiel.py JOINT_ON_THE_NODE, OPENING_ANSWERS_KEPT). At a SIMULTANEOUS game's choice `by
each player`, the node keeps the listing's JointNumbers as it is worked out (_Node.joint): legal_actions(seat) reads
the seat's numbers straight and apply_actions plays each seat's row by its place (Session._play_rows_together), with
no node kind, seat check or listing look-up through the Session, and the next node's answers worked out as the move
is played; every new state takes its first node's answers from those the game worked out once (its session is
shared and never played). Lock step against the adapter without them (both switches off: every answer through the
Session, as before): the same legal numbers, chance outcomes, texts, observations, information states, histories,
states and returns at every node; a pick that is not legal, a wait or a seat out of range meet the same errors; and
the levers fire where their forms are."""

import random
from pathlib import Path

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed (pip install 'rulespec[openspiel]')")

import rulespec.openspiel as rso  # noqa: E402
from rulespec.adapters import openspiel as adapter  # noqa: E402
from rulespec.adapters.listing_numbers import JointNumbers  # noqa: E402
from rulespec.adapters.session import Session  # noqa: E402
from rulespec.pipeline.rule_paths import allow_in_environment  # noqa: E402

from test_first_moves import _games  # noqa: E402 (tests/adapters is on the path: pytest puts it there)

NEWCOMER = Path(__file__).parents[2] / "tests" / "newcomer" / "games"
GAMES = {"matrix-rps": 2, "matrix-mp": 2, "blotto": 2, "markov-soccer": 2, "goofspiel": 2, "kuhn-poker": 2,
         "tic-tac-toe": 2, "tiny-hanabi": 2}


def _load(name: str):
    if (NEWCOMER / f"{name}.rules").exists():
        allow_in_environment([NEWCOMER])
        return rso.load_game(str(NEWCOMER / f"{name}.rules"), players=GAMES[name])
    return rso.load_game(name, players=GAMES[name])


def _switched_off(patched):
    patched.setattr(adapter, "JOINT_ON_THE_NODE", False)
    patched.setattr(adapter, "OPENING_ANSWERS_KEPT", False)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_joints_on_the_node_and_opening_answers_play_in_lock_step_with_the_session(name, monkeypatch):
    seeds = range(8)
    reading = [lambda seed, at: True, lambda seed, at: seed % 3 == 0 or at > 2]  # (views followed, or caught up)
    on = [_games(_load(name), seeds, read) for read in reading]
    with monkeypatch.context() as patched:
        _switched_off(patched)
        off = [_games(_load(name), seeds, read) for read in reading]
    assert on == off


def _errors(state) -> list:
    """The errors of a pick not legal, a seat with no such pick, a seat out of range, picks of the wrong count."""
    met = []
    for call in (lambda: state.apply_actions([0, 77]), lambda: state.legal_actions(5),
                 lambda: state.apply_actions([0]), lambda: state.apply_actions([77, 0])):
        try:
            call()
            met.append(None)
        except Exception as error:  # (the message and the kind, as a caller meets them)
            met.append((type(error).__name__, str(error)))
    return met + [state.history(), state.is_simultaneous_node()]


@pytest.mark.parametrize("name", ["matrix-rps", "markov-soccer"])
def test_the_same_errors_with_the_numbers_on_the_node(name, monkeypatch):
    def at_a_joint_node():
        state = _load(name).new_initial_state()
        while not state.is_simultaneous_node():
            state.apply_action(state.legal_actions()[0])
        return state
    on = _errors(at_a_joint_node())
    with monkeypatch.context() as patched:
        _switched_off(patched)
        off = _errors(at_a_joint_node())
    assert on == off and on[0] is not None and "may not pick 77 now" in on[0][1]


def test_the_numbers_are_read_from_the_node_not_through_the_session(monkeypatch):
    game = _load("matrix-rps")
    state = game.new_initial_state()
    node = state._node
    assert node.player == adapter.SIMULTANEOUS and isinstance(node.joint, JointNumbers)  # (the game's first node)
    assert state.rulespec_state._offer().numbered is node.joint  # (kept with the listing)
    monkeypatch.setattr(Session, "legal", lambda *a: pytest.fail("legal_actions asked the Session"))
    monkeypatch.setattr(Session, "apply_joint", lambda *a: pytest.fail("apply_actions went through the Session"))
    monkeypatch.setattr(adapter.RulespecState, "_player_now", lambda self: pytest.fail("the first node worked out again"))
    another = game.new_initial_state()  # (its first node's answers: the game's, worked out once)
    assert another._node.joint is node.joint and another.current_player() == adapter.SIMULTANEOUS
    legal = [state.legal_actions(seat) for seat in range(2)]
    assert all(legal) and another.legal_actions(1) == legal[1]
    monkeypatch.undo()
    state.apply_actions([legal[0][0], legal[1][-1]])
    assert state._node.player == adapter.TERMINAL and state._node.joint is None  # (the next node, as the move played)
    assert state.is_terminal() and state.history() == [legal[0][0], legal[1][-1]]


def test_goofspiel_bids_are_read_from_the_node_after_each_draw(monkeypatch):
    state = _load("goofspiel").new_initial_state()
    rng = random.Random(3)
    joints = 0
    monkeypatch.setattr(Session, "apply_joint", lambda *a: pytest.fail("apply_actions went through the Session"))
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            assert isinstance(state._node.joint, JointNumbers)
            joints += 1
            state.apply_actions([rng.choice(state.legal_actions(seat)) for seat in range(2)])
    assert joints > 3
