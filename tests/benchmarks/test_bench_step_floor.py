"""benchmarks/bench_step_floor.py (issue #40): each of its loops plays the very games the API plays, so that the
difference of their times is what the step machinery costs; a game it cannot play is refused, not measured.

No speed target here: figures belong to the benchmark, never to a timed test."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def load_floor():
    """The script as a module (benchmarks/ is no package; it imports bench_honest beside it)."""
    if "bench_step_floor" not in sys.modules:
        sys.path.insert(0, str(BENCHMARKS))
        spec = importlib.util.spec_from_file_location("bench_step_floor", BENCHMARKS / "bench_step_floor.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules["bench_step_floor"] = module
        spec.loader.exec_module(module)
    return sys.modules["bench_step_floor"]


@pytest.mark.parametrize("name", ["tic-tac-toe", "newcomer phantom-ttt", "newcomer dots-and-boxes"])
def test_every_loop_plays_the_games_the_api_plays(name):
    floor = load_floor()
    engine = floor.load(name)
    seeds = range(25)
    micros, played = floor.through_the_api(engine, seeds)
    assert micros > 0 and len(played) == 25 and all(played)
    for loop in (floor.without_questions, floor.played_directly, floor.bare):
        assert loop(engine, seeds)[1] == played, loop.__name__
    # phantom tic-tac-toe's `then turn(player)` (a mark found taken: the same seat again) is met in these games
    if name == "newcomer phantom-ttt":
        assert any(h[k][:8] == h[k + 1][:8] for h in played for k in range(len(h) - 1))


def test_a_game_whose_turns_are_not_plain_is_refused():
    with pytest.raises(SystemExit, match="not plain"):
        load_floor().load("goofspiel")
