"""Chess (rulebooks/chess.rules) plays exactly as OpenSpiel's `chess`.

Perft (the number of move sequences of a given length; https://www.chessprogramming.org/Perft_Results) from
the start and from the standard test positions, read through `game.position` (tests/gallery/chess_notation.py
turns their FEN into a position text); deeper counts are in benchmarks/perft.py. Then seeded random games in
lock step with OpenSpiel through the OpenSpiel adapter: the same action numbers offered (the rule file numbers
its moves as OpenSpiel does, ruling CH-AMB-6), each number the same move (as long algebraic notation), the
same player to move (its player 0 is black, ours white), the same end and returns.
"""

import random

import pytest

import rulespec
from tests.gallery.chess_notation import fen_to_position, perft, to_lan

pyspiel = pytest.importorskip("pyspiel")
import rulespec.openspiel as rso  # noqa: E402  (needs pyspiel)

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
POSITION_3 = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"
POSITION_4 = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"
POSITION_5 = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"


@pytest.mark.parametrize("fen, counts", [
    (START, [20, 400, 8_902]),
    (KIWIPETE, [48, 2_039]),
    (POSITION_3, [14, 191, 2_812]),
    (POSITION_4, [6, 264, 9_467]),
    (POSITION_5, [44, 1_486]),
])
def test_perft(fen, counts):
    game = rulespec.load("chess")
    state = game.new_game(2) if fen == START else game.position(fen_to_position(fen))
    assert [perft(state, depth) for depth in range(1, len(counts) + 1)] == counts


def test_the_start_read_from_its_fen_is_the_set_up():
    game = rulespec.load("chess")
    assert game.position(fen_to_position(START)).legal_actions() == game.new_game(2).legal_actions()


def same(ours, theirs) -> list[int]:
    """Asserts both sides agree now, numbers and moves; returns the legal action numbers."""
    assert ours.is_terminal() == theirs.is_terminal(), str(theirs)
    if theirs.is_terminal():
        assert ours.returns() == pytest.approx(theirs.returns()[::-1]), str(theirs)
        return []
    player = ours.current_player()
    assert player == 1 - theirs.current_player(), str(theirs)  # OpenSpiel's player 0 is black
    actions = ours.legal_actions()
    assert actions == theirs.legal_actions(), str(theirs)
    board = theirs.board()
    moves = [to_lan(ours.action_to_string(player, a), player) for a in actions]
    assert moves == [pyspiel.chess.action_to_move(a, board).to_lan() for a in actions], str(theirs)
    return actions


def shape(number: int) -> str:
    """Which of OpenSpiel's kinds of move number (ruling CH-AMB-6) a number is."""
    if number >= 4672:
        return "castling"
    return "underpromotion" if number % 73 < 9 else "leap" if number % 73 >= 65 else "line"


def test_random_games_agree():
    game, theirs_game = rso.load_game("chess"), pyspiel.load_game("chess")
    assert game.num_distinct_actions() == theirs_game.num_distinct_actions() == 4674
    games, plies, ends, shapes = 60, 0, {}, set()
    for seed in range(games):
        rng = random.Random(seed)
        ours, theirs = game.new_initial_state(), theirs_game.new_initial_state()
        while actions := same(ours, theirs):
            shapes.update((ours.current_player(), shape(a)) for a in actions)
            action = rng.choice(actions)
            ours.apply_action(action)
            theirs.apply_action(action)
            plies += 1
        end = ours.rulespec_state.outcome()["end"]
        ends[end] = ends.get(end, 0) + 1
    print(f"chess: {games} random games, {plies} moves, all agreeing; ends {ends}")
    assert {"checkmate", "too_little_material", "fifty_moves"} <= set(ends)
    # every kind of number was compared, for each side (white's and black's reflected ranks)
    assert shapes == {(p, s) for p in (0, 1) for s in ("castling", "underpromotion", "leap", "line")}
