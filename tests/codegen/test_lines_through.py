"""A walk of a board's lines narrowed to those through a space (codegen/line_walks.py): `count(l in mills where
s in l and ...)` visits the mills through s alone. It must answer exactly as the walk of every line: nine and
twelve men's morris are played in lock step with the engines generated without it, `in_mill` asked of every
point for both seats at every step; each table holds, for each space, the lines through it in the declared
order; a condition that does not begin with the membership walks every line."""

import random
from dataclasses import replace
from pathlib import Path

import pytest

import rulespec
from rulespec.codegen.line_walks import LineWalks
from rulespec.codegen.python import CodeGenerator, generate
from rulespec.model import ir
from rulespec.pipeline import compile_rules, load_module_from_source

from .lockstep import play_in_lock_step, sampled_action

ROOT = Path(__file__).resolve().parents[2]
GAMES = [ROOT / "rulebooks" / "nine-mens-morris.rules", ROOT / "house-rules" / "nine-mens-morris-twelve.rules"]


def _without(path: Path, monkeypatch):
    """The game of ``path`` as generated (the mills through a point) and generated walking every mill."""
    fast = rulespec.load(path)
    with monkeypatch.context() as patch:
        patch.setattr(LineWalks, "lines_through", lambda self, var, domain, where: None)
        source = generate(compile_rules(path), path)
    assert "LINES_THROUGH_" not in source
    slow = load_module_from_source(source, f"every_line_{path.stem.replace('-', '_')}").GAME(None)
    slow.model = fast.model
    return fast, slow


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_morris_plays_alike_through_the_lines_of_a_point(monkeypatch, path):
    fast, slow = _without(path, monkeypatch)
    fast_module, slow_module = fast.ENDS[0].check.__globals__, slow.ENDS[0].check.__globals__
    assert "LINES_THROUGH_0" in fast_module
    for seed in range(6):
        play_in_lock_step(fast.new_game(players=2), slow.new_game(players=2), 2, random.Random(seed))
    asked = 0
    for seed in range(3):
        a, b, rng = fast.new_game(players=2), slow.new_game(players=2), random.Random(40 + seed)
        while not a.is_terminal():
            for cell in a._t.cells_in_use[0]:
                for seat in (0, 1):
                    assert fast_module["define_in_mill"](a, cell, seat) == slow_module["define_in_mill"](b, cell, seat)
                    asked += fast_module["define_in_mill"](a, cell, seat)
            action = sampled_action(a, rng)
            a.apply(action)
            b.apply(str(action))
    assert asked > 0  # (mills met)


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_each_space_has_the_lines_through_it_in_order(path):
    module = rulespec.load(path).ENDS[0].check.__globals__
    mills = next(d.value.left.domain for d in compile_rules(path).definitions if d.name == "in_mill")
    assert isinstance(mills, ir.LineSet)
    through = module["LINES_THROUGH_0"]
    assert set(through) == {space for line in mills.lines for space in line}
    for space, lines in through.items():
        assert lines == tuple(line for line in mills.lines if space in line) and lines


def test_a_condition_not_led_by_the_membership_walks_every_line():
    model = compile_rules(GAMES[0])
    count = next(d.value.left for d in model.definitions if d.name == "in_mill")
    generator = CodeGenerator(model, GAMES[0])
    code, rest = generator.lines_through(count.var, count.domain, count.where)
    assert code.startswith("LINES_THROUGH_0.get(") and rest == count.where.operands[1]
    swapped = replace(count.where, operands=tuple(reversed(count.where.operands)))
    assert generator.lines_through(count.var, count.domain, swapped) is None
    assert generator.lines_through(count.var, count.domain, None) is None
