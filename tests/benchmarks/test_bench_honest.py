"""benchmarks/bench_honest.py (issue #40) runs, prints its table, saves its figures, and times nothing but play.

No speed target here: figures belong to the benchmark, never to a timed test."""

from __future__ import annotations

import gc
import importlib.util
import json
import random
import sys
import time
from pathlib import Path

import pytest

import rulespec

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_honest.py"
BURN_NS = 20_000_000  # CPU a deliberately slow set-up spends: far more than the play it precedes


@pytest.fixture(autouse=True)
def frozen_heap():
    """The bench collects garbage before each timed block (untimed, so the block does not pay for the making's
    garbage). A full collection walks every object the process holds: in a test worker late in the session, millions
    (engines, models, parsed files of the tests before), a second or more each, some 40 of them in a quick run. So the
    objects from before the test are frozen (gc.freeze: kept out of collections, never freed by them) while it runs:
    the bench's collections walk what the bench made, as they do in a process of its own, and its code is unchanged."""
    gc.freeze()
    yield
    gc.unfreeze()


def load_bench():
    """The script as a module (benchmarks/ is no package), registered so that its dataclasses resolve."""
    if "bench_honest" not in sys.modules:
        spec = importlib.util.spec_from_file_location("bench_honest", BENCH)
        module = importlib.util.module_from_spec(spec)
        sys.modules["bench_honest"] = module
        spec.loader.exec_module(module)
    return sys.modules["bench_honest"]


def burn_cpu(nanoseconds: int) -> None:
    until = time.thread_time_ns() + nanoseconds
    while time.thread_time_ns() < until:
        pass


class Countdown:
    """A trivial game for the clock: ``moves`` decisions of one action each."""

    def __init__(self, moves: int):
        self.left = moves

    def is_terminal(self):
        return self.left == 0

    def is_chance_node(self):
        return False

    def current_player(self):
        return 0

    def legal_actions(self):
        return [0]

    def apply(self, action):
        self.left -= 1

    def returns(self):
        return [0.0]


def test_a_quick_run_prints_the_table_and_saves_every_round(tmp_path, capsys):
    bench = load_bench()
    out = tmp_path / "figures.json"
    saved = bench.main(["--quick", "--games", "kuhn-poker", "--json", str(out)])
    printed = capsys.readouterr().out
    assert json.loads(out.read_text()) == json.loads(json.dumps(saved))
    assert saved["meta"]["command"] == f"python benchmarks/bench_honest.py --quick --games kuhn-poker --json {out}"
    assert f"commit {saved['meta']['commit']}" in printed and saved["meta"]["commit"]
    assert f"`{saved['meta']['command']}`" in printed
    (game,) = saved["games"]
    assert game["name"] == "kuhn-poker" and game["kind"] == "gallery"
    assert set(game["engines"]) == {bench.API, bench.ADAPTER, bench.CPP, bench.PYTHON}
    for figures in game["engines"].values():
        assert len(figures["us_per_step_by_round"]) == saved["settings"]["rounds"] == 3
        assert figures["us_per_step"]["min"] <= figures["us_per_step"]["median"] <= figures["us_per_step"]["max"]
        assert 2 <= figures["steps_per_game"] <= 6  # Kuhn poker: two cards dealt, two to three bets
    assert set(game["ratios"]) == {f"{ours} / {theirs}" for ours in (bench.API, bench.ADAPTER)
                                   for theirs in (bench.CPP, bench.PYTHON)} | {f"MCTS {bench.ADAPTER} / {bench.CPP}"}
    assert "| kuhn-poker | gallery |" in printed
    assert "chess perft: not measured" in printed and saved["chess_perft"] is None  # chess was not asked for


def test_the_clock_counts_play_and_not_the_set_up():
    bench = load_bench()

    def slow_new_state():
        burn_cpu(BURN_NS)
        return Countdown(10)

    block = bench.time_block(slow_new_state, "apply", games=3)
    assert block.steps == 30
    assert block.start_ns >= 3 * BURN_NS  # the set-up was timed, apart
    assert block.play_ns < BURN_NS / 4  # and none of it was counted as play


def test_each_games_returns_are_read_inside_the_clock_unless_skipped(monkeypatch):
    bench = load_bench()

    class SlowPayoff(Countdown):
        def returns(self):  # a payoff worked out when asked, as a rule file's is
            burn_cpu(BURN_NS)
            return [0.0]

    block = bench.time_block(lambda: SlowPayoff(10), "apply", games=3)
    assert block.steps == 30 and block.play_ns >= 3 * BURN_NS  # the default reads them, inside the clock
    monkeypatch.setattr(bench, "READ_RETURNS", [False])
    block = bench.time_block(lambda: SlowPayoff(10), "apply", games=3)
    assert block.play_ns < BURN_NS / 4  # --skip-returns: not read


def test_the_random_streams_are_made_outside_the_clock(monkeypatch):
    bench = load_bench()

    class SlowRandom(random.Random):
        def __init__(self, seed):
            burn_cpu(BURN_NS)
            super().__init__(seed)

    monkeypatch.setattr(bench.random, "Random", SlowRandom)
    block = bench.time_block(lambda: Countdown(10), "apply", games=3)
    assert block.steps == 30 and block.play_ns < BURN_NS / 4


def test_each_engine_goes_first_in_turn():
    bench = load_bench()
    orders = [bench.rotated(["a", "b", "c"], r) for r in range(6)]
    assert [order[0] for order in orders] == ["a", "b", "c", "a", "b", "c"]
    assert all(sorted(order) == ["a", "b", "c"] for order in orders)


def test_perft_counts_the_leaves_of_tic_tac_toe():
    """perft is a real count (9, 72, 504 positions after 1-3 plies of tic-tac-toe; 0 below a finished game)."""
    bench = load_bench()
    state = rulespec.load("tic-tac-toe").new_game(2)
    assert [bench.perft(state, depth, bench.rulespec_child) for depth in (1, 2, 3)] == [9, 72, 504]
    assert bench.perft(Countdown(1), 2, lambda s, a: Countdown(0)) == 0


def test_chess_perft_counts_the_published_leaves_on_both_engines():
    bench = load_bench()
    perfts = bench.measure_chess_perft([1, 2], rounds=1)
    for depth, published in (("1", 20), ("2", 400)):
        assert perfts[depth]["published"] == published
        assert {e["leaves"] for e in perfts[depth]["engines"].values()} == {published}
    assert "| perft(2) | 400 / 400 (published) |" in bench.perft_table(perfts)


def test_a_step_not_like_for_like_is_compared_by_cpu_a_game():
    """A game declared so (the sealed auction: one simultaneous node, OpenSpiel's bids one after the other) gets
    its ratio to C++ by CPU a block (the same games a block on each side), and the headline takes that figure,
    not the one a step."""
    bench = load_bench()
    ours = bench.Engine(bench.API, Countdown, "apply", [bench.Block(play_ns=600, steps=30, start_ns=1)] * 3)
    theirs = bench.Engine(bench.CPP, Countdown, "apply_action", [bench.Block(play_ns=100, steps=10, start_ns=1)] * 3)
    subject = bench.Subject("two-checkers", "new gallery", [ours, theirs], games=1, by_game="two decisions for one")
    summary = bench.subject_summary(subject)
    assert summary["ratios"][f"{bench.API} / {bench.CPP}"]["median"] == 2.0  # a step: 20 ns against 10
    assert summary["ratios"][f"{bench.API} / {bench.CPP}, a game"]["median"] == 6.0
    assert summary["basis"] == "a game" and "two decisions for one" in summary["notes"][0]
    assert "6.00x (6.00-6.00) a game" in bench.ratio_table([summary])
    (headline,) = [v for k, v in bench.overall([summary]).items() if k == f"new gallery (#39): {bench.API} / {bench.CPP}"]
    assert headline["median"] == 6.0 and headline["worst_game"] == "two-checkers"


def test_the_gallery_covers_the_language_issues_games_with_their_counterparts():
    """Every gallery game OpenSpiel has is measured (the nine of #39 included), and each counterpart loads."""
    import pyspiel
    bench = load_bench()
    assert set(bench.NEW_GALLERY) <= set(bench.GALLERY)
    for game_id in bench.NEW_GALLERY:
        counterpart = bench.GALLERY[game_id]
        game = pyspiel.load_game(counterpart.cpp, dict(counterpart.fixed))
        assert game.num_players() == 2, game_id
    assert bench.GALLERY["backgammon"].fixed == {"scoring_type": "full_scoring"}
    assert not bench.GALLERY["backgammon"].by_game  # (its decision is OpenSpiel's: a step is like for like)


def test_a_file_of_ones_own_is_measured_against_the_game_named(tmp_path, capsys):
    """--file PATH=GAME: an acceptance run's unseen file, from any folder, against OpenSpiel's game."""
    bench = load_bench()
    mine = tmp_path / "elsewhere" / "my-nim.rules"
    mine.parent.mkdir()
    mine.write_text((Path(__file__).resolve().parents[1] / "newcomer" / "games" / "nim.rules").read_text())
    saved = bench.main(["--quick", "--mcts-simulations", "0", "--file", f"{mine}=nim"])
    printed = capsys.readouterr().out
    (game,) = saved["games"]  # the file given, and nothing else
    assert game["name"] == "my-nim (nim)" and game["kind"] == "given"
    assert set(game["engines"]) == {bench.API, bench.ADAPTER, bench.CPP}
    assert f"{bench.API} / {bench.CPP}" in game["ratios"]
    assert saved["headline"][f"files given (--file): {bench.API} / {bench.CPP}"]["worst_game"] == "my-nim (nim)"
    assert "| my-nim (nim) | given |" in printed


def test_a_file_given_without_its_game_is_refused(tmp_path, capsys):
    bench = load_bench()
    mine = tmp_path / "my.rules"
    mine.write_text("game: x\n")
    for wrong in (str(mine), f"{tmp_path / 'missing.rules'}=nim"):
        with pytest.raises(SystemExit):
            bench.main(["--quick", "--file", wrong])
        assert "give PATH=GAME" in capsys.readouterr().err
