"""`there is x in C where T` asked by a module-level loop, not any() over a generator (#40,
codegen/found_loops.py): it fires on Snake's step and end, its engines play in lock step with the engines generated
without it, a failure inside such a loop is blamed on its caller's rule line, and a test that binds names of its
own keeps the generator."""

import random
import sys
from pathlib import Path

from rulespec.codegen.found_loops import FoundLoops, free_names
from rulespec.pipeline import load_module_from_source
from rulespec.runtime.blame import rule_at

from .lockstep import engines_with_and_without, play_in_lock_step

NEWCOMER = Path(__file__).parents[2] / "tests" / "newcomer" / "games"
OFF = ((FoundLoops, "FOUND_BY_LOOPS", False),)


def function(source: str, name: str) -> str:
    return source.split(f"def {name}(", 1)[1].split("\ndef ", 1)[0]


def test_snake_asks_there_is_by_loops_in_lock_step():
    source, without, fast, slow = engines_with_and_without(NEWCOMER / "snake.rules", OFF, "found_loops")
    # `there is q in players where q != p and crashed of q != 1 and target(q) = target(p)`, in the step
    assert "found_in_1(st._t.seats, st, counter_crashed, v_p)" in function(source, "step_slither")
    assert "for v_q in walked:" in function(source, "found_in_1")
    assert "any(" not in function(source, "step_slither") and "def found_in_" not in without
    assert "any(((v_q != v_p)" in function(without, "step_slither")
    # the end `when there is p in players where crashed of p > 0`: one loop, written once, asked twice
    assert function(source, "ends_after_step").count("found_in_5(st._t.seats, counter_crashed)") == 1
    for seed in range(12):
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed))


def test_other_files_in_lock_step():
    for name, players, games in (("hearts", 4, 2), ("oh-hell", 3, 3), ("einstein", 2, 3)):
        source, without, fast, slow = engines_with_and_without(NEWCOMER / f"{name}.rules", OFF, "found_loops")
        assert "def found_in_1(" in source and source != without
        for seed in range(games):
            play_in_lock_step(fast.new_game(players), slow.new_game(players), players, random.Random(seed))


def test_a_test_binding_names_of_its_own_keeps_the_generator():
    assert free_names("((counter_x[v_q] > 0) and define_f(st, v_q, v_p))", "v_q") == ["st", "counter_x", "v_p"]
    assert free_names("((_k0 := define_f(st, v_q)) > 0)", "v_q") is None  # (a `:=` binds in the caller)
    assert free_names("count_is(st._t.seats, 2, lambda v_r: (v_r != v_q))", "v_q") is None
    assert free_names("any((v_r != v_q) for v_r in st._t.seats)", "v_q") is None
    loops = FoundLoops()
    assert loops.found_by_loop("(v_q != 0)", "v_q", "range(3)") == "any((v_q != 0) for v_q in range(3))"  # (no st)
    assert loops.found_by_loop("(counter_x[v_q] > 0)", "v_q", "st._t.seats") == "found_in_1(st._t.seats, counter_x)"
    assert loops.found_by_loop("(counter_x[v_q] > 0)", "v_q", "st._t.seats") == "found_in_1(st._t.seats, counter_x)"
    assert "def found_in_1(walked, counter_x):" in loops.found_loop_lines()


def test_a_failure_inside_the_loop_is_blamed_on_its_caller():
    source = "\n".join([
        "GENERATOR_VERSION = 'x'", "SOURCE_HASH = 'y'", "",
        "def found_in_1(walked, counter_x):", "    for v_q in walked:", "        if (counter_x[v_q] > 0):",
        "            return True", "    return False", "",
        "def step_go(st, cause):", "    '''Step `go`. [G-1] (game.rules:12)'''",
        "    if found_in_1((0, 1, 5), [0, 0]):  # there is q",
        "        return 1", ""])
    module = load_module_from_source(source, "found_loops_blamed")
    try:
        module.step_go(None, None)
    except IndexError:
        traceback = sys.exc_info()[2]
    assert rule_at(traceback) == "game.rules:12: Step `go`, at `there is q`"
