"""Chess positions and moves as chess players write them, for rulebooks/chess.rules.

FEN (Forsyth-Edwards Notation) becomes the position text `game.position` reads (docs/positions.md): the board
as one diagram line, rank 8 first as in FEN (the rule file numbers its ranks from the bottom of the map up, so
rank 8 is the map's first row), the castling rights, the
en passant file and the count of quiet moves as the file's counters. An action's text becomes the move in the
long algebraic notation OpenSpiel's chess reads and writes ("e2e4", "e7e8n", castling as "e1g1"). And perft,
the count of the positions a depth of moves reaches (the suite's, the lock-step tests' and benchmarks/perft.py's).
"""

from __future__ import annotations

import re

KINDS = {"k": "king", "q": "queen", "r": "rook", "b": "bishop", "n": "knight", "p": "pawn"}
KEY = ", ".join(f"{letter.upper()} = white {kind}, {letter} = black {kind}" for letter, kind in KINDS.items())
FILES = "abcdefgh"


def fen_to_position(fen: str) -> str:
    """The position text of a FEN record (its move number is not read: the turn number does not matter)."""
    placement, to_move, castling, en_passant, quiet = (fen.split() + ["0"])[:5]
    ranks = []
    for row in placement.split("/"):  # FEN gives rank 8 first, as the map does
        ranks.append(re.sub(r"\d", lambda m: "." * int(m.group()), row))
    passing = 0
    if en_passant != "-":
        passing = FILES.index(en_passant[0]) + 1
    return "\n".join([
        f"grid: {'/'.join(ranks)} ({KEY})",
        f"counter kingside: {int('K' in castling)}, {int('k' in castling)}",
        f"counter queenside: {int('Q' in castling)}, {int('q' in castling)}",
        f"counter en_passant: {passing}",
        f"counter quiet_moves: {quiet}",
        f"turn 1 of player {1 if to_move == 'w' else 2}",
    ])


SQUARE_PAIR = re.compile(r"(\d) (\d) (?:to|takes) (\d) (\d)")


def square(rank: str, file: str) -> str:
    return f"{FILES[int(file) - 1]}{rank}"


def to_lan(text: str, seat: int) -> str:
    """The long algebraic notation of one of our actions' texts ("pawn 2 5 to 4 5" is e2e4)."""
    if text.startswith("castle"):
        rank = "1" if seat == 0 else "8"
        return f"e{rank}{'g' if text.endswith('kingside') else 'c'}{rank}"
    r1, f1, r2, f2 = SQUARE_PAIR.search(text).groups()
    promotion = re.search(r", a (queen|rook|bishop|knight)$", text)
    suffix = {"queen": "q", "rook": "r", "bishop": "b", "knight": "n"}[promotion.group(1)] if promotion else ""
    return square(r1, f1) + square(r2, f2) + suffix


def perft(state, depth: int) -> int:
    """The leaves ``depth`` moves below ``state`` (the last ply counted, not made)."""
    actions = state.legal_actions()
    if depth == 1:
        return len(actions)
    total = 0
    for action in actions:
        child = state.clone()
        child.apply(action)
        total += perft(child, depth - 1)
    return total
