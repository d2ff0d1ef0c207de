"""A definition `count(x in D where count(y in W where C) > 0) > 0`, W a walk (a ray, jumps, directions: no
board, zone or placements), is written as a loop inside a loop returning at the first (x, y) found
(codegen/declarations.py first_found_loop), not any() over a generator made for each x. Chess's attack along
a line plays the same games as the engine generated without it, and answers alike from every square."""

import random
from pathlib import Path

from rulespec.codegen import declarations, python as codegen
from rulespec.codegen.found_loops import FoundLoops
from rulespec.pipeline import compile_rules, load_module_from_source
from tests.gallery.chess_notation import fen_to_position

from .lockstep import play_in_lock_step

ROOT = Path(__file__).parents[2]
CHESS = ROOT / "rulebooks" / "chess.rules"
KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


def _modules(monkeypatch, name: str):
    model = compile_rules(CHESS)
    fast_source = codegen.generate(model, CHESS.name)
    with monkeypatch.context() as patch:
        patch.setattr(declarations.Declarations, "inner_exists", staticmethod(lambda e: None))
        slow_source = codegen.generate(model, CHESS.name)
    return (model, fast_source, slow_source, load_module_from_source(fast_source, f"nested_{name}"),
            load_module_from_source(slow_source, f"generators_{name}"))


def test_the_attack_along_a_line_is_two_loops(monkeypatch):
    monkeypatch.setattr(FoundLoops, "FOUND_BY_LOOPS", False)  # (its `there is` as any(): found_loops.py aside)
    _, fast_source, slow_source, _, _ = _modules(monkeypatch, "source")
    along = fast_source.split("def define_along_a_line(", 1)[1].split("\ndef ", 1)[0]
    assert "any(" not in along
    assert ("    for v_d in (0, 1, 2, 3, 4, 5, 6, 7):\n        for v_t in rays_0[v_d][v_s]:  # walked to the "
            "first occupied space\n            if st._boards[0][v_t] >= 0:\n                if ((st._boards[0][v_t] >= 0") in along
    assert along.rstrip().endswith("return True\n                break\n    return False")
    slow_along = slow_source.split("def define_along_a_line(", 1)[1].split("\ndef ", 1)[0]
    assert "if any(" in slow_along
    # the only difference between the two engines (the fast one walks the ray in place: ray_stop not imported)
    assert fast_source.replace(along, "") == slow_source.replace(slow_along, "").replace(", ray_stop\n", "\n")


def test_chess_plays_the_same_games_and_attacks_alike(monkeypatch):
    model, _, _, fast_module, slow_module = _modules(monkeypatch, "games")
    fast, slow = fast_module.GAME(None), slow_module.GAME(None)
    fast.model = slow.model = model
    for seed in range(2):
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed))
    kiwipete = fen_to_position(KIWIPETE)
    st = fast.position(kiwipete)
    attacked = [(p, s, fast_module.define_along_a_line(st, p, s)) for p in (0, 1) for s in range(64)]
    assert attacked == [(p, s, slow_module.define_along_a_line(st, p, s)) for p in (0, 1) for s in range(64)]
    assert 20 < sum(found for _, _, found in attacked) < 108  # (some squares attacked along a line, not all)
    play_in_lock_step(fast.position(kiwipete), slow.position(kiwipete), 2, random.Random(3))
