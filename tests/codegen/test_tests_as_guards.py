"""A definition that is a test written as statements (codegen/guards.py): `A and ... and count(x in D where C) > 0`
as guards returning False and a loop returning at the first x found, C's conjuncts (a definition given plain
arguments written out) as guards going on to the next x, and a walk's first step (`size of walk(t from s towards
d while C) > 0`) as the space after s looked up into a local and tested there. Othello (the gallery's, through
definitions; the newcomer's, inline) and dots and boxes play the same games as the engines generated without
it, every definition giving the same answer for every square, direction and seat at every step."""

import inspect
import random
from pathlib import Path

import pytest

from rulespec.codegen import guards, python as codegen
from rulespec.pipeline import compile_rules, load_module_from_source

from .lockstep import play_in_lock_step, sampled_action

ROOT = Path(__file__).parents[2]
GALLERY_OTHELLO = ROOT / "rulebooks" / "othello.rules"
NEWCOMER_OTHELLO = ROOT / "tests" / "newcomer" / "games" / "othello.rules"
DOTS_AND_BOXES = ROOT / "rulebooks" / "dots-and-boxes.rules"


def without_scans(patch) -> None:
    """A walk's size made by State._walk and counted, not counted by a loop over its ray."""
    patch.setattr(guards.Guards, "scanned", lambda self, e: e)


def without_reads_first(patch) -> None:
    """A definition written as statements reading its boards, their attributes and its seats' values where used."""
    patch.setattr(guards.Guards, "start_reading_first", lambda self, definition: None)
    patch.setattr(guards.Guards, "read_first", lambda self, at, level: None)


def without_guards(patch) -> None:
    """The generator as it was: each definition one expression, a walk's first step asked of State._walk_begins,
    a walk's size made and counted."""
    patch.setattr(guards.Guards, "guarded_value", lambda self, value: None)
    patch.setattr(guards.Guards, "loop_guards", lambda self, where: ([], where))
    without_scans(patch)


def sources(monkeypatch, path: Path, switched_off=without_guards) -> tuple[str, str, object]:
    """The file's engine source as generated and with a lever ``switched_off``, and its model."""
    model = compile_rules(path)
    fast = codegen.generate(model, path.name)
    with monkeypatch.context() as patch:
        switched_off(patch)
        slow = codegen.generate(model, path.name)
    return fast, slow, model


def definitions_of(module) -> dict:
    return {name: f for name, f in vars(module).items() if name.startswith("define_")}


def every_answer(module, state) -> dict:
    """Each definition's answer for every value of its parameters (spaces, directions, seats) in ``state``."""
    spaces = range(len(state._boards[0]))
    values = {"s": spaces, "b": spaces, "d": range(8), "p": range(2)}
    answers = {}
    for name, define in definitions_of(module).items():
        params = list(inspect.signature(define).parameters)[1:]
        grid = [()]
        for param in params:
            grid = [args + (v,) for args in grid for v in values[param[2:]]]
        answers[name] = [define(state, *args) for args in grid]
    return answers


@pytest.mark.parametrize("path, switched_off", [
    (GALLERY_OTHELLO, without_guards), (NEWCOMER_OTHELLO, without_guards), (DOTS_AND_BOXES, without_guards),
    (GALLERY_OTHELLO, without_scans), (NEWCOMER_OTHELLO, without_scans),
    (GALLERY_OTHELLO, without_reads_first), (NEWCOMER_OTHELLO, without_reads_first)])
def test_tests_as_guards_play_the_same_games(monkeypatch, path, switched_off):
    fast_source, slow_source, model = sources(monkeypatch, path, switched_off)
    assert fast_source != slow_source
    tag = f"{path.parent.name}_{path.stem.replace('-', '_')}_{switched_off.__name__}"
    fast_module = load_module_from_source(fast_source, f"guarded_{tag}")
    slow_module = load_module_from_source(slow_source, f"expression_{tag}")
    fast, slow = fast_module.GAME(None), slow_module.GAME(None)
    fast.model = slow.model = model
    for seed in range(4):
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed))
    for seed in range(2):  # every definition, every argument, at every step
        rng, a, b = random.Random(seed), fast.new_game(2), slow.new_game(2)
        while not a.is_terminal():
            assert every_answer(fast_module, a) == every_answer(slow_module, b)
            action = sampled_action(a, rng)
            a.apply(action)
            b.apply(str(action))


def test_othellos_flank_test_is_written_as_statements(monkeypatch):
    fast_source, slow_source, _ = sources(monkeypatch, GALLERY_OTHELLO)
    can_place = fast_source.split("def define_can_place(", 1)[1].split("\ndef ", 1)[0]
    assert "    if not (board_0[v_s] < 0):  # s is empty\n        return False\n" in can_place
    assert ("for v_d in (0, 1, 2, 3, 4, 5, 6, 7):\n"
            "        next_t = toward_0[v_d][v_s]  # run_length(s, d, p) > 0\n") in can_place
    assert "        if next_t is None or not ((cell_attr_0[board_0[next_t]] == seat_value_0)):" in can_place
    assert "            continue\n" in can_place and "            return True\n    return False" in can_place
    assert "_walk_begins" not in fast_source and "_walk_begins" in slow_source


@pytest.mark.parametrize("written, code", [
    # `until`: the walk stops where the test holds, so the first step fails there
    ("size of walk(t from s towards d until t is empty) != 0",
     "if next_t is None or (board_0[next_t] < 0):\n            continue"),
    ("size of walk(t from s towards d while t is occupied) > 0",
     "if next_t is None or not (board_0[next_t] >= 0):\n            continue"),
    # not a first step alone: the whole test as it was
    ("size of walk(t from s towards d while t is empty) = 0", "(not st._walk_begins(0, v_s, v_d, lambda v_t: "),
])
def test_a_first_step_is_a_guard_only_where_it_is_all_that_is_asked(tmp_path, written, code):
    text = NEWCOMER_OTHELLO.read_text(encoding="utf-8")
    said = "size of walk(t from s towards d while t holds colour of left of p) > 0"
    assert said in text
    path = tmp_path / "othello.rules"
    path.write_text(text.replace(said, written, 1), encoding="utf-8")
    flanks = codegen.generate(compile_rules(path), path.name).split("def define_flanks(", 1)[1].split("\ndef ", 1)[0]
    assert code in flanks


def test_a_walks_size_is_counted_along_its_ray(monkeypatch):
    """The gallery's outflanks: both sizes counted by loops over the ray, in the order the test reads them; a
    definition whose value is a walk's size returns its count."""
    fast_source, slow_source, _ = sources(monkeypatch, GALLERY_OTHELLO, without_scans)
    outflanks = fast_source.split("def define_outflanks(", 1)[1].split("\ndef ", 1)[0]
    occupied = outflanks.index("    walked_1 = 0  # size of walk(t from s towards d while t is occupied)\n"
                               "    for at_1 in st._t.rays[0, v_d][v_s]:\n"
                               "        if not (board_0[at_1] >= 0):\n            break\n        walked_1 += 1\n")
    assert outflanks.index("    walked_2 = 0  # size of walk(t from s towards d while t holds colour of left of p)\n") \
        > occupied
    assert outflanks.endswith("    return (walked_1 > walked_2)\n\n")
    run_length = fast_source.split("def define_run_length(", 1)[1].split("\ndef ", 1)[0]
    assert run_length.rstrip().endswith("return walked_1") and "st._walk(" not in run_length
    assert "len(st._walk(0, v_s, v_d, lambda v_t: board_0[v_t] >= 0)) > define_run_length(" in slow_source


@pytest.mark.parametrize("written, code", [
    ("size of walk(t from s towards d until t is empty) > 1",
     "for at_1 in st._t.rays[0, v_d][v_s]:\n            if board_0[at_1] < 0:\n                break\n"),
    ("size of walk(t from s towards d while t is empty) > 1",
     "for at_1 in st._t.rays[0, v_d][v_s]:\n            if not (board_0[at_1] < 0):\n                break\n"),
])
def test_a_walk_counted_along_its_ray_keeps_its_sense(tmp_path, written, code):
    text = NEWCOMER_OTHELLO.read_text(encoding="utf-8")
    said = "size of walk(t from s towards d while t holds colour of left of p) > 0"
    path = tmp_path / "othello.rules"
    path.write_text(text.replace(said, written, 1), encoding="utf-8")
    flanks = codegen.generate(compile_rules(path), path.name).split("def define_flanks(", 1)[1].split("\ndef ", 1)[0]
    assert code in flanks


def test_a_definition_written_as_statements_reads_first(monkeypatch):
    """The newcomer's flanks: the board, the colour of what it holds, the board's steps and both seats' colours
    looked up once at its top, then read from those locals in every direction."""
    fast_source, slow_source, _ = sources(monkeypatch, NEWCOMER_OTHELLO, without_reads_first)
    flanks = fast_source.split("def define_flanks(", 1)[1].split("\ndef ", 1)[0]
    assert ('"""\n    board_0 = st._boards[0]\n    cell_attr_0 = CELL_ATTRS[\'colour\']\n'
            "    toward_0 = st._t.toward[0]\n    seat_value_0 = ('black', 'white')[(v_p + 1) % st.players]\n"
            "    seat_value_1 = ('black', 'white')[v_p]\n    if not (board_0[v_s] < 0):  # s is empty\n") in flanks
    assert "if next_t is None or not ((cell_attr_0[board_0[next_t]] == seat_value_0)):" in flanks
    assert "st._boards" not in flanks.split("board_0 = st._boards[0]", 1)[1] and "seat_value" not in slow_source


MILL = ROOT / "rulespec" / "docs" / "ref_games" / "mill.rules"


def test_a_first_step_on_a_graph_stops_where_the_walk_comes_back(monkeypatch, tmp_path):
    """On a graph a direction can lead round a ring back to the start, where a walk stops (State._walk_begins asks
    `at != cell`): the guard asks it too (its code checked: Mill's six men never fill its ring of eight); a walk's
    size counted along its ray (Tables.rays, which stop there) is. Both definitions' answers on every point of
    Mill, in seeded games, are the engine's generated without the levers."""
    text = MILL.read_text(encoding="utf-8")
    added = ("define boxed(s: morris) [MIL-5]:\n"
             "  size of walk(t from s towards around while t is occupied) > 0 and s is occupied\n\n"
             "define ringed(s: morris) [MIL-5]:\n"
             "  size of walk(t from s towards around while t is occupied) > 2 and s is occupied\n\n"
             "turns go clockwise")
    used = ('invariant rings "a ring is counted" [MIL-5]:\n'
            "  always count(s in morris where boxed(s) or ringed(s)) >= 0\n")
    path = tmp_path / "mill.rules"
    path.write_text(text.replace("turns go clockwise", added, 1) + "\n" + used, encoding="utf-8")
    fast_source, slow_source, model = sources(monkeypatch, path)
    boxed = fast_source.split("def define_boxed(", 1)[1].split("\ndef ", 1)[0]
    assert "if next_t is None or next_t == v_s or not (" in boxed
    ringed = fast_source.split("def define_ringed(", 1)[1].split("\ndef ", 1)[0]
    assert "for at_1 in st._t.rays[0, " in ringed
    fast_module = load_module_from_source(fast_source, "guarded_mill")
    slow_module = load_module_from_source(slow_source, "expression_mill")
    fast, slow = fast_module.GAME(None), slow_module.GAME(None)
    fast.model = slow.model = model
    asked = ("define_boxed", "define_ringed")
    for seed in range(3):
        rng, a, b = random.Random(seed), fast.new_game(2), slow.new_game(2)
        while not a.is_terminal():
            for name in asked:
                spaces = range(len(a._boards[0]))
                assert [getattr(fast_module, name)(a, s) for s in spaces] == \
                    [getattr(slow_module, name)(b, s) for s in spaces]
            action = sampled_action(a, rng)
            a.apply(action)
            b.apply(str(action))
