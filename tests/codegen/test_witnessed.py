"""A `connected` answered by its last path while that path's spaces hold what they held (#40,
rulespec/runtime/witnessed.py, rulespec/model/reads.py connected_witnessed): Quoridor's newcomer file asks, for
every wall a player could put up, whether each pawn still has a way to its goal row, a `connected` from the
space the pawn stands on (its start reads the board, so what it reached is not kept: State._connected_kept).
In lock step with the engine generated without it, and each answer equal to the flood fill's."""

import random
from pathlib import Path

import rulespec
from rulespec.model import ir, reads
from rulespec.model import uncut_ahead as uncut_ahead_module
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
    """At every call, the kept paths' answer (when one is whole) and a fresh search agree with State._connected;
    asked by holds_uncut, a path answers only where one misses the spaces the option would place on."""
    calls, held = [], []
    answer = witnessed.connected_witnessed

    def checked(st, board, key, passes, start, goal, starts=None):
        found = answer(st, board, key, passes, start, goal, starts)
        cells, uncut = st._t.cells_in_use[board], st._t.uncut
        if uncut is None:
            assert found == st._connected(board, cells, passes, start, goal)
        elif found:  # (asked by holds_uncut: true only where a path misses the spaces a wall would take)
            assert st._connected(board, cells, lambda c: c not in uncut[1] and passes(c), start, goal)
            held.append(uncut[2] is not None)
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
    assert len(calls) > 100 and any(held)  # (a refused wall is the examples': tests/newcomer/test_lockstep.py runs them)


def uncut_engines(path: Path = QUORIDOR):
    return engines_with_and_without(path, ((uncut_ahead_module, "uncut_ahead", lambda option, condition, model: None),),
                                    "uncut")


def test_the_look_ahead_is_decided_by_the_paths_kept():
    """Quoridor's walls: each placed on three spaces worked out from the post by geometry, a counter set, and
    C = `there is no p in players where not way_out(p)` asks each witnessed `connected` positively."""
    source, without, _, _ = uncut_engines()
    assert source.count("if holds_uncut(st, 0, (st._t.toward[0][6][v_s], v_s, st._t.toward[0][2][v_s], ), "
                        "lambda: define_everyone_has_a_way(st), listing, 'turn__horizontal'):") == 1
    assert source.count("if holds_uncut(st, 0, ") == 2 and "holds_uncut" not in without
    # (a listing's candidates share one dict: C asked once a listing with nothing cut)
    assert "after_turn__horizontal(st, v_player, v_s, (_n0 if _n0 is not None else (_n0 := {})))" in source
    assert "after_turn__horizontal(st, v_player, v_s)" in source  # (a refusal explained: no listing's dict)
    model = rulespec.compile_rules(QUORIDOR)
    turn = next(s for s in model.steps if s.name == "turn")
    afters = {o.name: next(c for c in o.conditions if isinstance(c, ir.AfterIt)) for o in turn.options
              if any(isinstance(c, ir.AfterIt) for c in o.conditions)}
    assert sorted(afters) == ["horizontal", "vertical"]
    found = uncut_ahead_module.uncut_ahead(next(o for o in turn.options if o.name == "horizontal"),
                                           afters["horizontal"].condition, model)
    assert [s.text for s in found.spaces] == ["neighbour of s towards west", "s", "neighbour of s towards east"]


def test_uncut_games_agree_with_the_options_carried_out():
    _, _, fast, slow = uncut_engines()
    for seed in range(3):
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed))


def test_a_condition_asking_a_connected_negatively_is_left_alone(tmp_path):
    """`only if not way_out(...) after it` (a wall that must shut a pawn in) may not be decided by a kept path:
    the option is carried out for every candidate, as written."""
    text = QUORIDOR.read_text().replace("only if everyone_has_a_way after it", "only if not everyone_has_a_way after it")
    path = tmp_path / "quoridor-shut.rules"
    path.write_text(text)
    source, _, _, _ = uncut_engines(path)
    assert "holds_uncut" not in source and "connected_witnessed(st" in source


def test_a_pawn_that_stepped_on_its_path_follows_the_path_kept():
    """A search starts from the pawn and stops at the first space from which a kept path still leads to the goal
    row (runtime/witnessed.py _kept_ends): a pawn one step along its path is joined to the rest of it."""
    source, _, _, _ = engines()
    module = load_module_from_source(source, "witnessed_follows")
    game = module.GAME(None)
    game.model = rulespec.compile_rules(QUORIDOR)
    state = game.new_game(2)
    witnesses = state._t.witnesses
    witnesses.clear()
    assert module.define_way_out(state, 0)
    first = witnesses[(0, 0)]
    kept = first[0][3]  # (player 1's path, goal row first, ending where the pawn stands)
    assert len(kept) == 17 and state._boards[0][kept[-1]] >= 0  # (straight up: 9 squares, 8 places between)
    state.apply("player 1: step north")
    witnesses[(0, 0)] = first  # (only that path: the listing that followed the step found more)
    assert module.define_way_out(state, 0)
    assert witnesses[(0, 0)][0][3] == kept[:-2]
