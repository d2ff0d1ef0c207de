"""A clone shares its session, copied on write, and a move played twice from a shared session is kept (issue #40):
pyspiel's Clone of a rulespec state copies nothing but the node (_Node.__deepcopy__ marks the session shared), the
next move of either state is played on a copy (Session.after_first_move), and a move played from a shared session
a second time is kept there, itself shared, so a search that replays its tree from clones (MCTS) plays each of the
tree's moves once; a finished state's returns are kept. Lock step against the adapter without it (a clone copies its
session, moves are played on it, returns worked out at every call): the same legal numbers, chance outcomes,
texts, observations, information states, histories, states and returns at every node of seeded searches, and the
same moves chosen by OpenSpiel's MCTSBot."""

import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed (pip install 'rulespec[openspiel]')")

import rulespec.openspiel as rso  # noqa: E402
from rulespec.adapters.openspiel import _Node  # noqa: E402
from rulespec.adapters import session as session_module  # noqa: E402
from rulespec.adapters.session import Session  # noqa: E402

from test_first_moves import _node_seen, _picks  # noqa: E402 (tests/adapters is on the path: pytest puts it there)

GAMES = ["kuhn-poker", "leduc-poker", "tic-tac-toe", "pig", "liars-dice", "goofspiel", "shell-we", "connect-four"]


def _first_moves_only(self, row, mover):  # (the adapter before the lever: only the game's first state shared)
    moves = self._first_moves
    kept = moves.get((row, mover, self._follow)) if moves is not None else None
    if kept is None:
        kept = self.clone()
        kept.play_listed(row, mover)
        if moves is None:
            moves = self._first_moves = {}
        moves[(row, mover, self._follow)] = kept
    return kept.clone()


def _node_copied(self, memo):  # (before: a copy of the session, but the game's first state's)
    node = _Node.__new__(_Node)
    session = self.session
    node.session, node.round = session if session.shared else session.clone(), self.round
    node.player, node.numbered, node.joint, node.returns_sum = self.player, self.numbered, self.joint, self.returns_sum
    return node


def _returns_each_time(self):
    st = self.state
    return [float(v) for v in st.returns()] if st.is_terminal() else [0.0] * st.players


def _without_the_lever(patched):
    patched.setattr(Session, "after_first_move", _first_moves_only)
    patched.setattr(_Node, "__deepcopy__", _node_copied)
    patched.setattr(Session, "returns", _returns_each_time)


def _searches(game, seed, reading):
    """A search's pattern, seeded: a root played a few moves in, then again and again a clone of it (or of a node
    reached before) walked down a few moves, every node read, the picks few so that walks repeat; the root and
    some walked states played on after they were cloned."""
    rng, root = random.Random(seed), game.new_initial_state()
    for _ in range(rng.randrange(4)):
        if root.is_terminal():
            break
        pick = _picks(root, rng)
        root.apply_actions(pick) if isinstance(pick, list) else root.apply_action(pick)
    seen, reached = [], [root]
    for walk in range(40):
        start = reached[rng.randrange(len(reached))] if walk % 3 == 2 else root
        state = start.clone()
        for depth in range(rng.randrange(1, 6)):
            if reading(walk, depth):
                seen.append(_node_seen(state))
            else:
                seen.append((state.current_player(), state.is_terminal(), state.history()))
            if state.is_terminal():
                seen.append(state.returns())
                break
            narrow = random.Random(rng.randrange(3))  # (a few seeds: walks repeat their moves)
            pick = _picks(state, narrow)
            if walk % 5 == 4 and depth == 0:  # (the state cloned from plays on, and so does the clone)
                other = state.clone()
                other_pick = _picks(other, rng)
                other.apply_actions(other_pick) if isinstance(other_pick, list) else other.apply_action(other_pick)
                seen.append(_node_seen(other))
            state.apply_actions(pick) if isinstance(pick, list) else state.apply_action(pick)
        seen.append(_node_seen(state))
        if len(reached) < 6 and not state.is_terminal():
            reached.append(state)
    seen.append(_node_seen(root))
    return seen


def _mcts_moves(game, seed):
    from open_spiel.python.algorithms import mcts
    if game.get_type().dynamics != pyspiel.GameType.Dynamics.SEQUENTIAL:
        return []
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=40,
                       evaluator=mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed)),
                       random_state=np.random.RandomState(seed))
    state, rng, moves = game.new_initial_state(), random.Random(seed), []
    while not state.is_terminal() and len(moves) < 4:
        if state.is_chance_node():
            action = rng.choice(state.chance_outcomes())[0]
        else:
            action = bot.step(state)
            moves.append((action, state.information_state_string()))
        state.apply_action(action)
    return moves + [state.history()]


@pytest.mark.parametrize("game_id", GAMES)
def test_shared_clones_play_as_copied_clones(game_id, monkeypatch):
    reading = [lambda walk, depth: True, lambda walk, depth: walk % 4 == 0 and depth > 0]  # (views read, or seldom)
    seeds = range(3)
    game = rso.load_game(game_id)
    shared = [[_searches(game, seed, read) for seed in seeds] for read in reading]
    shared_mcts = [_mcts_moves(game, seed) for seed in seeds]
    with monkeypatch.context() as patched:
        _without_the_lever(patched)
        copied_game = rso.load_game(game_id)
        copied = [[_searches(copied_game, seed, read) for seed in seeds] for read in reading]
        copied_mcts = [_mcts_moves(copied_game, seed) for seed in seeds]
    assert shared == copied
    assert shared_mcts == copied_mcts


def test_a_clone_shares_the_session_and_a_move_played_twice_is_kept():
    game = rso.load_game("tic-tac-toe")
    state = game.new_initial_state()
    state.apply_action(4)
    session = state.session
    assert not session.shared
    clone = state.clone()
    assert clone.session is session and session.shared  # (no copy made)
    clone.apply_action(0)  # played once from the shared session: on a copy, not kept
    assert clone.session is not session and not clone.session.shared
    assert state.session is session and state.history() == [4] and clone.history() == [4, 0]
    again = state.clone()
    again.apply_action(0)  # a second time: kept, shared, handed out as it is
    kept = again.session
    assert kept.shared and kept is not clone.session
    assert kept.state == clone.session.state
    third = state.clone()
    third.apply_action(0)  # a walk down the tree: a look-up
    assert third.session is kept
    third.apply_action(1)  # from the kept session: a copy played
    assert third.session is not kept and kept.state == clone.session.state and again.history() == [4, 0]
    state.apply_action(8)  # the state cloned from plays on a copy too
    assert state.session is not session and state.history() == [4, 8]
    assert len(session.state.history) == 1  # (the shared session never played)


def test_a_finished_state_keeps_its_returns():
    game = rso.load_game("tic-tac-toe")
    state = game.new_initial_state()
    for action in (0, 3, 1, 4, 2):
        state.apply_action(action)
    assert state.is_terminal()
    first = state.returns()
    assert state.session._returns == first
    first[0] = 99.0  # (a caller's list: not the kept one)
    assert state.returns() == state.clone().returns() == state.session._returns
    assert game.new_initial_state().returns() == [0.0, 0.0] and game.new_initial_state().session._returns is None


def test_at_most_kept_most_sessions_are_kept_alive(monkeypatch):
    game = rso.load_game("leduc-poker")
    with monkeypatch.context() as patched:
        _without_the_lever(patched)
        copied = _searches(rso.load_game("leduc-poker"), 5, lambda walk, depth: True)
    monkeypatch.setattr(session_module, "KEPT_MOST", len(session_module._kept) + 3)
    assert _searches(game, 5, lambda walk, depth: True) == copied  # (past the bound, moves played on copies)
    assert len(session_module._kept) <= session_module.KEPT_MOST
