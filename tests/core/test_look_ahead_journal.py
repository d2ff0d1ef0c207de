"""In a look-ahead, State._shift and State._lift journal only what a look-ahead may read (runtime/shifting.py,
lifting.py): no space's cause written or journalled, the mask only where a board keeps one, a piece lifted into a
zone put back by taking it out again. Every listing leaves the state as it was, causes and zones included (its
JSON unchanged); chess lists, plays and counts the same as with the primitives the two stand for
(`_place(b, _occupant(b, s), t)` and `_move(_occupant(b, s), Z)`, which journal everything)."""

import random

import pytest

import rulespec
from rulespec.runtime.lifting import Lifting
from rulespec.runtime.shifting import Shifting
from tests.gallery.chess_notation import fen_to_position, perft

POSITIONS = {  # FEN, perft(2) (benchmarks/perft.py)
    "start": ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 400),
    "kiwipete": ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 2_039),
    "position 4": ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 264),
}


def _as_they_stand_for(patch: pytest.MonkeyPatch) -> None:
    patch.setattr(Shifting, "_shift", lambda st, board, source, target, cause:
                  st._place(board, st._occupant(board, source), target, cause))
    patch.setattr(Lifting, "_lift", lambda st, board, source, zone, cause:
                  st._move(st._occupant(board, source), zone, cause))


def _seen(game, seed: int) -> list:
    """A seeded game's steps: each position's JSON, its legal actions and the JSON after listing them."""
    rng, state, seen = random.Random(seed), game.new_game(2), []
    while not state.is_terminal() and len(seen) < 120:
        before = state.to_json()
        actions = state.legal_actions()
        seen.append((before, [a.text for a in actions], state.to_json()))
        state.apply(actions[rng.randrange(len(actions))])
    return seen


def test_chess_lists_plays_and_counts_alike_and_each_listing_leaves_the_state_as_it_was():
    game = rulespec.load("chess")
    games = [_seen(game, seed) for seed in range(3)]
    counts = {name: perft(game.position(fen_to_position(fen)), 2) for name, (fen, _) in POSITIONS.items()}
    for steps in games:
        assert all(before == after for before, _, after in steps)
        assert any("takes" in text for _, texts, _ in steps for text in texts)  # (capture look-aheads: _lift)
    assert counts == {name: count for name, (_, count) in POSITIONS.items()}
    with pytest.MonkeyPatch.context() as patch:
        _as_they_stand_for(patch)
        assert [_seen(game, seed) for seed in range(3)] == games
        assert {name: perft(game.position(fen_to_position(fen)), 2) for name, (fen, _) in POSITIONS.items()} == counts


@pytest.mark.parametrize("stacked", [False, True])
def test_a_look_ahead_that_shifts_and_lifts_is_undone_causes_and_zones_included(stacked):
    game = rulespec.load("chess")
    state = game.position(fen_to_position(POSITIONS["kiwipete"][0]))
    for move in ("pawn 5 4 takes 6 5", "pawn 4 2 takes 3 3"):  # (two pieces in `taken`: a third goes among them)
        state.apply(next(a for a in state.legal_actions() if a.text == move))
    taken, tables = state._t.zone_base["taken"], state._t
    stacked_before = tables.stacked
    if stacked:  # (a stacked zone's lift appends: the same undone)
        tables.stacked = frozenset({taken})
    try:
        before, items_before = state.to_json(), list(state._zones[taken])
        kept, cause = state._imagine_plain(0, "turn", ())
        state._lift(0, 20, taken, cause)  # (the pawn on 6 5 taken)
        state._shift(0, 36, 20, cause)    # (and the pawn on 4 5 moved there)
        assert state._boards[0][36] == -1 and len(state._zones[taken]) == 3
        state._unimagine_plain(kept)
        assert state.to_json() == before and state._zones[taken] == items_before
    finally:
        tables.stacked = stacked_before
