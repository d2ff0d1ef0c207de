"""A count's leading tests that do not read its variable are tested once, before it (#40): `count(d in D where
C1 and C2) > 0`, C1 not reading d and D never empty (a board's or a seat's directions, a range of constants),
is `C1 and count(d in D where C2) > 0` (codegen/counts.py tests_ahead). Checkers' `must_jump` asks whether s
holds the player's piece once, not in each of four directions. Checkers and its backward-captures house rule
play the same games as the engines generated without it."""

import random
from pathlib import Path

import pytest

from rulespec.codegen import counts, python as codegen
from rulespec.codegen.found_loops import FoundLoops
from rulespec.model import ir
from rulespec.pipeline import compile_rules, load_module_from_source

from .lockstep import play_in_lock_step

ROOT = Path(__file__).parents[2]


@pytest.mark.parametrize("path, games", [(ROOT / "rulebooks" / "checkers.rules", 4),
                                         (ROOT / "house-rules" / "checkers-backward-captures.rules", 2)])
def test_tests_ahead_of_a_count_play_the_same_games(monkeypatch, path, games):
    monkeypatch.setattr(FoundLoops, "FOUND_BY_LOOPS", False)  # (its `there is` as any(): found_loops.py aside)
    model = compile_rules(path)
    fast_source = codegen.generate(model, path.name)
    with monkeypatch.context() as patch:
        patch.setattr(counts.Counts, "tests_ahead", lambda self, count: (None, count))
        slow_source = codegen.generate(model, path.name)
    must_jump = fast_source.split("def define_must_jump(", 1)[1].split("\ndef ", 1)[0]
    # whether s holds the player's piece, then the four directions
    assert "any(((st._boards[0][v_s] >= 0 and (ITEM_ATTRS['colour'][st._boards[0][v_s]] == ('black', 'white')[v_p])) " \
           "and any(" in must_jump
    assert "any(define_can_jump(st, v_s, v_d, v_p) for v_d in (1, 3, 5, 7))" in slow_source
    fast = load_module_from_source(fast_source, f"ahead_{path.stem.replace('-', '_')}").GAME(None)
    slow = load_module_from_source(slow_source, f"inside_{path.stem.replace('-', '_')}").GAME(None)
    fast.model = slow.model = model
    for seed in range(games):
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed))


def number(n: int) -> ir.Const:
    return ir.Const(ir.INT, None, str(n), n)


@pytest.mark.parametrize("domain, never_empty", [
    (ir.Directions(ir.DIRECTIONS, None, "", "grid", (1, 3, 5, 7)), True),
    (ir.Directions(ir.DIRECTIONS, None, "", "grid", ()), False),
    (ir.Span(ir.INT, None, "", number(1), number(3)), True),
    (ir.Span(ir.INT, None, "", number(3), number(1)), False),  # (none: the tests ahead would be asked of nothing)
    (ir.Span(ir.INT, None, "", number(1), ir.Var(ir.INT, None, "k", name="k")), False),
])
def test_only_a_domain_with_a_first_value_has_tests_ahead(domain, never_empty):
    assert counts._never_empty(domain) is never_empty
