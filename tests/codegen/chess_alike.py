"""Chess's engine generated with a lever and without it, a definition of the check test compared square by square,
the two engines played and counted alike, checkmate and stalemate ended alike: shared by the tests of the chess
levers (either statements, rays by board, the lean look-ahead, rays walked in place)."""

import random
from pathlib import Path

from tests.gallery.chess_notation import fen_to_position, perft

from .lockstep import engines_with_and_without, play_in_lock_step

CHESS = Path(__file__).parents[2] / "rulebooks" / "chess.rules"
POSITIONS = {  # FEN, perft(2) (benchmarks/perft.py)
    "start": ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 400),
    "kiwipete": ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 2_039),
    "position 3": ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 191),
    "position 4": ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 264),
}


def function_of(source: str, name: str) -> str:
    """The generated function ``name``'s source."""
    return source.split(f"def {name}(", 1)[1].split("\ndef ", 1)[0]


def assert_chess_alike(swaps: tuple, tag: str, definition: str) -> None:
    """With the lever and without it (``swaps``), ``definition`` (of a seat and a square) answers the same for
    both seats on every square of each position, which counts the same perft(2); seeded games play alike."""
    _, _, fast, slow = engines_with_and_without(CHESS, swaps, tag)
    answer, slow_answer = (e._steps["turn"].choices.__globals__[f"define_{definition}"] for e in (fast, slow))
    for name, (fen, count) in POSITIONS.items():
        fast_state, slow_state = fast.position(fen_to_position(fen)), slow.position(fen_to_position(fen))
        answered = [answer(fast_state, p, s) for p in (0, 1) for s in range(64)]
        assert answered == [slow_answer(slow_state, p, s) for p in (0, 1) for s in range(64)], name
        assert 0 < sum(answered) < 128, name
        assert perft(fast_state, 2) == perft(slow_state, 2) == count, name
    for seed in range(3):
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed),
                          also=(lambda st: st.to_json(),))


def assert_mates_alike(fast, slow) -> None:
    """A checkmate and a stalemate, each one move away, end both engines alike: the same moves offered, the same
    end, no move left, the same returns."""
    for fen, move, end, returns in (
            ("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq g3 0 2", "queen 8 4 to 4 8", "checkmate", [-1, 1]),
            ("7k/8/6K1/8/8/8/8/5Q2 w - - 0 1", "queen 1 6 to 7 6", "stalemate", [0, 0])):
        fast_state, slow_state = fast.position(fen_to_position(fen)), slow.position(fen_to_position(fen))
        assert fast_state.legal_actions() == slow_state.legal_actions()
        for state in (fast_state, slow_state):
            state.apply(next(action for action in state.legal_actions() if action.text == move))
            assert state.is_terminal() and state.legal_actions() == [] and state._over["end"] == end
            assert list(state.returns()) == returns
