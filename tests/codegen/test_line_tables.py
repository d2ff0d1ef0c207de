"""An automatic step given a direction reads its lines of a constant length towards it from a table looked up once
at its top (#40, codegen/hoisted.py line_tables_start), in lock step with the engine generated reading each line
through st._line: the same choices and chance outcomes in the same order at every step, the same games. Not where a
parameter can be bound again (a step that runs again as a loop)."""

import random
from pathlib import Path

import pytest

from rulespec.codegen.hoisted import HoistedReads

from .lockstep import engines_with_and_without, play_in_lock_step

ROOT = Path(__file__).parents[2]
TWENTY_FORTY_EIGHT = ROOT / "tests" / "newcomer" / "games" / "twenty-forty-eight.rules"
NUMBERED_PICKS = Path(__file__).with_name("numbered-picks.rules")


def engines(path: Path):
    return engines_with_and_without(path, ((HoistedReads, "line_table", lambda self, e: None),), "line_tables")


def function(source: str, name: str) -> str:
    start = source.index(f"def {name}(")
    end = source.find("\ndef ", start + 1)
    return source[start:end]


@pytest.mark.parametrize("path, games", [(TWENTY_FORTY_EIGHT, 6), (NUMBERED_PICKS, 40)], ids=lambda p: getattr(p, "stem", p))
def test_a_steps_line_tables_read_once_play_as_each_line_read(path, games):
    source, source_without, engine, engine_without = engines(path)
    assert "    lines_0_v_d_4 = st._t.lines(0, v_d, 4)" in source or "    lines_0_v_d_2 = st._t.lines(0, v_d, 2)" in source
    assert "lines_0_v_d_" not in source_without
    for seed in range(games):
        play_in_lock_step(engine.new_game(1), engine_without.new_game(1), 1, random.Random(seed))


def test_where_the_tables_are_read_and_where_not():
    source, _, _, _ = engines(NUMBERED_PICKS)
    spread = function(source, "step_spread")  # two lengths, one table each, read at the top
    assert spread.count("= st._t.lines(0, v_d, ") == 2 and "st._line(" not in spread
    assert "len(lines_0_v_d_2[v_s]) == 2" in spread and "len(lines_0_v_d_3[v_s]) < 2" in spread
    creep = function(source, "step_creep")  # runs again as a loop, d given anew each turn: each line read as it was
    # (each line read as it is anywhere else: from the table of lines by length, test_line_by_length.py)
    assert "while True:" in creep and "lines_0_v_d" not in creep and "st._t.lines_by_length[0, 2][v_d][v_s]" in creep
    slide = function(engines(TWENTY_FORTY_EIGHT)[0], "step_slide")
    assert "len(lines_0_v_d_4[v_s]) == v_n" in slide
    landing = function(engines(TWENTY_FORTY_EIGHT)[0], "define_landing")  # a definition: no step's table
    assert "lines_0_v_d" not in landing and "st._t.lines_by_length[0, 4][v_d][v_s]" in landing
