"""A simultaneous listing's seat slices (Pending.seat_rows): the rows of a decision made `by each player` come
grouped by seat, in seat order, so a seat's legal actions, a secret choice (the rows left to the others) and
the search for a played Action take that seat's slice instead of filtering every row, and the seats still to
choose are read at the slices' borders (Pending.seats_listed).
Each game below is played with the slices and without them (Pending.seat_rows answering None around every
call on the second state: every row filtered, as before) in lock step: the seats still to choose, each seat's
choices, the whole listing, chance outcomes with their probabilities and JSON at every step; the secret
choices made in a random seat order, some played as new Actions equal to the offered ones, a state read back
from JSON halfway through a decision, a seat's second choice refused alike; at the end the same history,
counts of what fired, outcome and returns."""

import random
from contextlib import contextmanager
from pathlib import Path

import pytest

import rulespec
from rulespec.runtime.common import IllegalAction
from rulespec.runtime.pending import Action, Pending

NEWCOMER_GAMES = Path(__file__).parents[1] / "newcomer" / "games"
REF_GAMES = Path(rulespec.__file__).parent / "docs" / "ref_games"

# Two options for each seat (listed seat by seat, each seat's rows in declaration order), a seat that may
# not choose (`where`), three or four players.
TWO_OPTIONS = """
game "Raise Or Hold" [RH-1]
  id "raise-or-hold"
  players 2 to 4 [RH-1]
  at most 6 turns [RH-1]

counter chips per player starts at 3 [RH-1]
counter pot starts at 0 [RH-1]

turns go clockwise from player 1, each turn runs round [RH-1]

step round(player: seat) [RH-1]:
  then calls()

choice calls() by each player where chips of player > 0 [RH-1]:
  option raise "raise {n}" [RH-1]:
    for n in 1..3
    only if n <= chips of player
    add -n to chips of player
    add n to pot
  option hold "hold" [RH-1]:
    add 1 to pot

end broke [RH-1]:
  checked after every step
  when count(p in players where chips of p > 0) = 0

score left of p [RH-1]:
  chips of p

ranking [RH-1]:
  highest left
  ties share
"""


@contextmanager
def rows_filtered():
    """Every simultaneous listing filtered row by row (the path without seat slices), its seats read from every
    row's Action."""
    kept, seats = Pending.seat_rows, Pending.seats_listed
    Pending.seat_rows = lambda self, seat: None
    Pending.seats_listed = lambda self: None
    try:
        yield
    finally:
        Pending.seat_rows, Pending.seats_listed = kept, seats


def _same(sliced, filtered) -> None:
    with rows_filtered():
        seats, player, listed = filtered.simultaneous_seats(), filtered.current_player(), filtered.legal_actions()
        by_seat = [filtered.legal_actions(p) for p in range(filtered.players)]
        chance = [(str(a), p) for a, p in filtered.chance_outcomes()]
        text = filtered.to_json()
    assert sliced.simultaneous_seats() == seats and sliced.current_player() == player
    assert sliced.legal_actions() == listed
    assert [sliced.legal_actions(p) for p in range(sliced.players)] == by_seat
    assert [(str(a), p) for a, p in sliced.chance_outcomes()] == chance
    assert sliced.to_json() == text


def _pick(state, rng: random.Random) -> Action:
    """A random legal action (chance sampled by its probability); at a simultaneous decision, a random seat
    still to choose, its choice sometimes a new Action equal to the offered one."""
    if state.is_chance_node():
        pick = rng.random()
        for action, probability in state.chance_outcomes():
            pick -= float(probability)
            if pick < 0:
                return action
        return action
    seats = state.simultaneous_seats()
    actions = state.legal_actions(rng.choice(seats)) if seats else state.legal_actions()
    action = actions[rng.randrange(len(actions))]
    return Action(action.player, action.text) if rng.random() < 0.3 else action


def play_both(engine, players: int, rng: random.Random) -> tuple:
    """A random game played with seat slices and without, compared at every step; (secret choices made,
    states read back halfway through a decision, second choices refused)."""
    sliced, filtered = engine.new_game(players), engine.new_game(players)
    secret = read_back = refused = 0
    _same(sliced, filtered)
    while not sliced.is_terminal():
        action = _pick(sliced, rng)
        waiting = sliced.simultaneous_seats()
        sliced.apply(action)
        with rows_filtered():
            filtered.apply(str(action))
        _same(sliced, filtered)
        if waiting and len(waiting) > 1:
            secret += 1
            with pytest.raises(IllegalAction) as again:  # the seat that has just chosen cannot choose again
                sliced.apply(action)
            with rows_filtered(), pytest.raises(IllegalAction) as also:
                filtered.apply(str(action))
            assert str(again.value) == str(also.value)
            refused += 1
            if rng.random() < 0.3:  # read back: its decision listed again, the chosen rows hidden
                sliced, read_back = engine.from_json(sliced.to_json()), read_back + 1
                _same(sliced, filtered)
    assert sliced.history == filtered.history and sliced.fired == filtered.fired
    assert sliced.outcome() == filtered.outcome() and sliced.returns() == filtered.returns()
    return secret, read_back, refused


@pytest.mark.parametrize("path, players", [
    ("goofspiel", 2), ("goofspiel", 3), (NEWCOMER_GAMES / "oshi-zumo.rules", 2),
    (NEWCOMER_GAMES / "blotto.rules", 2), (NEWCOMER_GAMES / "matrix-rps.rules", 2),
    (NEWCOMER_GAMES / "matrix-mp.rules", 2), (NEWCOMER_GAMES / "first-sealed-auction.rules", 2),
    (REF_GAMES / "bids.rules", 3), (REF_GAMES / "bids.rules", 4)])
def test_secret_choices_play_alike_with_seat_slices(path, players):
    engine = rulespec.load(path)
    met = [play_both(engine, players, random.Random(seed)) for seed in range(8)]
    assert all(sum(column) for column in zip(*met))  # secret choices, read-backs and refusals all met


@pytest.mark.parametrize("players", [2, 3, 4])
def test_two_options_and_a_seat_left_out_play_alike(players, tmp_path):
    path = tmp_path / "raise-or-hold.rules"
    path.write_text(TWO_OPTIONS, encoding="utf-8")
    engine = rulespec.load(str(path))
    met = [play_both(engine, players, random.Random(seed)) for seed in range(20)]
    assert all(sum(column) for column in zip(*met))
    state = engine.new_game(players)
    rows = state._offer().rows
    assert [row[0] for row in rows] == sorted(row[0] for row in rows)  # grouped by seat, in seat order
    assert {row[2] for row in rows} == {0, 1}  # (both options listed)


def test_only_a_simultaneous_listing_is_sliced():
    """A seat's own decision and a chance step are no simultaneous listing: seat_rows answers None."""
    state = rulespec.load("goofspiel").new_game(2)
    assert state.is_chance_node() and state._offer().seat_rows(0) is None
    state.apply(state.chance_outcomes()[0][0])
    assert state._offer().seat_rows(1) == (state._offer().count // 2, state._offer().count)
    assert rulespec.load("tic-tac-toe").new_game().legal_actions(0)  # (filtered: the seat to move)
