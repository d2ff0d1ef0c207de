"""A fixed test that equates an attribute a component lacks lets none of its items through (#40, helper
ginrummy: codegen/passing_items.py may_pass). The newcomer's gin rummy asks whether a hand holds the card of a
rank and a suit (`there is c in hand of p where rank of c = r and suit of c = s`); its melds have a rank (three
or four of a kind) or a suit (a run) too, but never both, so the test lets one card through and that card is
asked where it is (any_in_zone), the hand not walked. Played in lock step with its engine generated with every
component counted (the hand walked, each answer read from the test's table); Shell We?'s example counts a
rack's blue 0 from the few items too."""

import random
from pathlib import Path

from rulespec.codegen.passing_items import FEW_PASSING, PassingItems
from rulespec.codegen.python import CodeGenerator
from rulespec.model import ir
from rulespec.pipeline import compile_rules

from .lockstep import engines_with_and_without, play_in_lock_step
from .test_passing_items import _nodes

ROOT = Path(__file__).parents[2]
GIN = ROOT / "tests/newcomer/games/gin-rummy.rules"
WITHOUT = ((PassingItems, "may_pass", staticmethod(lambda component, fixed: True)),)


def most_passing(path: Path, var: str, where_text: str) -> int:
    """The generator's bound on the items a condition of a definition in ``path`` (by its text) lets through."""
    model = compile_rules(path)
    generator = CodeGenerator.__new__(CodeGenerator)
    generator.m = model
    for node in _nodes(tuple(model.definitions)):
        if isinstance(node, ir.E) and getattr(node, "where", None) is not None and node.where.text == where_text:
            return generator.most_passing(var, node.where)
    raise AssertionError(f"no condition {where_text!r}")


def test_a_card_of_a_rank_and_a_suit_is_one_item(monkeypatch):
    assert most_passing(GIN, "c", "rank of c = r and suit of c = s") == 1
    monkeypatch.setattr(PassingItems, "may_pass", staticmethod(lambda component, fixed: True))
    assert most_passing(GIN, "c", "rank of c = r and suit of c = s") > FEW_PASSING  # (the melds of r, of s)


def test_the_lever_fires_on_a_card_held():
    source, without, _, _ = engines_with_and_without(GIN, WITHOUT, "lacking")
    holds = source.split("def define_holds_card", 1)[1].split("\ndef ", 1)[0]
    assert holds.count("any_in_zone(st._loc, ITEMS_PASSING_") == 2  # (the hand and the upcard)
    assert "any_in_zone" not in without.split("def define_holds_card", 1)[1].split("\ndef ", 1)[0]


def test_gin_rummy_agrees_with_the_hand_walked():
    _, _, fast, slow = engines_with_and_without(GIN, WITHOUT, "lacking")
    for seed in range(3):
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed))


def test_shell_we_agrees_with_the_rack_walked():
    _, _, fast, slow = engines_with_and_without(ROOT / "rulebooks/shell-we.rules", WITHOUT, "lacking")
    for seed in range(2):
        play_in_lock_step(fast.new_game(3), slow.new_game(3), 3, random.Random(seed))
