"""Chess's engine generated with a lever and without it, a definition of the check test compared square by square
and the two engines played and counted alike: shared by the tests of the chess levers (either statements, rays by
board)."""

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
