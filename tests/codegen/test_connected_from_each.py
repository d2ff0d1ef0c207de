"""A `connected` from the space a name gives, whose condition (but `t = s or`) and goal read the board only at
the space tested, asked for every space a walk of the board gives (Havannah's ring: `there is c in grid where
ringed(c, p)`, `ringed` a `connected(t in grid where t = c or not mine(t, p) from t = c to on_border(t))`):
answered for every space by one flood from the goals (runtime/from_each.py, codegen/connected_each.py; #40,
helper connections). Lock step with the engine generated without it (a fill from each space), every answer
equal to the fill's, a test that fails on a space left to the fills as written; not used where an indexed
end asks it of a few spaces, where it is a fill on integers (Go's liberties), or where no walk asks it."""

import random
from pathlib import Path

import pytest

from rulespec.codegen.python import generate
from rulespec.model import reads
from rulespec.pipeline import compile_rules
from rulespec.runtime import from_each

from .lockstep import engines_with_and_without, play_in_lock_step

ROOT = Path(__file__).resolve().parents[2]
HAVANNAH = ROOT / "tests" / "newcomer" / "games" / "havannah.rules"
Y_CONNECTED = ROOT / "tests" / "codegen" / "y-connected.rules"
SWAPS = ((reads, "connected_from_each", lambda e, model: None),)


@pytest.fixture(scope="module")
def havannah():
    return engines_with_and_without(HAVANNAH, SWAPS, "from_each")


def test_havannahs_ring_is_answered_by_one_flood(havannah):
    source, source_without, _, _ = havannah
    assert "return (not connected_from_each(st, 0, (('each', 0), v_p, ), v_c, True, EACH_TESTS_0, True))" in source
    # (without it: a fill from each space, or, its goal's range of numbers read as values (model/reads.py), one
    # kept per space and seat)
    assert "connected_from_each" not in source_without and ("st._connected_from(0, " in source_without
                                                             or "st._connected_kept(0, (" in source_without)


def test_havannah_plays_in_lock_step_and_every_answer_is_the_fills(havannah):
    _, _, engine, engine_without = havannah
    rng = random.Random(3)
    play_in_lock_step(engine.new_game(2), engine_without.new_game(2), 2, rng)
    ringed = engine.ENDS[0].check.__globals__["define_ringed"]
    ringed_without = engine_without.ENDS[0].check.__globals__["define_ringed"]
    state = engine.new_game(2)
    steps = 0
    while not state.is_terminal():
        if steps % 9 == 0:
            cells = state._t.cells_in_use[0]
            assert [ringed(state, c, p) for c in cells for p in (0, 1)] == \
                   [ringed_without(state, c, p) for c in cells for p in (0, 1)]
        state.apply(rng.choice(state.legal_actions()))
        steps += 1


def test_a_test_that_fails_on_a_space_leaves_the_fills_as_written(havannah):
    """While R is made every space is tested: one that fails there makes the answers the fills' (which may
    never ask it)."""
    _, _, engine, _ = havannah
    state = engine.new_game(2)
    rng = random.Random(1)
    for _ in range(30):
        state.apply(rng.choice(state.legal_actions()))
    mine = engine.ENDS[0].check.__globals__["define_mine"]
    far = state._t.cells_in_use[0][-1]

    def tests(st, p):
        def passes(t):
            if t == far:
                raise ValueError("far")
            return not mine(st, t, p)
        return passes, lambda t: state._t.cells_in_use[0].index(t) < 8  # (the first row)
    def answer(ask):
        try:
            return ask()
        except ValueError:
            return ValueError
    first = state._t.cells_in_use[0][:40]
    answers = [answer(lambda: from_each.connected_from_each(state, 0, (("each", "test"), 0), c, True, tests))
               for c in first]
    assert from_each._kept[(("each", "test"), 0)][3] is from_each._FAILED
    expected = [answer(lambda: state._connected_from(0, (c,), lambda t: t == c or tests(state, 0)[0](t), None,
                                                      tests(state, 0)[1])) for c in first]
    assert answers == expected


def test_not_where_an_indexed_end_or_a_fill_on_integers_asks_it_but_where_a_walk_does():
    y = generate(compile_rules(Y_CONNECTED), Y_CONNECTED.name)  # (an indexed end: a few spaces a check)
    go = generate(compile_rules(ROOT / "rulebooks" / "go.rules"), "go.rules")  # (liberties filled on integers)
    assert "connected_from_each" not in y and "connected_from_each" not in go


def test_y_said_with_connected_and_tested_on_every_stone_plays_in_lock_step(tmp_path):
    """Y's win said with three `connected ... from t = s` and an end tested on every stone (not indexed):
    every stone's three answers from one flood each, against a chain kept by each stone."""
    path = tmp_path / "y-connected.rules"
    path.write_text(Y_CONNECTED.read_text().replace("mine(s, p) and touches_all_sides(s, p)",
                                                      "touches_all_sides(s, p) and row of s > 1"))
    source, source_without, engine, engine_without = engines_with_and_without(path, SWAPS, "from_each_y")
    assert source.count("connected_from_each(st, 0, ") == 3 and "st._connected_kept(" in source_without
    rng = random.Random(9)
    for _ in range(2):
        play_in_lock_step(engine.new_game(2), engine_without.new_game(2), 2, rng)
