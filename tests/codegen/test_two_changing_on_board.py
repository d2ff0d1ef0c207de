"""A count or `any` over a board's spaces whose condition equates two attributes of the occupant that can change, the
second with a seat's value, is asked of the items, not of each space (model/located.py on_board's ``also``, asked by
runtime/helpers.py first_on_board_also): the newcomer's Crazyhouse finds the king by `any(s in grid where is_a(s,
king) and mine(s, p))`, kind and colour both changing (a captured piece changes sides; a pawn made a piece is a kind
of its own). Seeded games play the same as the engine generated without it."""

import random
from pathlib import Path

from rulespec.codegen import counts, python as codegen
from rulespec.model import ir
from rulespec.model.located import on_board
from rulespec.model.tree import walk
from rulespec.pipeline import compile_rules, load_module_from_source

from .lockstep import play_in_lock_step

ROOT = Path(__file__).parents[2]
CRAZYHOUSE = ROOT / "tests" / "newcomer" / "games" / "crazyhouse.rules"


def _sources(monkeypatch):
    model = compile_rules(CRAZYHOUSE)
    fast = codegen.generate(model, CRAZYHOUSE.name)
    with monkeypatch.context() as patch:
        located = counts.Counts.located_on_board
        patch.setattr(counts.Counts, "located_on_board", lambda self, e: None if (
            (parts := on_board(e, self.m, self.definitions)) is None or parts.also) else located(self, e))
        slow = codegen.generate(model, CRAZYHOUSE.name)
    return model, fast, slow


def test_the_king_is_found_through_the_items(monkeypatch):
    model, fast, slow = _sources(monkeypatch)
    in_check = fast.split("def define_in_check(", 1)[1].split("\ndef ", 1)[0]
    assert "first_on_board_also(st._loc, st._attrs['kind'], " in in_check and "(st._attrs['colour'], " in in_check
    assert "first_on_board_also" not in slow
    definitions = {d.name: d for d in model.definitions}
    first = next(x for x in walk(definitions["in_check"].value) if isinstance(x, ir.First))
    parts = on_board(first, model, definitions)
    assert parts.attr == "kind" and parts.fixed is None and [attr for attr, _ in parts.also] == ["colour"]


def test_crazyhouse_plays_the_same_games_with_and_without(monkeypatch):
    model, fast_source, slow_source = _sources(monkeypatch)
    fast = load_module_from_source(fast_source, "two_changing_fast").GAME(None)
    slow = load_module_from_source(slow_source, "two_changing_slow").GAME(None)
    fast.model = slow.model = model
    for seed in range(3):
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed))
