"""Groups kept as the stones come (#40, helper connections): on a board whose pieces are only ever added
(rulespec/model/only_added.py), `there is a in group of s where G(a)`, G reading only where a is, is read as
whether s's group, kept by a union-find with each group's mask of spaces (rulespec/runtime/joined.py), meets
G's spaces (codegen/joined_groups.py). Lock step with the engine generated without it (no board proved so:
the group flooded), the record checked against the flood after clones, a board written by hand and a test
that fails on some spaces; the proof refused where pieces leave or move."""

import random
from pathlib import Path

import pytest

from rulespec.model import only_added
from rulespec.pipeline import compile_rules
from rulespec.runtime import joined
from rulespec.runtime.ends import verify_indexed_ends

from .lockstep import engines_with_and_without, play_in_lock_step

ROOT = Path(__file__).resolve().parents[2]
Y = ROOT / "tests" / "newcomer" / "games" / "y.rules"
SWAPS = ((only_added, "boards_only_added", lambda model: frozenset()),)


@pytest.mark.parametrize("path, boards", [
    (ROOT / "rulebooks" / "hex.rules", {"grid"}), (Y, {"grid"}), (ROOT / "rulebooks" / "connect-four.rules", {"grid"}),
    (ROOT / "rulebooks" / "go.rules", set()),  # (captured stones leave)
    (ROOT / "rulebooks" / "chess.rules", set()), (ROOT / "rulebooks" / "othello.rules", set()),  # (move; flip)
    (ROOT / "tests" / "newcomer" / "games" / "pentago.rules", set()),  # (a quarter turned: stones move)
])
def test_which_boards_only_ever_get_pieces_added(path, boards):
    assert only_added.boards_only_added(compile_rules(path)) == boards


@pytest.fixture(scope="module")
def y_engines():
    return engines_with_and_without(Y, SWAPS, "joined_groups")


def test_the_y_end_reads_groups_kept_as_the_stones_come(y_engines):
    source, source_without, _, _ = y_engines
    assert source.count("group_touches(st, 0, v_s, ") == 3 and "st._group(" not in source
    assert "group_touches" not in source_without and source_without.count("st._group(0, v_s)") == 3


def test_y_plays_in_lock_step_with_the_engine_generated_without_it(y_engines):
    _, _, engine, engine_without = y_engines
    verify_indexed_ends(engine)
    rng = random.Random(40)
    for _ in range(6):
        play_in_lock_step(engine.new_game(2), engine_without.new_game(2), 2, rng)


HAVANNAH = ROOT / "tests" / "newcomer" / "games" / "havannah.rules"


def test_havannah_bridge_and_fork_read_groups_kept_and_play_in_lock_step():
    """A bridge's `count(t in group of s where corner(t)) >= 2` (group_count) and a fork's `there is t in group of
    s where on_edge(t, k)` for each side k (group_touches, keyed by k)."""
    source, source_without, engine, engine_without = engines_with_and_without(HAVANNAH, SWAPS, "joined_groups")
    assert "group_count(st, 0, v_s, (('group', 1), ), SPACES_1) >= 2" in source
    assert "group_touches(st, 0, v_s, (('group', 0), v_k, ), SPACES_0)" in source
    assert "group_count" not in source_without and "group_touches" not in source_without
    rng = random.Random(5)
    for _ in range(2):
        play_in_lock_step(engine.new_game(2), engine_without.new_game(2), 2, rng)


def flooded_answers(st, tests) -> list:
    """Every occupied space's answer to each test, by the flood (State._group), as `there is` was written."""
    contents = st._boards[0]
    return [any(test(st)(c) for c in st._group(0, s)) for s in st._t.cells_in_use[0] if contents[s] >= 0
            for test in tests]


def kept_answers(st, tests) -> list:
    contents = st._boards[0]
    return [joined.group_touches(st, 0, s, (("group", n),), test) for s in st._t.cells_in_use[0]
            if contents[s] >= 0 for n, test in enumerate(tests)]


def test_the_record_is_the_board_after_clones_a_board_written_by_hand_and_a_failing_test(y_engines):
    """A clone shares its original's record until it mends it (then copies it); a board written other than by
    a placement (a stone taken off by hand, one put back) makes the record again; a test that fails on a
    group's space is asked as written, in board order (the same error, or none where a space before it holds)."""
    _, _, engine, _ = y_engines
    module = type(engine).END_CHECKS["after_step"].__globals__  # (the engine's module: its SPACES_ tests)
    tests = [v for k, v in module.items() if k.startswith("SPACES_")]
    assert len(tests) == 3

    def fails_on_the_first_row(st):
        def test(c):
            if st._t.cells_in_use[0].index(c) < 19:
                raise ValueError("first row")
            return c % 2 == 0
        return test

    rng = random.Random(7)
    for _ in range(3):
        st = engine.new_game(2)
        clones = []
        while not st.is_terminal():
            st.apply(rng.choice(st.legal_actions()))
            if rng.random() < 0.1:
                clones.append(st.clone())
            assert kept_answers(st, tests) == flooded_answers(st, tests)
        for clone in clones:  # (each goes its own way from the record it shares)
            while not clone.is_terminal():
                clone.apply(rng.choice(clone.legal_actions()))
            assert kept_answers(clone, tests) == flooded_answers(clone, tests)
        contents = st._boards[0]
        taken = [c for c in st._t.cells_in_use[0] if contents[c] >= 0][::3]
        kept = {c: contents[c] for c in taken}
        for c in taken:  # (by hand: no placement, no write the record is told of)
            contents[c] = -1
        assert kept_answers(st, tests) == flooded_answers(st, tests)
        for c, item in kept.items():
            contents[c] = item
        assert kept_answers(st, tests) == flooded_answers(st, tests)
        for s in st._t.cells_in_use[0]:
            if contents[s] >= 0:
                try:
                    expected = any(fails_on_the_first_row(st)(c) for c in st._group(0, s))
                except ValueError:
                    expected = ValueError
                try:
                    found = joined.group_touches(st, 0, s, (("group", "failing"),), fails_on_the_first_row)
                except ValueError:
                    found = ValueError
                assert found == expected
