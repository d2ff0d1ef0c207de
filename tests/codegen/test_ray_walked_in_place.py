"""Inside a first-found loop (codegen/declarations.py first_found_loop: `count(x in D where count(y in ray from
s towards x where C) > 0) > 0`), a ray whose condition needs its space occupied is walked in place to the space it
stops at, C tested there, then the next x (ray_stop_loop), not through ray_stop's call and the one-space tuple it
makes for each x. Chess's attack along a line plays the same games as the engine generated with ray_stop, counts
the same perft, and answers alike for both sides from every square of the standard test positions."""

import random
from pathlib import Path

from rulespec.codegen import declarations, python as codegen
from rulespec.pipeline import compile_rules, load_module_from_source
from tests.gallery.chess_notation import fen_to_position, perft

from .chess_alike import assert_mates_alike
from .lockstep import play_in_lock_step

ROOT = Path(__file__).parents[2]
CHESS = ROOT / "rulebooks" / "chess.rules"
POSITIONS = {  # FEN, perft(3) (benchmarks/perft.py)
    "start": ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 8_902),
    "kiwipete": ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 97_862),
    "position 3": ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 2_812),
    "position 4": ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 9_467),
}


def _along_a_line(source: str) -> str:
    return source.split("def define_along_a_line(", 1)[1].split("\ndef ", 1)[0]


def _engines(monkeypatch, name: str):
    model = compile_rules(CHESS)
    fast_source = codegen.generate(model, CHESS.name)
    with monkeypatch.context() as patch:
        patch.setattr(declarations.Declarations, "ray_walked_in_place", lambda self, inner: False)
        slow_source = codegen.generate(model, CHESS.name)
    fast_module = load_module_from_source(fast_source, f"chess_ray_in_place_{name}")
    slow_module = load_module_from_source(slow_source, f"chess_ray_stop_{name}")
    fast, slow = fast_module.GAME(None), slow_module.GAME(None)
    fast.model = slow.model = model
    return fast_source, slow_source, fast_module, slow_module, fast, slow


def test_the_ray_is_walked_in_place_and_nothing_else_changes(monkeypatch):
    fast_source, slow_source, _, _, _, _ = _engines(monkeypatch, "source")
    along, slow_along = _along_a_line(fast_source), _along_a_line(slow_source)
    assert "ray_stop" not in fast_source
    assert ("        for v_t in rays_0[v_d][v_s]:  # walked to the first occupied space\n"
            "            if st._boards[0][v_t] >= 0:\n") in along
    assert "                break\n    return False" in along
    assert "for v_t in ray_stop(st, 0, v_s, v_d):" in slow_along
    assert fast_source.replace(along, "") == slow_source.replace(slow_along, "").replace(", ray_stop\n", "\n")


def test_chess_attacks_alike_counts_the_same_perft_and_plays_the_same_games(monkeypatch):
    _, _, fast_module, slow_module, fast, slow = _engines(monkeypatch, "games")
    for name, (fen, count) in POSITIONS.items():
        position = fen_to_position(fen)
        fast_state, slow_state = fast.position(position), slow.position(position)
        attacked = [fast_module.define_along_a_line(fast_state, p, s) for p in (0, 1) for s in range(64)]
        assert attacked == [slow_module.define_along_a_line(slow_state, p, s) for p in (0, 1) for s in range(64)], name
        assert 0 < sum(attacked) < 128, name  # (some squares attacked along a line, not all)
        assert perft(fast_state, 3) == perft(slow_state, 3) == count, name
    for seed in range(3):
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed),
                          also=(lambda st: st.to_json(),))
    kiwipete = fen_to_position(POSITIONS["kiwipete"][0])
    play_in_lock_step(fast.position(kiwipete), slow.position(kiwipete), 2, random.Random(7))


def test_checkmate_and_stalemate_alike(monkeypatch):
    _, _, _, _, fast, slow = _engines(monkeypatch, "ends")
    assert_mates_alike(fast, slow)
