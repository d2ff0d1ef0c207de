"""A count, total, first or any(...) over a board walk narrowed by its condition does not test again a part the
walk already says (`position of s = k` over row k's spaces), as an option does not (codegen/counts.py:
walk_and_test), and a count left asking only whether each space is occupied (or empty) counts the board's
contents at those spaces in C (runtime/helpers.py: count_occupied, count_empty). Kalah written as a newcomer
writes it (each pit a row of 48 slots, its stones counted by that count) and Shell We play the same games as
the engines generated without it; a part the walk does not imply is still tested."""

import random
from pathlib import Path

import pytest

import rulespec
from rulespec.codegen import counts, python as codegen
from rulespec.pipeline import compile_rules, load_module_from_source

from .lockstep import play_in_lock_step

ROOT = Path(__file__).parents[2]
KALAH = ROOT / "tests" / "newcomer" / "games" / "kalah.rules"
SHELL_WE = Path(rulespec.pipeline.resolve_path("shell-we"))


def _definition(source: str, name: str) -> str:
    return source.split(f"def define_{name}(", 1)[1].split("\ndef ", 1)[0]


def _without_the_lever(monkeypatch, model, path: Path) -> str:
    """The engine's source as generated before: every part of the condition tested, each space in turn."""
    with monkeypatch.context() as patch:
        patch.setattr(counts.Counts, "walk_and_test", lambda self, var, domain, where: (
            self.narrowed_domain(var, domain, where) or self.expr(domain), where))
        patch.setattr(counts.Counts, "_occupancy_count", lambda self, e, test, domain: None)
        return codegen.generate(model, path.name)


@pytest.mark.parametrize("path, players, games", [(KALAH, 2, 12), (SHELL_WE, 2, 2)])
def test_a_count_of_a_narrowed_walk_plays_the_same_games(path, players, games, monkeypatch):
    model = compile_rules(path)
    fast_source = codegen.generate(model, path.name)
    slow_source = _without_the_lever(monkeypatch, model, path)
    assert "count_occupied(st._boards[0], " in fast_source and "count_occupied" not in slow_source
    fast = load_module_from_source(fast_source, f"implied_{path.stem}").GAME(None)
    slow = load_module_from_source(slow_source, f"tested_{path.stem}").GAME(None)
    fast.model = slow.model = model
    for seed in range(games):
        play_in_lock_step(fast.new_game(players), slow.new_game(players), players, random.Random(seed))


def test_kalah_counts_a_pits_stones_in_c_and_finds_an_empty_slot_without_the_row_test():
    source = codegen.generate(compile_rules(KALAH), KALAH.name)
    assert _definition(source, "stones").rstrip().endswith(
        "return count_occupied(st._boards[0], B_PITS_CELLS_BY_ROW.get(v_k, ()))")
    # the first empty slot of the pit is found by first_empty over the pit's own cells: no row test
    assert "first_empty(st._boards[0], B_PITS_CELLS_BY_ROW.get(st._counters['at'], ()))" in source
    assert "B_PITS_ROW[v_s] == st._counters['at']) and st._boards[0][v_s] < 0" not in source


@pytest.mark.parametrize("written, counted", [
    ("count(s in pits where position of s = k and s is empty)", "count_empty(st._boards[0], "),
    ("count(s in pits where s is occupied and position of s = k)", "count_occupied(st._boards[0], "),
])
def test_either_order_and_emptiness_count_in_c(tmp_path, written, counted):
    path = tmp_path / "kalah.rules"
    text = KALAH.read_text(encoding="utf-8")
    said = "count(s in pits where position of s = k and s is occupied)"
    assert said in text
    path.write_text(text.replace(said, written), encoding="utf-8")
    assert counted in _definition(codegen.generate(compile_rules(path), path.name), "stones")


def test_a_part_the_walk_does_not_imply_is_still_tested(tmp_path):
    path = tmp_path / "kalah.rules"
    text = KALAH.read_text(encoding="utf-8")
    said = "count(s in pits where position of s = k and s is occupied)"
    path.write_text(text.replace(said, "count(s in pits where position of s = k and slot of s < 5 and s is occupied)"),
                    encoding="utf-8")
    stones = _definition(codegen.generate(compile_rules(path), path.name), "stones")
    assert "count_occupied" not in stones and "B_PITS_COLUMN[v_s] < 5" in stones
    assert "B_PITS_ROW[v_s] == v_k" not in stones  # (the row the walk is narrowed to is not tested again)


def test_the_contents_counted_in_c_agree_with_a_test_per_space():
    """count_occupied and count_empty over walks' spaces (distinct, in board order): runs of consecutive
    spaces (read as one slice), gaps, one space and none, on random boards."""
    from rulespec.runtime.helpers import count_empty, count_occupied
    rng = random.Random(7)
    for _ in range(300):
        contents = [rng.choice((-1, -1, 0, 3, 11)) for _ in range(30)]
        start, stop = sorted(rng.sample(range(31), 2))
        for cells in (tuple(range(start, stop)), tuple(sorted(rng.sample(range(30), rng.randrange(6)))), (start % 30,)):
            assert count_empty(contents, cells) == sum(contents[c] < 0 for c in cells)
            assert count_occupied(contents, cells) == sum(contents[c] >= 0 for c in cells)
