"""The adapters number a decision's listing once and keep the numbers with it (rulespec/adapters/listing_numbers.py,
issue #40): the engine's listing (its Pending) carries the sorted action numbers and each number's row, clones
share them, and a number is applied by its row. A clone shares what each seat has seen until one of them changes
it (copied on write)."""

import functools
import random

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed (pip install 'rulespec[openspiel]')")

import rulespec.openspiel as rso  # noqa: E402


def _replayed(game, history):
    state = game.new_initial_state()
    for action in history:
        state.apply_action(action)
    return state


def test_a_listing_is_numbered_once_and_clones_share_the_numbers():
    game = rso.load_game("tic-tac-toe")
    state = game.new_initial_state()
    state.apply_action(4)
    legal = state.legal_actions()
    listing = state.rulespec_state._pending
    assert listing.numbered.legal == legal == [0, 1, 2, 3, 5, 6, 7, 8]
    clone = state.clone()
    assert clone.rulespec_state._pending is listing and clone.legal_actions() == legal
    legal.append(99)  # a caller's list is its own
    assert state.legal_actions() == [0, 1, 2, 3, 5, 6, 7, 8]


def test_chance_outcomes_are_numbered_once_per_listing_and_applied_by_number():
    game = rso.load_game("leduc-poker")
    state = game.new_initial_state()
    outcomes = state.chance_outcomes()
    assert state.rulespec_state._pending.numbered.outcomes == outcomes
    assert abs(sum(p for _, p in outcomes) - 1) < 1e-12
    action = outcomes[2][0]
    text = state.action_to_string(pyspiel.PlayerId.CHANCE, action)
    state.apply_action(action)
    assert state.rulespec_state.history[-1] == "chance: " + text


@pytest.mark.parametrize("game_id", ["kuhn-poker", "leduc-poker", "goofspiel"])
def test_a_clone_and_its_original_see_their_own_games(game_id):
    game = rso.load_game(game_id)
    rng = random.Random(7)
    state = game.new_initial_state()
    for _ in range(3):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        elif state.is_simultaneous_node():
            state.apply_actions([rng.choice(state.legal_actions(p)) for p in range(game.num_players())])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    clone = state.clone()
    for copy in (state, clone):  # each plays on its own way, reading its information states at every step
        while not copy.is_terminal():
            if copy.is_chance_node():
                copy.apply_action(rng.choice(copy.chance_outcomes())[0])
            elif copy.is_simultaneous_node():
                copy.apply_actions([rng.choice(copy.legal_actions(p)) for p in range(game.num_players())])
            else:
                copy.information_state_string(copy.current_player())
                copy.apply_action(rng.choice(copy.legal_actions()))
    for copy in (state, clone):
        again = _replayed(game, copy.history()) if game.get_type().dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL \
            else None
        for seat in range(game.num_players()):
            if again is not None:
                assert copy.information_state_string(seat) == again.information_state_string(seat)
                assert copy.observation_string(seat) == again.observation_string(seat)
    assert state.rewards() == state.returns() and clone.rewards() == clone.returns()


def test_a_number_two_rows_read_back_to_is_played_by_its_first_row():
    from rulespec.adapters.listing_numbers import SHORT_LISTING, ListingNumbers, _first_rows
    assert _first_rows([5, 3, 5, 7, 3]) == {5: 0, 3: 1, 7: 3}
    assert _first_rows([]) == {}
    for numbers in ([5, 3, 5, 7, 3], list(range(SHORT_LISTING + 4, 0, -1)) * 2):  # (short: by place; long: a dict)
        numbered, first = ListingNumbers(None, numbers, False), _first_rows(numbers)
        assert numbered.legal == sorted(first)
        assert [numbered.row_of(n) for n in range(-1, max(numbers) + 2)] == \
            [first.get(n) for n in range(-1, max(numbers) + 2)]


def test_a_listings_rows_are_found_in_c_short_or_by_halving_long():
    """ListingNumbers.place: list.index (in C) for a short listing, in order or not; halving for a long one in order,
    a dict of first rows for a long one out of order; each number's row the same as row_of's, which gives None where
    place raises (a number no row has) or answers None."""
    from rulespec.adapters.listing_numbers import SHORT_LISTING, ListingNumbers, _place_among
    for numbers in ([0, 3, 8], list(range(1, 2 * SHORT_LISTING, 2)), list(range(1, 4 * SHORT_LISTING, 2))):
        numbered = ListingNumbers(None, numbers, True)
        long = len(numbers) > SHORT_LISTING
        assert (numbered.place.func is _place_among) if long else (numbered.place == numbers.index)
        for n in range(-1, max(numbers) + 2):
            assert numbered.row_of(n) == (numbers.index(n) if n in numbers else None)
            if n in numbers:
                assert numbered.place(n) == numbers.index(n)
            elif not long:
                with pytest.raises(ValueError):
                    numbered.place(n)


def test_numbers_rising_strictly_are_read_by_place():
    from rulespec.adapters.listing_numbers import _in_order
    assert _in_order([]) and _in_order([4]) and _in_order([0, 3, 8])
    assert not _in_order([None]) and not _in_order([1, 1]) and not _in_order([2, 1])
    assert not _in_order([1, None]) and not _in_order([None, 1])


def _row_numbers(table, pending, st):
    """Each row's number, one action at a time (as the adapter read them before listings in order were read by place)."""
    actions = pending.all_actions()
    if pending.seat >= 0:
        return table.declared.row_numbers(st, pending) if table.declared is not None else \
            [table.player_id(action) for action in actions]
    if table.declared_chance is not None:
        return table.declared_chance.row_numbers(st, pending)
    if table.shuffles and st._stack and st._stack[-1][0] in table.shuffles:
        return list(range(len(actions)))
    return [table.chance_id(action) for action in actions]


@pytest.mark.parametrize("game_id", ["hex", "tic-tac-toe", "connect-four", "kuhn-poker", "leduc-poker", "liars-dice",
                                     "pig", "backgammon"])
def test_a_listing_read_by_place_plays_as_the_dict_of_first_rows(game_id):
    """Lock step: at every node of seeded games, a listing whose numbers rise strictly (read by place, no dict) or a
    short one out of order (each number's first place found by list.index) has the legal numbers, chance outcomes and
    row of every number that the dict of each number's first row gives."""
    from rulespec.adapters.listing_numbers import _first_rows
    from rulespec.adapters.session import _outcomes
    game = rso.load_game(game_id)
    by_place = 0
    for seed in range(4):
        rng, state = random.Random(seed), game.new_initial_state()
        while not state.is_terminal():
            player = state.current_player()
            numbered = state._node.numbered
            session = state.session
            st = session.state
            pending = st._offer()
            numbers = _row_numbers(session.table, pending, st)
            first_rows = _first_rows(numbers)
            by_place += (getattr(numbered.place, "__self__", None) is numbered.legal  # (read by place: list.index
                         or isinstance(numbered.place, functools.partial))  # or halving, not from a dict)
            assert numbered.legal == sorted(first_rows)
            top = session.table.num_chance_outcomes if player == pyspiel.PlayerId.CHANCE else game.num_distinct_actions()
            assert [numbered.row_of(n) for n in range(-1, top + 1)] == [first_rows.get(n) for n in range(-1, top + 1)]
            if player == pyspiel.PlayerId.CHANCE:
                outcomes, merged = state.chance_outcomes(), {}
                for number, (_, probability) in zip(numbers, _outcomes(pending)):
                    merged[number] = merged.get(number, 0.0) + probability
                assert outcomes == sorted(merged.items())
                state.apply_action(rng.choice(outcomes)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            if state.is_terminal() or len(state.history()) > 300:
                break
    assert by_place > 0  # (most listings come in the numbering's order)


def test_connect_fours_columns_out_of_order_are_found_by_their_first_place():
    """Connect Four lists its columns by their lowest empty space, out of the numbering's order once the columns'
    heights differ: a short listing, its numbers kept in row order and a number's row found by list.index."""
    game = rso.load_game("connect-four")
    state = game.new_initial_state()
    for action in (3, 3, 2):
        state.apply_action(action)
    numbered = state._node.numbered if state.current_player() >= 0 else None
    assert numbered is not None and numbered.place.__name__ == "index"  # (list.index, in C: its first place)
    assert numbered.legal == list(range(7)) and numbered.place.__self__ != numbered.legal
    rows = state.rulespec_state._pending.rows
    assert [rows[numbered.row_of(n)][1] for n in range(7)] == [f"drop yellow in column {n + 1}" for n in range(7)]
    assert numbered.row_of(7) is None and numbered.row_of(-1) is None


@pytest.mark.parametrize("options", [{}, {"board_size": 8}])
def test_a_kept_listing_numbered_by_editing_plays_as_one_read_from_its_texts(options):
    """Lock step: a listing the engine keeps and edits (State._listed_kept) is numbered by editing the numbers of the
    rows it was edited from (listing_numbers._kept_numbers); the same seeded games played with that switched off (every
    listing numbered from its texts) offer the same legal numbers and rows at every node and reach the same returns."""
    from rulespec.adapters import listing_numbers
    game = rso.load_game("hex", options=options)

    def played(edited: bool, seed: int):
        kept = listing_numbers._kept_numbers
        taken = []
        if not edited:
            listing_numbers._kept_numbers = lambda table, rows: None
        else:
            listing_numbers._kept_numbers = lambda table, rows: taken.append(kept(table, rows)) or taken[-1]
        try:
            rng, state, nodes = random.Random(seed), game.new_initial_state(), []
            while not state.is_terminal():
                legal = state.legal_actions()
                numbered = state._node.numbered
                nodes.append((legal, [numbered.row_of(n) for n in range(-1, game.num_distinct_actions() + 1)]))
                state.apply_action(rng.choice(legal))
            return nodes, state.returns(), sum(found is not None for found in taken)
        finally:
            listing_numbers._kept_numbers = kept

    edits = 0
    for seed in range(3):
        on, off = played(True, seed), played(False, seed)
        assert on[:2] == off[:2]
        edits += on[2]
        assert off[2] == 0
    assert edits > 0  # (the edited numbers were used)
