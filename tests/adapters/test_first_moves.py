"""A game's first moves played once and kept with its first state (Session.after_first_move, issue #40): every new
OpenSpiel state starts from one shared session, and what its first move leads to is the same in every game, so a
new game's first move is a copy of the session that move was played into once. Lock step against the adapter
without it (each first move a copy of the first state, then played; a clone of the first state a copy of it):
the same legal numbers, texts, observations, information states, histories, states and returns at every node."""

import copy
import random

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed (pip install 'rulespec[openspiel]')")

import rulespec.openspiel as rso  # noqa: E402
from rulespec.adapters.openspiel import _Node  # noqa: E402
from rulespec.adapters.session import Session  # noqa: E402


def _each_first_move_played(self, row, mover):  # (the adapter before the lever: a copy, then the move played)
    played = self.clone()
    played.play_listed(row, mover)
    return played


def _node_copied(self, memo):
    node = _Node.__new__(_Node)
    node.session, node.round = self.session.clone(), self.round
    node.player, node.numbered, node.joint, node.returns_sum = self.player, self.numbered, self.joint, self.returns_sum
    return node


def _picks(state, rng):
    if state.is_chance_node():
        return rng.choice(state.chance_outcomes())[0]
    if state.is_simultaneous_node():
        return [rng.choice(state.legal_actions(seat)) for seat in range(state.num_players())]
    return rng.choice(state.legal_actions())


def _node_seen(state):
    """What a caller may read at a node."""
    seats = range(state.num_players())
    seen = [state.is_terminal(), state.current_player(), str(state), state.history(),
            state.rulespec_state.to_json()]
    if state.is_terminal():
        return seen + [state.returns()]
    if state.is_chance_node():
        seen.append([(action, state.action_to_string(action)) for action, _ in state.chance_outcomes()])
        seen.append(state.chance_outcomes())
    else:
        seen.append([state.legal_actions(seat) for seat in seats])
    return seen + [state.observation_string(seat) for seat in seats] + \
        [state.information_state_string(seat) for seat in seats]


def _games(game, seeds, reading):
    """Seeded games from new initial states (and, every other one, from a clone of one), each node as read."""
    played = []
    for seed in seeds:
        rng, state = random.Random(seed), game.new_initial_state()
        if seed % 2:
            state = state.clone()
        nodes = []
        while not state.is_terminal() and len(nodes) < 60:
            if reading(seed, len(nodes)):
                nodes.append(_node_seen(state))
            pick = _picks(state, rng)
            state.apply_actions(pick) if isinstance(pick, list) else state.apply_action(pick)
        nodes.append(_node_seen(state) if state.is_terminal() else state.history())
        played.append(nodes)
    return played


@pytest.mark.parametrize("game_id", ["kuhn-poker", "leduc-poker", "tic-tac-toe", "pig", "liars-dice", "goofspiel",
                                     "shell-we"])
def test_first_moves_kept_play_as_each_first_move_played(game_id, monkeypatch):
    seeds = range(12)
    reading = [lambda seed, at: True, lambda seed, at: seed % 3 == 0 or at > 2]  # (views read from the start, or later)
    kept_game = rso.load_game(game_id)
    kept = [_games(kept_game, seeds, read) for read in reading]
    first = kept_game._initial
    assert first is not None and first.shared
    with monkeypatch.context() as patched:
        patched.setattr(Session, "after_first_move", _each_first_move_played)
        patched.setattr(_Node, "__deepcopy__", _node_copied)
        played_game = rso.load_game(game_id)
        each = [_games(played_game, seeds, read) for read in reading]
    assert kept == each
    if game_id != "goofspiel":  # (a simultaneous first move is a joint action: not a listing's row)
        assert first._first_moves  # (the first moves were kept, and later games took copies of them)


def test_the_first_state_is_shared_by_its_clones_and_never_played():
    game = rso.load_game("kuhn-poker")
    state = game.new_initial_state()
    before = state.rulespec_state.to_json()
    clone = state.clone()
    assert clone.session is state.session and state.session.shared
    first_card = state.chance_outcomes()[0][0]
    clone.apply_action(first_card)
    again = copy.deepcopy(state)
    again.apply_action(first_card)
    assert clone.session is not again.session and clone.rulespec_state is not again.rulespec_state
    assert clone.rulespec_state == again.rulespec_state and clone.history() == again.history() == [first_card]
    assert state.rulespec_state.to_json() == before and state.history() == []
    assert len(state.session._first_moves) == 1
    clone.apply_action(clone.chance_outcomes()[0][0])  # (a copy of the kept session plays on its own)
    assert again.rulespec_state != clone.rulespec_state
    assert game.new_initial_state().child(first_card).rulespec_state == again.rulespec_state
