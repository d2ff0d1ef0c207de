"""A lean look-ahead (codegen/lean_look_ahead.py, runtime/imagining.py _imagine_lean): one whose statements leave
no `then` for carry_through, fire no trigger and walk no loop keeps only what they and its condition can write.
Chess's moves look ahead leanly; the engine plays the same games as the one generated with the plain save (each
step's choices, observations, clones and JSON read back, history, returns), counts the same perft, and leaves
every state as it found it. A look-ahead that fires a trigger, walks a loop or runs a `then` through
carry_through (Go, backgammon, chess's promotion) keeps the plain or whole save."""

import random
from pathlib import Path

from rulespec.codegen import lean_look_ahead, python as codegen
from rulespec.pipeline import compile_rules
from tests.gallery.chess_notation import fen_to_position, perft

from .chess_alike import assert_mates_alike
from .lockstep import engines_with_and_without, play_in_lock_step

ROOT = Path(__file__).parents[2]
CHESS = ROOT / "rulebooks" / "chess.rules"
NOT_LEAN = (lean_look_ahead.LeanLookAhead, "lean_look_ahead", lambda self, step, option, after: False)
POSITIONS = {  # FEN, perft(3) (benchmarks/perft.py)
    "start": ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 8_902),
    "kiwipete": ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 97_862),
    "position 4": ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 9_467),
}


def _function(source: str, name: str) -> str:
    return source.split(f"def {name}(", 1)[1].split("\ndef ", 1)[0]


def test_chess_moves_and_promotion_look_ahead_leanly():
    source, source_without, _, _ = engines_with_and_without(CHESS, (NOT_LEAN,), "lean_source")
    slide, slide_without = _function(source, "after_turn__slide"), _function(source_without, "after_turn__slide")
    assert "st._imagine_lean(v_player, 'turn', ())" in slide and "st._unimagine_lean(kept)" in slide
    assert "carry_through" not in slide
    assert "st._imagine_plain(v_player, 'turn', ())" in slide_without and "carry_through(st, cause)" in slide_without
    # promotion's two `then`s (land, crown) are a closing run that runs at once (test_closing_thens.py): lean too
    assert "_imagine_lean" in _function(source, "after_turn__promote")
    assert "carry_through(st, cause)" not in _function(source, "after_turn__promote")
    assert source.count("carry_through(st, cause)") < source_without.count("carry_through(st, cause)")


def test_a_trigger_a_loop_or_a_whole_save_is_not_lean():
    for path in (ROOT / "rulebooks" / "go.rules", ROOT / "rulebooks" / "backgammon.rules"):
        source = codegen.generate(compile_rules(path), path.name)
        assert "_imagine_" in source and "_imagine_lean" not in source, path.name


def test_chess_plays_and_counts_alike_and_each_listing_leaves_the_state_as_it_was():
    _, _, fast, slow = engines_with_and_without(CHESS, (NOT_LEAN,), "lean_games")
    for name, (fen, count) in POSITIONS.items():
        position = fen_to_position(fen)
        fast_state, slow_state = fast.position(position), slow.position(position)
        before = fast_state.to_json()
        assert fast_state.legal_actions() == slow_state.legal_actions()
        assert fast_state.to_json() == before, name
        assert perft(fast_state, 3) == perft(slow_state, 3) == count, name
    for seed in range(3):
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed),
                          also=(lambda st: st.to_json(), lambda st: st.clone().legal_actions(),
                                lambda st: st._engine.from_json(st.to_json()).legal_actions()))
    kiwipete = fen_to_position(POSITIONS["kiwipete"][0])
    play_in_lock_step(fast.position(kiwipete), slow.position(kiwipete), 2, random.Random(7))


def test_checkmate_and_stalemate_alike():
    _, _, fast, slow = engines_with_and_without(CHESS, (NOT_LEAN,), "lean_ends")
    assert_mates_alike(fast, slow)
