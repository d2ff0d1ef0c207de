"""``python benchmarks/perft.py [DEPTH]``: perft of rulebooks/chess.rules from the start and the standard test
positions (https://www.chessprogramming.org/Perft_Results), with the CPU time of each; figures only (the suite,
tests/gallery/test_chess.py, goes to depth 3 at most)."""

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import rulespec  # noqa: E402
from tests.gallery.chess_notation import fen_to_position, perft  # noqa: E402

POSITIONS = {  # FEN, then the published counts by depth
    "start": ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", [20, 400, 8_902, 197_281, 4_865_609]),
    "kiwipete": ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                 [48, 2_039, 97_862, 4_085_603]),
    "position 3": ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", [14, 191, 2_812, 43_238, 674_624]),
    "position 4": ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", [6, 264, 9_467, 422_333]),
    "position 5": ("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", [44, 1_486, 62_379, 2_103_487]),
}


def main() -> None:
    deepest = int(sys.argv[1]) if len(sys.argv) > 1 else 4
    only = sys.argv[2:]
    game = rulespec.load("chess")
    for name, (fen, counts) in POSITIONS.items():
        if only and name not in only:
            continue
        state = game.position(fen_to_position(fen))
        for depth in range(1, min(deepest, len(counts)) + 1):
            start = time.process_time()
            found = perft(state, depth)
            seconds = time.process_time() - start
            verdict = "ok" if found == counts[depth - 1] else f"WRONG (published {counts[depth - 1]:,})"
            print(f"{name:>10} perft({depth}) = {found:>10,}  {seconds:8.2f} s CPU  {verdict}", flush=True)


if __name__ == "__main__":
    main()
