"""A walk of a ray whose condition needs its space occupied visits only the space the ray stops at: the spaces
before it are empty (model/narrowing.py occupied_only; runtime.helpers.ray_stop, or the ray walked in place to it
inside a first-found loop: tests/codegen/test_ray_walked_in_place.py). Chess's `along_a_line`,
`count(t in ray from s towards d where mine(t, p) and slides(t, d))`, tests one square a direction, and
plays the same games as the engine generated with the whole ray; the work estimate counts one test."""

import random
from pathlib import Path

import pytest

import rulespec
from rulespec.codegen import narrowing, python as codegen
from rulespec.model import ir
from rulespec.model.cost import Cost
from rulespec.model.tree import walk
from rulespec.pipeline import compile_rules, load_module_from_source

from .lockstep import play_in_lock_step

CHESS = Path(rulespec.pipeline.resolve_path("chess"))
LINE = "count(t in ray from s towards d where mine(t, p) and slides(t, d))"


def _along_a_line(source: str) -> str:
    return source.split("def define_along_a_line(", 1)[1].split("\ndef ", 1)[0]


def test_chess_looks_at_the_square_each_line_stops_at_and_plays_the_same_games(monkeypatch):
    model = compile_rules(CHESS)
    fast_source = codegen.generate(model, CHESS.name)
    with monkeypatch.context() as patch:
        patch.setattr(narrowing, "occupied_only", lambda *args: False)
        slow_source = codegen.generate(model, CHESS.name)
    assert "for v_t in rays_0[v_d][v_s]:  # walked to the first occupied space" in _along_a_line(fast_source)
    assert "ray_stop" not in slow_source and "for v_t in st._ray(0, v_s, v_d)" in _along_a_line(slow_source)
    fast = load_module_from_source(fast_source, "chess_ray_stop").GAME(None)
    slow = load_module_from_source(slow_source, "chess_whole_ray").GAME(None)
    fast.model = slow.model = model
    for seed in range(2):
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed))


@pytest.mark.parametrize("where, stops", [
    ("mine(t, p) and slides(t, d)", True),  # mine says t is occupied
    ("t holds colour of p", True),  # an empty space holds no value
    ("t is empty or mine(t, p)", False),  # an empty space may count
    ("not mine(t, p)", False),
])
def test_only_a_condition_that_needs_the_space_occupied_stops_the_ray(tmp_path, where, stops):
    path = tmp_path / "chess.rules"
    text = CHESS.read_text()
    assert LINE in text
    path.write_text(text.replace(LINE, f"count(t in ray from s towards d where {where})"))
    model = compile_rules(path)
    assert ("walked to the first occupied space" in _along_a_line(codegen.generate(model, path.name))) is stops
    line = next(d for d in model.definitions if d.name == "along_a_line").value
    ray_count = next(node for node in walk(line) if isinstance(node, ir.Count) and isinstance(node.domain, ir.Ray))
    assert (Cost(model).tested(ray_count) == 1) is stops
