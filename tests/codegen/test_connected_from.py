"""`connected(t in B where C from t = s to G)`: a start that fixes its spaces (model/narrowing.py) makes the
flood fill start there (State._connected_from) instead of testing the start on every space of the board,
and every fill stops at the first space where the goal holds (Go's liberty test, issue #40). Both must
answer exactly as the plain flood fill over the whole board did: Go is played in lock step with an engine
generated without the narrowing, its liberty and area tests read on every point of the board along the way,
and the runtime's two fills are compared on random boards."""

import random
from pathlib import Path

import pytest

import rulespec
from rulespec.codegen.connected import KeptConnected
from rulespec.codegen.python import generate
from rulespec.model import reads
from rulespec.pipeline import compile_rules, load_module_from_source

from .lockstep import play_in_lock_step

GO = Path(__file__).resolve().parents[2] / "rulebooks" / "go.rules"


def every_test(module: dict, state) -> tuple:
    """Go's two `connected` definitions read on every point for both seats (has_liberty on the stones)."""
    cells, board = state._t.cells_in_use[0], state._boards[0]
    return ([module["define_has_liberty"](state, s, p) for s in cells for p in (0, 1) if board[s] >= 0],
            [module["define_reaches"](state, s, p) for s in cells for p in (0, 1)])



def play_alike_asking_every_test(fast, slow, fast_module: dict, slow_module: dict, games: int) -> None:
    """Seeded games of Go on two engines in lock step; then games in which, before every move, both engines'
    `connected` definitions are asked on every point (every_test) and must answer alike."""
    for seed in range(games):
        play_in_lock_step(fast.new_game(players=2), slow.new_game(players=2), 2, random.Random(seed))
        a, b, rng = fast.new_game(players=2), slow.new_game(players=2), random.Random(100 + seed)
        while not a.is_terminal():
            assert every_test(fast_module, a) == every_test(slow_module, b)
            action = rng.choice(a.legal_actions())
            a.apply(action)
            b.apply(str(action))
        assert a.to_json() == b.to_json()

@pytest.mark.parametrize("size", ["5", "7"])
def test_go_answers_as_with_the_fill_over_the_whole_board(monkeypatch, size):
    fast = rulespec.load(GO, options={"board_size": size})
    narrowed = generate(compile_rules(GO), GO)
    # (both read the space only through what it holds: filled on integers, rulespec/runtime/fills.py)
    assert narrowed.count("connected_from_space(st, 0, v_s, FILL_TESTS_") == 2
    assert narrowed.count("lambda v_t: (v_t == v_s)") == 0  # (`from t = s` holds where the fill begins: untested)
    monkeypatch.setattr(KeptConnected, "connected_starts", lambda self, e: None)
    monkeypatch.setattr(KeptConnected, "fill_on_contents", lambda self, e: None)  # (tests/codegen/test_fill_contents.py)
    monkeypatch.setattr(reads, "connected_witnessed", lambda e, model: None)  # (tests/codegen/test_witnessed.py)
    monkeypatch.setattr(KeptConnected, "start_named_once", lambda self, e: None)  # (test_start_named_once.py)
    whole = generate(compile_rules(GO), GO)
    assert "_connected_from" not in whole and whole.count("st._connected(0, st._t.cells_in_use[0], ") == 2
    slow = load_module_from_source(whole, "go_whole_board_fill").GAME({"board_size": size})
    slow.model = fast.model
    fast_module, slow_module = fast.ENDS[0].check.__globals__, slow.ENDS[0].check.__globals__
    assert fast_module is not slow_module
    play_alike_asking_every_test(fast, slow, fast_module, slow_module, games=4)


def reference(neighbours, cells, passes, start, goal) -> bool:
    """The rule as the reference says it: the spaces that pass, joined to a start through neighbours that pass
    (all of them, no stopping early); is one of them a goal?"""
    reached = {c for c in cells if start(c) and passes(c)}
    grew = True
    while grew:
        more = {n for c in reached for n in neighbours[c] if n in cells and passes(n)} - reached
        reached |= more
        grew = bool(more)
    return any(goal(c) for c in reached)


def test_the_fills_answer_as_the_rule_on_random_boards():
    """State._connected_from (starts given, stopping at the first goal) and State._connected (every space
    tested as a start) against the rule worked out whole: random boards of spaces that pass or not, random
    starts, goals on some spaces."""
    state = rulespec.load(GO, options={"board_size": "7"}).new_game(players=2)
    cells, neighbours = state._t.cells_in_use[0], state._t.neighbours[0]
    rng = random.Random(7)
    agreed = {True: 0, False: 0}
    for _ in range(400):
        kinds = {c: rng.choice("..xo") for c in cells}
        starts = sorted(rng.sample(cells, rng.choice((1, 1, 2, 3))))
        goals = set(rng.sample(cells, rng.choice((0, 1, 3))))
        passes = lambda c: kinds[c] != "x"  # noqa: E731
        start = lambda c: c in starts  # noqa: E731
        goal = lambda c: c in goals or kinds[c] == "o" and c % 5 == 0  # noqa: E731
        expected = reference(neighbours, set(cells), passes, start, goal)
        assert state._connected_from(0, starts, passes, start, goal) == expected
        if len(starts) == 1:  # a start that is the space itself need not be tested
            assert state._connected_from(0, starts, passes, None, goal) == expected
        assert state._connected(0, cells, passes, start, goal) == expected
        agreed[expected] += 1
    assert min(agreed.values()) > 50  # both answers were met often
