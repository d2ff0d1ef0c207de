"""A listing's rows kept by the values of the counters their text reads (#40, codegen/rows_kept_by_counters.py),
in lock step with the engine generated making every such row afresh: the same choices at every step, the same
games; a row is never reused for other values of its counters, and an option keeps at most KEPT_BY_VALUES."""

import random
from pathlib import Path

import pytest

from rulespec.codegen.rows_kept_by_counters import RowsKeptByCounters
from rulespec.runtime import helpers

from .lockstep import engines_with_and_without, play_in_lock_step

ROOT = Path(__file__).parents[2]

# file -> (seeded games played, the kept row's look-up in its listing)
FILES = {
    "tests/newcomer/games/ultimate-tic-tac-toe.rules": (8, "memo_1.get(values_key := (st._counters['forced'], v_s, ))"),
    "rulespec/docs/ref_games/sowing.rules": (30, "memo_0.get(values_key := (counter_seeds[v_s], v_s, ))"),
}


def engines(path: Path):
    return engines_with_and_without(path, ((RowsKeptByCounters, "kept_by_counters", lambda self, step, plans: {}),),
                                    "rows_kept_by_counters")


@pytest.mark.parametrize("name", sorted(FILES))
def test_rows_kept_by_their_counters_as_made_afresh(name):
    games, read = FILES[name]
    source, without, fast, slow = engines(ROOT / name)
    assert read in source and "kept.keep(" not in without
    # the engine looks for two rows that read the same where it looked before (their texts are not counted as seen)
    assert [info.distinct for info in fast.STEPS.values()] == [info.distinct for info in slow.STEPS.values()]
    for seed in range(games):
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed))


def test_a_row_is_kept_for_its_counters_values_only():
    """Ultimate tic-tac-toe: the same cell offered while a player is sent to its small board again reads the kept
    row; the row kept is the one the text of those values makes."""
    fast = engines(ROOT / "tests/newcomer/games/ultimate-tic-tac-toe.rules")[2]
    state = fast.new_game(2)
    state.apply("player 1: Choose local board 4")
    first = state.legal_actions()
    assert first[0].text == "Local board 4: x(0,0)"
    state.apply("player 1: Local board 4: x(1,1)")  # sends player 2 to board 4 itself
    assert [a.text for a in state.legal_actions()][:2] == ["Local board 4: o(0,0)", "Local board 4: o(0,1)"]
    state.apply("player 2: Local board 4: o(0,0)")  # player 1 to board 0
    assert state.legal_actions()[0].text == "Local board 0: x(0,0)"


def test_an_option_keeps_at_most_so_many_rows(monkeypatch):
    monkeypatch.setattr(helpers, "KEPT_BY_VALUES", 3)
    kept: dict = {}
    for value in range(5):
        row = (0, f"hold {value}", 0, ())
        assert helpers._RowsKept.keep(kept, (value,), row) is row
    assert list(kept) == [(3,), (4,)]  # (cleared when full, then kept again)
