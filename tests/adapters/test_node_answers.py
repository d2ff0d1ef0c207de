"""The OpenSpiel state's answers at a node worked out once, as its move is played, and read by each method (current
player, chance node, terminal, legal actions, chance outcomes, the number's row found by list.index in C); a short
listing's numbers kept by its texts (ActionTable.listings: a board's empty spaces recur from game to game). Lock step
against the adapter without them (each method asking current_player(), the node worked out when first asked, a
number's row found by a Python function; every listing numbered from its texts): the same legal numbers, chance
outcomes, texts, observations, information states, histories, states and returns at every node (issue #40)."""

import random
from functools import partial

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed (pip install 'rulespec[openspiel]')")

import rulespec.openspiel as rso  # noqa: E402
from rulespec.adapters import listing_numbers, session  # noqa: E402
from rulespec.adapters import openspiel as adapter  # noqa: E402
from rulespec.adapters.listing_numbers import (ListingNumbers, _first_rows, _in_order, _keep_numbers,  # noqa: E402
                                               _kept_numbers, _listed_actions, _place_among, _row_text, _text_of)
from rulespec.adapters.openspiel import CHANCE, RULESPEC_CHANCE, TERMINAL, RulespecState  # noqa: E402


# ---- the adapter before the levers (the reference)
def _first_place(numbers, number):
    try:
        return numbers.index(number)
    except ValueError:
        return None


def _numbers_init(self, table, numbers, in_order, outcomes=None):
    self.table, self.outcomes = table, outcomes
    if in_order:
        self.legal, self.place = numbers, partial(_place_among, numbers)
    elif len(numbers) <= listing_numbers.SHORT_LISTING:
        self.legal, self.place = sorted(set(numbers)), partial(_first_place, numbers)
    else:
        rows = _first_rows(numbers)
        self.legal, self.place = sorted(rows), rows.get


def _row_of(self, number):
    return self.place(number)


def _is_chance_node(self):
    return self.current_player() == CHANCE


def _player_now(self):
    node = self._node
    sess = node.session
    numbered = sess.numbers()
    if numbered is not None:
        node.numbered = numbered
        seat = sess.state.current_player()
        return CHANCE if seat == RULESPEC_CHANCE else seat
    kind = sess.kind()
    if kind == adapter.TERMINAL_NODE:
        return TERMINAL
    if kind in (adapter.CHANCE_NODE, adapter.RACE_NODE):
        return CHANCE
    if kind in adapter.JOINT_NODES:
        return len(node.round) if sess.table.rounds_in_turn else adapter.SIMULTANEOUS
    return sess.state.current_player()


def _legal_actions(self, player=None):
    current = self.current_player()
    if current >= 0 and (player is None or player == current):
        numbered = self._node.numbered
        return numbered.legal.copy() if numbered is not None else self._legal_actions(current)
    if player is None:
        return pyspiel.State.legal_actions(self)
    if player >= 0 and (current >= 0 or current in (CHANCE, TERMINAL)):
        return []
    if player >= 0 and current == adapter.SIMULTANEOUS:
        return self._legal_actions(player)
    return pyspiel.State.legal_actions(self, player)


def _chance_outcomes(self):
    if self.current_player() == CHANCE and self._node.numbered is not None:
        return self._node.numbered.outcomes.copy()
    return self._node.session.chance_outcomes()


def _apply_action(self, action):
    player = self.current_player()
    node = self._node
    numbered = node.numbered
    row = numbered.row_of(action) if numbered is not None else None
    if row is not None:
        sess = node.session
        node.player = node.numbered = None
        if sess.shared:
            sess = node.session = sess.after_first_move(row, RULESPEC_CHANCE if player == CHANCE else player)
        else:
            sess.play_listed(row, RULESPEC_CHANCE if player == CHANCE else player)
        if sess.table.rounds_in_turn:
            self._advance_round()
        return
    node.player = node.numbered = None
    if self._in_round():
        seat = len(node.round)
        if int(action) not in node.session.legal(seat):
            raise ValueError(f"player {seat + 1} may not pick {action} now")
        node.round += (int(action),)
        self._advance_round()
        return
    sess = node.session
    if sess.shared:
        sess = node.session = sess.clone()
    sess.apply(int(action))
    if sess.table.rounds_in_turn:
        self._advance_round()


def _is_terminal(self):
    return self._node.session.state.is_terminal()


def _seat_numbers(table, pending, st):  # every listing numbered from its texts
    numbered = pending.numbered
    if numbered is not None and numbered.table is table:
        return numbered
    if table.declared is not None:
        numbers = table.declared.row_numbers(st, pending)
        pending.numbered = numbered = ListingNumbers(table, numbers, _in_order(numbers))
        return numbered
    rows = pending.rows
    if rows is not None:
        numbered = _kept_numbers(table, rows)
        if numbered is not None:
            pending.numbered = numbered
            return numbered
    texts = map(_row_text, rows) if rows is not None else map(_text_of, pending.all_actions())
    numbers = list(map(table.player_numbers.__getitem__, texts))
    in_order = _in_order(numbers)
    if not in_order and None in numbers:
        table.player_id(pending.all_actions()[numbers.index(None)])
    pending.numbered = numbered = ListingNumbers(table, numbers, in_order)
    if in_order and rows is not None:
        listed = _listed_actions.get(id(rows))
        if listed is not None and listed[0] is rows:
            _keep_numbers(rows, numbered)
    return numbered


def _before(patched):
    for name, method in (("is_chance_node", _is_chance_node), ("_player_now", _player_now),
                         ("legal_actions", _legal_actions), ("chance_outcomes", _chance_outcomes),
                         ("_apply_action", _apply_action), ("is_terminal", _is_terminal)):
        patched.setattr(RulespecState, name, method)
    patched.setattr(ListingNumbers, "__init__", _numbers_init)
    patched.setattr(ListingNumbers, "row_of", _row_of)
    patched.setattr(listing_numbers, "seat_numbers", _seat_numbers)
    patched.setattr(session, "seat_numbers", _seat_numbers)


# ---- the lock step
def _picks(state, rng):
    if state.is_chance_node():
        return rng.choice(state.chance_outcomes())[0]
    if state.is_simultaneous_node():
        return [rng.choice(state.legal_actions(seat)) for seat in range(state.num_players())]
    return rng.choice(state.legal_actions())


def _node_seen(state, views: bool):
    seats = range(state.num_players())
    seen = [state.is_terminal(), state.is_chance_node(), state.current_player(), state.history(),
            state.rulespec_state.to_json()]
    if state.is_terminal():
        return seen + [state.returns()]
    if state.is_chance_node():
        seen.append(state.chance_outcomes())
        seen.append([state.action_to_string(action) for action, _ in state.chance_outcomes()])
    else:
        seen.append([state.legal_actions(seat) for seat in seats])
        if state.current_player() >= 0:
            seen.append(state.legal_actions())
    if views:
        seen += [state.observation_string(seat) for seat in seats]
        seen += [state.information_state_string(seat) for seat in seats]
    return seen


def _games(game, seeds):
    played = []
    for seed in seeds:
        rng, state = random.Random(seed), game.new_initial_state()
        if seed % 2:
            state = state.clone()
        nodes = []
        while not state.is_terminal() and len(nodes) < 80:
            nodes.append(_node_seen(state, seed % 3 == 0))
            if seed % 4 == 1:  # (a clone plays on from here)
                state = state.clone()
            pick = _picks(state, rng)
            state.apply_actions(pick) if isinstance(pick, list) else state.apply_action(pick)
        nodes.append(_node_seen(state, True) if state.is_terminal() else state.history())
        played.append(nodes)
    return played


@pytest.mark.parametrize("game_id", ["kuhn-poker", "leduc-poker", "tic-tac-toe", "connect-four", "hex", "pig",
                                     "liars-dice", "goofspiel", "shell-we"])
def test_node_answers_worked_out_once_and_listings_kept_by_texts_play_as_before(game_id, monkeypatch):
    seeds = range(10)
    now = _games(rso.load_game(game_id), seeds)
    with monkeypatch.context() as patched:
        _before(patched)
        before = _games(rso.load_game(game_id), seeds)
    assert now == before


def test_a_wrong_number_is_still_refused():
    state = rso.load_game("tic-tac-toe").new_initial_state()
    state.apply_action(4)
    with pytest.raises(Exception):
        state.apply_action(4)  # (taken: no row has it)
    assert state.legal_actions() == [0, 1, 2, 3, 5, 6, 7, 8] and state.current_player() == 1


def test_the_next_nodes_answers_are_worked_out_as_the_move_is_played(monkeypatch):
    state = rso.load_game("tic-tac-toe").new_initial_state()
    state.apply_action(4)
    node = state._node
    assert node.player == 1 and node.numbered is not None and node.numbered.legal == [0, 1, 2, 3, 5, 6, 7, 8]
    asked = []
    monkeypatch.setattr(RulespecState, "current_player",
                        lambda self: asked.append(1) or pyspiel.State.current_player(self))
    assert state.legal_actions() == [0, 1, 2, 3, 5, 6, 7, 8] and not state.is_chance_node()
    assert not state.is_terminal() and not asked  # (read from the node: current_player() not asked)


def test_a_short_listing_is_numbered_once_by_its_texts():
    game = rso.load_game("tic-tac-toe")
    one, two = game.new_initial_state(), game.new_initial_state()
    for state, moves in ((one, (4, 0)), (two, (0, 4))):  # (the same board reached two ways: two listings)
        for action in moves:
            state.apply_action(action)
    assert one.rulespec_state._offer() is not two.rulespec_state._offer()
    assert one._node.numbered is two._node.numbered  # (one ListingNumbers for both: kept by the rows' texts)
    assert game.table.listings[tuple(row[1] for row in two.rulespec_state._offer().rows)] is two._node.numbered
