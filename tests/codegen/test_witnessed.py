"""A `connected` answered by its last path while that path's spaces hold what they held (#40,
rulespec/runtime/witnessed.py, rulespec/model/reads.py connected_witnessed): Quoridor's newcomer file asks, for
every wall a player could put up, whether each pawn still has a way to its goal row, a `connected` from the
space the pawn stands on (its start reads the board, so what it reached is not kept: State._connected_kept).
In lock step with the engine generated without it, and each answer equal to the flood fill's."""

import random
from pathlib import Path

import rulespec
from rulespec.model import reads
from rulespec.pipeline import load_module_from_source
from rulespec.runtime import witnessed

from .lockstep import engines_with_and_without, play_in_lock_step, sampled_action

ROOT = Path(__file__).parents[2]
QUORIDOR = ROOT / "tests/newcomer/games/quoridor.rules"


def engines(path: Path = QUORIDOR):
    return engines_with_and_without(path, ((reads, "connected_witnessed", lambda e, model: None),), "witnessed")


def test_the_lever_fires_on_a_connected_from_a_pawn():
    source, without, _, _ = engines()
    assert "connected_witnessed(st, 0, (0, v_p, )" in source and "connected_witnessed" not in without
    assert "lambda: spaces_held(st._loc, ITEMS_PASSING_" in source  # (the start's pawn: where it stands)
    model = rulespec.compile_rules(QUORIDOR)
    way_out = next(d for d in model.definitions if d.name == "way_out")
    assert [v.name for v in reads.connected_witnessed(way_out.value, model)] == ["p"]
    assert reads.connected_kept(way_out.value, model) is None  # (its start reads the board)


def test_games_agree_with_the_flood_fill():
    _, _, fast, slow = engines()
    for seed in range(3):
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed))


def test_every_answer_is_the_flood_fill_s(monkeypatch):
    """At every call, the kept paths' answer (when one is whole) and a fresh search agree with State._connected."""
    calls = []
    answer = witnessed.connected_witnessed

    def checked(st, board, key, passes, start, goal, starts=None):
        found = answer(st, board, key, passes, start, goal, starts)
        assert found == st._connected(board, st._t.cells_in_use[board], passes, start, goal)
        calls.append(found)
        return found

    source, _, fast, _ = engines()
    module = load_module_from_source(source, "witnessed_checked")
    monkeypatch.setattr(module, "connected_witnessed", checked)  # (the generated module's own name for it)
    fast = module.GAME(None)
    fast.model = rulespec.compile_rules(QUORIDOR)
    rng = random.Random(5)
    state = fast.new_game(2)
    for _ in range(40):
        if state.is_terminal():
            break
        state.apply(sampled_action(state, rng))
    assert len(calls) > 1000  # (a refused wall is the examples': tests/newcomer/test_lockstep.py runs them)
