"""benchmarks/bench_step_shares.py (issue #40): every function its parts name is one the runtime has (a renamed one
would fall silently under its module), samples land on the part their function belongs to, and a short sampled run
gives shares of the play alone.

No speed target here: figures belong to the benchmark, never to a timed test."""

from __future__ import annotations

import importlib
import importlib.util
import sys
from pathlib import Path

import rulespec
from rulespec.runtime.plain_turns import PlainTurns
from rulespec.runtime.state import State

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def load_shares():
    """The script as a module (benchmarks/ is no package; it imports bench_honest beside it)."""
    if "bench_step_shares" not in sys.modules:
        sys.path.insert(0, str(BENCHMARKS))
        spec = importlib.util.spec_from_file_location("bench_step_shares", BENCHMARKS / "bench_step_shares.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules["bench_step_shares"] = module
        spec.loader.exec_module(module)
    return sys.modules["bench_step_shares"]


def test_every_function_named_is_the_runtimes():
    shares = load_shares()
    for part, places in shares.MACHINERY.items():
        for module_name, function in places:
            module = importlib.import_module(f"rulespec.runtime.{module_name}")
            if function == "*":
                continue
            found = any(getattr(value, function, None) is not None or name == function
                        for name, value in vars(module).items())
            assert found, (part, module_name, function)


def test_a_function_lands_on_its_part():
    shares = load_shares()
    engine = rulespec.load("tic-tac-toe")
    assert shares.part_of(State._play.__code__).startswith("State._play")
    assert shares.part_of(PlainTurns.next_turn.__code__) == "the turn passing on"
    assert shares.part_of(State.legal_actions.__code__).startswith("API: legal_actions")
    assert shares.part_of(engine.STEPS["turn"].choices.__code__) == "rule file: its generated functions"


def test_a_short_run_samples_the_play():
    us, samples, total = load_shares().shares("tic-tac-toe", 0.3)
    assert us > 0 and total == sum(samples.values()) and total > 0
    assert not any(part.startswith("other: random") for part in samples)  # (the games are made outside the samples)
