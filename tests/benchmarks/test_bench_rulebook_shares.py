"""benchmarks/bench_rulebook_shares.py (issue #40): its timed engine plays the very games the engine plays, and
each part's time is its own (what it calls that is timed too is left to that).

No speed target here: figures belong to the benchmark, never to a timed test."""

from __future__ import annotations

import importlib.util
import random
import sys
import time
from pathlib import Path

import pytest

import rulespec

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def load_shares():
    """The script as a module (benchmarks/ is no package; it imports bench_honest beside it)."""
    if "bench_rulebook_shares" not in sys.modules:
        sys.path.insert(0, str(BENCHMARKS))
        spec = importlib.util.spec_from_file_location("bench_rulebook_shares", BENCHMARKS / "bench_rulebook_shares.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules["bench_rulebook_shares"] = module
        spec.loader.exec_module(module)
    return sys.modules["bench_rulebook_shares"]


def burn_cpu(nanoseconds: int) -> None:
    until = time.thread_time_ns() + nanoseconds
    while time.thread_time_ns() < until:
        pass


def history_of(engine, players: int, seed: int) -> list:
    state, draw = engine.new_game(players), random.Random(seed).random
    load_shares().play(state, draw, "apply")
    return state.history


@pytest.mark.parametrize("game_id, variants, players", [
    ("let-them-eat-shrimp", (), 2), ("let-them-eat-shrimp", ("advanced",), 3), ("shell-we", (), 2), ("shrimp", (), 4)])
def test_the_timed_engine_plays_the_same_games(game_id, variants, players):
    shares = load_shares()
    plain = rulespec.load(game_id, variants=variants)
    timer = shares.ExclusiveTimer()
    timed = shares.timed_engine(plain, timer)
    for seed in range(3):
        assert history_of(timed, players, seed) == history_of(plain, players, seed)
    assert timer.calls["rule file: listings"] > 0  # (the generated functions were the wrapped ones)
    assert type(plain).STEPS is not timed.STEPS  # (the loaded engine's class keeps its own tables)


def test_a_part_is_timed_without_what_it_calls():
    timer = load_shares().ExclusiveTimer()
    inner = timer.wrap(lambda: burn_cpu(20_000_000), "inner")
    outer = timer.wrap(lambda: (burn_cpu(5_000_000), inner()), "outer")
    outer()
    assert timer.own["inner"] >= 20_000_000
    assert 5_000_000 <= timer.own["outer"] < 15_000_000  # its own 5 ms, not the inner 20
    assert timer.calls == {"inner": 1, "outer": 1}


def test_the_shares_add_up_to_the_unwrapped_step():
    found = load_shares().shares("shrimp 2p", "shrimp", (), 2, games=5)
    assert abs(sum(found["parts"].values()) - found["us_a_step"]) < 1e-9
    assert {"rule file: listings", "rule file: option effects"} <= set(found["parts"])
