"""`only if C after it` carries the option out on the state itself and undoes every write after reading C
(rulespec/runtime/imagining.py). Over seeded games of chess, Go, Cornered and backgammon, every look-ahead (the
full save, the plain one, model/look_ahead_writes.py, or the lean one, codegen/lean_look_ahead.py) is checked:
each slot of the state is the same object as before it, holding the same contents."""

from __future__ import annotations

import copy
import random
from pathlib import Path

import pytest

import rulespec
from rulespec.runtime.imagining import Imagining
from rulespec.runtime.state import State

ROOT = Path(__file__).resolve().parents[2]
CORNERED = ROOT / "rulespec" / "docs" / "ref_games" / "cornered.rules"
# Compared by identity alone: the engine and its tables, a Pending, the origin state.
_BY_IDENTITY = frozenset(("_engine", "_t", "_pending", "_origin"))


def snapshot(state: State) -> dict:
    """Every slot: the object it holds and (but for _BY_IDENTITY) a deep copy of its contents."""
    return {name: (id(value := getattr(state, name)), None if name in _BY_IDENTITY else copy.deepcopy(value))
            for name in State.__slots__}


@pytest.fixture
def checked_look_aheads(monkeypatch):
    """Wraps the look-ahead: the state after _unimagine must be as it was at _imagine. Yields the count."""
    before: list = []
    checked = [0]

    def checking(imagine, unimagine):
        def checking_imagine(self, *args):
            before.append(snapshot(self))
            return imagine(self, *args)

        def checking_unimagine(self, kept):
            unimagine(self, kept)
            assert snapshot(self) == before.pop()
            checked[0] += 1
        return checking_imagine, checking_unimagine

    # (the full save, the plain one that keeps only what the option's statements can write, and the lean one
    # that keeps only what they and the condition can write and runs nothing after: codegen/lean_look_ahead.py)
    for start, undo in (("_imagine", "_unimagine"), ("_imagine_plain", "_unimagine_plain"),
                        ("_imagine_lean", "_unimagine_lean")):
        checking_imagine, checking_unimagine = checking(getattr(Imagining, start), getattr(Imagining, undo))
        monkeypatch.setattr(Imagining, start, checking_imagine)
        monkeypatch.setattr(Imagining, undo, checking_unimagine)
    yield checked


def play(game, seed: int, moves: int, players: int = 2) -> None:
    rng = random.Random(seed)
    state = game.new_game(players)
    for _ in range(moves):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("name, seeds, moves, least", [
    ("chess", (1,), 70, 1_000),
    ("go", (2, 3, 4, 5), 160, 500),  # (a whole game each: most candidates are decided without a look-ahead)
    (str(CORNERED), (1, 2, 3, 4, 5, 6), 40, 300),
    ("backgammon", (1,), 40, 300),  # (the pair's look-ahead inside the first move's: ahead_ functions)
])
def test_every_look_ahead_leaves_the_state_as_it_was(checked_look_aheads, name, seeds, moves, least):
    game = rulespec.load(name)
    for seed in seeds:
        play(game, seed, moves)
    assert checked_look_aheads[0] >= least


def test_a_look_ahead_that_fails_half_way_is_undone_too():
    """A rule error inside the option's statements (here: after the move, before C is read) still leaves the
    state as it was: the generated after_ function undoes in a `finally`."""
    game = rulespec.load(CORNERED)
    state = game.new_game(2)
    state.apply("player 1: rook 2 2 to 2 4")
    before = snapshot(state)
    module = type(game).STEPS["setup"].run.__globals__  # (the generated engine's functions)
    after_king, in_check = module["after_turn__king"], module["define_in_check"]

    def failing(st, p):
        raise rulespec.RuleRuntimeError("failing on purpose")

    module["define_in_check"] = failing
    try:
        with pytest.raises(rulespec.RuleRuntimeError):
            after_king(state, 1, 15, 10)  # black's king 4 4 to 3 3, then the condition fails
    finally:
        module["define_in_check"] = in_check
    assert snapshot(state) == before
    assert {a.text for a in state.legal_actions()} == {"king 4 4 to 3 3", "king 4 4 to 4 3"}
