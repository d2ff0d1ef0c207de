"""A turn-start end's `has no legal move` answered by the turn's listing in full, kept for the offer that follows
(codegen/ends.py turn_listing_kept, Engine._turn_listed), played in lock step with chess's engine generated
without it: seeded games, perft(3), checkmate and stalemate, a clone and a state read back from JSON at a
turn's start, and a look-ahead (chess's every move is one); and the other bundled files that ask it."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from rulespec.codegen import ends
from rulespec.codegen.python import generate
from rulespec.pipeline import compile_rules, load_module_from_source
from tests.gallery.chess_notation import fen_to_position, perft

ROOT = Path(__file__).resolve().parents[2]
CHESS = ROOT / "rulebooks" / "chess.rules"


def engine_of(kept: bool, name: str, path: Path = CHESS):
    model = compile_rules(path)
    original = ends.Ends.turn_listing_kept
    try:
        if not kept:
            ends.Ends.turn_listing_kept = lambda self, e: False
        source = generate(model, path)
    finally:
        ends.Ends.turn_listing_kept = original
    assert ("st._engine._turn_listed(st)" in source) is kept
    engine = load_module_from_source(source, name).GAME(None)
    engine.model = model
    return engine


@pytest.fixture(scope="module")
def engines():
    return engine_of(True, "chess_listing_kept"), engine_of(False, "chess_listing_searched")


def same(a, b) -> None:
    assert [str(x) for x in a.legal_actions()] == [str(x) for x in b.legal_actions()]
    assert a.is_terminal() == b.is_terminal()
    assert a.history == b.history
    assert a.to_json() == b.to_json()
    if a.is_terminal():
        assert a.returns() == b.returns()


@pytest.mark.parametrize("seed", range(4))
def test_seeded_games_in_lock_step(engines, seed):
    kept, searched = engines
    a, b = kept.new_game(), searched.new_game()
    rng = random.Random(seed)
    for _ in range(120):
        same(a, b)
        if a.is_terminal():
            break
        index = rng.randrange(len(a.legal_actions()))
        a.apply(a.legal_actions()[index])
        b.apply(b.legal_actions()[index])
        if rng.random() < 0.2:  # a clone at a turn's start, and a state read back from JSON
            a, b = a.clone(), b.clone()
        if rng.random() < 0.2:
            a, b = kept.from_json(a.to_json()), searched.from_json(b.to_json())
    same(a, b)


@pytest.mark.parametrize("rules", ["checkers.rules", "oware.rules", "nine-mens-morris.rules"])
def test_other_games_asking_it_in_lock_step(rules):
    """The other bundled files whose turn-start ends ask it (the turn's only end that asks: no memo)."""
    name = rules.split(".")[0].replace("-", "_")
    kept = engine_of(True, f"{name}_listing_kept", ROOT / "rulebooks" / rules)
    searched = engine_of(False, f"{name}_listing_searched", ROOT / "rulebooks" / rules)
    for seed in range(3):
        a, b = kept.new_game(), searched.new_game()
        rng = random.Random(seed)
        while not a.is_terminal():
            same(a, b)
            index = rng.randrange(len(a.legal_actions()))
            a.apply(a.legal_actions()[index])
            b.apply(b.legal_actions()[index])
            if rng.random() < 0.1:
                a, b = kept.from_json(a.to_json()), searched.from_json(b.to_json())
        same(a, b)


def test_perft_3(engines):
    kept, searched = engines
    assert perft(kept.new_game(), 3) == perft(searched.new_game(), 3) == 8_902


@pytest.mark.parametrize("fen, move, result", [
    ("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq g3 0 2", "queen 8 4 to 4 8", "checkmate"),
    ("7k/8/6K1/8/8/8/8/5Q2 w - - 0 1", "queen 1 6 to 7 6", "stalemate"),
])
def test_checkmate_and_stalemate(engines, fen, move, result):
    kept, searched = engines
    a, b = kept.position(fen_to_position(fen)), searched.position(fen_to_position(fen))
    same(a, b)
    for state in (a, b):
        state.apply(next(x for x in state.legal_actions() if x.text == move))
    same(a, b)
    assert a.is_terminal() and a.legal_actions() == []
    assert a._over["end"] == result
