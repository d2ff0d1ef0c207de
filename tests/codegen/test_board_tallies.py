"""A count of a board's spaces whose test reads each space only as what never changes about what it holds,
read from the tally the state keeps (codegen/board_tallies.py, runtime/tallies.py). It must count exactly as
the walk of the board: nine men's morris (whose `men(p)` counts p's men on the board at every turn start) is
played in lock step with the engine generated without it, clones and states read back halfway on; the tally
kept is, after every step, the one made afresh from the locations; a look-ahead's writes are undone from it;
a count reading what can change, or which item a space holds, is not read from a tally."""

import random
from pathlib import Path

import pytest

import rulespec
from rulespec.codegen.board_tallies import BoardTallies, _reads_content_steadily
from rulespec.codegen.python import generate
from rulespec.pipeline import compile_rules, load_module_from_source
from rulespec.runtime.tallies import count_tallied, tallies_of

from .lockstep import play_in_lock_step, sampled_action

ROOT = Path(__file__).resolve().parents[2]
MORRIS = ROOT / "rulebooks" / "nine-mens-morris.rules"


def _without(path: Path, monkeypatch):
    """The game of ``path`` as generated (counts read from the tally) and generated without the tally."""
    fast = rulespec.load(path)
    with monkeypatch.context() as patch:
        patch.setattr(BoardTallies, "tallied_count", lambda self, e: None)
        source = generate(compile_rules(path), path)
    assert "count_tallied" not in source
    slow = load_module_from_source(source, f"walked_{path.stem}").GAME(None)
    slow.model = fast.model
    return fast, slow


def _men_on_board(st, seat: int) -> int:
    """p's men on the morris board, by walking it."""
    colour = ("white", "black")[seat]
    attrs = st._engine.ITEM_ATTRS["colour"]
    return sum(1 for item in st._boards[0] if item >= 0 and attrs[item] == colour)


def test_morris_plays_alike_with_the_tally(monkeypatch):
    fast, slow = _without(MORRIS, monkeypatch)
    assert "count_tallied" in fast.ENDS[0].check.__globals__
    for seed in range(12):
        play_in_lock_step(fast.new_game(players=2), slow.new_game(players=2), 2, random.Random(seed))


def test_the_tally_kept_is_the_one_made_afresh(monkeypatch):
    fast, slow = _without(MORRIS, monkeypatch)
    tests = fast.ENDS[0].check.__globals__["TALLY_TESTS_0"]
    kept = 0
    for seed in range(6):
        a, b, rng = fast.new_game(players=2), slow.new_game(players=2), random.Random(50 + seed)
        steps = 0
        while not a.is_terminal():
            if a._tally is not None:
                kept += 1
                assert a._tally == tallies_of(a)
            for seat in (0, 1):
                assert count_tallied(a, 0, tests, seat) == _men_on_board(a, seat)
            if steps % 9 == 4:  # (a clone and a state read back start without one, and make it again)
                a = a.clone() if seed % 2 else fast.from_json(a.to_json())
                assert a._tally is None
            action = sampled_action(a, rng)
            a.apply(action)
            b.apply(str(action))
            assert a.to_json() == b.to_json()
            steps += 1
    assert kept > 100


def test_a_look_ahead_undoes_its_changes_to_the_tally():
    game = rulespec.load(MORRIS)
    st, rng = game.new_game(players=2), random.Random(3)
    while len(st.history) < 30:
        st.apply(sampled_action(st, rng))
    tests = game.ENDS[0].check.__globals__["TALLY_TESTS_0"]
    before = [count_tallied(st, 0, tests, seat) for seat in (0, 1)]
    assert st._tally is not None
    kept = [row.copy() for row in st._tally]
    removed = st._t.zone_base["removed"]
    men = [item for item in st._boards[0] if item >= 0]
    saved, _ = st._imagine_plain(0, "turn", ())
    try:
        for item in men[:2]:
            st._move(item, removed, "test")
        assert sum(count_tallied(st, 0, tests, seat) for seat in (0, 1)) == sum(before) - 2
        assert st._tally == tallies_of(st)
    finally:
        st._unimagine_plain(saved)
    assert st._tally == kept == tallies_of(st)
    assert [count_tallied(st, 0, tests, seat) for seat in (0, 1)] == before


def test_a_look_ahead_without_a_tally_counts_without_keeping_one():
    game = rulespec.load(MORRIS)
    st, rng = game.new_game(players=2), random.Random(4)
    while len(st.history) < 12:
        st.apply(sampled_action(st, rng))
    st = st.clone()
    tests = game.ENDS[0].check.__globals__["TALLY_TESTS_0"]
    saved, _ = st._imagine_plain(0, "turn", ())
    try:
        item = next(item for item in st._boards[0] if item >= 0)
        seat = ("white", "black").index(game.ITEM_ATTRS["colour"][item])
        st._move(item, st._t.zone_base["removed"], "test")
        assert count_tallied(st, 0, tests, seat) == _men_on_board(st, seat)
        assert st._tally is None  # (made for the count, not kept: the writes before it are not in it)
    finally:
        st._unimagine_plain(saved)
    assert st._tally is None


@pytest.mark.parametrize("code, steady", [
    ("(CELL_ATTRS['colour'][content] == ('white', 'black')[v_p])", True),
    ("content >= 0", True),
    ("content < 0 or ITEM_KIND[content] == 'king'", True),
    ("CELL_ATTRS['level'][content] == 2", False),  # (an attribute that can change)
    ("content == v_c", False),  # (which item: not the same for every item of a class)
    ("ITEM_LABEL[content] == 'man 3'", False),
])
def test_only_what_never_changes_about_the_content_is_read(code, steady):
    assert _reads_content_steadily(code, frozenset({"level"})) is steady


def test_othellos_count_of_a_colour_that_changes_walks_the_board():
    # `count(s in grid where s holds colour of p)` over discs whose colour can change: walked, as before
    assert "count(s in grid where s holds colour of p)" in (ROOT / "rulebooks" / "othello.rules").read_text()
    source = (ROOT / "engines" / "othello.py").read_text()
    assert "count_tallied" not in source and "TallyTests" not in source
