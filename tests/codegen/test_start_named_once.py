"""A `connected` whose start is `t = X`, X a space not reading t, starts its fill from X worked out once
(codegen/connected.py start_named_once; benchmarks/bench_hive_levers.py (a)): it fires on Hive's one-hive
test, and the engine generated with it plays seeded games in lock step with the one generated without it."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import rulespec

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_hive_levers import PATH, generated_without  # noqa: E402


def test_it_fires_on_a_start_named_by_a_definition():
    from rulespec.codegen.python import generate
    from rulespec.pipeline import compile_rules

    source = generate(compile_rules(PATH), PATH)
    assert "st._connected_from(0, spaces_among(st._t.in_use[0], (define_first_neighbour(st, v_s), ))" in source
    assert "lambda v_u: (v_u == define_first_neighbour(st, v_s))" in generated_without()[1]


def test_seeded_games_agree_with_the_engine_generated_without_it():
    on, off = rulespec.load(PATH), generated_without()[0]
    for seed in range(3):
        rng = random.Random(seed)
        a, b = on.new_game(2), off.new_game(2)
        steps = 0
        while not a.is_terminal() and steps < 120:
            assert [x.text for x in a.legal_actions()] == [x.text for x in b.legal_actions()]
            assert a.current_player() == b.current_player()
            pick = rng.randrange(len(a.legal_actions()))
            a.apply(a.legal_actions()[pick])
            b.apply(b.legal_actions()[pick])
            steps += 1
        assert a.is_terminal() == b.is_terminal()
        if a.is_terminal():
            assert list(a.returns()) == list(b.returns())
