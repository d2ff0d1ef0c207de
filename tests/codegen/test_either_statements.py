"""A definition `A or ... or L` one of whose tests asks whether some x of a walk passes is written as statements
(codegen/guards.py either_value, declarations.py either_statements): each test in order returning True when it
holds, that one a loop returning at the first x, not any() over a generator made at each call. Chess's `attacks`
(the knight's leaps between the lines and the squares next door) and the newcomer's phantom tic-tac-toe's
`three_in_a_row` (rows and columns over ranges, then the diagonals' counts) answer, play and count the same as
the engines generated with the expression."""

import random
from pathlib import Path

from rulespec.codegen import guards
from tests.gallery.chess_notation import fen_to_position, perft

from .lockstep import engines_with_and_without, play_in_lock_step

ROOT = Path(__file__).parents[2]
CHESS = ROOT / "rulebooks" / "chess.rules"
PHANTOM = ROOT / "tests" / "newcomer" / "games" / "phantom-ttt.rules"
AS_AN_EXPRESSION = (guards.Guards, "either_value", lambda self, value: None)
POSITIONS = {  # FEN, perft(2) (benchmarks/perft.py)
    "start": ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 400),
    "kiwipete": ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 2_039),
    "position 3": ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 191),
    "position 4": ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 264),
}


def _function(source: str, name: str) -> str:
    return source.split(f"def {name}(", 1)[1].split("\ndef ", 1)[0]


def test_chess_attacks_is_written_as_statements():
    source, source_without, _, _ = engines_with_and_without(CHESS, (AS_AN_EXPRESSION,), "either_source")
    attacks, attacks_without = _function(source, "define_attacks"), _function(source_without, "define_attacks")
    assert "any(" not in attacks and "any(" in attacks_without
    assert "    if define_along_a_line(st, v_p, v_s):  # along_a_line(p, s)\n        return True\n" in attacks
    assert "    for v_t in st._t.jump_targets[0]['knight'][v_s]:\n" in attacks
    assert attacks.rstrip().endswith("return define_next_door(st, v_p, v_s)  # next_door(p, s)")
    assert source.replace(attacks, "") == source_without.replace(attacks_without, "")


def test_chess_attacks_alike_from_every_square_and_plays_and_counts_alike():
    _, _, fast, slow = engines_with_and_without(CHESS, (AS_AN_EXPRESSION,), "either_games")
    attacks, slow_attacks = (e._steps["turn"].choices.__globals__["define_attacks"] for e in (fast, slow))
    for name, (fen, count) in POSITIONS.items():
        fast_state, slow_state = fast.position(fen_to_position(fen)), slow.position(fen_to_position(fen))
        attacked = [attacks(fast_state, p, s) for p in (0, 1) for s in range(64)]
        assert attacked == [slow_attacks(slow_state, p, s) for p in (0, 1) for s in range(64)], name
        assert 0 < sum(attacked) < 128, name
        assert perft(fast_state, 2) == perft(slow_state, 2) == count, name
    for seed in range(3):
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed),
                          also=(lambda st: st.to_json(),))


def test_phantom_tic_tac_toe_plays_alike():
    source, source_without, fast, slow = engines_with_and_without(PHANTOM, (AS_AN_EXPRESSION,), "either_phantom")
    assert source != source_without
    for seed in range(40):
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed))
